import Foundation
import Scenarios
import Tracer

/// `sigviz trace`: runs a scenario (or reads a trace file) and writes its trace as JSON, as a
/// Perfetto trace or as marbles.
package struct TracePipeline: Sendable {
    /// The output formats.
    package enum Format: String, CaseIterable, Sendable {
        case json, perfetto, marbles
    }

    /// The input: a built-in scenario's name, a scenario file or a trace file.
    package var input: String
    /// How the trace is written.
    package var format: Format = .json
    /// The file to write to; standard output when `nil` or `-`.
    package var output: String?
    /// Seconds per marble frame (marbles only); `nil` for the input's own or the largest that fits.
    package var frame: Double?
    /// `--max-events` (``RunLimits``).
    package var maximumEvents: Int = Trace.defaultMaximumEvents

    /// The trace of `input`.
    package init(input: String) {
        self.input = input
    }

    /// Writes the trace to ``output`` (or `console`'s output); a frame the marbles cannot be
    /// drawn at is told on `console` and thrown as a usage error already reported.
    package func run(on console: Console) throws {
        let (trace, file) = try Input.traceAndFile(input, limits: RunLimits(maximumEvents: maximumEvents))
        let data: Data
        switch format {
        case .json:
            // Streamed: the document goes to the file in chunks as it is made, never held whole.
            try write(to: output, inputs: [input], console: console) { sink in try trace.writeJSON(to: sink) }
            return
        case .perfetto:
            try write(to: output, inputs: [input], console: console) { sink in try trace.writeChromeTraceJSON(to: sink) }
            return
        case .marbles:
            // A scenario file's marbles are at the frame its expect lines are read at, so that they can
            // be pasted into them (ScenarioFile.marbleFrame), a built-in scenario's too; a trace's fit its events.
            let chosen = frame ?? file?.marbleFrame
            do {
                data = Data(try trace.marbles(frame: chosen).utf8)
                if let chosen, let time = trace.firstTimeBetweenFrames(frame: chosen) {
                    let seconds = SecondsFormat(unit: .seconds)
                    console.tell(
                        "note: at one frame = \(seconds.format(chosen)), events between frames are drawn at the nearest frame "
                            + "(the first at \(seconds.format(time)))\(frame == nil ? "; --frame chooses another" : "")\n")
                }
            } catch {
                // A usage error (64) like the parser's own, without its usage text, naming what the
                // user gave: --frame or the file's frame when it is the frame that is wrong,
                // --format marbles otherwise.
                let blamed = switch (error.isAboutTheFrame, frame, file) {
                case (true, .some, _): "--frame"
                case (true, nil, .some): "--format marbles at the frame of \(input)"
                default: "--format marbles"
                }
                let way = error.isAboutTheFrame && frame == nil && file != nil ? " (--frame chooses another)" : ""
                console.tell(BoundedMessage.bounded("Error: \(blamed): \(error.message)\(way)") + "\n")
                throw CommandFailure.reported(.usage)
            }
        }
        try write(data, to: output, inputs: [input], console: console)
    }
}
