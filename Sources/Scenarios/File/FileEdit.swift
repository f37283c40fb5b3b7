/// A change to a scenario file's text, line by line: lines replaced and lines added, and what
/// the change was, for people (`after line 11, add: …`; `line 12: …`). Lines are named by their
/// 1-based number in the file before the edit; each lookup is O(1), so an edit that touches every
/// line of a large file is linear in it.
struct FileEdit {
    /// The file's lines before the edit.
    private let lines: [Substring]
    /// The lines changed, by their number, as they are now.
    private var replaced: [Int: String] = [:]
    /// The lines added after each line, by its number.
    private var added: [Int: [String]] = [:]

    /// The edit of `text` that changes nothing yet.
    init(_ text: String) {
        lines = Array(ScenarioLexer.lines(of: text))
    }

    /// The number of lines of the file before the edit.
    var lineCount: Int { lines.count }

    /// Line `line` as it is now, or nil past the file.
    private func current(_ line: Int) -> String? {
        if let changed = replaced[line] { return changed }
        return lines.indices.contains(line - 1) ? String(lines[line - 1]) : nil
    }

    /// The text after the edit.
    var text: String {
        var text = ""
        for line in 1...max(lines.count, 1) {
            if let now = current(line) { text += now + "\n" }
            for addition in added[line] ?? [] { text += addition + "\n" }
        }
        return text
    }

    /// Whether anything changed.
    var isEmpty: Bool { replaced.isEmpty && added.isEmpty }

    /// The tokens of line `line` as it is now, or nil if there is no such line or it does not lex.
    func tokens(ofLine line: Int) -> [Token]? {
        guard let now = current(line) else { return nil }
        return try? ScenarioLexer.tokens(of: now)
    }

    /// Adds `text` as a new line after line `line`, after the lines already added there.
    mutating func add(_ text: String, afterLine line: Int) {
        guard current(line) != nil else { return }
        added[line, default: []].append(text)
    }

    /// Replaces, in line `line` as it is now, the characters from 1-based column `from` up to (not
    /// including) column `to` with `text`. Columns count the line as it is now: replace from the
    /// right of a line first.
    mutating func replace(line: Int, from: Int, to: Int, with text: String) {
        guard let now = current(line) else { return }
        var characters = Array(now)
        let start = min(max(from - 1, 0), characters.count), end = min(max(to - 1, start), characters.count)
        characters.replaceSubrange(start..<end, with: Array(text))
        replaced[line] = String(characters)
    }

    /// What changed, one line per change, in the file's order: `line 12: <the line now>` and
    /// `after line 11, add: <the line>`.
    var description: String {
        var parts: [String] = []
        for line in Set(replaced.keys).union(added.keys).sorted() {
            if let now = replaced[line] { parts.append("line \(line): \(now.trimmingBlanks)") }
            for text in added[line] ?? [] { parts.append("after line \(line), add: \(text)") }
        }
        return parts.joined(separator: "\n")
    }
}

extension Token {
    /// The 1-based column just after its last character.
    var end: Int { column + text.count }
}

private extension String {
    /// Without the spaces and tabs at either end.
    var trimmingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
