/// A sentence a caller adds to the pages it builds, pointing at its own tools (the commands that
/// give more, say): plain text and code, each escaped for the page it goes on. The pages name no
/// tool of their own.
///
/// ```swift
/// let hint: Hint = [.text("Every event is in the trace: "), .code("sigviz trace INPUT -o trace.json"), .text(".")]
/// ```
public struct Hint: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// A run of the sentence.
    public enum Piece: Sendable, Hashable {
        /// Text, shown as it is.
        case text(String)
        /// Code: a command, an option or a file name, shown in a code font.
        case code(String)
    }

    /// The sentence's runs, in order.
    public var pieces: [Piece]

    /// A hint of `pieces`.
    public init(_ pieces: [Piece]) {
        self.pieces = pieces
    }

    public init(arrayLiteral pieces: Piece...) {
        self.init(pieces)
    }

    /// Writes the hint on a page: text as text, code in `<code>`.
    func write(to html: inout MarkupWriter) {
        for piece in pieces {
            switch piece {
            case .text(let text): html.write(text)
            case .code(let code): html.element("code", text: code)
            }
        }
    }

    /// The hint as HTML (``write(to:)``).
    var html: String {
        var html = MarkupWriter(capacity: 256, context: .html)
        write(to: &html)
        return html.text
    }
}
