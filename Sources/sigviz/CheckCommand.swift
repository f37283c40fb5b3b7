import ArgumentParser
import Foundation
import Scenarios
import Tracer

/// `sigviz check`.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run scenario files and check their expectations: diagrams that are tests.",
        discussion: """
            Each `expect` line of a scenario file gives the marbles a subscriber should receive. \
            check runs every file on the real runtime and compares. On a mismatch it prints the \
            expected and actual marbles with the first difference marked and exits with status 1, \
            so a CI job fails when the behaviour drifts from the diagram.

            Examples:
              sigviz check Examples/scenarios/*.sigviz
              sigviz check my-scenario.sigviz --quiet
            """
    )

    @Argument(help: "Scenario files (.sigviz).")
    var files: [String]

    @Flag(name: .shortAndLong, help: "Print only failures.")
    var quiet = false

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one scenario file to check.") }
    }

    func run() throws {
        limits.install()
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
            let (_, results) = try Limits.check(file, named: Input.scenarioName(path), input: path)
            if results.isEmpty, !quiet { report += "\(path): no expectations\n" }
            for result in results {
                let expectation = result.expectation
                // Labels and names are the file's text: shown with control and bidi characters escaped.
                let what = visiblyEscaped("\"\(expectation.label)\" to \(expectation.signal)")
                if result.passed {
                    passes += 1
                    if !quiet { report += "\(path):\(expectation.line): ok \(what)\n" }
                    continue
                }
                failures += 1
                report += "\(path):\(expectation.line): FAILED \(what): \(visiblyEscaped(result.problem ?? ""))\n"
                if let actual = result.actual {
                    report += "    expected: \(visiblyEscaped(expectation.marble))\n"
                    report += "    actual:   \(visiblyEscaped(actual))\n"
                    if let difference = result.firstDifference, let seconds = result.comparison?.firstDifferenceTime {
                        report += "              \(String(repeating: " ", count: difference))^ first difference at frame \(difference) "
                            + "(\(SecondsFormat(unit: .seconds).format(seconds)))\n"
                    }
                }
            }
        }
        try StandardOutput.write(report)
        for problem in problems { StandardError.write("Error: \(problem)\n") }
        let summary = "\(passes) expectation\(passes == 1 ? "" : "s") passed, \(failures) failed"
            + (problems.isEmpty ? "" : ", \(problems.count) file\(problems.count == 1 ? "" : "s") could not be read")
        try StandardOutput.write(summary + "\n")
        if failures > 0 || !problems.isEmpty { throw ExitCode.failure }
    }
}
