import SigvizApp
import ArgumentParser
import Tracer

/// `sigviz trace`.
struct TraceCommand: ConsoleCommand {
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
    typealias Format = TracePipeline.Format

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
        try validateInput(scenario)
        if let frame {
            try PositiveNumber.check(frame, option: "--frame", unit: "seconds per marble frame")
            guard format == .marbles else { throw ValidationError("--frame applies to --format marbles only.") }
        }
        if let output, output.isEmpty { throw ValidationError("--output needs a file name.") }
        try SingleOption.check(SingleOption.output)
    }

    func run(on console: Console) throws {
        var trace = TracePipeline(input: scenario)
        trace.format = format
        trace.output = output
        trace.frame = frame
        trace.maximumEvents = limits.maxEvents
        try trace.run(on: console)
    }
}

extension TracePipeline.Format: ExpressibleByArgument {}
