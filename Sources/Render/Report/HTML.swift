import Tracer
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
