import SigvizApp
import ArgumentParser
import Foundation
import Scenarios
import Findings
import Tracer

/// `sigviz explain`.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Say what went wrong in a scenario or trace, why, and prove the fix.",
        discussion: """
            explain reads what the runtime did and reports findings, most important first: \
            \(Finding.Kind.allCases.map(\.words).joined(separator: ", ")) (docs/findings.md). \
            Each says what happened, which signals and subscriptions, and when, with the line and \
            column in the scenario file. Where a change would remove it (share a cold signal with \
            replayLazily, make a subject a replay subject, use switchToLatest), explain makes the \
            change to the scenario, runs it again on the same virtual times and shows the \
            difference: the side effect's runs before and after, and for every subscriber whether \
            it receives the same events at the same times, or exactly what changed. A change that \
            does not remove the finding is not suggested. A trace file has findings but no proven \
            fix: there is nothing to run again.

            Exits with status 0, or with --fail-on with status 1 when a finding of one of those \
            kinds is found, for CI.

            Examples:
              sigviz explain fetchdata
              sigviz explain my-scenario.sigviz --format json -o findings.json
              sigviz explain Examples/scenarios/*.sigviz --fail-on repeatedSideEffect,missedValues
            """
    )

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: ArgumentHelp(Input.oneHelp + " Several may be given."))
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The output format.")
    var format: Format = .text

    @Option(name: .customLong("fail-on"),
            help: ArgumentHelp("Exit with status 1 when a finding of one of these kinds is found: a comma-separated list of \(Finding.Kind.allCases.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "kinds"),
            transform: SingleOption.counted(SingleOption.failOn))
    var failOn: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output (-: standard output).", valueName: "file"),
            transform: SingleOption.counted(SingleOption.output))
    var output: String?

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one scenario or trace file to explain.") }
        for input in inputs { try Input.validate(input) }
        _ = try failKinds()
        if let output, output.isEmpty { throw ValidationError("--output needs a file name.") }
        try SingleOption.check(SingleOption.output)
        try SingleOption.check(SingleOption.failOn)
    }

    /// The kinds `--fail-on` names; none without it.
    private func failKinds() throws -> Set<Finding.Kind> {
        guard let failOn else { return [] }
        var kinds: Set<Finding.Kind> = []
        for word in failOn.split(separator: ",", omittingEmptySubsequences: false) {
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let kind = Finding.Kind(rawValue: name) else {
                throw ValidationError("--fail-on: '\(visiblyEscaped(name))' is not a kind of finding; the kinds are "
                    + Finding.Kind.allCases.map(\.rawValue).joined(separator: ", ") + ".")
            }
            kinds.insert(kind)
        }
        return kinds
    }

    func run() throws {
        let limits = limits.limits(inputs: inputs.count)
        let failing = try failKinds()
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
        try write(data, to: output, inputs: inputs)
        if results.contains(where: { $0.explanations.contains { failing.contains($0.finding.kind) } }) {
            throw ExitCode.failure
        }
    }

    /// The explanations of one input for a terminal: each finding as `INPUT:LINE:COLUMN: kind: sentence`,
    /// its suggestion and its proof indented under it; "INPUT: no findings" when there are none. The
    /// file's labels, names and values are shown with control and bidi characters escaped.
    static func text(input: String, trace: Trace, _ explanations: [Explanation]) -> String {
        let input = visiblyEscaped(input)
        guard !explanations.isEmpty else { return "\(input): no findings\n" }
        var text = ""
        for explanation in explanations {
            let place = explanation.line.map { ":\($0):\(explanation.column ?? 1)" } ?? ""
            text += "\(input)\(place): \(explanation.finding.kind.words): \(visiblyEscaped(explanation.finding.sentence))\n"
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
