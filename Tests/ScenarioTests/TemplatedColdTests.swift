import Foundation
@testable import Scenarios
import Testing
import Tracer

@Suite("A cold signal whose events use the value that triggered it ({} in a cold source)")
struct TemplatedColdTests {
    @Test("flattenMap NAME makes a new cold signal for each value, its {} filled, named like a call")
    func requestPerValue() throws {
        let file = try parse("""
            frame 0.5
            subject query
            cold request: +1.5 next "results for {}", +3 error "no {} today"
            let results = query | flattenMap request
            subscribe "View" to results
            at 1 send query "s"
            at 2 send query "sw"
            expect "View" to results "-----a-b#" values a = "results for s", b = "results for sw"
            """)
        let (trace, results) = file.check(named: "requests")
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed)")
        #expect(deliveries(trace, label: "View") == ["next(results for s)@2.5", "next(results for sw)@3.5", "error(no s today)@4.0"])
        // One run of each request, each its own signal, each named after the value that made it.
        #expect(didSubscribeTimes(trace, of: "request(\"s\")") == ["1.0"])
        #expect(didSubscribeTimes(trace, of: "request(\"sw\")") == ["2.0"])
        let template = try #require(trace.signals.first { $0.name == "request" })
        #expect(!trace.subscriptions.contains { $0.signal == template.id }, "the declared template is never subscribed to")
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("subscribed directly, or through an operator with no triggering value, {} stays as written")
    func literalElsewhere() throws {
        let trace = try parse("""
            cold request: +1 next "results for {}", +1 completed
            cold other "-a|"
            let after = other | then request
            subscribe "Direct" to request
            subscribe "Then" to after
            """).scenario(named: "requests").trace()
        #expect(deliveries(trace, label: "Direct") == ["next(results for {})@1.0", "completed@1.0"])
        #expect(deliveries(trace, label: "Then") == ["next(results for {})@3.0", "completed@3.0"])
    }

    @Test("a cold signal without {} is the same signal for every value, as before")
    func plainInner() throws {
        let trace = try parse("""
            subject query
            cold request: +1 next "r", +1 completed
            let results = query | flattenMap request
            subscribe "View" to results
            at 1 send query "a"
            at 2 send query "b"
            """).scenario(named: "requests").trace()
        #expect(didSubscribeTimes(trace, of: "request") == ["1.0", "2.0"])
    }

    @Test("what {} makes is measured against the text budget, and refused at the flattenMap")
    func budget() throws {
        let template = String(repeating: "{}", count: 10)
        let file = try parse("""
            subject query
            cold request: +1 next "\(template)"
            let results = query | flattenMap request
            subscribe "View" to results
            at 1 send query "\(String(repeating: "x", count: 7_000))"
            """)
        let error = try #require(throws: RunLimitExceeded.self) { try file.scenario(named: "requests").trace(maximumEvents: 1_000_000) }
        guard case .text(let text) = error else {
            Issue.record("not refused for its text: \(error)")
            return
        }
        #expect(text.line == 3)
        #expect(text.column == 21)
        #expect(text.message == "'results' would make a value of 70000 bytes here; a value may have at most 65536 bytes")
    }
}
