@testable import Scenarios
import Findings
import Testing
import Tracer

// Issue 29: a request made per value (flattenMap) under a signal several bindings subscribe to
// separately runs once per binding for every value; the finding counts those runs per value.

/// A search box: `results = query | flattenMap searchRequest`, subscribed by `bindings`.
private func searchBox(bindings: [String], extra: String = "") -> String {
    """
    subject query
    cold searchRequest: +1 next "results for {}", +1 completed
    let results = query | flattenMap searchRequest
    \(bindings.map { "subscribe \"\($0)\" to results" }.joined(separator: "\n"))
    \(extra)
    at 1 send query "s"
    at 3 send query "sw"
    at 5 send query "swift"
    """
}

@Suite("Repeated side effects per value: N runs of the request for one query")
struct RepeatedPerValueTests {
    @Test("three bindings of a search box: 3 runs per query, proven one with replayLazily after results, every binding unchanged")
    func searchBoxWithThreeBindings() throws {
        let file = try ScenarioFile(parsing: searchBox(bindings: ["Table", "Count", "Empty state"]), file: "search.sigviz")
        let (_, explanations) = try file.explain(named: "search", maximumEvents: 100_000)
        let repeated = explanations.filter { $0.finding.kind == .repeatedSideEffect }
        try #require(repeated.count == 1)
        let explanation = repeated[0]
        #expect(explanation.finding.sentence.hasPrefix(
            "searchRequest(\"s\") and 2 more like it ran once per subscriber for the same value, 3 runs per query (9 in all, "
                + "for 3 values): \"s\" sent to query at 1 s: Table → results → searchRequest(\"s\"), Count → results → "
                + "searchRequest(\"s\"), Empty state → results → searchRequest(\"s\"); "), "\(explanation.finding.sentence)")
        #expect(explanation.finding.events.count == 9)
        // Placed where the suggestion is made: results, on line 3.
        #expect(explanation.line == 3)
        let fix = try #require(explanation.fix, "\(explanation.unproven ?? "")")
        #expect(fix.edit.hasPrefix("after line 3, add: let sharedResults = results | replayLazily"))
        #expect(fix.outcome.runs == [
            FixOutcome.Runs(name: "searchRequest(\"s\")", before: 3, after: 1),
            FixOutcome.Runs(name: "searchRequest(\"sw\")", before: 3, after: 1),
            FixOutcome.Runs(name: "searchRequest(\"swift\")", before: 3, after: 1),
        ])
        #expect(fix.outcome.removesFinding)
        #expect(fix.outcome.changed.isEmpty)
    }

    @Test("one binding: one run per query, no finding")
    func oneBinding() throws {
        let trace = try ScenarioFile(parsing: searchBox(bindings: ["Table"]), file: "one.sigviz")
            .scenario(named: "one").trace(maximumEvents: 100_000)
        #expect(!trace.findings().contains { $0.kind == .repeatedSideEffect })
    }

    @Test("two pipelines that each make their own request: 2 runs per query, and no single place to share them")
    func twoPipelines() throws {
        let trace = try ScenarioFile(parsing: """
            subject query
            cold searchRequest: +1 next "results for {}", +1 completed
            let a = query | flattenMap searchRequest
            let b = query | flattenMap searchRequest
            subscribe "A" to a
            subscribe "B" to b
            at 1 send query "s"
            at 3 send query "swift"
            """, file: "two.sigviz").scenario(named: "two").trace(maximumEvents: 100_000)
        // One finding for both values: the runs are made for the same two signals.
        let found = trace.findings().filter { $0.kind == .repeatedSideEffect }
        try #require(found.count == 1)
        #expect(found[0].sentence.hasPrefix("searchRequest(\"s\") and 1 more like it ran once per subscriber for the same value, "
            + "2 runs per query (4 in all, for 2 values)"), "\(found[0].sentence)")
        #expect(found[0].suggestion == nil)
    }

    @Test("a command's executions are its purpose: two executions of one input are not a repeated side effect")
    func commandExecutions() throws {
        let trace = try ScenarioFile(parsing: """
            cold request: +1 next "saved {}", +1 completed
            command save: request concurrent
            execute save "draft"
            at 0.5 execute save "draft"
            """, file: "command.sigviz").scenario(named: "command").trace(maximumEvents: 100_000)
        #expect(!trace.findings().contains { $0.kind == .repeatedSideEffect })
    }
}
