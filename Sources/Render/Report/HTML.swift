import Tracer
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
