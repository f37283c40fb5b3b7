import Foundation
import Render
import Scenarios
import Findings
import Tracer

/// `sigviz check`: runs scenario files, checks their `expect` lines, and warns of their findings.
package struct CheckPipeline: Sendable {
    /// The scenario files, as given.
    package var files: [String]
    /// Whether to print only failures and warnings.
    package var quiet = false
    /// `--max-events`: the budget the files share (``RunLimits``).
    package var maximumEvents: Int = Trace.defaultMaximumEvents

    /// A check of `files`.
    package init(files: [String]) {
        self.files = files
    }

    /// Checks every file, writing each expectation's outcome, the warnings and a summary on
    /// `console`; throws ``CommandFailure/reported(_:)`` when an expectation failed or a file could not be read.
    package func run(on console: Console) throws {
        let limits = RunLimits(maximumEvents: maximumEvents, inputs: files.count)
        var failures = 0, passes = 0, problems: [String] = []
        var report = ""
        for path in files {
            let file: ScenarioFile
            do {
                file = try Input.scenarioFile(path)
            } catch {
                problems.append("\(error)")
                continue
            }
            let (_, results, explanations) = try limits.checkAndExplain(file, named: Input.scenarioName(path), input: path)
            if results.isEmpty, !quiet { report += "\(visiblyEscaped(path)): no expectations\n" }
            var shownWithMarbles = 0
            for outcome in results.map(ExpectationOutcome.init) {
                // Labels and names are the file's text: shown with control and bidi characters escaped.
                if outcome.passed {
                    passes += 1
                    if !quiet { report += "\(visiblyEscaped(path)):\(outcome.line): ok \(outcome.visibleSubject)\n" }
                    continue
                }
                failures += 1
                report += outcome.failureLine(in: path) + "\n"
                if let comparison = outcome.comparison, comparison.actual != nil {
                    shownWithMarbles += 1
                    if shownWithMarbles <= ExpectationOutcome.failuresShownWithMarbles {
                        report += comparison.sideBySide.map { "    " + $0 + "\n" }.joined()
                    } else if shownWithMarbles == ExpectationOutcome.failuresShownWithMarbles + 1 {
                        report += "    (the marbles of the first \(ExpectationOutcome.failuresShownWithMarbles) failed expectations "
                            + "of a file are shown; sigviz render --expect draws them all)\n"
                    }
                }
            }
            report += file.warnings.map {
                "\(visiblyEscaped(path)):\($0.line):\($0.column): warning: {} left as written: \(visiblyEscaped($0.message))\n"
            }.joined()
            report += Self.warnings(explanations, in: path)
        }
        try console.write(report)
        for problem in problems { console.tell(BoundedMessage.bounded("Error: \(problem)") + "\n") }
        let summary = "\(passes) expectation\(passes == 1 ? "" : "s") passed, \(failures) failed"
            + (problems.isEmpty ? "" : ", \(problems.count) file\(problems.count == 1 ? "" : "s") could not be read")
        try console.write(summary + "\n")
        // Findings are warnings: what went wrong is worth reading, but the diagram is not a test of it.
        if failures > 0 || !problems.isEmpty { throw CommandFailure.reported() }
    }

    /// Each finding as a warning, `FILE:LINE:COLUMN: warning: KIND: SENTENCE`, and its suggestion on
    /// the line under it, indented: one that sigviz proved by running the changed file, or, when it
    /// could not (see ``ScenarioFile/explain(named:maximumEvents:)``), marked as not proven; the
    /// file's labels and names shown with control and bidi characters escaped.
    package static func warnings(_ explanations: [Explanation], in path: String) -> String {
        explanations.map { explanation in
            let finding = explanation.finding
            return "\(visiblyEscaped(path))\(explanation.place): warning: \(finding.kind.words): \(visiblyEscaped(finding.sentence))\n"
                + (finding.suggestion.map {
                    "    suggestion\(explanation.unproven == nil ? "" : " (not proven)"): \(visiblyEscaped($0.sentence))\n"
                } ?? "")
        }.joined()
    }
}
