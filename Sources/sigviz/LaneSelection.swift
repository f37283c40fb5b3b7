import SigvizApp
import ArgumentParser
import Render
import Tracer

/// `--lane-order` and `--only` of `render`: which lanes a timeline draws, and in what order.
struct LaneSelection: ParsableArguments {
    @Option(help: ArgumentHelp(
        "How subscriber lanes are ordered: signal (grouped by the signal subscribed to) or subscription (in the order they subscribed).",
        valueName: "order"))
    var laneOrder: LaneOptions.Order = .signal

    @Option(help: ArgumentHelp(
        "Draw only the lanes this subscriber label or signal name picks (a signal's own lanes and its subscribers'); repeat for more.",
        valueName: "name"))
    var only: [String] = []

    /// The options the renderer takes.
    var options: LaneOptions { LaneOptions(order: laneOrder, only: only.isEmpty ? nil : only) }
}

extension LaneOptions.Order: ExpressibleByArgument {}
