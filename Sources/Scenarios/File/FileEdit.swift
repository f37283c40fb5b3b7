import Tracer

/// A change to a scenario file's text, line by line: lines replaced and lines added, and what
/// the change was, for people (`after line 11, add: …`; `line 12: …`).
struct FileEdit {
    /// The file's lines, as they are now.
    private(set) var lines: [String]
    /// For each line now, its 1-based line in the file before the edit; `nil` for an added line.
    private var original: [Int?]
    /// The lines changed, by their line before the edit, and the lines added after each.
    private var replaced: Set<Int> = []
    private var added: [Int: [String]] = [:]

    /// The edit of `text` that changes nothing yet.
    init(_ text: String) {
        lines = ScenarioLexer.lines(of: text).map(String.init)
        original = lines.indices.map { $0 + 1 }
    }

    /// The text after the edit.
    var text: String { lines.joined(separator: "\n") + "\n" }

    /// Whether anything changed.
    var isEmpty: Bool { replaced.isEmpty && added.isEmpty }

    /// The tokens of the line that was line `line` before the edit, or nil if it does not lex.
    func tokens(ofLine line: Int) -> [Token]? {
        guard let index = original.firstIndex(of: line) else { return nil }
        return try? ScenarioLexer.tokens(of: lines[index])
    }

    /// Adds `text` as a new line after the line that was line `line`.
    mutating func add(_ text: String, afterLine line: Int) {
        guard let index = original.firstIndex(of: line) else { return }
        var at = index + 1
        while at < original.count, original[at] == nil { at += 1 }
        lines.insert(text, at: at)
        original.insert(nil, at: at)
        added[line, default: []].append(text)
    }

    /// Replaces, in the line that was line `line`, the characters from 1-based column `from` up to
    /// (not including) column `to` with `text`. Columns are those of the line before the edit:
    /// replace from the right of a line first.
    mutating func replace(line: Int, from: Int, to: Int, with text: String) {
        guard let index = original.firstIndex(of: line) else { return }
        var characters = Array(lines[index])
        let start = min(max(from - 1, 0), characters.count), end = min(max(to - 1, start), characters.count)
        characters.replaceSubrange(start..<end, with: Array(text))
        lines[index] = String(characters)
        replaced.insert(line)
    }

    /// What changed, one line per change, in the file's order: `line 12: <the line now>` and
    /// `after line 11, add: <the line>`.
    var description: String {
        var parts: [String] = []
        for line in Set(replaced).union(added.keys).sorted() {
            if replaced.contains(line), let index = original.firstIndex(of: line) {
                parts.append("line \(line): \(lines[index].trimmingWhitespace)")
            }
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
    var trimmingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
