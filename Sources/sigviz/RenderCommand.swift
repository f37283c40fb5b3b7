import SigvizApp
import ArgumentParser
import Foundation
import Render
import Findings
import Tracer

/// The drawing options shared by `render`, `compare` and `graph`.
struct DrawingOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the SVG to this file instead of standard output (-: standard output).", valueName: "file"),
            transform: SingleOption.counted(SingleOption.output))
    var output: String?

    @Option(help: "The colours: light, dark, or auto (follows the viewer's preference).")
    var theme: Theme = .auto

    func validate() throws {
        if let output, output.isEmpty { throw ValidationError("--output needs a file name.") }
        try SingleOption.check(SingleOption.output)
    }
}

extension Theme: ExpressibleByArgument {}

/// `--scale` of `render` and `compare`.
enum TimelineScale {
    /// The largest `--scale`, in pixels per second.
    static let maximum = 100_000.0

    /// Refuses a `--scale` that is not positive or is more than ``maximum``.
    static func check(_ scale: Double) throws {
        try PositiveNumber.check(scale, option: "--scale", unit: "pixels per second", maximum: maximum)
    }
}

/// `sigviz render`.
struct RenderCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a scenario (built-in or a scenario file) or a trace file as a timeline SVG.",
        discussion: """
            The timeline has a time axis in seconds; lanes for the sources (each run of a cold signal's \
            didSubscribe, numbered; the values sent to subjects; connects); and one lane per subscriber \
            with its values, completion (bar), error (cross) or disposal (square). Replayed history is \
            drawn hollow and dashed; dotted connectors link a send to the deliveries it caused.

            Subscriber lanes are grouped by the signal they subscribed to (--lane-order subscription \
            keeps the order they subscribed in); --only draws the lanes of the labels and signals named. \
            At most 200 lanes are drawn, the first ones; the header then says how many of how many.

            With --expect, each expect line of the scenario file is drawn under its subscriber's \
            lane, with a line where the events first differ. The SVG is written either way, so \
            that it shows a failure; then each failed expect line is named on standard error \
            (FILE:LINE) and render exits with status 1, as check does.

            With --findings, what went wrong (the findings `sigviz check` warns of: a cold signal's \
            didSubscribe run again per subscription, values sent to a subject before a subscriber \
            came, ...) is marked: the marks of each finding's events are ringed with a badge \
            numbered as the finding is, and under the legend the numbered findings are listed, \
            each with its suggestion ("No findings." when there are none). Without it the timeline \
            is drawn as before.

            Examples:
              sigviz render subject-vs-replay -o subject-vs-replay.svg
              sigviz render fetchdata --theme dark --scale 300 -o fetchdata.svg
              sigviz render Examples/scenarios/cold.sigviz -o cold.svg
              sigviz render my-trace.json -o my-trace.svg
              sigviz render my-scenario.sigviz --expect -o my-scenario.svg
              sigviz render subject-vs-replay --only replaySubject -o replay-only.svg
              sigviz render fetchdata --findings -o fetchdata-findings.svg
            """
    )

    @Argument(help: ArgumentHelp(Input.oneHelp))
    var input: String

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Pixels per second of trace time; by default the trace fits in about 720 pixels.",
                               valueName: "px"))
    var scale: Double?

    @Flag(help: "Draw each expect line of a scenario file under its subscriber's lane, with the first difference marked; exit 1 if one fails.")
    var expect = false

    @Flag(help: "Mark what went wrong (the findings that `check` warns of): a numbered badge beside each finding's marks, and the numbered findings listed under the diagram.")
    var findings = false

    @OptionGroup var lanes: LaneSelection

    @OptionGroup var drawing: DrawingOptions

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        try validateInput(input)
        if let scale { try TimelineScale.check(scale) }
        if expect, !input.hasSuffix(".sigviz") {
            throw ValidationError("--expect needs a scenario file (.sigviz) with expect lines.")
        }
    }

    func run(on console: Console) throws {
        var render = RenderPipeline(input: input)
        render.expect = expect
        render.findings = findings
        render.scale = scale
        render.lanes = lanes.options
        render.theme = drawing.theme
        render.output = drawing.output
        render.maximumEvents = limits.maxEvents
        try render.run(on: console)
    }
}

/// `sigviz compare`.
struct CompareCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Draw several scenarios (built-in or scenario files) or trace files as stacked panels on one time axis.",
        discussion: """
            Each panel is one trace, titled, with its didSubscribe count in a badge. Give the same \
            source through different conversions to see cold vs hot vs replay side by side.

            Examples:
              sigviz compare cold publish replay replaylast replaylazily -o compare.svg
              sigviz compare fetchdata fetchdata-replaylazily --theme dark -o fetchdata.svg
              sigviz compare Examples/scenarios/cold.sigviz mine.sigviz -o mine.svg
            """
    )

    @Argument(help: ArgumentHelp("Two or more \(Input.severalHelp), top to bottom."))
    var inputs: [String]

    @Option(help: "The diagram's title.")
    var title: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Pixels per second of trace time; by default the longest trace fits in about 720 pixels.",
                               valueName: "px"))
    var scale: Double?

    @OptionGroup var drawing: DrawingOptions

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        guard inputs.count >= 2 else {
            let alone = inputs.first.map { " and was given one: to draw \(visiblyEscaped($0)) alone, use `sigviz render`" } ?? ""
            throw ValidationError("compare needs two or more scenarios or trace files, one per panel,\(alone).")
        }
        try inputs.forEach(validateInput)
        if let scale { try TimelineScale.check(scale) }
    }

    func run(on console: Console) throws {
        var compare = ComparePipeline(inputs: inputs)
        compare.title = title
        compare.scale = scale
        compare.theme = drawing.theme
        compare.output = drawing.output
        compare.maximumEvents = limits.maxEvents
        try compare.run(on: console)
    }
}

/// `sigviz graph`.
struct GraphCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the subscription graph of a scenario (built-in or a scenario file) or a trace file.",
        discussion: """
            Sources at the top; an arrow from each subscriber to the signal it subscribed to, \
            labelled "× N" when it subscribed N times; a connection beside its subject, with \
            dashed arrows to its subject and source.

            Examples:
              sigviz graph fetchdata -o fetchdata-graph.svg
              sigviz graph cold-to-hot-multicast --theme light
              sigviz graph Examples/scenarios/cold.sigviz -o cold-graph.svg
            """
    )

    @Argument(help: ArgumentHelp(Input.oneHelp))
    var input: String

    @OptionGroup var drawing: DrawingOptions

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        try validateInput(input)
    }

    func run(on console: Console) throws {
        var graph = GraphPipeline(input: input)
        graph.theme = drawing.theme
        graph.output = drawing.output
        graph.maximumEvents = limits.maxEvents
        try graph.run(on: console)
    }
}
