import Findings
import Reactive
import Render
import Testing
import Tracer

/// What went wrong in a ``MarbleTest`` run, read from its trace, with each suggested change
/// proven by running the code again with the change: the Swift counterpart of `sigviz explain`.
public struct MarbleExplanation: Sendable {
    /// The run the findings are of.
    public let run: MarbleRun
    /// Its findings, the most important first, each with its proven fix or why it has none.
    public let explanations: [Explanation]

    /// Expects the run to have no findings. Otherwise it records one issue listing them, as `sigviz
    /// explain` does (each with where the code subscribed, its suggestion in Swift and its proof), and
    /// attaches the run's timeline as an SVG with the findings' marks ringed and numbered.
    public func expectNoFindings(sourceLocation: SourceLocation = #_sourceLocation) {
        guard !explanations.isEmpty else { return }
        Issue.record(Comment(rawValue: Explanation.text(explanations, input: run.trace.title ?? "marble test")),
                     sourceLocation: sourceLocation)
        let timeline = TimelineRenderer().render(run.trace, expectations: [], findings: explanations.map(\.finding))
        Attachment.record(timeline, named: "findings.svg", sourceLocation: sourceLocation)
    }
}

extension MarbleTest {
    /// Runs `body` on a new test, at `frame` seconds per frame for at most `maximumFrames` frames,
    /// reads what went wrong in its recording (``Tracer/Trace/findings()``), and proves each finding's
    /// suggested change by running `body` again, on another new test, with the change made at the
    /// call in the code where it goes (``Reactive/CodeRewrite``).
    ///
    /// `body` makes its inputs from the test it is given, names the signals it makes with
    /// ``Reactive/Signal/named(_:fileID:line:)`` and subscribes with labels, as in ``run(title:_:)``.
    /// Four changes are made:
    /// - where the code named the signal: sharing it (`.replayLazily()` after it), and a plain
    ///   subject made a `ReplaySubject`;
    /// - where a labelled subscriber of the finding subscribes: delivering on main
    ///   (`.deliver(on: .main)`, on a scheduler of the test's clock named "main"), and ending with
    ///   the subscriber's owner (`.take(until: owner)`).
    ///
    /// Other changes (catching inside a `flattenMap`, `switchToLatest`, connecting on demand), and
    /// a change where the code named nothing or subscribed with no label, are left unproven, with
    /// why. A change that does not remove the finding, or takes from the subscriber it was to help,
    /// is no fix: its suggestion is dropped, as `sigviz explain` drops it.
    ///
    /// ```swift
    /// @Test func theProfileFetchesOnce() throws {
    ///     let explained = try MarbleTest.explain { test in
    ///         let fetchUser = try test.cold("--u|", values: ["u": "ada"]).named("fetchUser")
    ///         fetchUser.subscribe(label: "name")
    ///         fetchUser.subscribe(label: "avatar")
    ///         return fetchUser
    ///     }
    ///     explained.expectNoFindings()   // fails: fetchUser ran twice; `.replayLazily()` proven
    /// }
    /// ```
    /// - Throws: What `body` throws.
    public static func explain<Kept>(
        title: String = "marble test", frame: Double = 1, maximumFrames: Int = 1_000, _ body: (MarbleTest) throws -> Kept
    ) rethrows -> MarbleExplanation {
        let test = MarbleTest(frame: frame, maximumFrames: maximumFrames)
        let run = try test.run(title: title, rewriting: nil) { try body(test) }
        let trace = run.trace
        var explanations: [Explanation] = []
        for finding in trace.findings() {
            var explanation = Explanation(finding: finding)
            explanation.site = trace.site(of: finding)
            if let suggestion = finding.suggestion {
                switch change(making: suggestion, of: finding, in: trace) {
                case .failure(let why):
                    explanation.unproven = why.reason
                case .success(let made):
                    let again = MarbleTest(frame: frame, maximumFrames: maximumFrames)
                    let rewrites = CodeRewrites(made.rewrites, main: again.scheduler.named("main"))
                    let after = try again.run(title: title, rewriting: rewrites) { try body(again) }.trace
                    let outcome = FixOutcome(finding: finding, before: trace, after: after)
                    if rewrites.madeCount == 0 {
                        explanation.unproven = "the run again did not make the change: the code did not reach \(made.places), "
                            + "or what it made there does not take it"
                    } else if outcome.isFix(of: finding, in: trace) {
                        explanation.fix = ProvenFix(edit: made.edit, source: "", after: after, outcome: outcome)
                    } else if made.isNaming, outcome.changed.isEmpty, outcome.runs.allSatisfy({ $0.before == $0.after }) {
                        // Made, and nothing any subscriber received changed: the code went on with the signal it had.
                        explanation.unproven = "the run again changed nothing any subscriber received: the code did not use "
                            + "the signal named(_:) returned at \(made.places)"
                    } else {
                        explanation.finding.suggestion = nil
                    }
                }
            }
            explanations.append(explanation)
        }
        return MarbleExplanation(run: run, explanations: explanations)
    }

