@testable import Scenarios
import Testing
import Findings
import Tracer

// The proven fix (issue 16): a finding's suggestion made to the scenario file, run again on the
// same virtual times, and compared with the run before.

@Suite("Proven fixes: a suggestion made to the file, run again, compared")
struct ProvenFixTests {
    /// The findings of `trace`, each of the kind `kind` given `change` on its first signal.
    private static func suggesting(
        _ kind: Finding.Kind, _ change: @escaping (Int) -> Suggestion.Change
    ) -> (Trace) -> [Finding] {
        { trace in
            trace.findings().filter { $0.kind == kind }.map { finding in
                var finding = finding
                finding.suggestion = Suggestion(change: change(finding.signals[0]), sentence: "test")
                return finding
            }
        }
    }

    @Test("a pipeline an error ended: the error caught inside the flattenMap's signal, proven: later pulls are answered")
    func catchInner() throws {
        let (trace, explanations) = try ScenarioFile(parsing: pullToRefresh, file: "fix.sigviz")
            .explain(named: "fix", maximumEvents: 100_000)
        let explanation = try #require(explanations.first { $0.finding.kind == .terminatedPipeline })
        let fix = try #require(explanation.fix, "\(explanation.unproven ?? "")")
        #expect(fix.edit == """
            after line 3, add: let nothing = empty
            after line 3, add: let requestOrNothing = request | catchTo nothing
            line 4: let feed = pulls | flattenMap requestOrNothing
            """)
        #expect(fix.outcome.removesFinding)
        #expect(fix.outcome.changed.map(\.summary) == ["lost error(503) at 4 s; gained \"items\" at 6 s, \"items\" at 8 s"])
        let json = Explanation.json([(input: "fix.sigviz", trace: trace, explanations: explanations)])
        #expect(String(decoding: json, as: UTF8.self).contains("\"change\": \"catchInner\""))
    }

    @Test("a pipeline an error ended, whose inner signal is a cold signal with {}: the change cannot be placed, and says so")
    func catchInnerTemplated() throws {
        let (_, explanations) = try ScenarioFile(parsing: """
            subject pulls
            cold request: +1 error "503 for {}"
            let feed = pulls | flattenMap request
            subscribe "Feed" to feed
            at 1 send pulls "pull 1"
            at 3 send pulls "pull 2"
            """, file: "fix.sigviz").explain(named: "fix", maximumEvents: 100_000)
        let explanation = try #require(explanations.first { $0.finding.kind == .terminatedPipeline })
        #expect(explanation.fix == nil)
        #expect(explanation.unproven == "the change could not be placed in the file")
    }

    @Test("off main delivery: the subscriber subscribes to the signal | deliverOn main, declared with scheduler main, proven")
    func deliverOnMain() throws {
        let (trace, explanations) = try ScenarioFile(parsing: searchOffMain + "\nsubscribe \"Log\" to answers", file: "fix.sigviz")
            .explain(named: "fix", maximumEvents: 100_000)
        // Log, subscribed to answers, is off main too: its own finding. Table's fix changes Table's line only.
        #expect(explanations.filter { $0.finding.kind == .offMainDelivery }.count == 2)
        let explanation = try #require(explanations.first { $0.finding.kind == .offMainDelivery && $0.finding.sentence.hasPrefix("Table") })
        let fix = try #require(explanation.fix, "\(explanation.unproven ?? "")")
        #expect(fix.edit == """
            after line 5, add: scheduler main
            after line 5, add: let tweetsOnMain = tweets | deliverOn main
            line 6: subscribe "Table" to tweetsOnMain
            """)
        #expect(fix.outcome.removesFinding)
        #expect(fix.outcome.changed.isEmpty)
        let json = Explanation.json([(input: "fix.sigviz", trace: trace, explanations: explanations)])
        #expect(String(decoding: json, as: UTF8.self).contains("\"change\": \"deliverOnMain\""))
    }

    @Test("a subscription that outlived its owner: it subscribes to the signal | takeUntil the owner, proven")
    func endWithOwner() throws {
        let (trace, explanations) = try ScenarioFile(parsing: """
            subject notifications
            owner screen until 2
            subscribe "Screen" to notifications owned by screen
            subscribe "App" to notifications
            at 3 send notifications "late"
            """, file: "fix.sigviz").explain(named: "fix", maximumEvents: 100_000)
        let explanation = try #require(explanations.first { $0.finding.kind == .neverEnded })
        let fix = try #require(explanation.fix, "\(explanation.unproven ?? "")")
        #expect(fix.edit == """
            after line 2, add: let notificationsUntilScreen = notifications | takeUntil screen
            line 3: subscribe "Screen" to notificationsUntilScreen owned by screen
            """)
        #expect(fix.outcome.removesFinding)
        #expect(fix.outcome.changed.map(\.summary) == ["lost \"late\" at 3 s; gained completed at 2 s"])
        let json = Explanation.json([(input: "fix.sigviz", trace: trace, explanations: explanations)])
        #expect(String(decoding: json, as: UTF8.self).contains("\"change\": \"endWithOwner\""))
    }

    @Test("subscriptions that outlived two owners: no one change ends them all, so none is suggested")
    func twoOwnersNoSuggestion() throws {
        let trace = try ScenarioFile(parsing: """
            subject notifications
            owner first until 1
            owner second until 2
            subscribe "A" to notifications owned by first
            subscribe "B" to notifications owned by second
            """, file: "fix.sigviz").scenario(named: "fix").trace()
        let finding = try #require(trace.findings().first { $0.kind == .neverEnded })
        #expect(finding.subscriptions.count == 2)
        #expect(finding.suggestion == nil)
    }

    @Test("an unlimited replay subject's needless history: capacity 1, proven to change nothing any subscriber receives")
    func replayCapacity() throws {
        let (_, explanations) = try ScenarioFile(parsing: currentUserReplay, file: "fix.sigviz")
            .explain(named: "fix", maximumEvents: 100_000)
        let explanation = try #require(explanations.first { $0.finding.kind == .unboundedReplay })
        let fix = try #require(explanation.fix, "\(explanation.unproven ?? "")")
        #expect(fix.edit == "line 1: replay currentUser capacity 1")
        #expect(fix.outcome.removesFinding)
        #expect(fix.outcome.changed.isEmpty)
    }

    @Test("a connection running without subscribers: publish | autoconnect in place of the replay operator, proven",
          arguments: ["replayLast", "replayLazily", "replay"])
    func connectOnDemand(replaying: String) throws {
        let (trace, explanations) = try ScenarioFile(parsing: """
            let ticks = interval 1 | take 10
            let time = ticks | \(replaying)
            subscribe "Clock" to time until 3.5
            """, file: "fix.sigviz").explain(named: "fix", maximumEvents: 100_000)
        let explanation = try #require(explanations.first { $0.finding.kind == .runningWithoutSubscribers })
        let fix = try #require(explanation.fix, "\(explanation.unproven ?? "")")
        #expect(fix.edit == "line 2: let time = ticks | publish | autoconnect")
        #expect(fix.outcome.removesFinding)
        // The clock subscribed before the first tick: it receives what it did.
        #expect(fix.outcome.changed.isEmpty)
        let json = Explanation.json([(input: "fix.sigviz", trace: trace, explanations: explanations)])
        #expect(String(decoding: json, as: UTF8.self).contains("\"change\": \"connectOnDemand\""))
    }

    @Test("a connection connected by hand and never disposed has no place to connect on demand: no suggestion")
    func connectedByHand() throws {
        let trace = try ScenarioFile(parsing: """
            let ticks = interval 1 | take 10
            let time = ticks | publish
            connect time
            subscribe "Clock" to time until 3.5
            """, file: "fix.sigviz").scenario(named: "fix").trace()
        let finding = try #require(trace.findings().first { $0.kind == .runningWithoutSubscribers })
        #expect(finding.suggestion == nil)
    }

    @Test("fetchdata: replayLazily after fetchData makes six runs one, and every binding receives what it did")
    func fetchdata() throws {
        let file = try #require(Catalog.file(named: "fetchdata"))
        let (before, explanations) = try file.explain(
            named: "fetchdata", maximumEvents: 100_000,
            finding: Self.suggesting(.repeatedSideEffect) { .share(signal: $0, through: .replayLazily) })
        let explanation = try #require(explanations.first)
        #expect(explanation.line == 12)
        let fix = try #require(explanation.fix)
        #expect(fix.edit == """
            after line 12, add: let sharedFetchData = fetchData | replayLazily
            line 13: let title = sharedFetchData | flattenMap return "Cold and hot signals" | named "title"
            line 14: let desc = sharedFetchData | flattenMap return "Why *six* requests?" | named "desc"
            """)
        #expect(fix.outcome.runs == [FixOutcome.Runs(name: "fetchData", before: 6, after: 1)])
        #expect(fix.outcome.removesFinding)
        #expect(fix.outcome.subscribers.map(\.label) == ["someLabel", "originTextView", "renderedTextView", "alert"])
        #expect(fix.outcome.changed.isEmpty)
        // Checked against an independent run: the catalog's own fetchdata-replaylazily, written by hand.
        let independent = try #require(Catalog.scenario(named: "fetchdata-replaylazily")).trace()
        let outcome = FixOutcome(finding: explanation.finding, before: before, after: independent)
        #expect(outcome.subscribers == fix.outcome.subscribers)
        #expect(outcome.runs == fix.outcome.runs)
    }

    private func explain(
        _ text: String, _ kind: Finding.Kind, _ change: @escaping (Int) -> Suggestion.Change
    ) throws -> (trace: Trace, explanations: [Explanation]) {
        try ScenarioFile(parsing: text, file: "fix.sigviz")
            .explain(named: "fix", maximumEvents: 100_000, finding: Self.suggesting(kind, change))
    }

    @Test("a late subscriber to a subject made a replay subject of capacity 1: it now receives the last value, replayed, at its subscription")
    func replaySubject() throws {
        let (_, explanations) = try explain("""
            subject prices
            subscribe "Early" to prices
            at 1 send prices "100"
            at 2 send prices "101"
            at 3 subscribe "Late" to prices
            at 4 send prices "102"
            """, .missedValues) { .replaySubject(signal: $0, capacity: 1) }
        let explanation = try #require(explanations.first)
        #expect(explanation.line == 1)
        let fix = try #require(explanation.fix)
        #expect(fix.edit == "line 1: replay prices capacity 1")
        #expect(fix.source.hasPrefix("replay prices capacity 1\nsubscribe \"Early\" to prices\n"))
        #expect(fix.outcome.runs.isEmpty)
        let late = try #require(fix.outcome.subscribers.first { $0.label == "Late" })
        #expect(late.before?.map(\.description) == ["\"102\" at 4 s"])
        #expect(late.after?.map(\.description) == ["\"101\" at 3 s, replayed", "\"102\" at 4 s"])
        #expect(fix.outcome.changed.map(\.label) == ["Late"])
    }

    @Test("a cold signal made inside a pipeline is shared right after the source that made it; a run that never ends proves nothing")
    func shareInsidePipeline() throws {
        let text = """
            let ticks = interval 1 | take 2   # two ticks
            subscribe "A" to ticks
            subscribe "B" to ticks
            """
        let file = try ScenarioFile(parsing: text, file: "fix.sigviz")
        let places = SignalPlaces()
        _ = file.scenario(named: "fix", log: nil, places: places).trace()
        let edit = try #require(file.edit(making: Suggestion(change: .share(signal: 0, through: .replayLazily), sentence: ""),
                                          places: places.places()))
        #expect(edit.description == "line 1: let ticks = interval 1 | replayLazily | take 2   # two ticks")
        // Shared, the interval's connection never ends: the changed run goes past its limit, and nothing is proven.
        let (_, explanations) = try explain(text, .repeatedSideEffect) { .share(signal: $0, through: .replayLazily) }
        let explanation = try #require(explanations.first)
        #expect((explanation.line, explanation.column) == (1, 13))
        #expect(explanation.fix == nil)
    }

    @Test("flattenMap becomes map then switchToLatest; the stale result stops arriving")
    func switchToLatest() throws {
        let file = try ScenarioFile(parsing: """
            subject typed
            cold request: +1 next "results for {}", +1 completed
            let results = typed | flattenMap request
            subscribe "View" to results
            at 0 send typed "s"
            at 0.5 send typed "sw"
            """, file: "fix.sigviz")
        let places = SignalPlaces()
        let before = file.scenario(named: "fix", log: nil, places: places).trace()
        let placed = places.places()
        let results = try #require(before.signals.first { $0.name == "results" }?.id)
        #expect(placed[results]?.made == SignalPlaces.Spot(line: 3, column: 21))
        let edit = try #require(file.edit(making: Suggestion(change: .switchToLatest(signal: results), sentence: ""), places: placed))
        #expect(edit.description == "line 3: let results = typed | map request | switchToLatest")
        let after = try ScenarioFile(parsing: edit.text, file: "fix.sigviz").scenario(named: "fix").trace()
        let finding = Finding(kind: .repeatedSideEffect, signals: [results], subscriptions: [], times: [], sentence: "")
        let view = FixOutcome(finding: finding, before: before, after: after).subscribers.first { $0.label == "View" }
        #expect(view?.before?.map(\.description) == ["\"results for s\" at 1 s", "\"results for sw\" at 1.5 s"])
        #expect(view?.after?.map(\.description) == ["\"results for sw\" at 1.5 s"])
    }

    @Test("no proof where the change cannot be placed: a cold signal with {} that flattenMap fills")
    func templatedColdUnproven() throws {
        let (_, explanations) = try explain("""
            cold request: +1 next "results for {}", +1 completed
            subscribe "A" to request
            subscribe "B" to request
            """, .repeatedSideEffect) { .share(signal: $0, through: .replayLazily) }
        let explanation = try #require(explanations.first)
        #expect(explanation.fix == nil)
        #expect(explanation.finding.suggestion != nil)
    }

    @Test("a suggestion whose changed run still has the finding is not made")
    func ineffectiveDropped() throws {
        // Sharing a, one of the two pipelines from clock, leaves b's run: clock still runs twice.
        let text = """
            cold clock: +1 next "tick", +1 completed
            let a = clock | map "a{}"
            let b = clock | map "b{}"
            subscribe "A" to a
            subscribe "B" to b
            """
        let (trace, explanations) = try explain(text, .repeatedSideEffect) { _ in .share(signal: 1, through: .replayLazily) }
        #expect(trace.signals[1].name == "a")
        let explanation = try #require(explanations.first)
        #expect(explanation.fix == nil)
        #expect(explanation.finding.suggestion == nil)
        // Sharing clock itself removes the repeat: then the proof is made.
        let (_, shared) = try explain(text, .repeatedSideEffect) { .share(signal: $0, through: .replayLazily) }
        #expect(shared.first?.fix?.outcome.removesFinding == true)
    }

    @Test("the share point is where every run's subscriptions meet: ticks, which ends, not the interval, which never does")
    func sharingPointWhereRunsMeet() throws {
        let (_, explanations) = try ScenarioFile(parsing: """
            let ticks = interval 1 | take 2
            subscribe "A" to ticks
            subscribe "B" to ticks
            """, file: "fix.sigviz").explain(named: "fix", maximumEvents: 100_000)
        let explanation = try #require(explanations.first { $0.finding.kind == .repeatedSideEffect })
        #expect(explanation.finding.sentence.hasPrefix("interval 1's didSubscribe ran 2 times"))
        #expect(explanation.finding.suggestion?.sentence.contains("after ticks (where the subscriptions of every run meet)") == true)
        let fix = try #require(explanation.fix)
        #expect(fix.edit == """
            after line 1, add: let sharedTicks = ticks | replayLazily
            line 2: subscribe "A" to sharedTicks
            line 3: subscribe "B" to sharedTicks
            """)
        #expect(fix.outcome.runs == [FixOutcome.Runs(name: "interval 1", before: 2, after: 1)])
        #expect(fix.outcome.changed.isEmpty)
    }

    @Test("runs that part at once (one through merge, one not) share the cold signal itself")
    func sharingPointParts() throws {
        let (_, explanations) = try ScenarioFile(parsing: """
            cold c: +1 next "x", +1 completed
            let m = c | map "m{}"
            let both = merge m, c
            subscribe "A" to both
            subscribe "B" to m
            """, file: "fix.sigviz").explain(named: "fix", maximumEvents: 100_000)
        let explanation = try #require(explanations.first { $0.finding.kind == .repeatedSideEffect })
        #expect(explanation.fix?.edit.hasPrefix("after line 1, add: let sharedC = c | replayLazily") == true)
        #expect(explanation.fix?.outcome.runs.first?.after == 1)
    }

    @Test("the generated name does not collide with a name the file uses")
    func unusedSharedName() throws {
        let (_, explanations) = try ScenarioFile(parsing: """
            cold c: +1 next "x", +1 completed
            let sharedC = c | map "y{}"
            subscribe "A" to c
            subscribe "B" to sharedC
            """, file: "fix.sigviz").explain(named: "fix", maximumEvents: 100_000)
        let fix = try #require(explanations.first { $0.finding.kind == .repeatedSideEffect }?.fix)
        #expect(fix.edit.hasPrefix("after line 1, add: let sharedC2 = c | replayLazily"))
    }

    private func explainAll(_ text: String) throws -> [Explanation] {
        try ScenarioFile(parsing: text, file: "fix.sigviz").explain(named: "fix", maximumEvents: 100_000).explanations
    }

    @Test("after a connection, a signal's place is still its own: connections are numbered with signals")
    func placesAfterConnection() throws {
        let explanations = try explainAll("""
            cold src: +1 next "v", +2 completed
            let conn = src | publish
            subscribe "C" to conn
            connect conn
            subject clicks
            subject other
            send clicks "1"
            at 2 subscribe "Late" to clicks
            subscribe "O" to other
            """)
        let missed = try #require(explanations.first { $0.finding.kind == .missedValues })
        #expect(missed.line == 5)
        #expect(missed.fix?.edit == "line 5: replay clicks capacity 1")
        #expect(missed.fix?.outcome.changed.map(\.summary) == ["gained \"1\" at 2 s, replayed"])
    }

    @Test("a replay subject that gives the late subscriber nothing more (a filter drops the value) is not suggested")
    func missedThroughFilterNotSuggested() throws {
        let explanations = try explainAll("""
            subject s
            send s "a"
            at 1 send s "b"
            let onlyA = s | filter "a"
            at 2 subscribe "Late" to onlyA
            """)
        let missed = try #require(explanations.first { $0.finding.kind == .missedValues })
        #expect(missed.finding.suggestion == nil)
        #expect(missed.fix == nil)
    }

    @Test("renaming a shared signal keeps an expect line's marble values: only the name after `to` changes")
    func expectValuesKept() throws {
        let explanations = try explainAll("""
            frame 1
            cold a: +1 next "x", +1 completed
            subscribe "P" to a
            subscribe "Q" to a
            expect "P" to a "-a|" values a = "x"
            """)
        let fix = try #require(explanations.first?.fix)
        #expect(fix.edit.hasSuffix("line 5: expect \"P\" to sharedA \"-a|\" values a = \"x\""))
    }

    @Test("the share edit renames the name's uses only: never a keyword, a marble's value key or quoted text that reads the same",
          arguments: ["to", "a", "until", "each", "capacity", "values"])
    func renamesUsesOnly(name: String) throws {
        let explanations = try explainAll("""
            cold \(name): +1 next "x", +1 completed
            subscribe "P" to \(name)
            at 1 subscribe "Q" to \(name) until 5
            expect "P" to \(name) "-a|" values a = "x"
            """)
        let fix = try #require(explanations.first { $0.finding.kind == .repeatedSideEffect }?.fix)
        let shared = "shared" + name.prefix(1).uppercased() + name.dropFirst()
        #expect(fix.source.contains("subscribe \"P\" to \(shared)\n"), "\(fix.source)")
        #expect(fix.source.contains("at 1 subscribe \"Q\" to \(shared) until 5\n"), "\(fix.source)")
        #expect(fix.source.contains("expect \"P\" to \(shared) \"-a|\" values a = \"x\""), "\(fix.source)")
    }

    @Test("a line that uses the name twice has both uses renamed, each at its own column")
    func twoUsesOnALine() throws {
        let explanations = try explainAll("""
            cold c: +1 next "x", +1 completed
            let both = merge c, c
            subscribe "P" to both
            subscribe "Q" to c
            """)
        let fix = try #require(explanations.first { $0.finding.kind == .repeatedSideEffect }?.fix)
        #expect(fix.source.contains("let both = merge sharedC, sharedC\n"), "\(fix.source)")
        #expect(fix.source.contains("subscribe \"Q\" to sharedC"), "\(fix.source)")
    }

    @Test("past the most proofs of a file, a suggestion says why it is not proven")
    func proofCap() throws {
        let colds = (1...(ScenarioFile.maximumProvenFixes + 1)).map { "cold c\($0): +1 next \"x\", +1 completed\n"
            + "subscribe \"A\($0)\" to c\($0)\nsubscribe \"B\($0)\" to c\($0)" }
        let repeated = try explainAll(colds.joined(separator: "\n")).filter { $0.finding.kind == .repeatedSideEffect }
        #expect(repeated.count == ScenarioFile.maximumProvenFixes + 1)
        #expect(repeated.prefix(ScenarioFile.maximumProvenFixes).allSatisfy { $0.fix != nil && $0.unproven == nil })
        #expect(repeated.last?.fix == nil)
        #expect(repeated.last?.unproven == "only the first \(ScenarioFile.maximumProvenFixes) suggestions of a file are run again")
    }

    @Test("a changed run that never ends is given up on after 10 times the scenario's own events and 1,000 more, not at the limit")
    func runawayProofStopsEarly() throws {
        let file = try #require(Catalog.file(named: "takeuntil-lifetime"))
        let (trace, explanations) = try file.explain(named: "takeuntil-lifetime", maximumEvents: 1_000_000)
        let repeated = try #require(explanations.first { $0.finding.kind == .repeatedSideEffect })
        let allowed = trace.events.count * ScenarioFile.proofEventFactor + ScenarioFile.proofEventAllowance
        #expect(repeated.fix == nil)
        #expect(repeated.unproven == "the changed file's run went past \(allowed) events, 10 times the scenario's own and 1000 more")
        #expect(ScenarioFile.proofEvents(afterRunOf: trace.events.count, maximumEvents: 1_000_000) == allowed)
        // Within a smaller limit, the limit stops it, and says so.
        let limited = try file.explain(named: "takeuntil-lifetime", maximumEvents: 200).explanations
        #expect(limited.first { $0.finding.kind == .repeatedSideEffect }?.unproven == "the changed file's run went past the limit of 200 events")
    }

    @Test("one budget for all the proofs of a file: a runaway proof uses it up, and the next says so instead of running")
    func oneBudgetForAllProofs() throws {
        let lifetime = try #require(Catalog.file(named: "takeuntil-lifetime"))
        let text = lifetime.source + "\ncold c: +1 next \"x\", +1 completed\nat 7 subscribe \"A\" to c\nat 7 subscribe \"B\" to c\n"
        let file = try ScenarioFile(parsing: text, file: "two.sigviz")
        let (trace, explanations) = try file.explain(named: "two", maximumEvents: 1_000_000)
        let repeated = explanations.filter { $0.finding.kind == .repeatedSideEffect }
        let allowed = trace.events.count * ScenarioFile.proofEventFactor + ScenarioFile.proofEventAllowance
        #expect(repeated.count == 2)
        #expect(repeated.first?.unproven == "the changed file's run went past \(allowed) events, 10 times the scenario's own and 1000 more")
        #expect(repeated.last?.fix == nil)
        #expect(repeated.last?.unproven == "the runs of the changed files before it used all the events a file's proofs may make, "
            + "\(allowed) events, 10 times the scenario's own and 1000 more")
        // Alone, the second is proven: only the budget stopped it.
        let alone = try ScenarioFile(parsing: "cold c: +1 next \"x\", +1 completed\nat 7 subscribe \"A\" to c\nat 7 subscribe \"B\" to c\n", file: "c.sigviz")
        #expect(try alone.explain(named: "c", maximumEvents: 1_000_000).explanations.first?.fix != nil)
    }

    @Test("the proofs of a file run within one budget in all: their runs' events add up to at most it")
    func proofsShareTheBudget() throws {
        let colds = (1...ScenarioFile.maximumProvenFixes).map { "cold c\($0): +1 next \"x\", +1 completed\n"
            + "subscribe \"A\($0)\" to c\($0)\nsubscribe \"B\($0)\" to c\($0)" }
        let file = try ScenarioFile(parsing: colds.joined(separator: "\n"), file: "many.sigviz")
        let (trace, explanations) = try file.explain(named: "many", maximumEvents: 1_000_000)
        let used = explanations.compactMap { $0.fix?.after.events.count }.reduce(0, +)
        #expect(used <= ScenarioFile.proofEvents(afterRunOf: trace.events.count, maximumEvents: 1_000_000))
        #expect(explanations.filter { $0.fix != nil }.count == ScenarioFile.maximumProvenFixes)
    }

    /// A finding on the signal named `name`, suggesting `change` on it: to reach
    /// each way a proof can fail, whatever the findings give today.
    private static func suggestingChange(
        on name: String, _ change: @escaping (Int) -> Suggestion.Change
    ) -> (Trace) -> [Finding] {
        { trace in
            guard let signal = trace.signals.first(where: { $0.name == name })?.id else { return [] }
            return [Finding(kind: .repeatedSideEffect, signals: [signal], subscriptions: [], times: [0], sentence: "test",
                            suggestion: Suggestion(change: change(signal), sentence: "test"))]
        }
    }

    /// A way a proof fails: a file, the change suggested on its signal `signal`, and how the
    /// explanation must say it is not proven.
    struct UnprovenCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let signal: String
        let sharing: Suggestion.SharingOperator
        let prefix: String
        let alsoSays: String
    }

    static let unprovenCases = [
        // Alone, take 999 ends the interval at 999,000,000 s; replayed, it ticks on, due past 1,000,000,000 s.
        UnprovenCase(
            testDescription: "a changed run past the virtual-time limit (an interval kept running by replay)",
            text: "let t = interval 1000000\nlet u = t | take 999\nsubscribe \"A\" to u\n", signal: "t", sharing: .replay,
            prefix: "the changed file's run went past its limit: ", alsoSays: "1000000000"),
        // Alone, take 2 stops the doubling at once; replayed, the interval and the scan go on.
        UnprovenCase(
            testDescription: "a changed run refused for a text value past its limit (a doubling scan kept running by replay)",
            text: "let t = interval 1 | scan \"x\" \"{acc}{acc}\"\nlet u = t | take 2\nsubscribe \"A\" to u\n", signal: "t",
            sharing: .replay, prefix: "the changed file's run was refused: ", alsoSays: "bytes"),
        // The shared signal's declaration, added after line 2, cannot take a signal of groups.
        UnprovenCase(
            testDescription: "an edit whose file does not parse (a share of groupBy's signal of groups)",
            text: "cold s: +1 next \"1\", +1 completed\nlet g = s | groupBy \"1\" = \"odd\"\nsubscribe \"A\" to g each\n",
            signal: "groupBy of s", sharing: .replayLazily, prefix: "the changed file does not parse: ", alsoSays: "is needed here (line 3)"),
    ]

    @Test("a proof that fails is not made, and the suggestion says why", arguments: unprovenCases)
    func unproven(_ unproven: UnprovenCase) throws {
        let explanations = try ScenarioFile(parsing: unproven.text, file: "fix.sigviz").explain(
            named: "fix", maximumEvents: 100_000,
            finding: Self.suggestingChange(on: unproven.signal) { .share(signal: $0, through: unproven.sharing) }).explanations
        let explanation = try #require(explanations.first)
        #expect(explanation.fix == nil)
        #expect(explanation.unproven?.hasPrefix(unproven.prefix) == true, "\(explanation.unproven ?? "nil")")
        #expect(explanation.unproven?.contains(unproven.alsoSays) == true, "\(explanation.unproven ?? "nil")")
    }

    @Test("a proof that succeeds spends its events: the next runs within what is left, and says so when that is too little")
    func provenRunsSpendTheBudget() throws {
        let text = "cold c1: +1 next \"x\", +1 completed\nsubscribe \"A1\" to c1\nsubscribe \"B1\" to c1\n"
            + "cold c2: +1 next \"y\", +1 completed\nsubscribe \"A2\" to c2\nsubscribe \"B2\" to c2\n"
        let file = try ScenarioFile(parsing: text, file: "two.sigviz")
        let own = try file.explain(named: "two", maximumEvents: 100_000)
        let proofs = own.explanations.compactMap(\.fix)
        try #require(proofs.count == 2)
        // At a limit the own run fits in, and each proof alone too (with room for what a run
        // reports and does not record), but not both.
        let sizes = proofs.map(\.after.events.count)
        let limit = max(own.trace.events.count, sizes.max() ?? 0) + 10
        try #require(sizes.reduce(0, +) > limit, "proofs of \(sizes) events, own run \(own.trace.events.count)")
        let explanations = try file.explain(named: "two", maximumEvents: limit).explanations
        #expect(explanations.first?.fix != nil)
        #expect(explanations.last?.fix == nil)
        #expect(explanations.last?.unproven?.hasPrefix("the changed file's run went past the ") == true
            && explanations.last?.unproven?.hasSuffix(" events left of the proofs' budget (the limit of \(limit) events)") == true,
            "\(explanations.last?.unproven ?? "nil")")
    }

    @Test("the runs before and after count what the finding counts: retry's attempts are left out of both")
    func runsCountedAsTheFindingCounts() throws {
        let explanations = try explainAll("""
            cold request: +1 error "flaky"
            let attempts = request | retry 2
            subscribe "one" to attempts
            at 5 subscribe "two" to attempts
            """)
        let explanation = try #require(explanations.first { $0.finding.kind == .repeatedSideEffect })
        #expect(explanation.finding.sentence.hasPrefix("request's didSubscribe ran 2 times"))
        #expect(explanation.fix?.outcome.runs == [FixOutcome.Runs(name: "request", before: 2, after: 1)])
    }
}
