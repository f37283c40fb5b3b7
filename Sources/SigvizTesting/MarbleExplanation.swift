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
    /// suggested change by running `body` again, on another new test, with the change made where the
    /// code named the signal to change (``Reactive/NamingRewrite``).
    ///
    /// `body` makes its inputs from the test it is given, names the signals it makes with
    /// ``Reactive/Signal/named(_:fileID:line:)`` and subscribes with labels, as in ``run(title:_:)``.
    /// A change is made where `named` was called: sharing (`.replayLazily()` after the named signal)
    /// and a plain subject made a `ReplaySubject` are; other changes, and a change at a signal the
    /// code did not name, are left unproven, with why. A change that does not remove the finding,
    /// or takes from the subscriber it was to help, is no fix: its suggestion is dropped, as
    /// `sigviz explain` drops it.
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
                switch rewrite(making: suggestion, in: trace) {
                case .failure(let why):
                    explanation.unproven = why.reason
                case .success(let rewrite):
                    let rewrites = NamingRewrites([rewrite])
                    let again = MarbleTest(frame: frame, maximumFrames: maximumFrames)
                    let after = try again.run(title: title, rewriting: rewrites) { try body(again) }.trace
                    if rewrites.madeCount == 0 {
                        explanation.unproven = "the run again did not make the change: the code did not name \(rewrite.name) "
                            + "at \(rewrite.fileID):\(rewrite.line), or named something other than a plain subject there"
                    } else {
                        let outcome = FixOutcome(finding: finding, before: trace, after: after)
                        if outcome.isFix(of: finding, in: trace) {
                            let code = suggestion.change.code(in: .swift) { trace.signals.indices.contains($0) ? trace.signals[$0].name : "signal \($0)" }
                            let edit = "where \(rewrite.fileID):\(rewrite.line) names \(rewrite.name): " + code.written
                                + (code.replacing.map { " in place of \($0)" } ?? " after it")
                            explanation.fix = ProvenFix(edit: edit, source: "", after: after, outcome: outcome)
                        } else {
                            explanation.finding.suggestion = nil
                        }
                    }
                }
            }
            explanations.append(explanation)
        }
        return MarbleExplanation(run: run, explanations: explanations)
    }

    /// The rewrite that makes `suggestion` where the code named its signal, or why there is none.
    private static func rewrite(making suggestion: Suggestion, in trace: Trace) -> Result<NamingRewrite, Unproven> {
        let change: NamingRewrite.Change
        switch suggestion.change {
        case .share(_, through: .replayLazily): change = .replayLazily
        case .replaySubject(_, let capacity): change = .replaySubject(capacity: capacity)
        default:
            return .failure(Unproven("a run of Swift code proves a change where a signal is named (sharing it, making a "
                + "subject a replay subject); this one is made elsewhere in the code"))
        }
        guard trace.signals.indices.contains(suggestion.signal) else { return .failure(Unproven("its signal is not in the trace")) }
        let signal = trace.signals[suggestion.signal]
        guard let site = signal.site, let colon = site.lastIndex(of: ":"), let line = Int(site[site.index(after: colon)...]) else {
            return .failure(Unproven("\(signal.name) was not named in the code (named(_:)), so the change has no place to be made"))
        }
        return .success(NamingRewrite(name: signal.name, fileID: String(site[..<colon]), line: line, change: change))
    }

    /// Why a suggestion is not proven, for people.
    private struct Unproven: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
