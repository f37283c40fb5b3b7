import Render
import Scenarios
import Tracer

extension ExpectationOutcome {
    /// How a checked `expect` line came out, for the pages and messages that show it.
    package init(_ result: ScenarioFile.CheckResult) {
        let expectation = result.expectation
        self.init(
            line: expectation.line, label: expectation.label, signal: expectation.signal, expected: expectation.expected,
            subscription: result.subscription, comparison: result.comparison, problem: result.problem)
    }

    /// What it is about, with the file's control and bidi characters escaped: `"LABEL" to NAME`.
    package var visibleSubject: String { visiblyEscaped(subject) }

    /// A failed expectation on one line, naming its file and line: `PATH:LINE: FAILED "LABEL" to NAME: PROBLEM`.
    package func failureLine(in path: String) -> String {
        "\(visiblyEscaped(path)):\(line): FAILED \(visibleSubject): \(visiblyEscaped(problem ?? ""))"
    }
}

/// How `report`, `docs` and `render --expect` end when an expectation of their scenario files
/// failed: after writing what they write (which shows the failure), they name each failed
/// `expect` line on the console's messages and exit with status 1.
package enum FailedExpectations {
    /// Writes a ``ExpectationOutcome/failureLine(in:)`` on `console`'s messages for each failed
    /// expectation of `files` (each scenario file's path and outcomes), and returns what to fail
    /// with: "1 of 3 expectations failed"; `nil`, writing nothing, when none failed.
    package static func tell(_ files: [(path: String, outcomes: [ExpectationOutcome])], on console: Console) -> String? {
        let lines = files.flatMap { file in file.outcomes.failed.map { $0.failureLine(in: file.path) } }
        guard !lines.isEmpty else { return nil }
        console.tell(lines.joined(separator: "\n") + "\n")
        return files.flatMap(\.outcomes).summary
    }
}
