import Tracer

/// How wide text is drawn in the diagrams' sans-serif font, estimated without a font.
///
/// The style sheet asks for the system's interface font, then Helvetica Neue and Arial; Arial
/// and its metric twins (Liberation Sans) have Helvetica's advance widths, and the others are
/// close to them. So an estimate from Helvetica's widths is what a node or label is sized by:
/// printable ASCII from Helvetica's table, wide (East Asian and emoji) characters one em, and
/// any other character 0.6 em.
enum TextWidth {
    /// Helvetica's advance widths of U+0020 to U+007E, in thousandths of an em.
    private static let ascii: [UInt16] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space to /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0 to ?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // @ to O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P to _
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // ` to o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,  // p to ~
    ]

    /// The estimated width of one character, in ems.
    private static func ems(_ character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0x20...0x7E: return Double(ascii[Int(scalar.value) - 0x20]) / 1000
        case 0xD7, 0xB1: return 0.584  // × ±
        case 0xB7: return 0.278  // ·
        case 0x2026: return 1  // …
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 1
        default: return 0.6
        }
    }

    /// The estimated width of `text` drawn at `fontSize` pixels, stopping once it passes `limit` pixels.
    ///
    /// Reads at most as many characters as fit in `limit` at a tenth of an em each, so a long text costs no more than a short one.
    static func of(_ text: String, fontSize: Double, limit: Double = 4096) -> Double {
        var width = 0.0
        for character in text.prefix(Int(limit / (0.1 * fontSize)) + 1) {
            width += ems(character) * fontSize
            if width > limit { break }
        }
        return width
    }

    /// How many characters of `text` ``shortened(_:to:)`` may keep for it to fit in `width` pixels at
    /// `fontSize`: all of them when it fits, otherwise as many as fit with the "…" that ends the cut.
    static func characters(of text: String, fittingIn width: Double, fontSize: Double) -> Int {
        guard of(text, fontSize: fontSize, limit: width) > width else { return text.count }
        let room = width - ems("…") * fontSize
        var used = 0.0, count = 0
        for character in text {
            used += ems(character) * fontSize
            if used > room { break }
            count += 1
        }
        return count + 1  // the kept characters and the "…"
    }
}

extension TextWidth {
    /// `text` broken into lines at most `width` pixels wide at `fontSize`, between words; a word
    /// wider than a line is cut (``shortened(_:to:)``). At most `maximumLines` lines: the last
    /// of them ends in "…" when the text goes on.
    static func lines(of text: String, fittingIn width: Double, fontSize: Double, maximumLines: Int = .max) -> [String] {
        var lines: [String] = []
        var current = ""
        var cut = false
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if of(candidate, fontSize: fontSize, limit: width + 1) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            if lines.count == maximumLines {
                cut = true
                current = ""
                break
            }
            current = of(word, fontSize: fontSize, limit: width + 1) <= width
                ? word : shortened(word, to: characters(of: word, fittingIn: width, fontSize: fontSize))
        }
        if !current.isEmpty { lines.append(current) }
        guard cut, var last = lines.popLast() else { return lines }
        // The text goes on: the last line says so, after its last whole word that leaves room.
        while !last.isEmpty, of(last + " …", fontSize: fontSize) > width {
            if let space = last.lastIndex(of: " ") { last = String(last[..<space]) } else { last.removeLast() }
        }
        return lines + [last + " …"]
    }
}
