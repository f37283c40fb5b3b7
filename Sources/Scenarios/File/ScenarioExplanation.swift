import Findings
import Tracer

extension ScenarioFile {
    /// The most suggestions one explanation proves by running the changed file: each is a run of
    /// its own, so a file with thousands of findings is still explained in bounded time; the
    /// suggestions past it are given unproven.
    public static let maximumProvenFixes = 8

    /// How many times the events of the file's own run the proofs' runs of changed files may make
    /// in all (plus ``proofEventAllowance``), within `maximumEvents`: a suggestion shares or replays
    /// what the scenario already does, so a changed run far longer than the scenario's own is not its
    /// fix but a run that does not end (a shared `interval` nobody disposes), given up on early. One
    /// budget for all the proofs of a file: each runs within what the ones before it left.
    public static let proofEventFactor = 10
    /// The events the proofs' runs may make besides ``proofEventFactor`` times the file's own run.
    public static let proofEventAllowance = 1_000

    /// The most events the proofs' runs of changed files may make in all, for a file whose own run
    /// made `events` within `maximumEvents`.
    static func proofEvents(afterRunOf events: Int, maximumEvents: Int) -> Int {
        guard events < (Int.max - proofEventAllowance) / proofEventFactor else { return maximumEvents }
        return min(maximumEvents, events * proofEventFactor + proofEventAllowance)
    }

    /// Runs the file and explains what went wrong: each of the trace's findings (``Trace/findings()``),
    /// placed at the line and column of its first signal (or, for one made per value, where its suggestion
    /// is made), and, for one with a suggestion, the
    /// suggestion made to the file and run again on the same virtual times (``ProvenFix``).
    ///
    /// A suggestion whose changed run still has the finding, or (missed values) does not give the
    /// late subscriber more while taking nothing away, is dropped: one that does not remove the
    /// problem is not made. One that cannot be placed in the file, or whose changed file does not run
    /// within what is left of the proofs' budget (``proofEventFactor`` times the events of the file's
    /// own run and ``proofEventAllowance`` more in all, within `maximumEvents`) or within the limits
    /// of any run (``Scenario/maximumTime``), or past ``maximumProvenFixes``, is kept without a
    /// proof, and ``Explanation/unproven`` says why.
    /// - Parameters:
    ///   - name: The scenario's name.
    ///   - maximumEvents: The most events each run may make (see ``Scenario/trace(maximumEvents:)``).
    /// - Returns: The trace and the explanations, in the order of ``Trace/findings()``.
    /// - Throws: ``RunLimitExceeded`` when the file's own run went past a limit.
    public func explain(named name: String, maximumEvents: Int) throws(RunLimitExceeded) -> (trace: Trace, explanations: [Explanation]) {
        try explain(named: name, maximumEvents: maximumEvents) { $0.findings() }
    }

    /// ``explain(named:maximumEvents:)`` with the findings `find` reads from the trace.
    func explain(
        named name: String, maximumEvents: Int, finding find: (Trace) -> [Finding]
    ) throws(RunLimitExceeded) -> (trace: Trace, explanations: [Explanation]) {
        let places = SignalPlaces()
        let trace = try scenario(named: name, log: nil, places: places).trace(maximumEvents: maximumEvents)
        return (trace, explanations(of: trace, places: places.places(), named: name, maximumEvents: maximumEvents, finding: find))
    }

    /// Runs the file once, checks every `expect` line (``check(named:maximumEvents:)``) and
    /// explains what went wrong (``explain(named:maximumEvents:)``), from the same run: what
    /// `sigviz check` and the report show.
    public func checkAndExplain(
        named name: String, maximumEvents: Int
    ) throws(RunLimitExceeded) -> (trace: Trace, results: [CheckResult], explanations: [Explanation]) {
        let log = SubscriptionLog()
        let places = SignalPlaces()
        let trace = try scenario(named: name, log: log, places: places).trace(maximumEvents: maximumEvents)
        let explanations = explanations(
            of: trace, places: places.places(), named: name, maximumEvents: maximumEvents) { $0.findings() }
        return (trace, results(of: trace, log: log), explanations)
    }

    /// The findings `find` reads from `trace`, a run of this file whose signals were made at
    /// `placed`, each placed and, with a suggestion, proven by a run of the changed file.
    private func explanations(
        of trace: Trace, places placed: [Int: SignalPlaces.Place], named name: String, maximumEvents: Int,
        finding find: (Trace) -> [Finding]
    ) -> [Explanation] {
        var proofs = 0
        let proofEvents = Self.proofEvents(afterRunOf: trace.events.count, maximumEvents: maximumEvents)
        /// The budget: "N events, 10 times the scenario's own and 1000 more", or the limit.
        let budget = proofEvents < maximumEvents
            ? "\(proofEvents) events, \(Self.proofEventFactor) times the scenario's own and \(Self.proofEventAllowance) more"
            : "the limit of \(maximumEvents) events"
        var remaining = proofEvents
        var explanations: [Explanation] = []
        for finding in find(trace) {
            // A signal made per value (a request `flattenMap` made) has no place: then where its suggestion is made.
            let place = finding.signals.first.flatMap { placed[$0] } ?? finding.suggestion.flatMap { placed[$0.signal] }
            var explanation = Explanation(finding: finding, line: place?.line, column: place?.column)
            if let suggestion = finding.suggestion {
                if proofs >= Self.maximumProvenFixes {
                    explanation.unproven = "only the first \(Self.maximumProvenFixes) suggestions of a file are run again"
                } else if remaining == 0 {
                    explanation.unproven = "the runs of the changed files before it used all the events a file's proofs may make, \(budget)"
                } else if let edit = edit(making: suggestion, places: placed) {
                    let changed: ScenarioFile
                    do {
                        changed = try ScenarioFile(parsing: edit.text, file: path)
                    } catch {
                        explanation.unproven = "the changed file does not parse: \(error.message) (line \(error.line))"
                        explanations.append(explanation)
                        continue
                    }
                    proofs += 1
                    do {
                        let after = try changed.scenario(named: name).trace(maximumEvents: remaining)
                        remaining -= after.events.count
                        let outcome = FixOutcome(finding: finding, before: trace, after: after)
                        if outcome.isFix(of: finding, in: trace) {
                            explanation.fix = ProvenFix(edit: edit.description, source: edit.text, after: after, outcome: outcome)
                        } else {
                            explanation.finding.suggestion = nil
                        }
                    } catch {
                        explanation.unproven = switch error {
                        case .events:
                            remaining == proofEvents
                                ? "the changed file's run went past \(budget)"
                                : "the changed file's run went past the \(remaining) events left of the proofs' budget (\(budget))"
                        case .time(let late): "the changed file's run went past its limit: \(late)"
                        case .text(let refusal): "the changed file's run was refused: \(refusal.message)"
                        }
                        // A run stopped at the budget used it up.
                        if case .events = error { remaining = 0 }
                    }
                } else {
                    explanation.unproven = "the change could not be placed in the file"
                }
            }
            explanations.append(explanation)
        }
        return explanations
    }
}
