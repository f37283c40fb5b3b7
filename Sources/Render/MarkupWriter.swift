import Tracer

/// Builds markup deterministically, an SVG document or an HTML page: attributes in the order
/// given, numbers in a fixed format, every piece of text and every attribute value escaped for
/// `context` (``MarkupContext``). Only ``raw(_:)`` writes as it is given: this module's constant
/// markup, or a diagram another writer made.
struct MarkupWriter {
    private(set) var text = ""
    /// How text and attribute values are escaped.
    let context: MarkupContext

    init(capacity: Int = 4096, context: MarkupContext = .svg) {
        text.reserveCapacity(capacity)
        self.context = context
    }

    /// Opens `<name attributes>`.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        text += "<" + name
        attribute(attributes)
        text += ">"
    }

    /// Writes `<name attributes/>`.
    mutating func empty(_ name: String, _ attributes: [(String, String)]) {
        text += "<" + name
        attribute(attributes)
        text += "/>"
    }

    /// Closes `</name>`.
    mutating func close(_ name: String) { text += "</" + name + ">" }

    /// Writes `<name attributes>escaped content</name>`.
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], text content: String) {
        open(name, attributes)
        write(content)
        close(name)
    }

    /// Writes `<name attributes>escaped content</name>` and a line break: a line of a page.
    mutating func line(_ name: String, _ attributes: [(String, String)] = [], text content: String) {
        element(name, attributes, text: content)
        newline()
    }

    /// The longest tooltip, in characters.
    static let tooltipLimit = 300

    /// Writes a `<title>` tooltip, cut to ``tooltipLimit`` characters.
    mutating func tooltip(_ content: String) {
        element("title", text: shortened(content, to: Self.tooltipLimit))
    }

    /// Writes `content` as text, escaped.
    mutating func write(_ content: String) { text += escaped(content, for: context) }

    /// Writes `content` as text escaped for `context` rather than the writer's: the text of an
    /// HTML `<pre>` (``MarkupContext/preformattedHTML``), which keeps its line breaks.
    mutating func write(_ content: String, as context: MarkupContext) { text += escaped(content, for: context) }

    /// Writes `content` as text, escaped, with each web address in it (`https://…`, `http://…`, up to
    /// the next space, without a closing `)`, `,`, `.`, `:` or `;`) a link to itself: an `about` that
    /// names its source. Nothing else becomes a link, so no text can make a `javascript:` one.
    mutating func writeLinkingAddresses(_ content: String) {
        var rest = Substring(content)
        while let start = Self.nextAddress(in: rest) {
            write(String(rest[..<start]))
            var end = rest[start...].firstIndex(where: \.isWhitespace) ?? rest.endIndex
            while end > start, let last = rest[..<end].last, ").,:;".contains(last) { end = rest.index(before: end) }
            let address = String(rest[start..<end])
            let scheme = address.hasPrefix("https://") ? "https://".count : "http://".count
            if address.count > scheme { element("a", [("href", address)], text: address) } else { write(address) }
            rest = rest[end...]
        }
        write(String(rest))
    }

    /// Where the next `https://` or `http://` starts in `text`, if it does.
    private static func nextAddress(in text: Substring) -> Substring.Index? {
        [text.range(of: "https://")?.lowerBound, text.range(of: "http://")?.lowerBound].compactMap { $0 }.min()
    }

    /// Writes markup as it is: only for constant markup written by this module, or what another
    /// writer made.
    mutating func raw(_ markup: String) { text += markup }

    mutating func newline() { text += "\n" }

    private mutating func attribute(_ attributes: [(String, String)]) {
        for (name, value) in attributes {
            text += " " + name + "=\"" + escaped(value, for: context) + "\""
        }
    }
}

/// A coordinate or length with at most two decimals and no trailing zeros: `12`, `12.5`, `12.25`;
/// from 10^16 on (times of late traces; coordinates stay below ``TimeAxis/maximumPlotWidth``),
/// in exponent form: `1e+18`, `1.7976931348623157e+308` (``decimal(_:places:)``); `0` for what is not finite.
func number(_ value: Double) -> String {
    value.isFinite ? decimal(value, places: 2) : "0"
}


