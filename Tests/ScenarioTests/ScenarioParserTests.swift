import Scenarios
import Testing
import Tracer

/// The deliveries to labelled subscribers, as "label: next(v)@t".
private func deliveries(_ trace: Trace) -> [String] {
    trace.events.compactMap { event in
        guard let id = event.kind.subscription, let label = trace.subscriptions[id].label else { return nil }
        let time = "@" + String(format: "%g", event.time)
        switch event.kind {
        case .next(_, let value, let replayed): return "\(label): next(\(value))\(time)\(replayed ? " replayed" : "")"
        case .error(_, let message, _): return "\(label): error(\(message))\(time)"
        case .completed: return "\(label): completed\(time)"
        case .dispose: return "\(label): disposed\(time)"
        default: return nil
        }
    }
}

@Suite("The scenario file format")
struct ScenarioParserTests {
    @Test("title, about, experiment and frame describe the scenario")
    func description() throws {
        let file = try parse("""
            # a comment
            title "Late \\"subscriber\\" \\u{1F600}"   # trailing comment
            about "First sentence."
            about "Second sentence."
            experiment 5
            frame 0.25
            """)
        #expect(file.title == "Late \"subscriber\" 😀")
        #expect(file.about == "First sentence. Second sentence.")
        #expect(file.experiment == 5)
        #expect(file.frame == 0.25)
        let scenario = file.scenario(named: "late")
        #expect(scenario.name == "late")
        #expect(scenario.title == "Late \"subscriber\" 😀")
        #expect(scenario.summary == "First sentence. Second sentence.")
    }

    @Test("the marbles' frame is the file's when it has a frame line or expect lines (read at it), and free otherwise", arguments: [
        ("frame 0.25\ncold c: +1 next \"a\"", 0.25),
        ("cold c: +1 next \"a\"\nsubscribe \"S\" to c\nexpect \"S\" to c \"-a\"", 1),
        ("cold c: +1 next \"a\"", nil),
    ] as [(String, Double?)])
    func marbleFrame(text: String, frame: Double?) throws {
        let file = try parse(text)
        #expect(file.marbleFrame == frame)
        #expect(file.hasFrameLine == text.hasPrefix("frame"))
    }

