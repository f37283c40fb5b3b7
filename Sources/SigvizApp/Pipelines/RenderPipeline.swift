import Foundation
import Render
import Findings
import Tracer

/// `sigviz render`: a timeline SVG of a scenario or a trace file, with its findings marked
/// (``findings``) or its expectations drawn under their lanes (``expect``).
package struct RenderPipeline: Sendable {
    /// The input: a built-in scenario's name, a scenario file or a trace file.
    package var input: String
    /// Whether to check the scenario file's `expect` lines and draw them under their lanes.
    package var expect = false
    /// Whether to mark the findings, with their suggestions as proven.
    package var findings = false
    /// Pixels per second; `nil` fits the trace in about 720 pixels.
    package var scale: Double?
    /// Which lanes are drawn, and in what order.
    package var lanes = LaneOptions()
    /// The colours.
    package var theme: Theme = .auto
    /// The file to write to; standard output when `nil` or `-`.
    package var output: String?
    /// `--max-events` (``RunLimits``).
    package var maximumEvents: Int = Trace.defaultMaximumEvents

    /// A timeline of `input`.
    package init(input: String) {
        self.input = input
    }

    /// Writes the timeline to ``output`` (or `console`'s output); throws when an `--only` name
    /// picks no lane (a usage error, told on `console`), or, after writing, when an expectation failed.
    package func run(on console: Console) throws {
        let limits = RunLimits(maximumEvents: maximumEvents)
        let renderer = TimelineRenderer(theme: theme, scale: scale, lanes: lanes)
        guard expect else {
            // With --findings, a scenario's suggestions as proven: one that does not help is not shown.
            let trace: Trace, found: [Finding]?
            if findings {
                let (explainedTrace, explanations) = try explained(input, limits: limits)
                (trace, found) = (explainedTrace, explanations.map(\.finding))
            } else {
                (trace, found) = (try Input.trace(input, limits: limits), nil)
            }
            try lanes.refuseUnknownNames(in: trace, on: console)
            let svg = renderer.render(trace, expectations: [], findings: found)
            try write(Data(svg.utf8), to: output, inputs: [input], console: console)
            return
        }
        let file = try Input.scenarioFile(input)
        let (trace, results, explanations) = try limits.checkAndExplain(file, named: Input.scenarioName(input), input: input)
        try lanes.refuseUnknownNames(in: trace, on: console)
        let outcomes = results.map(ExpectationOutcome.init)
        let svg = renderer.render(
            trace, expectations: outcomes.compactMap(\.timelineExpectation), findings: findings ? explanations.map(\.finding) : nil)
        try write(Data(svg.utf8), to: output, inputs: [input], console: console)
        if let failure = FailedExpectations.tell([(input, outcomes)], on: console) {
            throw CommandFailure(failure + " (drawn under their subscribers' lanes)")
        }
    }
}

extension LaneOptions {
    /// Refuses, as a usage error naming `--only` (told on `console`, without the usage), a name of
    /// ``only`` that picks no lane of `trace`.
    func refuseUnknownNames(in trace: Trace, on console: Console) throws {
        guard let only, !only.isEmpty else { return }
        let names = TimelineRenderer.laneNames(of: trace)
        let known = Set(names)
        guard let unknown = only.first(where: { !known.contains($0) }) else { return }
        let listed = names.prefix(20).map { "'\(visiblyEscaped($0))'" }.joined(separator: ", ")
        console.tell(BoundedMessage.bounded("Error: --only: no lane is named '\(unknown)'; the names are \(listed)"
            + (names.count > 20 ? ", …" : "")) + "\n")
        throw CommandFailure.reported(.usage)
    }
}
