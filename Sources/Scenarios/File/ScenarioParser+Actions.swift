import Reactive
import Tracer

/// What happens at a time: subscribe, connect, send, complete, fail, dispose, execute, and the `expect` lines.
extension ScenarioParser {
    /// - Parameter time: The statement's `at` time, if it has one.
    mutating func action(_ cursor: inout Cursor, at time: Double?) throws(Failure) -> ScenarioFile.Action {
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
                    // `each "odd", "even"`: only the groups of these keys.
                    var keys: [String]?
                    if case .word(let word)? = cursor.current?.kind {
                        throw Failure(column: cursor.column, message: "a group's key is written in double quotes: each \"\(Self.shortened(word))\"")
                    }
                    if case .string? = cursor.current?.kind {
                        var listed = [try cursor.string("a group's key")]
                        while cursor.accept(symbol: ",") { listed.append(try cursor.string("a group's key")) }
                        keys = listed
                    }
                    return .subscribeEach(label, to: target, keys: keys)
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
                var owner: String?
                if cursor.accept("owned") {
                    try cursor.keyword("by")
                    let column = cursor.column
                    let name = try reference(&cursor, [.subject], what: "an owner")
                    guard owners.contains(name) else {
                        throw Failure(column: column, message: "'\(Self.shortened(name))' is not an owner; declare one with "
                            + "'owner NAME until TIME' (a screen that goes at that time)")
                    }
                    owner = name
                    if cursor.current?.word == "until" {
                        throw Failure(column: cursor.column, message: "write 'until' before 'owned by': subscribe \"LABEL\" to NAME until TIME owned by OWNER")
                    }
                }
                noteSubscription(label, at: time)
                return .subscribeLabel(label, to: target, until: until, owner: owner)
            }
            // `subscribe View to q`: a label written without its quotes.
            if case .word(let word)? = cursor.current?.kind, names[word] == nil,
               cursor.tokens.indices.contains(cursor.index + 1), cursor.tokens[cursor.index + 1].word == "to" {
                let target = cursor.tokens.indices.contains(cursor.index + 2) ? Self.shortened(cursor.tokens[cursor.index + 2].text) : "NAME"
                throw Failure(column: cursor.column, message: "'\(Self.shortened(word))' is not declared; a subscriber's label is "
                    + "written in double quotes: subscribe \"\(Self.shortened(word))\" to \(target)")
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

    mutating func noteSubscription(_ label: String, at time: Double?) {
        subscribedLabels[label] = min(subscribedLabels[label] ?? .infinity, time ?? 0)
    }

    /// `dispose "LABEL"` or `dispose CONNECTION`: what an earlier `subscribe "LABEL" to` or
    /// `connect` statement made, at a time not before it.
    func disposal(_ cursor: inout Cursor, at time: Double?) throws(Failure) -> ScenarioFile.Action {
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

    func expectation(_ cursor: inout Cursor, line: Int) throws(Failure) -> ScenarioFile.Expectation {
        let label = try cursor.string("the subscriber's label")
        try cursor.keyword("to")
        // A command: the signals its `execute ... subscribe "LABEL"` statements returned.
        let signalColumn = cursor.column
        let signal = try reference(&cursor, [.signal, .subject, .connection, .terminal, .groups, .command], what: "a signal")
        filling.note(signal, line: line, column: signalColumn)
        let marbleColumn = cursor.column
        let marble = try cursor.string("the expected events in marble syntax, such as \"--a--b--|\"")
        let values = try valueTable(&cursor)
        let expected = try Self.marble(marble, column: marbleColumn, values: values)
        return ScenarioFile.Expectation(label: label, signal: signal, expected: expected, line: line)
    }
}
