import SigvizApp
import ArgumentParser
import Tracer

/// `--max-events`, shared by every command that reads or records traces.
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("max-events"), parsing: .unconditional,
            help: ArgumentHelp("The most events a trace may have: a trace file with more is refused, and a scenario that makes more is stopped. Three inputs or more share twice this equally.",
                               valueName: "n"))
    var maxEvents: Int = Trace.defaultMaximumEvents

    func validate() throws {
        try PositiveNumber.check(maxEvents, option: "--max-events", unit: "events", maximum: RunLimits.largestMaximumEvents)
    }

    /// The limits of a command that goes through `inputs` inputs (see ``RunLimits/maximumEventsPerScenario``).
    func limits(inputs: Int = 1) -> RunLimits { RunLimits(maximumEvents: maxEvents, inputs: inputs) }
}
