import Reactive
import Tracer

extension ScenarioFile {
    /// Parses a scenario file and checks every name in it.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - file: The path to name in errors.
    /// - Throws: ``ScenarioFileError`` for the first problem, with its line,
    ///   column, the line's text and what was expected there.
    public init(parsing text: String, file: String) throws(ScenarioFileError) {
        source = text
        path = file
        title = nil
        about = ""
        experiment = 0
        frame = 1
        expectations = []
        var parser = ScenarioParser(file: file)
        var lineNumber = 0
        var abouts: [String] = []
        for line in ScenarioLexer.lines(of: text) {
            lineNumber += 1
            do throws(ScenarioParser.Failure) {
                let tokens: [Token]
                do {
                    tokens = try ScenarioLexer.tokens(of: line)
                } catch {
                    throw ScenarioParser.Failure(column: error.column, message: error.message)
                }
                if !tokens.isEmpty {
                    var cursor = ScenarioParser.Cursor(tokens: tokens, endColumn: line.count + 1)
                    try parser.statement(&cursor, into: &self, about: &abouts, line: lineNumber)
                }
            } catch {
                // A line over the limit is kept only up to the limit: it may be 60 MB.
                throw ScenarioFileError(
                    file: file, line: lineNumber, column: error.column, message: error.message,
                    text: String(ScenarioLexer.limited(line).prefix(ScenarioLexer.maximumLineLength + 1)))
            }
        }
        about = abouts.joined(separator: " ")
        references = parser.references.all
        try checkNesting()
        try checkExpectationsAreUnambiguous()
    }
}

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
    private(set) var names: [String: Kind] = [:]
    /// Where each declared name is used, as the parser reads the uses.
    let references = ReferenceLog()
    /// The line being parsed.
    private var line = 0
    private var seen: Set<String> = []
    /// The earliest time of the `subscribe "LABEL" to` statements so far, by label (0 without `at`).
    private var subscribedLabels: [String: Double] = [:]
    /// The earliest time of the `connect` statements so far, by connection (0 without `at`).
    private var connected: [String: Double] = [:]

    init(file: String) { self.file = file }

    /// The tokens of one line, consumed left to right.
    struct Cursor {
        let tokens: [Token]
        let endColumn: Int
        var index = 0

        var isAtEnd: Bool { index >= tokens.count }
        var current: Token? { isAtEnd ? nil : tokens[index] }
        var column: Int { current?.column ?? endColumn }

        func fail(_ message: String) -> Failure {
            Failure(column: column, message: message + ", found " + (current.map { "'\(ScenarioParser.shortened($0.text))'" } ?? "the end of the line"))
        }

        mutating func word(_ what: String) throws(Failure) -> String {
            guard let word = current?.word else { throw fail("expected \(what)") }
            index += 1
            return word
        }

        mutating func keyword(_ keyword: String) throws(Failure) {
            guard current?.word == keyword else { throw fail("expected '\(keyword)'") }
            index += 1
        }

        mutating func accept(_ keyword: String) -> Bool {
            guard current?.word == keyword else { return false }
            index += 1
            return true
        }

        mutating func accept(symbol: Character) -> Bool {
            guard current?.kind == .symbol(symbol) else { return false }
            index += 1
            return true
        }

        mutating func symbol(_ symbol: Character) throws(Failure) {
            guard accept(symbol: symbol) else { throw fail("expected '\(symbol)'") }
        }

        mutating func string(_ what: String) throws(Failure) -> String {
            guard case .string(let value)? = current?.kind else { throw fail("expected \(what) in double quotes") }
            index += 1
            return value
        }

        mutating func number(_ what: String) throws(Failure) -> Double {
            guard case .number(let value)? = current?.kind else { throw fail("expected \(what)") }
            index += 1
            return value
        }

        /// A time in seconds, at most 1,000,000: every time of a file (`at`, `until`, a cold
        /// signal's offsets) is read here, so that none can overflow the scheduler's nanoseconds.
        /// - Parameter errorColumn: Where a time past the limit is reported; the number's column by default.
        mutating func time(_ what: String, errorColumn: Int? = nil) throws(Failure) -> Double {
            let column = errorColumn ?? self.column
            let value = try number(what)
            guard value <= 1_000_000 else { throw Failure(column: column, message: "a time is at most 1000000 seconds") }
            return value
        }

        mutating func end() throws(Failure) {
            guard isAtEnd else { throw fail("expected the end of the line") }
        }
    }

    // MARK: Statements

    static let statements = "title, about, experiment, frame, cold, subject, behavior, replay, channel, command, scheduler, let, subscribe, connect, send, complete, fail, dispose, execute, expect or at"

    mutating func statement(
        _ cursor: inout Cursor, into scenario: inout ScenarioFile, about: inout [String], line: Int
    ) throws(Failure) {
        self.line = line
        let start = cursor.column
        func append(_ statement: ScenarioFile.Statement) { scenario.statements.append(.init(value: statement, line: line)) }
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
            let frame = try cursor.number("the seconds per marble frame")
            guard frame > 0, frame <= 3600 else { throw Failure(column: column, message: "a frame is more than 0 and at most 3600 seconds") }
            scenario.frame = frame
            scenario.hasFrameLine = true
        case "cold": append(try cold(&cursor, frame: scenario.frame))
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

    private mutating func once(_ keyword: String, at column: Int) throws(Failure) {
        guard seen.insert(keyword).inserted else { throw Failure(column: column, message: "'\(keyword)' may appear only once") }
    }

    /// Reads a new name and declares it.
    private mutating func declare(_ cursor: inout Cursor, as kind: Kind) throws(Failure) -> String {
        let column = cursor.column
        let name = try cursor.word("a name")
        guard names[name] == nil else { throw Failure(column: column, message: "'\(Self.shortened(name))' is already declared") }
        names[name] = kind
        return name
    }

    /// Reads a declared name, of one of the given kinds.
    private func reference(_ cursor: inout Cursor, _ kinds: [Kind], what: String) throws(Failure) -> String {
        let column = cursor.column
        let name = try cursor.word(what)
        guard let kind = names[name] else {
            throw Failure(column: column, message: "'\(Self.shortened(name))' is not declared" + Self.suggestions(for: name, among: names.keys))
        }
        guard kinds.contains(kind) else {
            // A command is used through its signals, which a pipeline starts from (where a signal is needed).
            let hint = kind == .command && kinds.contains(.signal)
                ? "; a pipeline starts from its signals: let NAME = \(Self.shortened(name)).executing (or .executionSignals, .enabled, .errors)"
                : ""
            throw Failure(column: column, message: "'\(Self.shortened(name))' is \(kind.description), but \(what) is needed here" + hint)
        }
        references.note(name, line: line, column: column)
        return name
    }

    /// How many declared names an "is not declared" message lists at most.
    static let listedNames = 5

    /// The names declared so far, for an "is not declared" message: all of them when there are at
    /// most ``listedNames``, and otherwise the ``listedNames`` closest to `name` by edit distance
    /// (ties in alphabetical order) and how many there are, so the message stays short however
    /// many names the file declares. One pass over the names, keeping the best few.
    static func suggestions(for name: String, among names: Dictionary<String, Kind>.Keys) -> String {
        guard !names.isEmpty else { return "" }
        guard names.count > listedNames else {
            return "; the names so far are " + names.sorted().map(shortened).joined(separator: ", ")
        }
        let target = Array(name.utf8)
        var best: [(distance: Int, name: String)] = []
        var row: [Int] = []
        for candidate in names {
            let bound = best.count < listedNames ? Int.max : best[best.count - 1].distance
            let distance = editDistance(target, candidate, row: &row, bound: bound)
            guard distance <= bound else { continue }
            let entry = (distance, candidate)
            let position = best.firstIndex { $0.distance > entry.0 || ($0.distance == entry.0 && $0.name > entry.1) } ?? best.count
            guard position < listedNames else { continue }
            best.insert(entry, at: position)
            if best.count > listedNames { best.removeLast() }
        }
        return "; the closest of the \(names.count) names so far are " + best.map { shortened($0.name) }.joined(separator: ", ")
    }

    /// The Levenshtein distance between `target` and `candidate`'s UTF-8 bytes, or more than
    /// `bound` as soon as it is sure to be more (`row` is reused between calls). Written with
    /// buffers and plain loops: it runs once per declared name, 200,000 times for a file that big.
    static func editDistance(_ target: [UInt8], _ candidate: String, row: inout [Int], bound: Int) -> Int {
        var candidate = candidate
        return candidate.withUTF8 { other in
            if abs(other.count - target.count) > bound { return bound == .max ? bound : bound + 1 }
            if row.count < other.count + 1 { row = Array(repeating: 0, count: other.count + 1) }
            return target.withUnsafeBufferPointer { target in
                row.withUnsafeMutableBufferPointer { row in
                    var j = 0
                    while j <= other.count { row[j] = j; j += 1 }
                    var i = 0
                    while i < target.count {
                        var diagonal = row[0]
                        row[0] = i + 1
                        var smallest = i + 1
                        let a = target[i]
                        j = 0
                        while j < other.count {
                            let above = row[j + 1]
                            var value = diagonal + (a == other[j] ? 0 : 1)
                            if above + 1 < value { value = above + 1 }
                            if row[j] + 1 < value { value = row[j] + 1 }
                            row[j + 1] = value
                            if value < smallest { smallest = value }
                            diagonal = above
                            j += 1
                        }
                        if smallest > bound { return smallest }
                        i += 1
                    }
                    return row[other.count]
                }
            }
        }
    }

    /// A name or token as quoted in a message: at most 60 characters and 240 bytes, then `…`, so
    /// that a line of 10,000 characters makes a message of a line.
    static func shortened(_ name: String) -> String {
        name.cut(toCharacters: 60)
    }

    // MARK: Sources

    private mutating func cold(_ cursor: inout Cursor, frame: Double) throws(Failure) -> ScenarioFile.Statement {
        let name = try declare(&cursor, as: .signal)
        if case .string(let marble)? = cursor.current?.kind {
            let column = cursor.column
            cursor.index += 1
            let values = try valueTable(&cursor)
            return .cold(name, Self.sourceEvents(of: try Self.marble(marble, column: column, values: values), frame: frame))
        }
        try cursor.symbol(":")
        var timed: [(offset: Double, events: [ScenarioFile.SourceEvent])] = []
        var terminated = false
        repeat {
            let column = cursor.column
            try cursor.symbol("+")
            let offset = try cursor.time("seconds after the subscription", errorColumn: column)
            if let last = timed.last?.offset, offset < last {
                throw Failure(column: column, message: "times must not go backwards: +\(SecondsFormat().format(offset)) comes after +\(SecondsFormat().format(last))")
            }
            guard !terminated else { throw Failure(column: column, message: "nothing can follow completed or error") }
            let kindColumn = cursor.column
            let event: ScenarioFile.SourceEvent
            switch try cursor.word("next, completed or error") {
            case "next": event = .next(try cursor.string("the value"))
            case "completed": event = .completed; terminated = true
            case "error": event = .error(try cursor.string("the error's message")); terminated = true
            case let other: throw Failure(column: kindColumn, message: "expected next, completed or error, found '\(Self.shortened(other))'")
            }
            if timed.last?.offset == offset {
                timed[timed.count - 1].events.append(event)
            } else {
                timed.append((offset, [event]))
            }
        } while cursor.accept(symbol: ",")
        return .cold(name, timed)
    }

    /// `values a = "x", b = "y"`, or nothing.
    private func valueTable(_ cursor: inout Cursor) throws(Failure) -> [Character: String] {
        guard cursor.accept("values") else { return [:] }
        var values: [Character: String] = [:]
        repeat {
            let column = cursor.column
            let key = try cursor.word("a value's character")
            guard key.count == 1, let character = key.first else {
                throw Failure(column: column, message: "a value is named by one character, not '\(Self.shortened(key))'")
            }
            guard values[character] == nil else { throw Failure(column: column, message: "'\(Self.shortened(key))' is given twice") }
            try cursor.symbol("=")
            values[character] = try cursor.string("the value")
        } while cursor.accept(symbol: ",")
        return values
    }

    /// The marble in the string token at `column`, parsed; a mistake in it is reported at its column in the line.
    static func marble(_ text: String, column: Int, values: [Character: String]) throws(Failure) -> Marble {
        do {
            return try Marble(parsing: text, values: values)
        } catch {
            // The marble's first character follows the opening quote.
            throw Failure(column: column + 1 + error.offset, message: error.message)
        }
    }

    /// A cold source's events, from its marble: by offset at `frame` seconds per frame; `#` sends the
    /// error message the values table gives `#`, or "error".
    static func sourceEvents(of marble: Marble, frame: Double) -> [(offset: Double, events: [ScenarioFile.SourceEvent])] {
        var result: [(offset: Double, events: [ScenarioFile.SourceEvent])] = []
        for timed in marble.timeline(frame: frame) {
            let event: ScenarioFile.SourceEvent
            switch timed.event {
            case .next(let value): event = .next(value)
            case .completed: event = .completed
            case .error: event = .error(marble.values["#"] ?? "error")
            }
            if result.last?.offset == timed.time {
                result[result.count - 1].events.append(event)
            } else {
                result.append((timed.time, [event]))
            }
        }
        return result
    }

    // MARK: Commands

    /// `command NAME: SIGNAL [concurrent] [enabled NAME]`, the options in either order, each at most once.
    private mutating func command(_ cursor: inout Cursor) throws(Failure) -> ScenarioFile.Statement {
        let nameColumn = cursor.column
        let name = try cursor.word("the command's name")
        guard names[name] == nil else { throw Failure(column: nameColumn, message: "'\(Self.shortened(name))' is already declared") }
        try cursor.symbol(":")
        let signals: [Kind] = [.signal, .subject, .connection, .terminal]
        let signal = try reference(&cursor, signals, what: "the signal each execution subscribes to")
        var concurrent = false
        var enabled: String?
        while !cursor.isAtEnd {
            let column = cursor.column
            switch try cursor.word("concurrent, enabled or the end of the line") {
            case "concurrent" where !concurrent: concurrent = true
            case "enabled" where enabled == nil:
                enabled = try reference(&cursor, signals, what: "a signal of \"true\" and \"false\"")
            case "concurrent", "enabled":
                throw Failure(column: column, message: "'\(cursor.tokens[cursor.index - 1].text)' may appear only once")
            case let other:
                throw Failure(column: column, message: "expected concurrent, enabled or the end of the line, found '\(Self.shortened(other))'")
            }
        }
        names[name] = .command
        return .command(name, signal: signal, concurrent: concurrent, enabled: enabled)
    }

    /// `.executing` and the like after a command's name in a pipeline's source.
    private func commandSignal(_ cursor: inout Cursor, of command: String) throws(Failure) -> ScenarioFile.CommandSignal {
        let all = ScenarioFile.CommandSignal.allCases.map(\.rawValue)
        let listed = all.dropLast().map { "\(Self.shortened(command)).\($0)" }.joined(separator: ", ") + " or \(Self.shortened(command)).\(all.last!)"
        guard cursor.accept(symbol: ".") else {
            throw cursor.fail("'\(Self.shortened(command))' is a command: a pipeline starts from one of its signals, \(listed)")
        }
        let column = cursor.column
        let word = try cursor.word("one of the command's signals, \(listed)")
        guard let signal = ScenarioFile.CommandSignal(rawValue: word) else {
            throw Failure(column: column, message: "a command has no signal '\(Self.shortened(word))'; its signals are \(listed)")
        }
        return signal
    }

    // MARK: Pipelines

    private mutating func pipeline(_ cursor: inout Cursor) throws(Failure) -> ScenarioFile.Statement {
        let nameColumn = cursor.column
        let name = try cursor.word("the new signal's name")
        guard names[name] == nil else { throw Failure(column: nameColumn, message: "'\(Self.shortened(name))' is already declared") }
        try cursor.symbol("=")
        let signals: [Kind] = [.signal, .subject, .connection, .terminal]
        var kind = Kind.signal
        let sourceColumn = cursor.column
        let source: ScenarioFile.Source
        switch cursor.current?.kind {
        case .word("merge")?:
            cursor.index += 1
            source = .merge(try list(&cursor, signals))
        case .word("concat")?:
            cursor.index += 1
            source = .concat(try list(&cursor, signals))
        case .word("return")?:
            cursor.index += 1
            source = .return(try cursor.string("the value"))
        case .word("empty")?:
            cursor.index += 1
            source = .empty
        case .word("never")?:
            cursor.index += 1
            source = .never
        case .word("error")?:
            cursor.index += 1
            source = .error(try cursor.string("the error's message"))
        case .word("combineLatest")?:
            cursor.index += 1
            source = .combineLatest(try list(&cursor, signals))
        case .word("zip")?:
            cursor.index += 1
            source = .zip(try list(&cursor, signals))
        case .word("interval")?:
            cursor.index += 1
            let column = cursor.column
            let seconds = try cursor.time("the seconds between values")
            guard seconds > 0 else { throw Failure(column: column, message: "an interval is more than 0 seconds") }
            source = .interval(seconds)
        case .word("defer")?:
            cursor.index += 1
            if cursor.accept("return") {
                source = .deferReturn(try cursor.string("a template such as \"made at {now}\""))
            } else {
                source = .defer(try reference(&cursor, signals, what: "a signal or return"))
            }
        default:
            let reference = try reference(
                &cursor, signals + [.signals, .command],
                what: "a signal, merge, concat, combineLatest, zip, return, empty, never, error, defer or interval")
            if names[reference] == .command {
                let signal = try commandSignal(&cursor, of: reference)
                kind = signal == .executionSignals ? .signals : .signal
                source = .command(reference, signal)
            } else {
                if cursor.current?.kind == .symbol(".") {
                    throw Failure(column: cursor.column, message: "'\(Self.shortened(reference))' is \(names[reference]!.description), "
                        + "not a command: only a command has signals after a '.'")
                }
                kind = names[reference] == .connection || names[reference] == .signals ? names[reference]! : .signal
                source = .name(reference)
            }
        }
        var shape: OperatorForm.Shape = switch kind {
        case .connection: .connection
        case .signals: .signals
        default: .signal
        }
        var operators: [ScenarioFile.AtColumn<ScenarioFile.Operator>] = []
        while cursor.current?.kind == .symbol("|") {
            // An error found after parsing points at the '|'; one found now, at the operator.
            let barColumn = cursor.column
            cursor.index += 1
            let op = try self.operator(&cursor, after: &shape)
            operators.append(.init(op, column: barColumn))
        }
        kind = switch shape {
        case .signal: .signal
        case .connection: .connection
        case .signals: .signals
        case .groups: .groups
        }
        names[name] = kind
        return .pipeline(name, .init(source, column: sourceColumn), operators)
    }

    /// The operators a pipeline may use, in the order the documentation lists them.
    static let operators = ScenarioFile.operators

    /// One operator of a pipeline, after its `|`: its word, then the words of the first of its
    /// forms (``OperatorDefinition/forms``) that takes the pipeline so far, `shape`, and can start
    /// at the next word. `shape` becomes what the pipeline is after it.
    private func `operator`(_ cursor: inout Cursor, after shape: inout OperatorForm.Shape) throws(Failure) -> ScenarioFile.Operator {
        let column = cursor.column
        let word = try cursor.word("an operator")
        guard shape != .groups else {
            throw Failure(column: column, message: "after groupBy, subscribe with 'each'; no operator can follow it")
        }
        guard let index = OperatorDefinition.indexByKeyword[word] else {
            if OperatorDefinition.refused.contains(where: { $0.words.contains(word) }) {
                // RAC's -first, -firstOrDefault: and -toArray return a value, waiting for it: no signal to go on with.
                throw Failure(column: column, message: "'\(word)' waits for a value and returns it, not a signal, so it "
                    + "ends no pipeline; the first value as a signal is 'take 1'" + (word == "toArray" ? ", all of them 'collect'" : ""))
            }
            throw Failure(column: column, message: "'\(Self.shortened(word))' is not an operator" + Self.closestOperators(to: word))
        }
        let definition = OperatorDefinition.table[index]
        let taking = definition.forms.indices.filter { definition.forms[$0].input.accepts(shape) }
        guard !taking.isEmpty else {
            throw Failure(column: column, message: Self.misplaced(word, definition, after: shape))
        }
        // One form: its words say what is wrong. Several: the first that can start here.
        let chosen = taking.count == 1 ? taking[0] : taking.first { Self.canStart(definition.forms[$0].pieces.first, at: cursor) }
        guard let chosen else {
            let expected = taking.map { definition.forms[$0].pieces.first.map(Self.expected) ?? "the end of the operator" }
            throw cursor.fail("expected " + Self.listed(expected, joinedBy: "or"))
        }
        let form = definition.forms[chosen]
        var arguments: [OperatorArgument] = []
        for piece in form.pieces {
            if let argument = try self.argument(piece, of: word, after: arguments, &cursor) { arguments.append(argument) }
        }
        shape = form.output.shape(after: shape)
        return ScenarioFile.Operator(definition: index, form: chosen, arguments: arguments)
    }

    /// Why an operator none of whose forms takes a pipeline of `shape` cannot be there, and what to put before it.
    private static func misplaced(_ word: String, _ definition: OperatorDefinition, after shape: OperatorForm.Shape) -> String {
        let forms = OperatorDefinition.table.flatMap { row in row.forms.map { (row.keyword, $0) } }
        switch shape {
        case .signals:
            let flattening = forms.filter { $0.1.input == .signals }.flatMap { keyword, form in
                form.writings.map { $0.isEmpty ? keyword : keyword + " " + $0 }
            }
            return "a signal of signals is flattened first: put \(listed(flattening, joinedBy: "or")) here"
        case .signal, .connection, .groups:
            let needed = definition.forms.map(\.input)
            if needed.contains(.connection) {
                let connecting = forms.filter { $0.1.output == .connection }.map(\.0)
                return "\(word) needs a connection: put \(listed(connecting, joinedBy: "or")) before it"
            }
            let making = forms.filter { $0.1.output == .signals }.map { "'\($0.0) \($0.1.syntax)'" }
            return "\(word) needs a signal of signals: put \(listed(making, joinedBy: "or")) before it"
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func listed(_ items: [String], joinedBy conjunction: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }

    /// Whether a form whose first piece is `piece` can start at the cursor's token.
    private static func canStart(_ piece: OperatorPiece?, at cursor: Cursor) -> Bool {
        guard let piece else { return atOperatorEnd(cursor) }
        switch (piece, cursor.current?.kind) {
        case (.optional, _): return true
        case (.word(let word), _): return cursor.current?.word == word
        case (.signal, .word?), (.subject, .word?), (.target, .word?), (.scheduler, .word?): return true
        case (.count, .number?), (.seconds, .number?): return true
        case (.text, .string?), (.values, .string?), (.keys, .string?): return true
        default: return false
        }
    }

    /// What a piece is, in an "expected" message.
    private static func expected(_ piece: OperatorPiece) -> String {
        switch piece {
        case .word(let word): "'\(word)'"
        case .signal(let what), .count(let what), .seconds(let what): what
        case .subject, .target: "a subject"
        case .scheduler: "a scheduler's name"
        case .text(let what, _), .values(let what):
            what.contains(" such as ") ? what.replacing(" such as ", with: " in double quotes such as ", maxReplacements: 1) : what + " in double quotes"
        case .keys: "a value in double quotes"
        case .optional(let piece): expected(piece.piece)
        }
    }

    /// What `piece` reads at the cursor, for the operator `word` after its `earlier` arguments; nil
    /// for a word written as is. A text's `what` may name the subject read before it, as `SUBJECT`.
    private func argument(
        _ piece: OperatorPiece, of word: String, after earlier: [OperatorArgument], _ cursor: inout Cursor
    ) throws(Failure) -> OperatorArgument? {
        let signals: [Kind] = [.signal, .subject, .connection, .terminal]
        switch piece {
        case .word(let written):
            try cursor.keyword(written)
            return nil
        case .signal(let what): return .name(try reference(&cursor, signals, what: what))
        case .subject: return .name(try reference(&cursor, [.subject], what: "a subject"))
        case .target: return .name(try reference(&cursor, [.subject, .terminal], what: "a subject"))
        case .scheduler: return .name(try scheduler(&cursor))
        case .count(let what): return .count(try count(&cursor, of: word, what: what))
        case .seconds(let what): return .seconds(try cursor.time(what))
        case .text(let what, _):
            guard case .name(let subject)? = earlier.first, what.contains("SUBJECT") else { return .text(try cursor.string(what)) }
            return .text(try cursor.string(what.replacing("SUBJECT", with: "'\(Self.shortened(subject))'")))
        case .values(let what): return .values(try values(&cursor, what: what))
        case .keys:
            var keys: [String: String] = [:]
            repeat {
                let valueColumn = cursor.column
                let value = try cursor.string("a value")
                guard keys[value] == nil else { throw Failure(column: valueColumn, message: "\"\(Self.shortened(value))\" is given twice") }
                try cursor.symbol("=")
                keys[value] = try cursor.string("its group's key")
            } while cursor.accept(symbol: ",")
            return .keys(keys)
        case .optional(let inner):
            if Self.atOperatorEnd(cursor) { return .absent }
            return try argument(inner.piece, of: word, after: earlier, &cursor)
        }
    }

    /// Whether the operator's words end here, at the end of the line or at the next `|`: for
    /// the operators whose arguments may be left out (`any`, `doNext SUBJECT`, `doError SUBJECT`).
    static func atOperatorEnd(_ cursor: Cursor) -> Bool {
        cursor.isAtEnd || cursor.current?.kind == .symbol("|")
    }

    /// How many operators an "is not an operator" message suggests.
    static let suggestedOperators = 3

    /// The ``suggestedOperators`` operators closest to `word` by edit distance (ties in the order of
    /// ``operators``), for an "is not an operator" message.
    static func closestOperators(to word: String) -> String {
        let target = Array(word.utf8)
        var row: [Int] = []
        let ranked = operators.enumerated()
            .map { (distance: editDistance(target, $0.element, row: &row, bound: .max), index: $0.offset) }
            .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
            .prefix(suggestedOperators)
        return "; the closest operators are " + ranked.map { operators[$0.index] }.joined(separator: ", ")
    }

    /// A declared scheduler's name, for `deliverOn` and `subscribeOn`. An undeclared name is refused with
    /// the closest schedulers' names, or, when there are none, with how to declare one.
    private func scheduler(_ cursor: inout Cursor) throws(Failure) -> String {
        let column = cursor.column
        let name = try cursor.word("a scheduler's name")
        switch names[name] {
        case .scheduler?: return name
        case let kind?:
            throw Failure(column: column, message: "'\(Self.shortened(name))' is \(kind.description), but a scheduler is needed here")
        case nil:
            let schedulers = names.filter { $0.value == .scheduler }
            guard !schedulers.isEmpty else {
                throw Failure(column: column, message: "'\(Self.shortened(name))' is not declared; "
                    + "declare it before this line with 'scheduler \(Self.shortened(name))'")
            }
            throw Failure(column: column, message: "'\(Self.shortened(name))' is not a declared scheduler"
                + Self.suggestions(for: name, among: schedulers.keys).replacing("names", with: "schedulers", maxReplacements: 1))
        }
    }

    /// `"a", "b", ...`: one or more values in double quotes, separated by commas.
    private func values(_ cursor: inout Cursor, what: String) throws(Failure) -> [String] {
        var values = [try cursor.string(what)]
        while cursor.accept(symbol: ",") { values.append(try cursor.string(what)) }
        return values
    }

    /// A count of values, a whole number from 0 to 1,000,000, for the operator `name`.
    private func count(_ cursor: inout Cursor, of name: String, what: String) throws(Failure) -> Int {
        let column = cursor.column
        let count = try cursor.number(what)
        guard count == count.rounded(), count >= 0, count <= 1_000_000 else {
            throw Failure(column: column, message: "\(name) needs a whole number from 0 to 1000000")
        }
        return Int(count)
    }

    private func list(_ cursor: inout Cursor, _ kinds: [Kind]) throws(Failure) -> [String] {
        var names = [try reference(&cursor, kinds, what: "a signal")]
        while cursor.accept(symbol: ",") { names.append(try reference(&cursor, kinds, what: "a signal")) }
        return names
    }

    // MARK: Actions

    /// - Parameter time: The statement's `at` time, if it has one.
    private mutating func action(_ cursor: inout Cursor, at time: Double?) throws(Failure) -> ScenarioFile.Action {
        let column = cursor.column
        let signals: [Kind] = [.signal, .subject, .connection, .terminal]
        let subjects: [Kind] = [.subject, .terminal]
        switch try cursor.word("subscribe, connect, send, complete, fail, dispose or execute") {
        case "subscribe":
            if case .string(let label)? = cursor.current?.kind {
                cursor.index += 1
                try cursor.keyword("to")
                let targetColumn = cursor.column
                let target = try reference(&cursor, signals + [.groups], what: "a signal")
                if names[target] == .groups {
                    guard cursor.accept("each") else {
                        throw Failure(column: targetColumn, message: "'\(Self.shortened(target))' sends groups: write 'each' after it to subscribe to every group too")
                    }
                    noteSubscription(label, at: time)
                return .subscribeEach(label, to: target)
                }
                var until: Double?
                if cursor.accept("until") {
                    let column = cursor.column
                    let end = try cursor.time("the time of the disposal")
                    // `until` is a time since the start, like `at`: one before the subscription is a mistake.
                    if let time, end < time {
                        let format = SecondsFormat()
                        throw Failure(column: column, message: "the disposal at \(format.format(end)) s would come before the "
                            + "subscription at \(format.format(time)) s: 'until' is a time since the start, not a duration")
                    }
                    until = end
                }
                noteSubscription(label, at: time)
                return .subscribeLabel(label, to: target, until: until)
            }
            let subject = try reference(&cursor, subjects, what: "a subscriber's label in double quotes, or a subject")
            try cursor.keyword("to")
            return .subscribeSubject(subject, to: try reference(&cursor, signals, what: "a signal"))
        case "connect":
            let connection = try reference(&cursor, [.connection], what: "a connection")
            connected[connection] = min(connected[connection] ?? .infinity, time ?? 0)
            return .connect(connection)
        case "dispose": return try disposal(&cursor, at: time)
        case "send":
            let subject = try reference(&cursor, subjects, what: "a subject")
            return .send(subject, try cursor.string("the value"))
        case "complete": return .complete(try reference(&cursor, subjects, what: "a subject"))
        case "fail":
            let subject = try reference(&cursor, subjects, what: "a subject")
            return .fail(subject, try cursor.string("the error's message"))
        case "execute":
            let command = try reference(&cursor, [.command], what: "a command")
            let input = try cursor.string("the input")
            guard cursor.accept("subscribe") else { return .execute(command, input, label: nil) }
            let label = try cursor.string("a subscriber's label")
            noteSubscription(label, at: time)
            return .execute(command, input, label: label)
        case let other:
            throw Failure(column: column, message: "expected subscribe, connect, send, complete, fail, dispose or execute, found '\(Self.shortened(other))'")
        }
    }

    private mutating func noteSubscription(_ label: String, at time: Double?) {
        subscribedLabels[label] = min(subscribedLabels[label] ?? .infinity, time ?? 0)
    }

    /// `dispose "LABEL"` or `dispose CONNECTION`: what an earlier `subscribe "LABEL" to` or
    /// `connect` statement made, at a time not before it.
    private func disposal(_ cursor: inout Cursor, at time: Double?) throws(Failure) -> ScenarioFile.Action {
        let column = cursor.column
        let when = time ?? 0
        let format = SecondsFormat()
        if case .string(let label)? = cursor.current?.kind {
            cursor.index += 1
            guard let subscribed = subscribedLabels[label] else {
                throw Failure(column: column, message: "no subscriber is labelled \"\(Self.shortened(label))\" before this line: "
                    + "dispose takes the label of an earlier 'subscribe \"LABEL\" to NAME', or a connection")
            }
            guard subscribed <= when else {
                throw Failure(column: column, message: "the disposal at \(format.format(when)) s would come before \"\(Self.shortened(label))\" "
                    + "subscribes, at \(format.format(subscribed)) s")
            }
            return .disposeLabel(label)
        }
        let connection = try reference(&cursor, [.connection], what: "a subscriber's label in double quotes, or a connection")
        guard let connectedAt = connected[connection] else {
            throw Failure(column: column, message: "'\(Self.shortened(connection))' is not connected before this line: "
                + "dispose a connection after a 'connect \(Self.shortened(connection))'")
        }
        guard connectedAt <= when else {
            throw Failure(column: column, message: "the disposal at \(format.format(when)) s would come before "
                + "'\(Self.shortened(connection))' connects, at \(format.format(connectedAt)) s")
        }
        return .disposeConnection(connection)
    }

    private func expectation(_ cursor: inout Cursor, line: Int) throws(Failure) -> ScenarioFile.Expectation {
        let label = try cursor.string("the subscriber's label")
        try cursor.keyword("to")
        // A command: the signals its `execute ... subscribe "LABEL"` statements returned.
        let signal = try reference(&cursor, [.signal, .subject, .connection, .terminal, .groups, .command], what: "a signal")
        let marbleColumn = cursor.column
        let marble = try cursor.string("the expected events in marble syntax, such as \"--a--b--|\"")
        let values = try valueTable(&cursor)
        let expected = try Self.marble(marble, column: marbleColumn, values: values)
        return ScenarioFile.Expectation(label: label, signal: signal, expected: expected, line: line)
    }
}
