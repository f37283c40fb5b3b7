import Findings
import Reactive
@testable import Scenarios
import Testing
import Tracer

// Issue 30: a finding on a recording of Swift code proposes Swift (`.replayLazily()`,
// `ReplaySubject(capacity: 1)`), placed where the code named the signal; one on a scenario file's
// run, the file's syntax. One table (`Trace.code(of:in:)`) writes every change.

@Suite("Findings written in the language of the code they came from")
struct CodeSpellingTests {
    /// A trace of the signals the table's rows name: a cold signal, a subject and a replay subject.
    private static let signals = Trace(signals: [
        TraceSignal(id: 0, kind: .cold, name: "fetchUser"), TraceSignal(id: 1, kind: .subject, name: "query"),
        TraceSignal(id: 2, kind: .replaySubject(capacity: nil), name: "screenGone"),
    ])

    @Test("the table writes each change in a scenario file's syntax and in Swift", arguments: [
        (Suggestion.Change.share(signal: 0, through: .replayLazily), "`| replayLazily`", nil, "`.replayLazily()`", nil),
        (.share(signal: 0, through: .replayLast), "`| replayLast`", nil, "`.replayLast()`", nil),
        (.replaySubject(signal: 1, capacity: 1), "`replay query capacity 1`", nil, "`ReplaySubject(capacity: 1)`", "`Subject()`"),
        (.replaySubject(signal: 1, capacity: nil), "`replay query`", nil, "`ReplaySubject()`", "`Subject()`"),
        (.replaySubject(signal: 2, capacity: 1), "`replay screenGone capacity 1`", nil, "`ReplaySubject(capacity: 1)`", "`ReplaySubject()`"),
        (.switchToLatest(signal: 0), "`map` then `switchToLatest`", "`flattenMap` (or `flatten`)",
         "`.map { … }.switchToLatest()`", "`.flattenMap { … }` (or `.flatten()`)"),
        (.catchInner(signal: 0), "`catchTo` an empty signal", nil, "`.catchTo(.empty())`", nil),
        (.deliverOnMain(signal: 0), "`| deliverOn main`", nil, "`.deliver(on: .main)`", nil),
        (.endWithOwner(signal: 0, owner: 2), "`| takeUntil screenGone`", nil, "`.take(until: screenGone)`", nil),
        (.connectOnDemand(signal: 0), "`publish | autoconnect`", nil, "`.publish().autoconnect()`", nil),
    ] as [(Suggestion.Change, String, String?, String, String?)])
    func table(change: Suggestion.Change, file: String, fileReplacing: String?, swift: String, swiftReplacing: String?) {
        let inFile = Self.signals.code(of: change, in: .scenarioFile)
        let inSwift = Self.signals.code(of: change, in: .swift)
        #expect(inFile.written == file && inFile.replacing == fileReplacing)
        #expect(inSwift.written == swift && inSwift.replacing == swiftReplacing)
    }

    @Test("a trace is spelled in Swift when it has a call site, which only a recording of Swift code has")
    func spellingOfTrace() throws {
        let scenario = try #require(Catalog.scenario(named: "fetchdata"))
        #expect(scenario.trace().codeSpelling == .scenarioFile)
        let scheduler = TestScheduler()
        let named = Trace.record(title: "named", clock: scheduler) { Subject<Int>().named("query") }
        #expect(named.codeSpelling == .swift)
        let labelled = Trace.record(title: "labelled", clock: scheduler) { Subject<Int>().subscribe(label: "a") }
        #expect(labelled.codeSpelling == .swift)
        let bare = Trace.record(title: "bare", clock: scheduler) { Subject<Int>() }
        #expect(bare.codeSpelling == .scenarioFile)
    }

    @Test("a late subscriber to a subject named in Swift is told to make it a ReplaySubject, at the line that named it")
    func missedValuesInSwift() throws {
        let scheduler = TestScheduler()
        let line = #line + 2
        let trace = Trace.record(title: "late", clock: scheduler) {
            let query = Subject<String>().named("query")
            query.sendNext("swift")
            query.subscribe(label: "results")
            return query
        }
        let finding = try #require(trace.findings().first { $0.kind == .missedValues })
        #expect(finding.suggestion?.sentence.hasPrefix(
            "Make query (ScenarioTests/CodeSpellingTests.swift:\(line)) a replay subject of capacity 1 "
                + "(`ReplaySubject(capacity: 1)` in place of `Subject()`): results would then receive \"swift\"") == true,
            "\(finding.suggestion?.sentence ?? "none")")
    }

    @Test("a cold signal subscribed twice in Swift is told to share through .replayLazily(), at the line that named it")
    func repeatedSideEffectInSwift() throws {
        let scheduler = TestScheduler()
        let line = #line + 5
        let trace = Trace.record(title: "twice", clock: scheduler) {
            let fetchUser = Signal<String>.create { subscriber in
                subscriber.sendNext("user")
                return nil
            }.named("fetchUser")
            fetchUser.subscribe(label: "name")
            fetchUser.subscribe(label: "avatar")
            return fetchUser
        }
        let finding = try #require(trace.findings().first { $0.kind == .repeatedSideEffect })
        #expect(finding.suggestion?.sentence.hasPrefix(
            "Share one run: put `.replayLazily()` after fetchUser (ScenarioTests/CodeSpellingTests.swift:\(line)) and subscribe") == true,
            "\(finding.suggestion?.sentence ?? "none")")
    }

    /// Scenario-file syntax that Swift does not have: a pipe, a `replay NAME` declaration, `each`,
    /// `takeUntil`, `deliverOn` as a word.
    private static let fileSyntax = ["`|", "| ", "`replay ", "`each`", "takeUntil", "`deliverOn"]

    @Test("no finding of any gallery or catalog run, read as a recording of Swift, writes scenario-file syntax; read as the file's run, its suggestions do")
    func noFileSyntaxInSwift() throws {
        var traces = try GalleryFile.all().map { try $0.file.scenario(named: $0.name).trace(maximumEvents: Trace.defaultMaximumEvents) }
        traces += Catalog.scenarios.map { $0.trace() }
        var suggestions = 0, pipedInFile = 0
        for var trace in traces {
            let asFile = trace.findings()
            pipedInFile += asFile.count { $0.suggestion?.sentence.contains("`|") == true }
            trace.signals[0].site = "App/Screen.swift:1"
            let asSwift = trace.findings()
            #expect(asSwift.map(\.kind) == asFile.map(\.kind), "\(trace.title ?? "")")
            for finding in asSwift {
                let text = finding.sentence + " " + (finding.suggestion?.sentence ?? "")
                for syntax in Self.fileSyntax {
                    #expect(!text.contains(syntax), "\(trace.title ?? ""): \(finding.kind): '\(syntax)' in \(text)")
                }
            }
            suggestions += asSwift.count { $0.suggestion != nil }
        }
        // Every kind with a suggestion is among them, so every row of the table was read in Swift.
        #expect(suggestions > 40)
        #expect(pipedInFile > 20)
    }
}
