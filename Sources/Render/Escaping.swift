/// Where escaped text goes: the few rules in which an SVG document (XML 1.0) and an HTML page differ.
///
/// Every context escapes `&`, `<`, `>`, `"` and `'` (so text is safe as character data and as a
/// quoted attribute value, and `</script>` or `<!--` stays text), shows the C0 control characters
/// (NUL included) and the noncharacters U+FFFE and U+FFFF as U+FFFD, and writes the bidirectional
/// controls that could reorder the text around a label as visible escapes such as `\u{202E}`.
enum MarkupContext: Sendable, CaseIterable {
    /// An SVG document: `'` as `&apos;`; line breaks and tabs as spaces; DEL, the C1 controls and the
    /// other noncharacters kept, since XML allows them.
    case svg
    /// An SVG inside an HTML page (``SVGForm/inPage(idPrefix:marksEvents:)``): as ``svg``, but the C1
    /// controls shown as U+FFFD, since HTML calls them parse errors.
    case svgInHTML
    /// An HTML page: `'` as `&#39;`; line breaks and tabs as spaces; DEL, the C1 controls and the
    /// noncharacters U+FDD0 to U+FDEF shown as U+FFFD too, since HTML calls them parse errors.
    case html
    /// The text of an HTML `<pre>`: as ``html``, but line breaks and tabs are kept, with CR LF and CR as LF.
    case preformattedHTML

    fileprivate var apostrophe: String { self == .svg || self == .svgInHTML ? "&apos;" : "&#39;" }

    fileprivate var keepsLineBreaks: Bool { self == .preformattedHTML }

    /// Whether `scalar`, not a tab or line break, is shown as U+FFFD.
    fileprivate func replaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0xFFFE, 0xFFFF: true
        case 0x80...0x9F: self != .svg
        case 0x7F, 0xFDD0...0xFDEF: self == .html || self == .preformattedHTML
        default: false
        }
    }

    /// Whether ``escaped(_:for:)`` writes `scalar` as something else (or might: a line break in a `<pre>`).
    fileprivate func changes(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "&", "<", ">", "\"", "'": true
        default: replaces(scalar) || isBidirectionalControl(scalar)
        }
    }
}

/// `text` made safe for `context`: markup characters escaped, characters the context forbids shown
/// as U+FFFD, bidirectional controls shown as escapes (see ``MarkupContext``).
///
/// ```swift
/// escaped("a < b & 'c'", for: .svg)   // "a &lt; b &amp; &apos;c&apos;"
/// escaped("a < b & 'c'", for: .html)  // "a &lt; b &amp; &#39;c&#39;"
/// ```
/// Text with nothing to escape is returned as it is.
func escaped(_ text: String, for context: MarkupContext) -> String {
    guard text.unicodeScalars.contains(where: context.changes) else { return text }
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
        case "'": result += context.apostrophe
        case "\n":
            // In a `<pre>`, the LF of a CR LF was written with the CR.
            if !(context.keepsLineBreaks && previousWasCR) { result += context.keepsLineBreaks ? "\n" : " " }
        case "\r": result += context.keepsLineBreaks ? "\n" : " "
        case "\t": result += context.keepsLineBreaks ? "\t" : " "
        default:
            if context.replaces(scalar) {
                result += "\u{FFFD}"
            } else if isBidirectionalControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result
}

/// The marks, embeddings, overrides and isolates that reorder the text around them.
private func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}
