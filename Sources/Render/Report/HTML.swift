/// `text` safe as HTML (and XML) character data or a quoted attribute value:
/// `&`, `<`, `>` and quotes escaped, so `</script>` or `<!--` stays text;
/// control characters (NUL included) and noncharacters shown as U+FFFD; the
/// bidirectional controls that could reorder the page around a label shown as
/// visible escapes such as `\u{202E}`. Line breaks and tabs become spaces,
/// unless `preformatted`, which keeps them (for `<pre>`, with CR LF and CR as LF).
func html(_ text: String, preformatted: Bool = false) -> String {
    var needsWork = false
    for scalar in text.unicodeScalars where needsEscaping(scalar) {
        needsWork = true
        break
    }
    guard needsWork else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    var previousWasCR = false
    for scalar in text.unicodeScalars {
        defer { previousWasCR = scalar == "\r" }
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&#39;"
        case "\n":
            if !(preformatted && previousWasCR) { result += preformatted ? "\n" : " " }
        case "\r": result += preformatted ? "\n" : " "
        case "\t": result += preformatted ? "\t" : " "
        default:
            switch scalar.value {
            case 0x00..<0x20, 0x7F...0x9F, 0xFDD0...0xFDEF, 0xFFFE, 0xFFFF: result += "\u{FFFD}"
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
    }
    return result
}

private func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x00..<0x20, 0x7F...0x9F, 0xFDD0...0xFDEF, 0xFFFE, 0xFFFF,
         0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}

/// An SVG document from a renderer, ready to sit inside an HTML page: without
/// its XML declaration, C1 control characters shown as U+FFFD, and with its `<title>` and `<desc>` ids (and the
/// `aria-labelledby` that names them) prefixed by `prefix`, so several SVGs
/// share a page without duplicate ids. Text in the SVG is escaped, so the
/// quoted id attributes can only be the renderer's own.
func inlineSVG(_ svg: String, idPrefix prefix: String) -> String {
    var text = Substring(svg)
    if text.hasPrefix("<?xml"), let end = text.range(of: "?>") {
        text = text[end.upperBound...].drop { $0 == "\n" }
    }
    // XML allows the C1 controls, which the SVG writer keeps; HTML calls them parse errors.
    if text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) {
        var cleaned = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            cleaned.append((0x80...0x9F).contains(scalar.value) ? "\u{FFFD}" : scalar)
        }
        text = Substring(String(cleaned))
    }
    return String(text)
        .replacingOccurrences(
            of: "aria-labelledby=\"sigviz-title sigviz-desc\"",
            with: "aria-labelledby=\"\(prefix)-title \(prefix)-desc\"")
        .replacingOccurrences(of: "id=\"sigviz-title\"", with: "id=\"\(prefix)-title\"")
        .replacingOccurrences(of: "id=\"sigviz-desc\"", with: "id=\"\(prefix)-desc\"")
}

/// A time in seconds for the events table: rounded to the microsecond, without trailing zeros (`0`, `1.5`, `2.000001`).
func seconds(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e12 else { return value.isNaN ? "?" : String(value) }
    let micros = Int((value * 1_000_000).rounded())
    let sign = micros < 0 ? "-" : ""
    let whole = abs(micros) / 1_000_000
    var fraction = abs(micros) % 1_000_000
    guard fraction != 0 else { return sign + String(whole) }
    var digits = 6
    while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
    }
    let text = String(fraction)
    return sign + String(whole) + "." + String(repeating: "0", count: digits - text.count) + text
}

/// The first sentence of `text` (up to the first ". " before a capital
/// letter), cut to `limit` characters; a one-line summary for the index.
func firstSentence(_ text: String, limit: Int = 220) -> String {
    let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    var sentence = flat
    var index = flat.startIndex
    while let dot = flat[index...].firstIndex(of: ".") {
        let after = flat.index(after: dot)
        if after < flat.endIndex, flat[after] == " " {
            let next = flat.index(after: after)
            if next < flat.endIndex, flat[next].isUppercase {
                sentence = String(flat[...dot])
                break
            }
        }
        index = after
    }
    return shortened(sentence, to: limit)
}
