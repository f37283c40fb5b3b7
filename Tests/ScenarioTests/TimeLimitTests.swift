import Scenarios
import Testing
import Tracer

@Suite("Every time in a scenario file is checked")
struct TimeLimitTests {
    @Test("a time past 1,000,000 s is refused where it is written, in every place a time goes",
          arguments: [
            ("cold c: +1 next \"a\"\nat 9999999999 subscribe \"S\" to c", 2, 4),
            ("cold c: +9999999999 next \"a\"", 1, 9),
            ("cold c: +1 next \"a\"\nsubscribe \"S\" to c until 9999999999", 2, 26),
            ("cold c: +1 next \"a\"\nat 2 subscribe \"S\" to c until 1000000.5", 2, 31),
          ])
    func tooLate(text: String, line: Int, column: Int) throws {
        let found = try #require(error(parsing: text))
        #expect(found.message == "a time is at most 1000000 seconds")
        #expect(found.line == line && found.column == column, "\(found)")
    }

    @Test("an 'until' before its 'at' is refused at the until time")
    func untilBeforeAt() throws {
        let found = try #require(error(parsing: "cold c: +1 next \"a\"\nat 3 subscribe \"S\" to c until 1"))
        #expect(found.line == 2 && found.column == 31, "\(found)")
        #expect(found.message == "the disposal at 1 s would come before the subscription at 3 s: 'until' is a time since the start, not a duration")
    }

    @Test("'until' is a time since the start, not a duration: the disposal is at the until time",
          arguments: [
            // A cold signal subscribed at 1 s until 2.5 s: disposed at 2.5 s, not 3.5 s. The value at
            // 1 + 1 s arrives; the one at 1 + 2 s would come after the disposal.
            ("cold c: +1 next \"a\", +2 next \"b\", +5 completed\nat 1 subscribe \"S\" to c until 2.5", 2.5, ["a"]),
            // A subject subscribed at 3 s until 5 s: disposed at 5 s, not 8 s; the value sent at 6 s is missed.
            ("subject x\nat 3 subscribe \"S\" to x until 5\nat 4 send x \"in\"\nat 6 send x \"after\"\nat 9 send x \"late\"", 5, ["in"]),
          ] as [(String, Double, [String])])
    func untilIsAbsolute(text: String, disposedAt: Double, received: [String]) throws {
        let trace = try ScenarioFile(parsing: text, file: "until.sigviz").scenario(named: "until").trace()
        let subscription = try #require(trace.subscriptions.first { $0.label == "S" })
        let events = trace.events.filter { $0.kind.subscription == subscription.id }
        let disposal = try #require(events.first { if case .dispose = $0.kind { true } else { false } })
        #expect(disposal.time == disposedAt)
        let values = events.compactMap { event -> String? in
            if case .next(_, let value, _) = event.kind { value } else { nil }
        }
        #expect(values == received)
    }

    @Test("the largest time the language takes runs, at 1,000,000 s")
    func largestTimeRuns() throws {
        let trace = try ScenarioFile(parsing: """
            cold c: +1000000 next "late"
            at 1000000 subscribe "S" to c until 1000000
            subscribe "T" to c until 1000000
            """, file: "late.sigviz").scenario(named: "late").trace(maximumEvents: 1000)
        #expect(throws: Never.self) { try trace.validate() }
        #expect(trace.events.last?.time == 1_000_000)
    }
}

@Suite("A number with an exponent is refused as such, wherever a number goes")
struct ExponentTests {
    @Test("1e308, 2E3, 5e-1 and 1.5e+2 say that exponents are not supported, at the number", arguments: [
        ("frame 1e308", 7), ("at 2E3 connect c", 4), ("cold c: +5e-1 completed", 10), ("frame 1.5e+2", 7),
    ])
    func refused(line: String, column: Int) throws {
        let text = "cold k: +1 completed\nlet c = k | publish\n" + line
        let refusal = try #require(error(parsing: text))
        #expect(refusal.line == 3)
        #expect(refusal.column == column)
        #expect(refusal.message == "exponents are not supported: write the number with digits and at most one point, such as 0.001")
    }

