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

    /// Refuses, as a usage error naming the option, an `--only` name that picks no lane of `trace`.
    func check(against trace: Trace) throws {
        guard !only.isEmpty else { return }
        let names = TimelineRenderer.laneNames(of: trace)
        let known = Set(names)
        guard let unknown = only.first(where: { !known.contains($0) }) else { return }
        let listed = names.prefix(20).map { "'\(visiblyEscaped($0))'" }.joined(separator: ", ")
        StandardError.write(BoundedMessage.bounded("Error: --only: no lane is named '\(unknown)'; the names are \(listed)"
            + (names.count > 20 ? ", …" : "")) + "\n")
        throw ExitCode.validationFailure
    }
}

extension LaneOptions.Order: ExpressibleByArgument {}
