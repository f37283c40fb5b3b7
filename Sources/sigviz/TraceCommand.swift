import SigvizApp
import ArgumentParser
import Foundation
import Scenarios
import Tracer

/// `sigviz trace`.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Run a scenario and write its trace.",
        discussion: """
            Formats:
              json      the sigviz trace format (docs/trace-format.md): every event,
                        with the signal and subscription tables
              perfetto  the Chrome trace event format: open it at ui.perfetto.dev
                        or chrome://tracing
              marbles   one lane per subscriber in RxJS marble syntax (docs/marbles.md)

            The marbles of a scenario file with a `frame` line or expect lines are drawn at \
            its frame (1 s without a `frame` line), the frame its expect lines are read at, \
            so that a lane's events can be pasted into an expect line. Built-in scenarios, \
            trace files and other scenario files are drawn at the largest frame that puts \
            every event on a frame. --frame chooses the frame.

            Examples:
              sigviz trace subject-vs-replay --format marbles
              sigviz trace fetchdata -o fetchdata.json
              sigviz trace replaylazily --format marbles --frame 0.1
              sigviz trace my-scenario.sigviz --format marbles
              sigviz trace Examples/scenarios/cold.sigviz --format perfetto -o cold.json
            """
    )

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, perfetto, marbles
    }

    @Argument(help: ArgumentHelp(Input.oneHelp))
    var scenario: String

    @Option(name: .shortAndLong, help: "The output format.")
    var format: Format = .json

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output (-: standard output).", valueName: "file"),
            transform: SingleOption.counted(SingleOption.output))
    var output: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Seconds per marble frame (marbles only); by default a scenario file's frame when it has a frame or expect line, and otherwise the largest that fits every event.",
                               valueName: "seconds"))
    var frame: Double?

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        try Input.validate(scenario)
        if let frame {
            try PositiveNumber.check(frame, option: "--frame", unit: "seconds per marble frame")
            guard format == .marbles else { throw ValidationError("--frame applies to --format marbles only.") }
        }
        if let output, output.isEmpty { throw ValidationError("--output needs a file name.") }
        try SingleOption.check(SingleOption.output)
    }

    func run() throws {
        let (trace, file) = try Input.traceAndFile(scenario, limits: limits.limits())
        let data: Data
        switch format {
        case .json:
            // Streamed: the document goes to the file in chunks as it is made, never held whole.
            try write(to: output, inputs: [scenario]) { sink in try trace.writeJSON(to: sink) }
            return
        case .perfetto:
            try write(to: output, inputs: [scenario]) { sink in try trace.writeChromeTraceJSON(to: sink) }
            return
        case .marbles:
            // A scenario file's marbles are at the frame its expect lines are read at, so that they can
            // be pasted into them (ScenarioFile.marbleFrame), a built-in scenario's too; a trace's fit its events.
            let chosen = frame ?? file?.marbleFrame
            do {
                data = Data(try trace.marbles(frame: chosen).utf8)
                if let chosen, let time = trace.firstTimeBetweenFrames(frame: chosen) {
                    let seconds = SecondsFormat(unit: .seconds)
                    StandardError.write(
                        "note: at one frame = \(seconds.format(chosen)), events between frames are drawn at the nearest frame "
                            + "(the first at \(seconds.format(time)))\(frame == nil ? "; --frame chooses another" : "")\n")
                }
            } catch {
                // A usage error (64) like the parser's own, without its usage text, naming what the
                // user gave: --frame or the file's frame when it is the frame that is wrong,
                // --format marbles otherwise.
                let blamed = switch (error.isAboutTheFrame, frame, file) {
                case (true, .some, _): "--frame"
                case (true, nil, .some): "--format marbles at the frame of \(scenario)"
                default: "--format marbles"
                }
                let way = error.isAboutTheFrame && frame == nil && file != nil ? " (--frame chooses another)" : ""
                StandardError.write(BoundedMessage.bounded("Error: \(blamed): \(error.message)\(way)") + "\n")
                throw ExitCode.validationFailure
            }
        }
        try write(data, to: output, inputs: [scenario])
    }
}
