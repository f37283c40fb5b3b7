import Reactive
import Tracer

/// The parser's state: the names declared so far and what they are.
struct ScenarioParser {
    enum Kind: Equatable {
        case signal, subject, connection, terminal, groups, signals, command, scheduler

        var description: String {
            switch self {
            case .signal: "a signal"
            case .subject: "a subject"
            case .connection: "a connection"
            case .terminal: "a channel terminal"
            case .groups: "a signal of groups"
            case .signals: "a signal of signals"
            case .command: "a command"
            case .scheduler: "a scheduler"
            }
        }
    }

    struct Failure: Error {
        let column: Int
        let message: String
    }

    let file: String
    var names: [String: Kind] = [:]
    /// Where each declared name is used, as the parser reads the uses.
    let references = ReferenceLog()
    /// The uses of a name where a cold signal's `{}` is filled by a value (`flattenMap NAME`, `map
    /// NAME`, a command's signal), or does not matter (`attempts ... of NAME`, `expect`): every other
    /// use of a cold signal with `{}` sends it as written, and is warned of.
    let filling = ReferenceLog()
    /// The command signals named where a signal is expected, declared as the parser meets them.
    let implicitSignals = ImplicitCommandSignals()
    /// The line being parsed.
    var line = 0
    var seen: Set<String> = []
    /// The earliest time of the `subscribe "LABEL" to` statements so far, by label (0 without `at`).
    var subscribedLabels: [String: Double] = [:]
    /// The cold signals declared so far, with the attempts given for each and the line that gave them.
    var colds: [String: [(range: ClosedRange<Int>, line: Int)]] = [:]
    /// The earliest time of the `connect` statements so far, by connection (0 without `at`).
    var connected: [String: Double] = [:]
    /// The owners declared so far (`owner NAME`): what `owned by` may name.
    var owners: Set<String> = []

    init(file: String) { self.file = file }


    static let statements = "title, about, experiment, frame, cold, attempts, subject, behavior, replay, owner, channel, command, scheduler, let, subscribe, connect, send, complete, fail, dispose, execute, expect or at"

    mutating func statement(
        _ cursor: inout Cursor, into scenario: inout ScenarioFile, about: inout [String], line: Int
    ) throws(Failure) {
        self.line = line
        let start = cursor.column
        let before = scenario.statements.count
        func append(_ statement: ScenarioFile.Statement) { scenario.statements.append(.init(value: statement, line: line)) }
        // The command signals this line names where a signal is expected are declared before it.
        defer {
            let declarations = implicitSignals.takePending().map { declaration in
                ScenarioFile.AtLine(value: ScenarioFile.Statement.pipeline(
                    declaration.name, .init(.command(declaration.command, declaration.signal), column: declaration.column), []), line: line)
            }
            scenario.statements.insert(contentsOf: declarations, at: min(before, scenario.statements.count))
        }
        let keyword = try cursor.word("a statement (\(Self.statements))")
        switch keyword {
        case "title":
            try once("title", at: start)
            scenario.title = try cursor.string("the title")
        case "about": about.append(try cursor.string("a sentence of explanation"))
        case "experiment":
            try once("experiment", at: start)
            let number = try cursor.number("the experiment's number")
            guard number == number.rounded(), number >= 0, number < 1000 else {
                throw Failure(column: start, message: "the experiment is a whole number")
            }
            scenario.experiment = Int(number)
        case "frame":
            try once("frame", at: start)
            let column = cursor.column
            let frame = try cursor.time("the seconds per marble frame")
            guard frame > 0, frame <= 3600 else { throw Failure(column: column, message: "a frame is more than 0 and at most 3600 seconds") }
            scenario.frame = frame
            scenario.hasFrameLine = true
        case "cold": append(try cold(&cursor, frame: scenario.frame))
        case "attempt", "attempts": append(try attempts(&cursor, frame: scenario.frame))
        case "subject":
            let name = try declare(&cursor, as: .subject)
            append(.subject(name))
        case "behavior":
            let name = try declare(&cursor, as: .subject)
            append(.behavior(name, try cursor.string("the initial value")))
        case "replay":
            let name = try declare(&cursor, as: .subject)
            var capacity: Int?
            if cursor.accept("capacity") {
                let column = cursor.column
                let value = try cursor.number("the capacity")
                guard value == value.rounded(), value >= 0, value <= 1_000_000 else {
                    throw Failure(column: column, message: "a capacity is a whole number from 0 to 1000000")
                }
                capacity = Int(value)
            }
            append(.replay(name, capacity: capacity))
        case "owner":
            let name = try declare(&cursor, as: .subject)
            owners.insert(name)
            append(.owner(name, until: cursor.accept("until") ? try cursor.time("the time the owner goes") : nil))
        case "channel":
            let leading = try declare(&cursor, as: .terminal)
            let following = try declare(&cursor, as: .terminal)
            append(.channel(leading, following))
        case "command": append(try command(&cursor))
        case "scheduler": append(.scheduler(try declare(&cursor, as: .scheduler)))
        case "let": append(try pipeline(&cursor))
        case "at":
            let time = try cursor.time("a time in seconds after 'at'")
            append(.action(try action(&cursor, at: time), at: time))
        case "subscribe", "connect", "send", "complete", "fail", "dispose", "execute":
            cursor.index -= 1
            append(.action(try action(&cursor, at: nil), at: nil))
        case "expect": scenario.expectations.append(try expectation(&cursor, line: line))
        default:
            throw Failure(column: start, message: "unknown statement '\(Self.shortened(keyword))'; expected \(Self.statements)")
        }
        try cursor.end()
    }