    @Test("a cold signal from a marble runs again for each subscriber, from its subscription")
    func marbleSource() throws {
        let trace = try parse("""
            frame 0.5
            cold ticks "-a(b|)" values a = "first"
            subscribe "early" to ticks
            at 1 subscribe "late" to ticks
            """).scenario(named: "ticks").trace()
        #expect(deliveries(trace) == [
            "early: next(first)@0.5", "early: next(b)@1", "early: completed@1", "early: disposed@1",
            "late: next(first)@1.5", "late: next(b)@2", "late: completed@2", "late: disposed@2",
        ])
        #expect(trace.didSubscribeCount(of: trace.signal(named: "ticks")!.id) == 2)
    }

    @Test("a cold signal with explicit times, and an error")
    func timedSource() throws {
        let trace = try parse("""
            cold request: +1 next "response", +2 error "timeout"
            subscribe "S" to request
            """).scenario(named: "t").trace()
        #expect(deliveries(trace) == ["S: next(response)@1", "S: error(timeout)@2", "S: disposed@2"])
    }

    @Test("subjects of every kind, with timed sends, completion and failure")
    func subjects() throws {
        let trace = try parse("""
            subject live
            behavior current "default"
            replay history capacity 1
            subscribe "a" to live
            subscribe "b" to current
            at 1 send live "x"
            at 1 send current "x"
            at 1 send history "x"
            at 1 send history "y"
            at 2 subscribe "c" to history
            at 3 complete live
            at 3 fail current "boom"
            """).scenario(named: "s").trace()
        #expect(deliveries(trace) == [
            "b: next(default)@0 replayed", "a: next(x)@1", "b: next(x)@1", "c: next(y)@2 replayed",
            "a: completed@3", "a: disposed@3", "b: error(boom)@3", "b: disposed@3",
        ])
    }

    @Test("pipelines of operators, with templates")
    func pipelines() throws {
        let trace = try parse("""
            cold numbers: +1 next "1", +2 next "2", +3 next "3", +4 completed
            let doubled = numbers | filter "1", "3" | map "<{}>" | startWith "start" | take 3 | named "doubled"
            subscribe "S" to doubled
            """).scenario(named: "p").trace()
        #expect(deliveries(trace) == [
            "S: next(start)@0", "S: next(<1>)@1", "S: next(<3>)@3", "S: completed@3", "S: disposed@3",
        ])
        #expect(trace.signal(named: "doubled") != nil)
    }

    @Test("until disposes a subscriber at its time")
    func until() throws {
        let trace = try parse("""
            subject live
            subscribe "S" to live until 1.5
            at 1 send live "a"
            at 2 send live "b"
            """).scenario(named: "u").trace()
        #expect(deliveries(trace) == ["S: next(a)@1", "S: disposed@1.5"])
    }

    @Test("errors name the line and column and say what was expected", arguments: [
        ("titel \"x\"", 1, 1, "unknown statement 'titel'; expected title, about, experiment, frame, cold, attempts, subject, behavior, replay, owner, channel, command, scheduler, let, subscribe, connect, send, complete, fail, dispose, execute, expect or at"),
        ("title x", 1, 7, "expected the title in double quotes, found 'x'"),
        ("title \"x", 1, 7, "this string is not closed: expected a '\"' before the end of the line"),
        ("title \"a\\qb\"", 1, 9, "unknown escape '\\q' in a string; use \\\" \\\\ \\n \\t or \\u{...}"),
        ("title \"x\"\ntitle \"y\"", 2, 1, "'title' may appear only once"),
        ("frame 0", 1, 7, "a frame is more than 0 and at most 3600 seconds"),
        ("subject s\nsubject s", 2, 9, "'s' is already declared"),
        ("owner s\nowner s", 2, 7, "'s' is already declared"),
        ("subject n\nsubscribe \"A\" to n owned", 2, 25, "expected 'by', found the end of the line"),
        ("subject n\nowner s\nsubscribe \"A\" to n owned by s until 3", 3, 31,
         "write 'until' before 'owned by': subscribe \"LABEL\" to NAME until TIME owned by OWNER"),
        ("subject n\nlet g = n | groupBy \"a\" = \"x\"\nsubscribe \"G\" to g each x", 3, 25, "a group's key is written in double quotes: each \"x\""),
        ("subject n\nlet g = n | groupBy \"a\" = \"x\"\nsubscribe \"G\" to g each \"x\",", 3, 29,
         "expected a group's key in double quotes, found the end of the line"),
        ("subscribe \"S\" to nowhere", 1, 18, "'nowhere' is not declared"),
        ("subject s\nsubscribe \"S\" to t", 2, 18, "'t' is not declared; the names so far are s"),
        ("cold c: +1 next \"a\"\nsend c \"x\"", 2, 6, "'c' is a signal, but a subject is needed here"),
        ("cold c: +1 next \"a\"\nconnect c", 2, 9, "'c' is a signal, but a connection is needed here"),
        ("cold c: +2 next \"a\", +1 completed", 1, 22, "times must not go backwards: +1 comes after +2; every + time counts from the subscription, not from the event before it, so 1 s after that event is +3"),
        ("cold c: +1 completed, +2 next \"a\"", 1, 23, "nothing can follow completed or error"),
        ("cold c: +1 nxt \"a\"", 1, 12, "expected next, completed or error, found 'nxt'"),
        ("cold c \"-a|b\"", 1, 12, "nothing can follow '|' or '#' in a marble"),
        ("cold c \"-(ab\"", 1, 12, "a group is not closed: expected ')'"),
        ("cold c \"-^a\"", 1, 10, "'^' marks subscriptions; a source marble has only values, '-', '|', '#' and groups"),
        ("subject s\nexpect \"S\" to s \"a((b))\"", 2, 20, "groups cannot be nested"),
        ("subject s\nexpect \"S\" to s \"  ab(c\"", 2, 23, "a group is not closed: expected ')'"),
        ("cold c \"-a\" values ab = \"x\"", 1, 20, "a value is named by one character, not 'ab'"),
        ("cold c: +1 next \"a\"\nlet d = c | frobnicate", 2, 13, "'frobnicate' is not an operator; the closest operators are "),
        ("cold c: +1 next \"a\"\nlet d = c | autoconnect", 2, 13, "autoconnect needs a connection: put multicast or publish before it"),
        ("cold c: +1 next \"a\"\nlet d = c | take 1.5", 2, 18, "take needs a whole number from 0 to 1000000"),
        ("subject s\nsubscribe \"S\" s", 2, 15, "expected 'to', found 's'"),
        ("subject s\nat 1 send s \"x\" extra", 2, 17, "expected the end of the line, found 'extra'"),
        ("subject s\nat x send s \"x\"", 2, 4, "expected a time in seconds after 'at' (seconds as 1.5 or 1.5s, or milliseconds as 300ms), found 'x'"),
        ("subject s\nsend s \"a\" ; ", 2, 12, "unexpected ';'"),
        ("title \"\u{7}\"", 1, 8, "a control character in a string; write it as \\u{7}"),
    ])
    func errors(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try parse(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.file == "test.sigviz")
            #expect(error.line == line, "\(error)")
            #expect(error.column == column, "\(error)")
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test("an error prints as file:line:column: message, with the line and a caret")
    func errorDescription() {
        do {
            _ = try parse("subject subject\nlet connection = coldSignal | multicast subject")
            Issue.record("no error")
        } catch {
            #expect(error.description == """
                test.sigviz:2:18: 'coldSignal' is not declared; the names so far are subject
                    let connection = coldSignal | multicast subject
                                     ^
                """)
        }
    }

    @Test("a line longer than 10,000 characters is refused, not parsed")
    func longLine() {
        let text = "about \"" + String(repeating: "x", count: 20_000) + "\""
        #expect(throws: ScenarioFileError.self) { try parse(text) }
    }

    @Test("expectations are checked against what the runtime did, with the first difference")
    func check() throws {
        let file = try parse("""
            frame 0.5
            cold c: +1 next "A", +2 completed
            subscribe "S" to c
            expect "S" to c "--a-|" values a = "A"
            expect "S" to c "--a--|" values a = "A"
            expect "T" to c "-"
            """)
        let (_, results) = file.check(named: "c")
        #expect(results.map(\.passed) == [true, false, false])
        #expect(results[1].actual == "--a-|")
        #expect(results[1].firstDifference == 4)
        #expect(results[2].problem == "no subscriber \"T\" subscribed to c")
    }
}