    @Test("a name that starts with e after a number is still read as a word: 'take 2 e' is not an exponent")
    func wordAfterANumber() throws {
        let refusal = try #require(error(parsing: "cold k: +1 completed\nlet c = k | take 2 e"))
        #expect(refusal.message == "expected the end of the line, found 'e'")
    }
}

@Suite("The extreme numbers in every numeric position parse and run, or are refused where they are written")
struct ExtremeNumberTests {
    /// Every place a number goes, with `N` where it is written.
    static let positions = [
        "experiment N\ncold c: +1 next \"a\"\nsubscribe \"S\" to c",
        "frame N\ncold c \"-a|\"\nsubscribe \"S\" to c",
        "replay r capacity N\nsubscribe \"S\" to r\nat 1 send r \"a\"",
        "cold c: +1 next \"a\", +2 next \"b\"\nlet t = c | take N\nsubscribe \"S\" to t",
        "cold c: +N next \"a\"\nsubscribe \"S\" to c",
        "cold c: +1 next \"a\"\nat N subscribe \"S\" to c",
        "cold c: +1 next \"a\"\nsubscribe \"S\" to c until N",
    ]
    static let numbers = [
        "0", "0.0", "1000000", "1000000.0000001", "99999999999999999999", "999999999999999999999",
        "0.00000000000000000001", "18446744073709551616", "1e308", "1.7976931348623157e308", ".5", "5.", "1.2.3",
    ]

    @Test("each number in each position", arguments: positions, numbers)
    func extreme(position: String, number: String) throws {
        let text = position.replacingOccurrences(of: "N", with: number)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let file: ScenarioFile
        do {
            file = try ScenarioFile(parsing: text, file: "n.sigviz")
        } catch {
            #expect(error.line >= 1 && error.line <= lines.count)
            #expect(error.column >= 1 && error.column <= lines[error.line - 1].count + 1, "\(error)")
            return
        }
        // What parses runs, within its limit, to a valid trace.
        do {
            let trace = try file.scenario(named: "n").trace(maximumEvents: 10_000)
            #expect(throws: Never.self) { try trace.validate() }
        } catch {
            Issue.record("a file that parsed was stopped: \(error)")
        }
    }
}

@Suite("A run's virtual time is bounded")
struct RunTimeLimitTests {
    /// Why `text`'s run stopped, if it did.
    private func stop(_ text: String) throws -> RunLimitExceeded? {
        let file = try ScenarioFile(parsing: text, file: "late.sigviz")
        do {
            _ = try file.scenario(named: "late").trace(maximumEvents: 1_000_000)
            return nil
        } catch {
            return error
        }
    }

    @Test("a run whose work is due past 1,000,000,000 s stops there, with when it was due", arguments: [
        // A long timer taken many times; a daily one 200,000 times; a long cold signal repeated.
        ("let t = interval 1000000 | take 10000\nsubscribe \"S\" to t", 1_001_000_000.0),
        ("let t = interval 86400 | take 200000\nsubscribe \"S\" to t", 1_000_080_000.0),
        ("cold c: +1000000 next \"a\", +1000000 completed\nlet r = c | repeat | take 100000\nsubscribe \"S\" to r", 1_001_000_000.0),
        // Delays chained: each a time of the language's, their sum past the limit.
        ("cold c: +1 next \"a\"\nlet half = c" + String(repeating: " | delay 1000000", count: 500) + "\nlet d = half"
            + String(repeating: " | delay 1000000", count: 501) + "\nsubscribe \"S\" to d",
         1_000_000_001.0),
    ])
    func stopsAtTheLimit(text: String, due: Double) throws {
        let stopped = try #require(try stop(text))
        guard case .time(let late) = stopped else {
            Issue.record("stopped for another reason: \(stopped)")
            return
        }
        #expect(late.maximumTime == Scenario.maximumTime && late.dueTime == due)
        #expect(stopped.description.hasPrefix("the scenario's work goes on past 1000000000 s of virtual time, the limit"))
    }

    @Test("work at the limit itself still runs")
    func atTheLimit() throws {
        #expect(try stop("let t = interval 1000000 | take 1000\nsubscribe \"S\" to t") == nil)
    }
}