    mutating func once(_ keyword: String, at column: Int) throws(Failure) {
        guard seen.insert(keyword).inserted else { throw Failure(column: column, message: "'\(keyword)' may appear only once") }
    }

    /// Reads a new name and declares it.
    mutating func declare(_ cursor: inout Cursor, as kind: Kind) throws(Failure) -> String {
        let column = cursor.column
        let name = try cursor.word("a name")
        guard names[name] == nil else { throw Failure(column: column, message: "'\(Self.shortened(name))' is already declared") }
        names[name] = kind
        return name
    }

    /// Reads a declared name, of one of the given kinds.
    func reference(_ cursor: inout Cursor, _ kinds: [Kind], what: String) throws(Failure) -> String {
        let column = cursor.column
        let name = try cursor.word(what)
        guard let kind = names[name] else {
            throw Failure(column: column, message: "'\(Self.shortened(name))' is not declared" + Self.suggestions(for: name, among: names.keys))
        }
        // A command's signal where a signal is expected: `login.errors`, declared on first use. (A
        // pipeline's source, which may be a command, reads its signal itself.)
        if kind == .command, kinds.contains(.signal), !(kinds.contains(.command) && kinds.contains(.signals)),
           cursor.current?.kind == .symbol(".") {
            let signal = try commandSignal(&cursor, of: name)
            guard signal != .executionSignals || kinds.contains(.signals) else {
                throw Failure(column: column, message: "'\(Self.shortened(name)).executionSignals' is a signal of signals, "
                    + "but \(what) is needed here; its values are the executions: flatten or switchToLatest it in a pipeline")
            }
            references.note(name, line: line, column: column)
            return implicitSignals.use(name, signal, column: column)
        }
        guard kinds.contains(kind) else {
            // A command is used through its signals.
            let hint = kind == .command && kinds.contains(.signal)
                ? "; use one of its signals: \(Self.shortened(name)).executing, .executionSignals, .enabled or .errors"
                : ""
            throw Failure(column: column, message: "'\(Self.shortened(name))' is \(kind.description), but \(what) is needed here" + hint)
        }
        references.note(name, line: line, column: column)
        return name
    }
}
