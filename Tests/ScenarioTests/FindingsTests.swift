import Scenarios
import Testing
import Findings
import Tracer

// Findings read from a trace (issue 16, first increment): repeated side effects and missed
// values, on the catalog and on files written where they must and must not fire.

@Suite("Findings: what went wrong in a trace, in one sentence")
struct FindingsTests {
    private func findings(_ text: String) throws -> [Finding] {
        try ScenarioFile(parsing: text, file: "findings.sigviz").scenario(named: "findings").trace().findings()
    }

    /// The findings of this increment's kinds only: the files' subscribers wait on subjects that
    /// never complete, which the later `neverEnded` kind reports (FindingKindsTests covers it).
    private func firstKinds(_ text: String) throws -> [Finding] {
        try findings(text).filter { [.repeatedSideEffect, .missedValues].contains($0.kind) }
    }

    @Test("fetchdata: fetchData's six runs, each with the binding whose chain caused it, all delivering the same value")
    func fetchdata() throws {
        let trace = try #require(Catalog.scenario(named: "fetchdata")).trace()
        let repeated = trace.findings().filter { $0.kind == .repeatedSideEffect }
        #expect(repeated.count == 1)
        let finding = try #require(repeated.first)
        #expect(finding.subscriptions.count == 6)
        #expect(finding.signals.map { trace.signals[$0].name } == ["fetchData"])
        #expect(finding.sentence.hasPrefix("fetchData's didSubscribe ran 6 times, once per subscription: "
            + "someLabel → someLabelText → catchTo of title → title → fetchData at 0 s; "))
        #expect(finding.sentence.hasSuffix("Every run delivered the same values (\"response\"): one shared run would do."))
    }

    @Test("fetchdata with replayLazily: one run, no repeated side effect")
    func replayLazily() throws {
        let trace = try #require(Catalog.scenario(named: "fetchdata-replaylazily")).trace()
        #expect(!trace.findings().contains { $0.kind == .repeatedSideEffect })
    }

    @Test("runs that deliver different values are said to differ")
    func differentValues() throws {
        let found = try findings("""
            subject typed
            cold request: +1 next "results for {}", +1 completed
            let results = typed | flattenMap request
            subscribe "View" to results
            cold clock: +1 next "tick", +2 next "tock"
            subscribe "A" to clock
            at 0.5 subscribe "B" to clock until 1.5
            """)
        let clock = try #require(found.first { $0.kind == .repeatedSideEffect })
        #expect(clock.sentence.contains("ran 2 times"))
        #expect(clock.sentence.hasSuffix("The runs delivered 2 different sequences of values."))
        #expect(clock.times == [0, 0.5])
    }

    @Test("a late subscriber to a subject misses the values sent before it, named with their times")
    func missed() throws {
        let found = try firstKinds("""
            subject prices
            subscribe "Early" to prices
            at 1 send prices "100"
            at 2 send prices "101"
            at 3 subscribe "Late" to prices
            at 4 send prices "102"
            """)
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.kind == .missedValues)
        #expect(finding.times == [1, 2])
        #expect(finding.sentence == "Late → prices subscribed to the subject prices at 3 s, after 2 values were sent to it "
            + "(\"100\", \"101\"); a subject does not replay them, so they never arrive.")
    }

    @Test("no finding where none is due: a subject subscribed before its first send, a replay subject, one run each")
    func quiet() throws {
        #expect(try firstKinds("""
            subject prices
            replay history
            cold request: +1 next "a", +1 completed
            subscribe "Early" to prices
            at 1 send prices "100"
            at 1 send history "h"
            at 2 subscribe "Late" to history
            subscribe "One" to request
            """).isEmpty)
    }

    @Test("the catalog's subject-vs-replay: the subject's late subscriber misses, the replay subject's does not")
    func subjectVsReplay() throws {
        let trace = try #require(Catalog.scenario(named: "subject-vs-replay")).trace()
        let missed = trace.findings().filter { $0.kind == .missedValues }
        #expect(!missed.isEmpty)
        #expect(missed.allSatisfy { trace.signals[$0.signals[0]].kind == .subject })
    }

    @Test("plumbing's subjects miss nothing: switchToLatest's own publish (search-box) and a command's machinery")
    func plumbingMissesNothing() throws {
        for name in ["search-box", "command-while-executing"] {
            let trace = try #require(Catalog.scenario(named: name)).trace()
            #expect(!trace.findings().contains { $0.kind == .missedValues }, "\(name)")
        }
    }

    @Test("many values missed: the first three quoted, long ones cut, and how many more")
    func manyMissed() throws {
        let long = String(repeating: "x", count: 50)
        let found = try findings("""
            subject s
            at 1 send s "1"
            at 2 send s "\(long)"
            at 3 send s "3"
            at 4 send s "4"
            at 5 send s "5"
            at 6 subscribe "Late" to s
            """)
        let sentence = try #require(found.first?.sentence)
        #expect(sentence.contains("after 5 values were sent to it (\"1\", \"\(String(repeating: "x", count: 39))…\", \"3\" and 2 more)"),
                "\(sentence)")
        #expect(found.first?.times == [1, 2, 3, 4, 5])
    }
}
