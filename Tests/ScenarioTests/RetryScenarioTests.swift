import Foundation
@testable import Scenarios
import Testing
import Tracer

@Suite("The scenario file's retry, repeat, takeWhile, skipWhile and collect")
struct RetryScenarioTests {
    @Test("each runs on the real runtime and gives the marbles its expect line says")
    func expectations() throws {
        let file = try parse("""
            frame 0.5
            cold request: +1 error "timeout"
            cold ticks "-a-b-c-d|"
            let attempts = request | retry 2
            let again = ticks | take 2 | repeat | take 5
            let whileAB = ticks | takeWhile "a", "b"
            let afterA = ticks | skipWhile "a"
            let all = ticks | collect
            subscribe "view" to attempts
            subscribe "R" to again
            subscribe "TW" to whileAB
            subscribe "SW" to afterA
            subscribe "All" to all
            expect "view" to attempts "------#"
            expect "R" to again "-a-ba-b(a|)"
            expect "TW" to whileAB "-a-b-|"
            expect "SW" to afterA "---b-c-d|"
            expect "All" to all "--------(e|)" values e = "(a, b, c, d)"
            """)
        let (trace, results) = file.check(named: "retry")
        #expect(results.count == 5)
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed)")
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("retry N runs the request's didSubscribe once per attempt, N + 1 in all, each at the error before it")
    func attempts() throws {
        let trace = try parse("""
            cold request: +1 error "timeout"
            let attempts = request | retry 2
            subscribe "view" to attempts
            """).scenario(named: "retry").trace()
        #expect(didSubscribeTimes(trace, of: "request") == ["0.0", "1.0", "2.0"])
        #expect(deliveries(trace, label: "view") == ["error(timeout)@3.0"])
    }

    @Test("retry without a count retries forever, as RAC's -retry: stopped at the event limit")
    func forever() throws {
        let file = try parse("cold request: +1 error \"timeout\"\nlet attempts = request | retry\nsubscribe \"view\" to attempts")
        #expect(throws: RunLimitExceeded.self) { try file.scenario(named: "forever").trace(maximumEvents: 2_000) }
    }

    @Test("bad arguments are refused with their file, line and column", arguments: [
        ("cold c \"-a|\"\nlet d = c | retry -1", 2, 19, "unexpected '-'"),
        ("cold c \"-a|\"\nlet d = c | retry 1.5", 2, 19, "retry needs a whole number from 0 to 1000000"),
        ("cold c \"-a|\"\nlet d = c | takeWhile", 2, 22, "expected a value to take while it comes in double quotes"),
        ("cold c \"-a|\"\nlet d = c | skipWhile \"a\",", 2, 27, "expected a value to skip while it comes in double quotes"),
        ("cold c \"-a|\"\nlet d = c | collect \"a\"", 2, 21, "expected the end of the line"),
    ])
    func refused(text: String, line: Int, column: Int, message: String) {
        expectRefused(text, line: line, column: column, message: message)
    }
}
