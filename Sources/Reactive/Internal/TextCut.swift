extension String {
    /// The text cut to at most `characters` characters and at most `4 × characters` bytes of
    /// UTF-8, ending in "…" (one of those characters, three of those bytes) when it was longer.
    ///
    /// Both are counted, because each costs memory: one character may be any number of bytes (an
    /// `a` followed by four million combining accents is one character and 8 MB). When the byte
    /// bound falls inside a character, the cut is at the last whole Unicode scalar before it, so
    /// the last character kept may lose some of its combining marks. Every name, label and quote
    /// that sigviz cuts is cut by this one rule (signal names, trace labels, quotes in error
    /// messages, text on diagrams), and it reads at most the first `4 × characters` bytes.
    package func cut(toCharacters characters: Int) -> String {
        // UTF-8 bytes are at least as many as characters: most texts are settled without counting.
        guard utf8.count > characters else { return self }
        guard characters > 1 else { return characters == 1 ? "…" : "" }
        let byteLimit = 4 * characters
        let whole = self[...].prefix(utf8Bytes: byteLimit)
        if whole.endIndex == endIndex, whole.count <= characters { return self }
        return String(whole.prefix(utf8Bytes: byteLimit - 3).prefix(characters - 1)) + "…"
    }
}

extension Substring {
    /// The longest prefix made of whole Unicode scalars with at most `limit` bytes of UTF-8, found
    /// without reading the text before it: the byte at the limit, and the few before it up to the
    /// start of a scalar.
    package func prefix(utf8Bytes limit: Int) -> Substring {
        guard var end = utf8.index(startIndex, offsetBy: limit, limitedBy: endIndex), end < endIndex else { return self }
        while end > startIndex, UTF8.isContinuation(utf8[end]) { end = utf8.index(before: end) }
        return Substring(unicodeScalars[..<end])
    }
}

extension Array {
    /// `description` as `Array` writes it (`["a", "b"]`: each element as `debugPrint` writes it),
    /// stopped once it has more than `limit` characters: what a name or label cut to `limit`
    /// characters keeps of it, without describing a long array whole (a growing one would cost
    /// quadratic time).
    package func descriptionPrefix(characters limit: Int) -> String {
        var text = "["
        var characters = 1
        for (index, element) in enumerated() {
            let piece = (index == 0 ? "" : ", ") + String(reflecting: element)
            text += piece
            characters += piece.count
            if characters > limit { return text }
        }
        return text + "]"
    }
}
