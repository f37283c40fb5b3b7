import Reactive
import Tracer

/// The sources of a scenario file: cold signals, their marbles and values.
extension ScenarioParser {
    mutating func cold(_ cursor: inout Cursor, frame: Double) throws(Failure) -> ScenarioFile.Statement {
        let name = try declare(&cursor, as: .signal)
        colds[name] = []
        return .cold(name, try coldEvents(&cursor, frame: frame))
    }

    /// `attempt 3 of NAME: ...` or `attempts 1 to 2 of NAME "--#"`: what the subscriptions of a cold
    /// signal declared before, counted from 1, do instead of its events.
    mutating func attempts(_ cursor: inout Cursor, frame: Double) throws(Failure) -> ScenarioFile.Statement {
        func attempt() throws(Failure) -> Int {
            let column = cursor.column
            let number = try cursor.number("an attempt's number, from 1")
            guard number == number.rounded(), number >= 1, number <= 1_000_000 else {
                throw Failure(column: column, message: "an attempt is a whole number from 1 to 1000000")
            }
            return Int(number)
        }
        let firstColumn = cursor.column
        let first = try attempt()
        var last = first
        if cursor.accept("to") {
            let column = cursor.column
            last = try attempt()
            guard last >= first else {
                throw Failure(column: column, message: "attempts \(first) to \(last) go backwards: write the first attempt first")
            }
        }
        try cursor.keyword("of")
        let nameColumn = cursor.column
        let name = try reference(&cursor, [.signal, .subject, .connection, .terminal, .groups, .signals, .command], what: "a cold signal")
        filling.note(name, line: line, column: nameColumn)
        guard let given = colds[name] else {
            throw Failure(column: nameColumn, message: "'\(Self.shortened(name))' is not a cold signal: only a cold signal runs its "
                + "events again for each subscription, so only a cold signal declared before has attempts")
        }
        if let taken = given.first(where: { $0.range.overlaps(first...last) }) {
            throw Failure(column: firstColumn, message: "attempt \(max(first, taken.range.lowerBound)) of '\(Self.shortened(name))' "
                + "is already given on line \(taken.line)")
        }
        colds[name, default: []].append((first...last, line))
        return .attempts(name, ScenarioFile.Attempts(range: first...last, timeline: try coldEvents(&cursor, frame: frame)))
    }

    /// A cold signal's events: a marble string (and its values), or `: +1 next "a", ...`.
    mutating func coldEvents(_ cursor: inout Cursor, frame: Double) throws(Failure) -> ScenarioFile.Timeline {
        if case .string(let marble)? = cursor.current?.kind {
            let column = cursor.column
            cursor.index += 1
            let values = try valueTable(&cursor)
            return Self.sourceEvents(of: try Self.marble(marble, column: column, values: values), frame: frame)
        }
        try cursor.symbol(":")
        var timed: [(offset: Double, events: [ScenarioFile.SourceEvent])] = []
        var terminated = false
        repeat {
            let column = cursor.column
            try cursor.symbol("+")
            let offset = try cursor.time("seconds after the subscription", errorColumn: column)
            if let last = timed.last?.offset, offset < last {
                let format = SecondsFormat()
                throw Failure(column: column, message: "times must not go backwards: +\(format.format(offset)) comes after "
                    + "+\(format.format(last)); every + time counts from the subscription, not from the event before it, so "
                    + "\(SecondsFormat(unit: .seconds).format(offset)) after that event is +\(format.format(last + offset))")
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
        return timed
    }

    /// `values a = "x", b = "y"`, or nothing.
    func valueTable(_ cursor: inout Cursor) throws(Failure) -> [Character: String] {
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
}
