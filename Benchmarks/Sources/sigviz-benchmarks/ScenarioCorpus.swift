import Foundation

// A folder of generated scenario files for the docs rows: the built-in catalog's shapes, varied.

/// Writes `count` scenario files into `directory`, made from the built-in catalog's scenario files
/// (Sources/Scenarios/Resources/scenarios) in turn, each varied deterministically from `seed`:
///
/// - its name (`SHAPE-NNNN.sigviz`) and title;
/// - the names of its signals, subjects, schedulers and commands (`fetchData` becomes `fetchData17`);
/// - its subscribers' labels (`"someLabel"` becomes `"someLabel 17"`, in its `expect` and `dispose` lines too);
/// - its times: every time (`at`, `until`, `+T`, `throttle`, `delay`, ...) and the `frame` times 1, 2
///   or 4, so that the marbles of its `expect` lines still hold (not for the two shapes whose values
///   are times: `{now}` and `interval`);
/// - its values: a value sent (`send S "x"`, `next "x"`) that an `expect` line lists becomes `"x 17"`
///   everywhere, in files without `{}` templates;
/// - its count of subscribers: 0 to 2 more subscribers to what its first `subscribe "Label" to NAME`
///   line subscribes to, with labels of their own and no `expect` lines.
///
/// Every generated file's `expect` lines pass (`sigviz check DIR/*.sigviz`), so `sigviz docs` of
/// the folder exits with status 0. Returns the shapes' names used.
@discardableResult
func writeScenarioCorpus(count: Int, seed: UInt64, into directory: URL) throws -> [String] {
    let shapes = try catalogScenarioFiles()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var random = SplitMix64(seed: seed)
    for index in 0..<count {
        let shape = shapes[index % shapes.count]
        let variant = ScenarioVariant(
            number: index, timeScale: [1.0, 2.0, 4.0][Int(random.next() % 3)],
            extraSubscribers: Int(random.next() % 3), variesValues: random.next() % 2 == 0)
        let text = variant.apply(to: shape.text, shape: shape.name)
        let name = "\(shape.name)-\(String(format: "%04d", index)).sigviz"
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }
    return shapes.map(\.name)
}

