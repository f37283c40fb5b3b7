import Foundation
@testable import Scenarios
import Testing
import Tracer

@Suite("The scenario file's time operators: delay, throttle, bufferWithTime, timeout, sample and the interval source")
struct TimeOperatorScenarioTests {
    @Test("each runs on the file's virtual time and gives the marbles its expect line says")
    func expectations() throws {
        let file = try parse("""
            frame 0.25
            subject typed
            cold request: +1 next "results for {}", +1 completed
            let queries = typed | throttle 0.5
            let results = queries | flattenMap request
            let ticks = interval 1 | take 3
            let sampled = typed | sample ticks
            let buffered = typed | bufferWithTime 1
            let late = typed | delay 0.5
            let impatient = typed | delay 0.5 | timeout 2
            subscribe "View" to results
            subscribe "Clock" to ticks
            subscribe "Sampled" to sampled
            subscribe "Buffered" to buffered until 5
            subscribe "Late" to late until 5
            subscribe "Impatient" to impatient
            at 1 send typed "s"
            at 1.25 send typed "sw"
            at 1.5 send typed "swi"
            at 3 send typed "swift"
            expect "View" to results "------------a-----b" values a = "results for swi", b = "results for swift"
            expect "Clock" to ticks "----1---2---(3|)"
            expect "Sampled" to sampled "--------i---(w|)" values i = "swi", w = "swift"
            expect "Buffered" to buffered "--------a-------b---" values a = "(s, sw, swi)", b = "(swift)"
            expect "Late" to late "------skl-----w" values s = "s", k = "sw", l = "swi", w = "swift"
            expect "Impatient" to impatient "------sk#" values s = "s", k = "sw"
            """)
        let (trace, results) = file.check(named: "time")
        #expect(results.count == 6)
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed)")
        // The clock's first tick was scheduled (at the subscription) before "s" was: at 1 s it samples nothing yet.
        #expect(deliveries(trace, label: "Impatient").last == "error(timed out after 2.0 s)@2.0")
        // The throttle holds what it is given: one request per pause, not per letter.
        #expect(trace.signals.filter { $0.name.hasPrefix("request(") }.map(\.name) == ["request(\"swi\")", "request(\"swift\")"])
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("throttle with values listed holds only those; another passes at once, and the held one is dropped")
    func throttleValuesPassing() throws {
        let file = try parse("""
            frame 0.25
            subject typed
            let queries = typed | throttle 0.5 "s", "sw"
            subscribe "View" to queries
            at 1 send typed "s"
            at 1.25 send typed "sw"
            at 1.5 send typed "enter"
            at 2 send typed "s"
            expect "View" to queries "------e---s" values e = "enter", s = "s"
            """)
        let (trace, results) = file.check(named: "time")
        #expect(results.count == 1)
        #expect(results.allSatisfy { $0.passed }, "\(results)")
        // "s" and "sw" were held and never sent: "sw" replaced "s", and "enter" passed at once over "sw".
        let drops = trace.events.compactMap { event -> String? in
            if case .drop(_, let value) = event.kind { value } else { nil }
        }
        #expect(drops == ["s", "sw"])
    }

    @Test("the operators are named as RAC names them")
    func names() throws {
        let trace = try parse("""
            subject s
            let t = interval 1 | take 1
            let p = s | delay 1 | throttle 0.5 | bufferWithTime 2 | timeout 3 | sample t
            subscribe "S" to p
            """).scenario(named: "names").trace()
        let names = Set(trace.signals.map { $0.description ?? $0.name })
        for name in ["[s] -delay: 1.000000", "[[s] -delay: 1.000000] -throttle: 0.500000",
                     "[[[s] -delay: 1.000000] -throttle: 0.500000] -bufferWithTime: 2.000000 onScheduler: TestScheduler",
                     "+interval: 1.000000 onScheduler: TestScheduler"] {
            #expect(names.contains(name), "\(names.sorted())")
        }
    }

    @Test("an interval nobody stops is stopped at the event limit, with its error")
    func endlessInterval() throws {
        let file = try parse("let t = interval 1\nsubscribe \"S\" to t")
        #expect(throws: RunLimitExceeded.self) { try file.scenario(named: "endless").trace(maximumEvents: 1_000) }
    }

    @Test("bad arguments are refused with their file, line and column", arguments: [
        ("let t = interval 0", 1, 18, "an interval is more than 0 seconds"),
        ("let t = interval", 1, 17, "expected the seconds between values (seconds as 1.5 or 1.5s, or milliseconds as 300ms), found the end of the line"),
        ("let t = interval 2000000", 1, 18, "a time is at most 1000000 seconds"),
        ("subject s\nlet d = s | delay -1", 2, 19, "unexpected '-'"),
        ("subject s\nlet d = s | throttle \"x\"", 2, 22, "expected the seconds without a value before the last is sent (seconds as 1.5 or 1.5s, or milliseconds as 300ms), found '\"x\"'"),
        ("subject s\nlet d = s | bufferWithTime", 2, 27, "expected the seconds each buffer collects for"),
        ("subject s\nlet d = s | timeout 2000000", 2, 21, "a time is at most 1000000 seconds"),
        ("subject s\nlet d = s | sample clock", 2, 20, "'clock' is not declared"),
        ("subject s\nlet d = s | throtle 1", 2, 13, "'throtle' is not an operator; the closest operators are throttle"),
        ("subject s\nlet d = s | first", 2, 13,
         "'first' waits for a value and returns it, not a signal, so it ends no pipeline; the first value as a signal is 'take 1'"),
        ("subject s\nlet d = s | toArray", 2, 13, "'toArray' waits for a value and returns it, not a signal, so it ends no pipeline; "
            + "the first value as a signal is 'take 1', all of them 'collect'"),
    ])
    func badArguments(text: String, line: Int, column: Int, message: String) {
        let error = #expect(throws: ScenarioFileError.self) { try parse(text) }
        #expect(error?.file == "test.sigviz")
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.column == column, "\(String(describing: error))")
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
    }
}
