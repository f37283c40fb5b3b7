/// Builds SVG text deterministically: attributes in the order given, numbers
/// in a fixed format, every piece of text escaped.
struct SVGWriter {
    private(set) var text = ""

    init(capacity: Int = 4096) { text.reserveCapacity(capacity) }

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
        text += escape(content)
        close(name)
    }

    /// The longest tooltip, in characters.
    static let tooltipLimit = 300

    /// Writes a `<title>` tooltip, cut to ``tooltipLimit`` characters.
    mutating func tooltip(_ content: String) {
        element("title", text: shortened(content, to: Self.tooltipLimit))
    }

    /// Writes markup as it is: only for constant text written by this module.
    mutating func raw(_ markup: String) { text += markup }

    mutating func newline() { text += "\n" }

    private mutating func attribute(_ attributes: [(String, String)]) {
        for (name, value) in attributes {
            text += " " + name + "=\"" + escape(value) + "\""
        }
    }
}

/// `text` safe as XML character data or an attribute value: `&`, `<`, `>`,
/// quotes escaped; characters XML 1.0 forbids (most control characters,
/// lone surrogates cannot occur in Swift strings) shown as U+FFFD; and the
/// bidirectional controls that could reorder the text around a label
/// replaced by visible escapes.
func escape(_ text: String) -> String {
    var needsWork = false
    for scalar in text.unicodeScalars where isSpecial(scalar) {
        needsWork = true
        break
    }
    guard needsWork else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&apos;"
        case "\t", "\n", "\r": result += " "
        default:
            switch scalar.value {
            case 0x00..<0x20, 0xFFFE, 0xFFFF: result += "\u{FFFD}"
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
    }
    return result
}

private func isSpecial(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x00..<0x20, 0xFFFE, 0xFFFF, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}

/// A coordinate or length with at most two decimals and no trailing zeros: `12`, `12.5`, `12.25`;
/// from 10^16 on (times of late traces; coordinates stay below ``TimeAxis/maximumPlotWidth``),
/// in exponent form: `1e+18`, `1.7976931348623157e+308` (beyond about 9.2e16, hundredths overflow `Int`).
func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    guard abs(value) < 1e16 else { return String(value) }
    let hundredths = Int((value * 100).rounded())
    let whole = hundredths / 100
    let fraction = abs(hundredths % 100)
    let sign = hundredths < 0 && whole == 0 ? "-" : ""
    if fraction == 0 { return sign + String(whole) }
    if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
    return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
}

/// `text` cut to `limit` characters, ending in "…" when it was longer.
func shortened(_ text: String, to limit: Int) -> String {
    guard text.count > limit else { return text }
    guard limit > 1 else { return "…" }
    return String(text.prefix(limit - 1)) + "…"
}
