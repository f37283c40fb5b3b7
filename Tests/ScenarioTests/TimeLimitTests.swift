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
