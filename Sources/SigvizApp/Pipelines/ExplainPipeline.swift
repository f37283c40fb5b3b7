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
        case .text: data = Data(results.map { Self.text(input: $0.input, trace: $0.trace, $0.explanations) }.joined(separator: "\n").utf8)
        }
        try write(data, to: output, inputs: inputs, console: console)
        if results.contains(where: { $0.explanations.contains { failOn.contains($0.finding.kind) } }) {
            throw CommandFailure.reported()
        }
    }

    /// The explanations of one input for a terminal: each finding as `INPUT:LINE:COLUMN: kind: sentence`,
    /// its suggestion and its proof indented under it; "INPUT: no findings" when there are none. The
    /// file's labels, names and values are shown with control and bidi characters escaped.
    package static func text(input: String, trace: Trace, _ explanations: [Explanation]) -> String {
        let input = visiblyEscaped(input)
        guard !explanations.isEmpty else { return "\(input): no findings\n" }
        var text = ""
        for explanation in explanations {
            text += "\(input)\(place(of: explanation)): \(explanation.finding.kind.words): \(visiblyEscaped(explanation.finding.sentence))\n"
            if let suggestion = explanation.finding.suggestion {
                text += "  suggestion: \(visiblyEscaped(suggestion.sentence))\n"
            }
            guard let fix = explanation.fix else {
                if let unproven = explanation.unproven { text += "  not proven: \(unproven)\n" }
                continue
            }
            text += "  proven: the change, run again on the same virtual times:\n"
            text += fix.edit.split(separator: "\n").map { "    \(visiblyEscaped(String($0)))\n" }.joined()
            for runs in fix.outcome.runs {
                text += "  \(visiblyEscaped(runs.name))'s didSubscribe: \(runs.before) run\(runs.before == 1 ? "" : "s") before, \(runs.after) after\n"
            }
            let changed = fix.outcome.changed
            let unchanged = fix.outcome.unchangedLabels.map(visiblyEscaped).joined(separator: ", ")
            if changed.isEmpty {
                text += unchanged.isEmpty
                    ? "  no labelled subscriber receives anything different\n"
                    : "  every subscriber receives the same events at the same times (\(unchanged))\n"
            } else {
                text += "  this changes what \(changed.count == 1 ? "a subscriber receives" : "\(changed.count) subscribers receive"):\n"
                for subscriber in changed { text += "    \(visiblyEscaped(subscriber.label)): \(visiblyEscaped(subscriber.summary))\n" }
                if !unchanged.isEmpty { text += "  unchanged: \(unchanged)\n" }
            }
        }
        return text
    }
}
