@testable import Scenarios

// The truth oracle's generator (issue 25, item 6): random valid scenario files, seeded and
// reproducible, over the scenario language: cold signals (with per-attempt behaviour), subjects, behavior and replay subjects,
// channels, commands, schedulers and hops, pipelines of the runtime's operators, connections,
// subscriptions with disposals, sends, completions, errors and executions at random times. Its
// operators are drawn from the language's operator table, each form with random arguments (blocks
// are random typed expressions over their parameters).

/// Makes one scenario file per seed.
struct ScenarioGenerator {
    private var random: SeededGenerator
    private var lines: [String] = []
    /// Declared signals a pipeline may start from or name, with whether they are hot subjects one can send to.
    private var signals: [String] = []
    private var subjects: [String] = []
    private var colds: [String] = []
    private var connections: [String] = []
    private var commands: [String] = []
    private var schedulers: [String] = []
    /// Declared owners (`owner NAME until TIME`), which subscriptions may be `owned by`.
    private var owners: [String] = []
    private var labels: [(label: String, at: Double)] = []
    private var count = 0

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// The file of `seed`.
    static func file(seed: UInt64) -> String {
        var generator = ScenarioGenerator(seed: seed)
        return generator.make()
    }

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
    /// A time on a half-second grid, with now and then a quarter: instants that coincide, as in real files.
    private mutating func time(_ range: ClosedRange<Int> = 0...12) -> Double {
        Double(int(range)) / 2 + (chance(15) ? 0.25 : 0)
    }
    private mutating func value() -> String { pick(["a", "b", "c", "d"]) }
    private mutating func name(_ prefix: String) -> String {
        count += 1
        return "\(prefix)\(count)"
    }
    private func text(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    private mutating func make() -> String {
        if chance(30) {
            schedulers = ["main", "background"]
            lines += ["scheduler main", "scheduler background"]
        }
        if chance(30) {
            let name = name("owner")
            lines.append(chance(80) ? "owner \(name) until \(text(time(0...8)))" : "owner \(name)")
            owners.append(name)
            signals.append(name)
        }
        for _ in 0..<int(1...3) { declareSource() }
        if chance(25) { declareCommand() }
        for _ in 0..<int(1...4) { declarePipeline() }
        if chance(15) { declareGroups() }
        for _ in 0..<int(1...4) { subscribe() }
        for connection in connections where chance(80) {
            let at = time(0...6)
            lines.append("\(at > 0 ? "at \(text(at)) " : "")connect \(connection)")
        }
        for _ in 0..<int(0...6) { act() }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Sources

    private mutating func coldEvents() -> String {
        var events: [String] = []
        var at = 0.0
        for _ in 0..<int(0...3) {
            at += Double(int(0...4)) / 2
            events.append("+\(text(at)) next \"\(value())\(chance(20) ? " {}" : "")\"")
        }
        at += Double(int(0...4)) / 2
        switch int(0...9) {
        case 0...5: events.append("+\(text(at)) completed")
        case 6...7: events.append("+\(text(at)) error \"e\(int(1...3))\"")
        default: if events.isEmpty { events.append("+\(text(at)) completed") }
        }
        return events.joined(separator: ", ")
    }

    private mutating func declareSource() {
        switch int(0...9) {
        case 0...3:
            let name = name("cold")
            lines.append("cold \(name): \(coldEvents())")
            // Per-attempt behaviour: some subscriptions do something else (a flaky request).
            if chance(30) {
                let first = int(1...2)
                let range = chance(50) ? "attempt \(first)" : "attempts \(first) to \(first + int(0...2))"
                lines.append("\(range) of \(name): \(coldEvents())")
            }
            colds.append(name)
            signals.append(name)
        case 4...5:
            let name = name("subject")
            lines.append("subject \(name)")
            subjects.append(name)
            signals.append(name)
        case 6:
            let name = name("behavior")
            lines.append("behavior \(name) \"\(value())\"")
            subjects.append(name)
            signals.append(name)
        case 7:
            let name = name("replay")
            lines.append(chance(50) ? "replay \(name)" : "replay \(name) capacity \(int(0...2))")
            subjects.append(name)
            signals.append(name)
        case 8:
            let (model, view) = (name("model"), name("view"))
            lines.append("channel \(model) \(view)")
            subjects += [model, view]
            signals += [model, view]
        default:
            let name = name("ticks")
            lines.append("let \(name) = interval \(text(Double(int(1...4)) / 2)) | take \(int(1...4))")
            signals.append(name)
        }
    }

    private mutating func declareCommand() {
        if colds.isEmpty {
            let cold = name("request")
            lines.append("cold \(cold): \(coldEvents())")
            colds.append(cold)
            signals.append(cold)
        }
        let name = name("save")
        var line = "command \(name): \(pick(colds))"
        if chance(40) { line += " concurrent" }
        lines.append(line)
        commands.append(name)
        for part in ["executing", "enabled", "errors"] where chance(50) {
            let signal = self.name(part)
            lines.append("let \(signal) = \(name).\(part)")
            signals.append(signal)
        }
        if chance(60) {
            let signal = self.name("executed")
            lines.append("let \(signal) = \(name).executionSignals | \(pick(["flatten", "switchToLatest", "concat"]))")
            signals.append(signal)
        }
    }

    // MARK: Pipelines

    /// A pipeline's source: a declared signal or one made of declared signals.
    private mutating func source() -> String {
        switch int(0...19) {
        case 0...11: pick(signals)
        case 12: "merge \(pick(signals)), \(pick(signals))"
        case 13: "concat \(pick(signals)), \(pick(signals))"
        case 14, 15: combination(int(0...1) == 0 ? "combineLatest" : "zip")
        case 16: "defer \(pick(signals))"
        case 17: "return \"\(value())\""
        case 18: chance(50) ? "empty" : "error \"boom\""
        default: "defer return \"made at {now}\""
        }
    }

    /// A `combineLatest` or `zip` source of two or three signals: as it is, reduced by a block, or
    /// taken by an operator that takes its combinations (`and`, `or`, `reduceEach`).
    private mutating func combination(_ keyword: String) -> String {
        let count = int(2...3)
        let source = keyword + " " + (0..<count).map { _ in pick(signals) }.joined(separator: ", ")
        switch int(0...3) {
        case 0: return source
        case 1: return source + " reduce " + block(.reduction(of: count))
        case 2: return source + " | " + pick(["and", "or"])
        default: return source + " | reduceEach " + block(.reduction(of: count))
        }
    }

    /// A random block of `signature`: an expression of its type, over its parameters.
    private mutating func block(_ signature: BlockSignature) -> String {
        let parameters = signature.parameters.map(\.type)
        let type = signature.result ?? pick([ExpressionType.text, .number, .bool])
        return "{ " + expression(type, parameters, depth: 3) + " }"
    }

    /// A random expression of `type` over parameters of `parameters`' types, at most `depth` deep.
    private mutating func expression(_ type: ExpressionType, _ parameters: [ExpressionType], depth: Int) -> String {
        let texts = parameters.indices.filter { parameters[$0] == .text }.map { "$\($0)" }
        let numbers = parameters.indices.filter { parameters[$0] == .number }.map { "$\($0)" }
        let text = texts.isEmpty ? "\"\(value())\"" : pick(texts)
        let literal = "\"\(value())\""
        let deeper = depth > 0 && chance(50)
        switch type {
        case .bool:
            guard deeper else {
                return pick([
                    "\(text) == \(literal)", "\(text).contains(\(literal))", "\(text).hasPrefix(\(literal))",
                    "\(text).isEmpty", "\(text).count > \(int(0...3))", "(Int(\(text)) ?? 0) >= \(int(0...2))", "\(text) != \(text)",
                ].map { "(\($0))" })
            }
            let a = expression(.bool, parameters, depth: depth - 1), b = expression(.bool, parameters, depth: depth - 1)
            return pick(["(\(a) && \(b))", "(\(a) || \(b))", "!(\(a))", "((\(a)) == (\(b)))"])
        case .number:
            guard deeper else { return pick(["\(text).count", String(int(0...9))] + numbers) }
            let a = expression(.number, parameters, depth: depth - 1), b = expression(.number, parameters, depth: depth - 1)
            return pick(["(\(a) + \(b))", "(\(a) * \(b))", "(\(a) - \(b))", "((\(a)) % 3)", "(Int(\(text)) ?? \(a))", "-(\(a))"])
        default:
            guard deeper else { return pick([text, literal, "\(text).uppercased()"]) }
            let a = expression(.text, parameters, depth: depth - 1), b = expression(.text, parameters, depth: depth - 1)
            let condition = expression(.bool, parameters, depth: depth - 1)
            let number = expression(.number, parameters, depth: depth - 1)
            return pick(["(\(a) + \(b))", "(\(condition) ? \(a) : \(b))", "String(\(number))", "(\(a)).lowercased()"])
        }
    }

    /// One operator of a pipeline, drawn from the language's operator table (or two, when the first
    /// makes what only another can follow), and whether it makes a connection that must be connected.
    private mutating func operators() -> (text: String, connection: Bool) {
        while true {
            let row = pick(OperatorDefinition.table)
            // A pipeline so far is a signal: forms that need a signal of signals or a connection come
            // after the form that makes one, and groups only in ``declareGroups()``.
            let forms = row.forms.filter { $0.input == .signal || $0.input == .any }.filter { $0.output != .groups }
            guard !forms.isEmpty, let made = written(row, pick(forms)) else { continue }
            return made
        }
    }

    /// `row` in `form` with random arguments, followed by what must follow it, and whether it
    /// leaves a connection; nil when the file has nothing its pieces need (no subject, no scheduler).
    private mutating func written(_ row: OperatorDefinition, _ form: OperatorForm) -> (text: String, connection: Bool)? {
        var words = [row.keyword]
        for piece in form.pieces {
            guard let argument = argument(piece, of: row.keyword) else { return nil }
            if !argument.isEmpty { words.append(argument) }
        }
        var text = words.joined(separator: " ")
        // `repeat` subscribes again for ever: `take` ends it.
        if row.keyword == "repeat" { text += " | take \(int(1...4))" }
        switch form.output {
        case .signals:
            let flattening = OperatorDefinition.table.flatMap { row in row.forms.filter { $0.input == .signals }.map { (row, $0) } }
            let (next, nextForm) = pick(flattening)
            guard let after = written(next, nextForm) else { return nil }
            return (text + " | " + after.text, after.connection)
        case .connection:
            guard chance(50) else { return (text, true) }
            return (text + " | autoconnect", false)
        case .signal, .same, .groups:
            return (text, false)
        }
    }

    /// A random argument for `piece` of the operator `keyword`: "" for an optional piece left out,
    /// nil when the file has nothing it needs.
    private mutating func argument(_ piece: OperatorPiece, of keyword: String) -> String? {
        switch piece {
        case .word(let word): return word
        case .signal: return colds.isEmpty || chance(50) ? pick(signals) : pick(colds)
        case .subject:
            // A channel's terminals are not subjects a connection can go through.
            let plain = subjects.filter { !$0.hasPrefix("model") && !$0.hasPrefix("view") }
            return plain.isEmpty ? nil : pick(plain)
        case .target: return subjects.isEmpty ? nil : pick(subjects)
        case .scheduler: return schedulers.isEmpty ? nil : pick(schedulers)
        case .count:
            // `retry 0` retries for ever; a longer skip or takeLast seldom shows anything new.
            let range = ["retry": 1...2, "skip": 0...2, "takeLast": 1...2][keyword] ?? 0...3
            return String(int(range))
        case .seconds: return text(Double(int(1...4)) / 2)
        case .text(_, let example):
            return keyword == "named" ? "\"n\(int(1...9))\"" : example
        case .values: return (0..<int(1...2)).map { _ in "\"\(value())\"" }.joined(separator: ", ")
        case .keys: return "\"a\" = \"odd\", \"c\" = \"odd\", \"b\" = \"even\""
        case .block(let signature): return block(signature)
        case .reduction: return nil  // only after a combination: see ``combination(_:)``
        case .optional(let inner):
            // A bare `retry` retries for ever.
            guard keyword == "retry" || chance(60) else { return "" }
            return argument(inner.piece, of: keyword)
        }
    }

    /// A pipeline ending in `groupBy`, subscribed with `each`: its groups are labelled by their keys.
    private mutating func declareGroups() {
        let name = name("groups")
        lines.append("let \(name) = \(pick(signals)) | groupBy \"a\" = \"odd\", \"c\" = \"odd\", \"b\" = \"even\"")
        let at = time()
        // Every group, or only some of them (the others' values reach no one: unsubscribedGroups).
        let keys = chance(40) ? " " + pick(["\"odd\"", "\"even\"", "\"odd\", \"even\"", "\"none\""]) : ""
        lines.append("\(at > 0 ? "at \(text(at)) " : "")subscribe \"G\(count)\" to \(name) each\(keys)")
    }

    private mutating func declarePipeline() {
        let name = name("p")
        var text = "let \(name) = \(source())"
        var isConnection = false
        for _ in 0..<int(0...3) where !isConnection {
            var (next, connection) = operators()
            if next.hasPrefix("multicast x") { (next, connection) = ("publish", true) }
            text += " | \(next)"
            isConnection = connection
        }
        lines.append(text)
        signals.append(name)
        if isConnection { connections.append(name) }
    }

    // MARK: Subscriptions and actions

    private mutating func subscribe() {
        let label = "L\(labels.count + 1)"
        let at = time()
        var line = "\(at > 0 ? "at \(text(at)) " : "")subscribe \"\(label)\" to \(pick(signals))"
        if chance(25) { line += " until \(text(at + Double(int(1...6)) / 2))" }
        if !owners.isEmpty, chance(50) { line += " owned by \(pick(owners))" }
        lines.append(line)
        labels.append((label, at))
        if !subjects.isEmpty, chance(10) {
            lines.append("subscribe \(pick(subjects)) to \(pick(signals))")
        }
    }

    private mutating func act() {
        let at = time()
        let prefix = at > 0 ? "at \(text(at)) " : ""
        switch int(0...9) {
        case 0...3 where !subjects.isEmpty: lines.append("\(prefix)send \(pick(subjects)) \"\(value())\"")
        case 4 where !subjects.isEmpty: lines.append("\(prefix)complete \(pick(subjects))")
        case 5 where !subjects.isEmpty: lines.append("\(prefix)fail \(pick(subjects)) \"f\(int(1...2))\"")
        case 6 where !connections.isEmpty: lines.append("\(prefix)connect \(pick(connections))")
        case 7 where !commands.isEmpty:
            let label = "T\(labels.count + 1)"
            let subscribe = chance(50)
            lines.append("\(prefix)execute \(pick(commands)) \"\(value())\"\(subscribe ? " subscribe \"\(label)\"" : "")")
            if subscribe { labels.append((label, at)) }
        case 8:
            let candidates = labels.filter { $0.at <= at }
            if let chosen = candidates.isEmpty ? nil : pick(candidates) { lines.append("\(prefix)dispose \"\(chosen.label)\"") }
        default:
            if !connections.isEmpty { lines.append("\(prefix)connect \(pick(connections))") }
        }
    }
}
