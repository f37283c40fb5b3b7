import Findings
import Scenarios
import Tracer

/// How big a trace sigviz makes or reads: the limits that keep a hostile or runaway input from
/// exhausting memory (docs/reliability.md).
package struct RunLimits: Sendable {
    /// The largest scenario file, or input through a pipe or device, sigviz reads: 64 MB (a trace
    /// file may be larger: ``maximumTraceFileSize``). A trace file larger than this is mapped.
    package static let maximumFileSize = 64 << 20
    /// The largest `--max-events`.
    package static let largestMaximumEvents = 100_000_000
    /// How many bytes a trace file may take per million events of `--max-events`: 256 MB.
    package static let traceFileBytesPerMillionEvents = 256 << 20

    /// The largest trace file sigviz reads: 256 MB per million events of `--max-events` (about 268
    /// bytes an event), and at least ``maximumFileSize``: 256 MB at the default 1,000,000 events,
    /// 2.5 GB at 10,000,000. A trace file is mapped, not read into memory (``MappedFile``), so that
    /// this bounds the events it may hold rather than the memory its bytes take.
    package var maximumTraceFileSize: Int {
        max(Self.maximumFileSize, maximumEvents * Self.traceFileBytesPerMillionEvents / 1_000_000)
    }

    /// The most events a trace may have: `--max-events`.
    package let maximumEvents: Int
    /// How many inputs the command goes through (see ``maximumEventsPerScenario``).
    package let inputs: Int

    /// The limits of a command over `inputs` inputs, at `maximumEvents` (`--max-events`).
    package init(maximumEvents: Int = Trace.defaultMaximumEvents, inputs: Int = 1) {
        self.maximumEvents = maximumEvents
        self.inputs = max(1, inputs)
    }

    /// How many times `--max-events` the scenario runs of one command may make in all, when it goes
    /// through several inputs (a folder of `docs`, the inputs of `check`, `explain`, `report` or
    /// `compare`); the proofs of their fixes as many again (``ScenarioFile/proofEvents``). So a
    /// folder of many small files, each making a million events, is bounded like one file.
    package static let runEventsFactor = 2

    /// The most events the run of one scenario may make: `--max-events`, or, in a command over more
    /// inputs than ``runEventsFactor``, an equal share of ``runEventsFactor`` times it. The same for
    /// every input whatever the order or the jobs, so the output does not depend on them.
    package var maximumEventsPerScenario: Int {
        max(1, min(maximumEvents, maximumEvents * Self.runEventsFactor / inputs))
    }

    /// Runs the scenario of `input` within the limit: a run that makes more events than
    /// that is stopped, and sigviz reports it naming `input` and writes nothing.
    package func trace(of scenario: Scenario, input: String) throws -> Trace {
        do {
            return try scenario.trace(maximumEvents: maximumEventsPerScenario)
        } catch {
            throw failure(error, input: input)
        }
    }

    /// Runs the scenario file of `input` once within the limit, checks its expectations and explains
    /// its findings, proving each suggestion by a run of the changed file within the same limit.
    package func checkAndExplain(
        _ file: ScenarioFile, named name: String, input: String
    ) throws -> (trace: Trace, results: [ScenarioFile.CheckResult], explanations: [Explanation]) {
        do {
            return try file.checkAndExplain(named: name, maximumEvents: maximumEventsPerScenario)
        } catch {
            throw failure(error, input: input)
        }
    }

    /// Runs the scenario file of `input` within the limit and explains its findings, proving each
    /// suggestion by a run of the changed file within the same limit.
    package func explain(_ file: ScenarioFile, named name: String, input: String) throws -> (trace: Trace, explanations: [Explanation]) {
        do {
            return try file.explain(named: name, maximumEvents: maximumEventsPerScenario)
        } catch {
            throw failure(error, input: input)
        }
    }

    private func failure(_ error: RunLimitExceeded, input: String) -> CommandFailure {
        switch error {
        case .events(let error) where error.maximumEvents < maximumEvents:
            CommandFailure("\(input): the scenario made more than \(error.maximumEvents) events, its share of the "
                + "\(maximumEvents * Self.runEventsFactor) events (\(Self.runEventsFactor) times --max-events) the "
                + "\(inputs) inputs of this command may make in all; nothing was written. "
                + "Run it alone or with fewer inputs, raise the limit with --max-events, or make the scenario smaller.")
        case .events(let error):
            CommandFailure("\(input): \(error); nothing was written. Raise the limit with --max-events, or make the scenario smaller.")
        case .text(let error):
            CommandFailure(error.description)
        case .time(let error):
            CommandFailure("\(input): \(error); nothing was written. End the scenario's timers and repeats (take, takeUntil), "
                + "or make its times shorter.")
        }
    }
}
