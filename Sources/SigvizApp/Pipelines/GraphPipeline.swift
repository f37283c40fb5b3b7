import Foundation
import Render
import Tracer

/// `sigviz graph`: the subscription graph of a scenario or a trace file, as an SVG.
package struct GraphPipeline: Sendable {
    /// The input: a built-in scenario's name, a scenario file or a trace file.
    package var input: String
    /// The colours.
    package var theme: Theme = .auto
    /// The file to write to; standard output when `nil` or `-`.
    package var output: String?
    /// `--max-events` (``RunLimits``).
    package var maximumEvents: Int = Trace.defaultMaximumEvents

    /// The graph of `input`.
    package init(input: String) {
        self.input = input
    }

    /// Writes the graph to ``output`` (or `console`'s output).
    package func run(on console: Console) throws {
        let svg = GraphRenderer(theme: theme).render(try Input.trace(input, limits: RunLimits(maximumEvents: maximumEvents)))
        try write(Data(svg.utf8), to: output, inputs: [input], console: console)
    }
}
