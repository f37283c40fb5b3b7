import Foundation
import Render
import Tracer

/// `sigviz compare`: several traces as stacked panels on one time axis, in one SVG.
package struct ComparePipeline: Sendable {
    /// The inputs, top to bottom: built-in scenarios' names, scenario files or trace files.
    package var inputs: [String]
    /// The diagram's title; `nil` joins the traces' titles with "vs".
    package var title: String?
    /// Pixels per second; `nil` fits the longest trace in about 720 pixels.
    package var scale: Double?
    /// The colours.
    package var theme: Theme = .auto
    /// The file to write to; standard output when `nil` or `-`.
    package var output: String?
    /// `--max-events`: the budget the inputs share (``RunLimits``).
    package var maximumEvents: Int = Trace.defaultMaximumEvents

    /// A comparison of `inputs`.
    package init(inputs: [String]) {
        self.inputs = inputs
    }

    /// Writes the comparison to ``output`` (or `console`'s output).
    package func run(on console: Console) throws {
        let limits = RunLimits(maximumEvents: maximumEvents, inputs: inputs.count)
        let traces = try inputs.map { try Input.trace($0, limits: limits) }
        let title = title ?? traces.map { $0.title ?? "trace" }.joined(separator: " vs ")
        let svg = ComparisonRenderer(theme: theme, scale: scale, title: title).render(traces)
        try write(Data(svg.utf8), to: output, inputs: inputs, console: console)
    }
}
