@testable import Scenarios
import Testing
import Tracer

/// The trace of `text`, run with a limit.
private func trace(_ text: String) throws -> Trace {
    try parse(text).scenario(named: "attempts").trace(maximumEvents: 100_000)
}

/// How many times the cold signal named `name` ran its didSubscribe.
private func runs(_ trace: Trace, of name: String) -> Int {
    trace.events.filter { event in
        guard case .didSubscribe(let subscription) = event.kind else { return false }
        return trace.signals[trace.subscriptions[subscription].signal].name == name
    }.count
}

@Suite("Per-attempt behaviour: what a cold signal's nth subscription does")
struct AttemptTests {
    @Test("fails twice with 503, then answers: retry subscribes three times and the view sees only the answer")
    func flakyUnderRetry() throws {
        let trace = try trace("""
            cold request: +1 next "data", +1 completed
            attempts 1 to 2 of request: +0.5 error "503"
            let fetched = request | retry 3
            subscribe "View" to fetched
            """)
        #expect(deliveries(trace, label: "View") == ["next(data)@2.0", "completed@2.0"])
        #expect(runs(trace, of: "request") == 3)
    }

    @Test("attempts count every subscription to the signal, whoever makes it; those not given run the signal's events")
    func countsEverySubscription() throws {
        let trace = try trace("""
            cold c: +1 next "usual", +1 completed
            attempt 2 of c "-(x|)" values x = "second"
            attempt 4 of c: +0.5 error "fourth"
            subscribe "A" to c
            at 2 subscribe "B" to c
            at 4 subscribe "C" to c
            at 6 subscribe "D" to c
            """)
        #expect(deliveries(trace, label: "A") == ["next(usual)@1.0", "completed@1.0"])
        #expect(deliveries(trace, label: "B") == ["next(second)@3.0", "completed@3.0"])
        #expect(deliveries(trace, label: "C") == ["next(usual)@5.0", "completed@5.0"])
        #expect(deliveries(trace, label: "D") == ["error(fourth)@6.5"])
    }

    @Test("a cold signal with {} made anew for each value counts each made signal's attempts from 1, filled as its events")
    func templated() throws {
        let trace = try trace("""
            subject query
            cold request: +1 next "results for {}", +1 completed
            attempt 1 of request: +0.5 next "first try for {}", +0.5 completed
            let results = query | flattenMap request
            subscribe "View" to results
            at 1 send query "a"
            at 3 send query "b"
            """)
        // Each value's request is a new signal: its first subscription is its attempt 1.
        #expect(deliveries(trace, label: "View") == ["next(first try for a)@1.5", "next(first try for b)@3.5"])
    }

    @Test("bad attempts are refused at their column", arguments: [
        ("attempt 0 of c: +1 completed", 9, "an attempt is a whole number from 1 to 1000000"),
        ("attempt 1.5 of c: +1 completed", 9, "an attempt is a whole number from 1 to 1000000"),
        ("attempts 3 to 2 of c: +1 completed", 15, "attempts 3 to 2 go backwards: write the first attempt first"),
        ("attempt 1 of s: +1 completed", 14, "'s' is not a cold signal: only a cold signal runs its events again for each subscription"),
        ("attempt 1 of nope: +1 completed", 14, "'nope' is not declared"),
        ("attempt 1 for c: +1 completed", 11, "expected 'of', found 'for'"),
        ("attempt 1 of c", 15, "expected ':', found the end of the line"),
        ("attempts 2 to 3 of c: +1 completed\nattempt 3 of c: +1 completed", 9, "attempt 3 of 'c' is already given on line 4"),
    ])
    func refused(statement: String, column: Int, message: String) {
        let text = "cold c: +1 next \"a\"\nsubject s\nlet p = c | take 1\n\(statement)"
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count
        expectRefused(text, line: line, column: column, message: message)
    }
}
