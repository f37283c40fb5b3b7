import SigvizApp
import ArgumentParser
import Foundation
import Render
import Scenarios
import Findings
import Tracer

/// `sigviz check`.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run scenario files and check their expectations: diagrams that are tests.",
        discussion: """
            Each `expect` line of a scenario file gives the marbles a subscriber should receive. \
            check runs every file on the real runtime and compares. On a mismatch it prints the \
            expected and actual marbles with the first difference marked (its frame, its time, and \
            what was expected there against what the subscriber received) and exits with status 1, \
            so a CI job fails when the behaviour drifts from the diagram. report, docs and \
            render --expect show the same failures and exit with status 1 too.

            After a file's expectations, check prints what went wrong in its run as warnings, \
            one line each, with the suggestion that removes it indented under it:
              FILE:LINE:COLUMN: warning: repeated side effect: fetchData's didSubscribe ran 6 times, ...
            (the findings that report lists and render --findings marks). Warnings are printed \
            with --quiet too, and never change the exit status.

            Examples:
              sigviz check Examples/scenarios/*.sigviz
              sigviz check my-scenario.sigviz --quiet
            """
    )

    @Argument(help: "Scenario files (.sigviz).")
    var files: [String]

    @Flag(name: .shortAndLong, help: "Print only failures and warnings.")
    var quiet = false

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one scenario file to check.") }
    }

    func run() throws {
        let limits = limits.limits(inputs: files.count)
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
            report += Self.warnings(explanations, in: path)
        }
        try StandardOutput.write(report)
        for problem in problems { StandardError.write(BoundedMessage.bounded("Error: \(problem)") + "\n") }
        let summary = "\(passes) expectation\(passes == 1 ? "" : "s") passed, \(failures) failed"
            + (problems.isEmpty ? "" : ", \(problems.count) file\(problems.count == 1 ? "" : "s") could not be read")
        try StandardOutput.write(summary + "\n")
        // Findings are warnings: what went wrong is worth reading, but the diagram is not a test of it.
        if failures > 0 || !problems.isEmpty { throw ExitCode.failure }
    }

    /// Each finding as a warning, `FILE:LINE:COLUMN: warning: KIND: SENTENCE`, and its suggestion on
    /// the line under it, indented: one that sigviz proved by running the changed file, or, when it
    /// could not (see ``ScenarioFile/explain(named:maximumEvents:)``), marked as not proven; the
    /// file's labels and names shown with control and bidi characters escaped.
    static func warnings(_ explanations: [Explanation], in path: String) -> String {
        explanations.map { explanation in
            let place = explanation.line.map { ":\($0):\(explanation.column ?? 1)" } ?? ""
            let finding = explanation.finding
            return "\(visiblyEscaped(path))\(place): warning: \(finding.kind.words): \(visiblyEscaped(finding.sentence))\n"
                + (finding.suggestion.map {
                    "    suggestion\(explanation.unproven == nil ? "" : " (not proven)"): \(visiblyEscaped($0.sentence))\n"
                } ?? "")
        }.joined()
    }
}
