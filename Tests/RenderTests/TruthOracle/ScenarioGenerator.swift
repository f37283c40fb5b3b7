// The truth oracle's generator (issue 25, item 6): random valid scenario files, seeded and
// reproducible, over the scenario language: cold signals, subjects, behavior and replay subjects,
// channels, commands, schedulers and hops, pipelines of the runtime's operators, connections,
// subscriptions with disposals, sends, completions, errors and executions at random times.

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
        case 14: "combineLatest \(pick(signals)), \(pick(signals))"
        case 15: "zip \(pick(signals)), \(pick(signals))"
        case 16: "defer \(pick(signals))"
        case 17: "return \"\(value())\""
        case 18: chance(50) ? "empty" : "error \"boom\""
        default: "defer return \"made at {now}\""
        }
    }

    /// One operator of a pipeline (or two, for those that come in pairs), and whether it makes a
    /// connection that must be connected.
    private mutating func operators() -> (text: String, connection: Bool) {
        let other = pick(signals)
        let values = (0..<int(1...2)).map { _ in "\"\(value())\"" }.joined(separator: ", ")
        let seconds = text(Double(int(1...4)) / 2)
        switch int(0...52) {
        case 0: return ("map \"<{}>\"", false)
        case 1: return ("filter \(values)", false)
        case 2: return ("take \(int(0...3))", false)
        case 3: return ("skip \(int(0...2))", false)
        case 4: return ("takeLast \(int(1...2))", false)
        case 5: return ("distinctUntilChanged", false)
        case 6: return ("scan \"\" \"{acc}{}\"", false)
        case 7: return ("delay \(seconds)", false)
        case 8: return ("throttle \(seconds)", false)
        case 9: return ("startWith \"s\"", false)
        case 10: return ("catchTo return \"E\"", false)
        case 11: return ("catchTo \(other)", false)
        case 12: return ("retry \(int(1...2))", false)
        case 13: return ("takeUntil \(other)", false)
        case 14: return ("takeUntilReplacement \(other)", false)
        case 15: return ("sample \(other)", false)
        case 16: return ("combineLatest \(other)", false)
        case 17: return ("zip \(other)", false)
        case 18: return ("merge \(other)", false)
        case 19: return ("concat \(other)", false)
        case 20: return ("then \(other)", false)
        case 21: return ("ignoreValues", false)
        case 22: return ("materialize", false)
        case 23: return ("collect", false)
        case 24: return ("aggregate \"\" \"{acc}{}\"", false)
        case 25: return ("combinePrevious \"-\" \"{prev}>{}\"", false)
        case 26: return (chance(50) ? "any" : "any \(values)", false)
        case 27: return ("all \(values)", false)
        case 28: return ("takeWhile \(values)", false)
        case 29: return ("skipWhile \(values)", false)
        case 30: return ("flattenMap \(colds.isEmpty ? other : pick(colds))", false)
        case 31: return ("flattenMap return \"r{}\"", false)
        case 32: return ("map \(colds.isEmpty ? other : pick(colds)) | \(pick(["switchToLatest", "flatten", "flatten 2", "concat"]))", false)
        case 33: return (schedulers.isEmpty ? "mapReplace \"x\"" : "deliverOn \(pick(schedulers))", false)
        case 34: return (schedulers.isEmpty ? "mapReplace \"y\"" : "subscribeOn \(pick(schedulers))", false)
        case 35: return (subjects.isEmpty ? "ignoreValues" : "doNext \(pick(subjects)) \"saw {}\"", false)
        case 36: return (subjects.isEmpty ? "ignoreValues" : "initially \(pick(subjects)) \"start\"", false)
        case 37: return ("replayLast", false)
        case 38: return ("replay", false)
        case 39: return ("replayLazily", false)
        case 40: return ("publish | autoconnect", false)
        case 41: return ("publish", true)
        case 42: return ("bufferWithTime \(seconds)", false)
        case 43: return ("timeout \(seconds)", false)
        case 44: return (subjects.isEmpty ? "publish" : "multicast \(pick(subjects.filter { !$0.hasPrefix("model") && !$0.hasPrefix("view") } + ["x"]))", true)
        case 45: return ("dematerialize", false)
        case 46: return (subjects.isEmpty ? "ignoreValues" : "finally \(pick(subjects)) \"end\"", false)
        case 48: return (subjects.isEmpty ? "ignoreValues" : "doError \(pick(subjects)) \"failed: {}\"", false)
        case 49: return (subjects.isEmpty ? "ignoreValues" : "doCompleted \(pick(subjects)) \"done\"", false)
        case 50: return ("named \"n\(int(1...9))\"", false)
        case 51: return ("repeat | take \(int(1...4))", false)
        default: return ("throttle \(seconds) \(values)", false)
        }
    }

    /// A pipeline ending in `groupBy`, subscribed with `each`: its groups are labelled by their keys.
    private mutating func declareGroups() {
        let name = name("groups")
        lines.append("let \(name) = \(pick(signals)) | groupBy \"a\" = \"odd\", \"c\" = \"odd\", \"b\" = \"even\"")
        let at = time()
        lines.append("\(at > 0 ? "at \(text(at)) " : "")subscribe \"G\(count)\" to \(name) each")
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