/// The built-in catalog's scenario files, by name: the repository's Sources/Scenarios/Resources/scenarios.
func catalogScenarioFiles() throws -> [(name: String, text: String)] {
    // This file is Benchmarks/Sources/sigviz-benchmarks/ScenarioCorpus.swift: the repository is 4 levels up.
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder = root.appendingPathComponent("Sources/Scenarios/Resources/scenarios")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sigviz") }.sorted()
    precondition(!names.isEmpty, "no scenario files in \(folder.path)")
    return try names.map { name in
        (String(name.dropLast(".sigviz".count)), try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
    }
}

/// How one generated file differs from its shape.
struct ScenarioVariant {
    /// The file's number: the suffix of its names and labels.
    let number: Int
    /// What every time is multiplied by (a power of 2, so that times stay exact).
    let timeScale: Double
    /// How many subscribers are added.
    let extraSubscribers: Int
    /// Whether values sent are renamed.
    let variesValues: Bool

    /// The shapes whose values are times: their times are kept.
    static let timedValues: Set<String> = ["defer-then", "takeuntil-lifetime"]
    /// The words that start a declaration, followed by the declared name.
    static let declarations: Set<String> = ["cold", "subject", "replay", "behavior", "channel", "command", "scheduler", "let"]
    /// The operators whose argument is a time.
    static let timedOperators: Set<String> = ["throttle", "delay", "timeout", "bufferWithTime", "interval", "at", "until", "frame"]

    func apply(to text: String, shape: String) -> String {
        let lines = text.components(separatedBy: "\n")
        let tokenized = lines.map(ScenarioVariant.tokens)
        // The declared names and the subscribers' labels.
        var names: Set<String> = [], labels: Set<String> = [], expected: Set<String> = []
        for tokens in tokenized {
            let words = tokens.filter { !$0.hasPrefix("\"") }
            if let first = tokens.first, Self.declarations.contains(first), tokens.count > 1, !tokens[1].hasPrefix("\"") {
                names.insert(tokens[1].hasSuffix(":") ? String(tokens[1].dropLast()) : tokens[1])
            }
            if first(tokens) == "channel" { names.formUnion(words.dropFirst().filter { $0.first?.isLetter == true }) }
            for (index, token) in tokens.enumerated() where token == "subscribe" && index + 1 < tokens.count && tokens[index + 1].hasPrefix("\"") {
                labels.insert(tokens[index + 1])
            }
            if first(tokens) == "expect", let values = tokens.firstIndex(of: "values") {
                expected.formUnion(tokens[values...].filter { $0.hasPrefix("\"") })
            }
        }
        var sent: Set<String> = []
        if variesValues, !text.contains("{}") {
            for tokens in tokenized {
                for (index, token) in tokens.enumerated() where token.hasPrefix("\"") && index > 0 {
                    let before = tokens[index - 1]
                    if (before == "next" || (index > 1 && tokens[index - 2] == "send")), expected.contains(token) { sent.insert(token) }
                }
            }
        }
        let scale = Self.timedValues.contains(shape) ? 1 : timeScale

        var output: [String] = []
        var extraLines: [String] = []
        for (line, tokens) in zip(lines, tokenized) {
            guard let head = tokens.first, !head.hasPrefix("#"), head != "about", head != "experiment" else {
                output.append(line)
                continue
            }
            if head == "title" {
                output.append("title " + quoted(unquoted(tokens.dropFirst().joined(separator: " ")) + " (variant \(number))"))
                // Without a frame line, the frame is 1 s: scaled like the times.
                if scale != 1, !tokenized.contains(where: { $0.first == "frame" }) { output.append("frame " + Self.number(scale)) }
                continue
            }
            var changed: [String] = []
            for (index, token) in tokens.enumerated() {
                let previous = index > 0 ? tokens[index - 1] : ""
                if token.hasPrefix("\"") {
                    if labels.contains(token) { changed.append(quoted(unquoted(token) + " \(number)")) }
                    else if sent.contains(token) { changed.append(quoted(unquoted(token) + " \(number)")) }
                    else { changed.append(token) }
                } else if token.hasPrefix("+"), let time = Double(token.dropFirst()) {
                    changed.append("+" + Self.number(time * scale))
                } else if Self.timedOperators.contains(previous), let time = Double(token) {
                    changed.append(Self.number(time * scale))
                } else if index > 0, previous != "|", names.contains(rename(token).base) {
                    let (base, suffix) = rename(token)
                    changed.append("\(base)\(number)\(suffix)")
                } else {
                    changed.append(token)
                }
            }
            output.append(changed.joined(separator: " "))
            // More subscribers to what a plain `subscribe "Label" to NAME` line subscribes to.
            if head == "subscribe" || (head == "at" && tokens.count > 2 && tokens[2] == "subscribe"),
               extraLines.count < extraSubscribers, !tokens.contains("each"), let label = changed.firstIndex(where: { $0.hasPrefix("\"") }),
               labels.contains(tokens[label]) {
                for extra in 0..<(extraSubscribers - extraLines.count) {
                    var copy = changed
                    copy[label] = quoted("extra \(extra + 1) of \(number)")
                    extraLines.append(copy.joined(separator: " "))
                }
            }
        }
        // Before the first expect line (or at the end).
        let position = output.firstIndex { $0.hasPrefix("expect") } ?? output.count
        output.insert(contentsOf: extraLines, at: position)
        return output.joined(separator: "\n")
    }

    private func first(_ tokens: [String]) -> String? { tokens.first }

    /// A name token split into the name and what follows it (`fetchData:` is `fetchData` and `:`; `a,` is `a` and `,`).
    private func rename(_ token: String) -> (base: String, suffix: String) {
        let base = token.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        return (String(base), String(token.dropFirst(base.count)))
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func unquoted(_ token: String) -> String {
        var text = String(token.dropFirst().dropLast())
        text = text.replacingOccurrences(of: "\\\"", with: "\u{0}").replacingOccurrences(of: "\\\\", with: "\\")
        return text.replacingOccurrences(of: "\u{0}", with: "\"")
    }

    /// A time as the file writes it: `2`, `0.5`.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : "\(value)"
    }

    /// A line's tokens: quoted strings whole (with their quotes and escapes), the rest split at spaces.
    static func tokens(_ line: String) -> [String] {
        var tokens: [String] = [], current = "", inString = false, escaped = false
        for character in line {
            if inString {
                current.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" {
                    inString = false
                    tokens.append(current)
                    current = ""
                }
            } else if character == "\"" {
                if !current.isEmpty { tokens.append(current); current = "" }
                current = "\""
                inString = true
            } else if character == " " {
                if !current.isEmpty { tokens.append(current); current = "" }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}

/// A small deterministic random number generator (SplitMix64): the same seed, the same files.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
