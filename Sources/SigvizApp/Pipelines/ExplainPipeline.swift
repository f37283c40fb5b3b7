import Foundation
import Scenarios
import Findings
import Tracer

/// `sigviz explain`: the findings of scenarios and trace files, with the fixes sigviz proved by
/// running the changed scenario again.
package struct ExplainPipeline: Sendable {
    /// The output formats.
    package enum Format: String, CaseIterable, Sendable {
        case text, json
    }

    /// The inputs: built-in scenarios' names, scenario files or trace files.
    package var inputs: [String]
    /// How the explanations are written.
    package var format: Format = .text
    /// The kinds of finding that make the run fail (`--fail-on`).
    package var failOn: Set<Finding.Kind> = []
    /// The file to write to; standard output when `nil` or `-`.
    package var output: String?
    /// `--max-events`: the budget the inputs share (``RunLimits``).
    package var maximumEvents: Int = Trace.defaultMaximumEvents

    /// An explanation of `inputs`.
    package init(inputs: [String]) {
        self.inputs = inputs
    }

    /// Writes the explanations of every input to ``output`` (or `console`'s output); throws
    /// ``CommandFailure/reported(_:)`` when a finding of a kind of ``failOn`` was found.
    package func run(on console: Console) throws {
        let limits = RunLimits(maximumEvents: maximumEvents, inputs: inputs.count)
        var results: [(input: String, trace: Trace, explanations: [Explanation])] = []
        for input in inputs {
            let (trace, explanations) = try explained(input, limits: limits)
            results.append((input, trace, explanations))
        }
        let data: Data
        switch format {
        case .json: data = Explanation.json(results)
        case .text: data = Data(results.map { Explanation.text($0.explanations, input: $0.input) }.joined(separator: "\n").utf8)
        }
        try write(data, to: output, inputs: inputs, console: console)
        if results.contains(where: { $0.explanations.contains { failOn.contains($0.finding.kind) } }) {
            throw CommandFailure.reported()
        }
    }
}
