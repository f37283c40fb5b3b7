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
        let whole = prefix(bytes: byteLimit)
        if whole.utf8.count == utf8.count, whole.count <= characters { return self }
        return String(prefix(bytes: byteLimit - 3).prefix(characters - 1)) + "…"
    }

    /// The longest prefix of whole Unicode scalars with at most `limit` bytes of UTF-8.
    private func prefix(bytes limit: Int) -> String {
        let scalars = unicodeScalars
        var end = scalars.startIndex
        var bytes = 0
        while end < scalars.endIndex {
            let width = UTF8.width(scalars[end])
            guard bytes + width <= limit else { break }
            bytes += width
            end = scalars.index(after: end)
        }
        return String(String.UnicodeScalarView(scalars[..<end]))
    }
}