    /// A suggestion as rewrites of calls in the code.
    private struct Made {
        /// The rewrites, one per call.
        let rewrites: [CodeRewrite]
        /// The calls' places: "AppTests/ProfileTests.swift:8", several joined by commas.
        let places: String
        /// Whether the change is made where the code named a signal (else where it subscribed).
        let isNaming: Bool
        /// The edit, for people: "where AppTests/ProfileTests.swift:8 names fetchUser: `.replayLazily()` after it".
        let edit: String
    }

    /// The rewrites that make `suggestion`, of `finding`, at the calls in the code where it goes
    /// (``Findings/Suggestion/Change/codeRewrite``), or why there are none. A change to a signal is
    /// made where the code named it; a change to subscriptions (delivering on main, ending with the
    /// owner), at each labelled subscription of the finding.
    private static func change(making suggestion: Suggestion, of finding: Finding, in trace: Trace) -> Result<Made, Unproven> {
        guard let change = suggestion.change.codeRewrite else {
            return .failure(Unproven("a run of Swift code proves a change where a signal is named or a labelled subscriber "
                + "subscribes (sharing, a replay subject, delivering on main, ending with the owner); this one is made "
                + "elsewhere in the code"))
        }
        let code = trace.code(of: suggestion.change, in: .swift)
        switch change {
        case .replayLazily, .replaySubject:
            guard trace.signals.indices.contains(suggestion.signal) else { return .failure(Unproven("its signal is not in the trace")) }
            let signal = trace.signals[suggestion.signal]
            guard let (fileID, line) = signal.site.flatMap(CallSite.parts(of:)) else {
                return .failure(Unproven("\(signal.name) was not named in the code (named(_:)), so the change has no place to be made"))
            }
            return .success(Made(
                rewrites: [CodeRewrite(.naming(signal.name), fileID: fileID, line: line, change: change)], places: "\(fileID):\(line)",
                isNaming: true,
                edit: "where \(fileID):\(line) names \(signal.name): \(code.written)" + (code.replacing.map { " in place of \($0)" } ?? " after it")))
        case .deliverOnMain, .takeUntilOwner:
            var rewrites: [CodeRewrite] = [], places: [String] = []
            for id in finding.subscriptions where trace.subscriptions.indices.contains(id) {
                let subscription = trace.subscriptions[id]
                guard let label = subscription.label, let (fileID, line) = subscription.site.flatMap(CallSite.parts(of:)) else { continue }
                let rewrite = CodeRewrite(.subscribing(label: label), fileID: fileID, line: line, change: change)
                if !rewrites.contains(rewrite) {
                    rewrites.append(rewrite)
                    places.append("\(fileID):\(line)")
                }
            }
            guard !rewrites.isEmpty else {
                return .failure(Unproven("its subscriptions were not made with a label in the code (subscribe(label:)), so the "
                    + "change has no place to be made"))
            }
            let joined = places.joined(separator: ", ")
            return .success(Made(
                rewrites: rewrites, places: joined, isNaming: false,
                edit: "where \(joined) subscribe\(places.count == 1 ? "s" : ""): \(code.written) after what "
                    + "\(places.count == 1 ? "it subscribes" : "they subscribe") to"))
        }
    }

    /// Why a suggestion is not proven, for people.
    private struct Unproven: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
