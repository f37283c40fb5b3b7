import SigvizApp
import ArgumentParser
import Foundation
import Scenarios
import Synchronization
import Findings
import Tracer

/// `--max-events`, shared by every command that reads or records traces.
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("max-events"), parsing: .unconditional,
            help: ArgumentHelp("The most events a trace may have: a trace file with more is refused, and a scenario that makes more is stopped. Three inputs or more share twice this equally.",
                               valueName: "n"))
    var maxEvents: Int = Trace.defaultMaximumEvents

    func validate() throws {
        try PositiveNumber.check(maxEvents, option: "--max-events", unit: "events", maximum: Limits.largestMaximumEvents)
    }

    /// Applies the limit to the trace files read and the scenarios recorded from now on, by a
    /// command that goes through `inputs` inputs (see ``Limits/maximumEventsPerScenario``).
    func install(inputs: Int = 1) { Limits.install(maximumEvents: maxEvents, inputs: inputs) }
}

/// How big a trace sigviz makes or reads: the limits that keep a hostile or runaway input from
/// exhausting memory (docs/reliability.md).
enum Limits {
    /// The largest scenario file, or input through a pipe or device, sigviz reads: 64 MB (a trace
    /// file may be larger: ``maximumTraceFileSize``). A trace file larger than this is mapped.
    static let maximumFileSize = 64 << 20
    /// The largest `--max-events`.
    static let largestMaximumEvents = 100_000_000
    /// How many bytes a trace file may take per million events of `--max-events`: 256 MB.
    static let traceFileBytesPerMillionEvents = 256 << 20

    /// The largest trace file sigviz reads: 256 MB per million events of `--max-events` (about 268
    /// bytes an event), and at least ``maximumFileSize``: 256 MB at the default 1,000,000 events,
    /// 2.5 GB at 10,000,000. A trace file is mapped, not read into memory (``MappedFile``), so that
    /// this bounds the events it may hold rather than the memory its bytes take.
    static var maximumTraceFileSize: Int {
        max(maximumFileSize, maximumEvents * traceFileBytesPerMillionEvents / 1_000_000)
    }

    private static let storage = Atomic<Int>(Trace.defaultMaximumEvents)
    private static let inputCount = Atomic<Int>(1)

    /// The most events a trace may have: `--max-events`.
    static var maximumEvents: Int { storage.load(ordering: .relaxed) }

    /// How many times `--max-events` the scenario runs of one command may make in all, when it goes
    /// through several inputs (a folder of `docs`, the inputs of `check`, `explain`, `report` or
    /// `compare`); the proofs of their fixes as many again (``ScenarioFile/proofEvents``). So a
    /// folder of many small files, each making a million events, is bounded like one file.
    static let runEventsFactor = 2

    /// The most events the run of one scenario may make: `--max-events`, or, in a command over more
    /// inputs than ``runEventsFactor``, an equal share of ``runEventsFactor`` times it. The same for
    /// every input whatever the order or the jobs, so the output does not depend on them.
    static var maximumEventsPerScenario: Int {
        let inputs = inputCount.load(ordering: .relaxed)
        return max(1, min(maximumEvents, maximumEvents * runEventsFactor / inputs))
    }

    /// Sets the limit for the trace files read and the scenarios run from now on, by a command over
    /// `inputs` inputs.
    static func install(maximumEvents: Int, inputs: Int = 1) {
        storage.store(maximumEvents, ordering: .relaxed)
        inputCount.store(max(1, inputs), ordering: .relaxed)
    }

    /// Runs the scenario of `input` within the limit: a run that makes more events than
    /// that is stopped, and sigviz reports it naming `input` and writes nothing.
    static func trace(of scenario: Scenario, input: String) throws -> Trace {
        do {
            return try scenario.trace(maximumEvents: maximumEventsPerScenario)
        } catch {
            throw failure(error, input: input)
        }
    }

    /// Runs the scenario file of `input` within the limit and checks its expectations.
    static func check(_ file: ScenarioFile, named name: String, input: String) throws -> (trace: Trace, results: [ScenarioFile.CheckResult]) {
        do {
            return try file.check(named: name, maximumEvents: maximumEventsPerScenario)
        } catch {
            throw failure(error, input: input)
        }
    }

    /// Runs the scenario file of `input` once within the limit, checks its expectations and explains
    /// its findings, proving each suggestion by a run of the changed file within the same limit.
    static func checkAndExplain(
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
    static func explain(_ file: ScenarioFile, named name: String, input: String) throws -> (trace: Trace, explanations: [Explanation]) {
        do {
            return try file.explain(named: name, maximumEvents: maximumEventsPerScenario)
        } catch {
            throw failure(error, input: input)
        }
    }

    private static func failure(_ error: RunLimitExceeded, input: String) -> CommandFailure {
        switch error {
        case .events(let error) where error.maximumEvents < maximumEvents:
            CommandFailure("\(input): the scenario made more than \(error.maximumEvents) events, its share of the "
                + "\(maximumEvents * runEventsFactor) events (\(runEventsFactor) times --max-events) the "
                + "\(inputCount.load(ordering: .relaxed)) inputs of this command may make in all; nothing was written. "
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
