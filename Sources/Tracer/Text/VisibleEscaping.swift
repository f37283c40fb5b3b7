/// `text` with every character that could change how a terminal shows it or what follows written
/// as a visible escape: `\n`, `\r`, `\t`, and `\u{1B}` for the other control characters (C0, DEL,
/// C1), the format characters (bidi overrides, embeddings and isolates, zero-width characters, the
/// byte-order mark, ...; but not a zero-width joiner between two emoji, as in 👩‍👩‍👧) and the line
/// and paragraph separators U+2028 and U+2029.
///
/// Error messages, marble text and the Markdown of `sigviz docs` pass text quoted from a file or a
/// trace through this, so that no file can forge a line of output, send an escape sequence to the
/// terminal or reorder what is shown. Other characters,
/// backslashes included, are kept as they are; text with nothing to escape is returned unchanged.
public func visiblyEscaped(_ text: String) -> String {
    func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: true
        default: false
        }
    }
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
        // A zero-width joiner inside an emoji sequence (👩‍👩‍👧) joins pictures; it hides nothing.
        let joinsEmoji = scalar == "\u{200D}" && index > 0 && index + 1 < scalars.count
            && (scalars[index - 1].properties.isEmoji || scalars[index - 1] == "\u{FE0F}")
            && scalars[index + 1].properties.isEmoji && !scalars[index + 1].isASCII
        guard needsEscape(scalar), !joinsEmoji else {
            result.append(scalar)
            continue
        }
        let escape: String
        switch scalar {
        case "\n": escape = "\\n"
        case "\r": escape = "\\r"
        case "\t": escape = "\\t"
        default: escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
        result.append(contentsOf: escape.unicodeScalars)
    }
    return String(result)
}
