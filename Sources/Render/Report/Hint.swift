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

    /// The hint as HTML: text escaped, code in `<code>`.
    var html: String {
        pieces.map { piece in
            switch piece {
            case .text(let text): escaped(text, for: .html)
            case .code(let code): "<code>" + escaped(code, for: .html) + "</code>"
            }
        }.joined()
    }
}
