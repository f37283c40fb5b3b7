extension OperatorDefinition {
    /// docs/scenario-format.md's operator table, written from ``table``, ``refused`` and
    /// ``otherLibraryNames``: each
    /// operator's forms, as the parser reads them, and what it does.
    static var reference: String {
        var lines = ["| operator | meaning |", "| --- | --- |"]
        for row in table {
            let forms = row.forms.map { form in "`" + (form.syntax.isEmpty ? row.keyword : row.keyword + " " + form.syntax) + "`" }
            lines.append("| \(cell(forms.joined(separator: " / "))) | \(cell(row.meaning)) |")
        }
        for (words, reason) in refused {
            lines.append("| \(cell(words.map { "`\($0)`" }.joined(separator: ", "))) | refused: \(cell(reason)) |")
        }
        for (words, instead) in otherLibraryNames {
            lines.append("| \(cell(words.map { "`\($0)`" }.joined(separator: ", "))) | other libraries' name; refused, saying: \(cell(instead)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The words of the operators for the fuzzer's dictionary (Fuzz/scenario.dict), each in double
    /// quotes on a line: every keyword and every word a form writes as is, once, in table order.
    static var dictionary: String {
        var seen: Set<String> = []
        var words: [String] = []
        for row in table {
            for word in [row.keyword] + row.forms.flatMap(\.pieces).compactMap(\.writtenWord) where seen.insert(word).inserted {
                words.append(word)
            }
        }
        return words.map { "\"\($0)\"" }.joined(separator: "\n")
    }

    /// A table cell's text: a `|` would end the cell.
    private static func cell(_ text: String) -> String { text.replacing("|", with: "\\|") }
}

extension OperatorPiece {
    /// The word the piece is written as, if it is one written as is.
    var writtenWord: String? {
        switch self {
        case .word(let word): word
        case .optional(let piece): piece.piece.writtenWord
        case .signal, .subject, .target, .scheduler, .count, .seconds, .text, .values, .keys, .block, .reduction: nil
        }
    }
}
