import ArgumentParser
import Foundation
import Synchronization
import Tracer

/// `--max-events`, shared by every command that reads or records traces.
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("max-events"),
            help: ArgumentHelp("The most events a trace may have: a trace file with more is refused, and a scenario that makes more is stopped.",
                               valueName: "n"))
    var maxEvents: Int = Trace.defaultMaximumEvents

    func validate() throws {
        guard (1...Limits.largestMaximumEvents).contains(maxEvents) else {
            throw ValidationError("--max-events must be a number from 1 to \(Limits.largestMaximumEvents).")
        }
    }

    /// Applies the limit to the trace files read and the scenarios recorded from now on.
    func install() { Limits.install(maximumEvents: maxEvents) }
}

/// How big a trace sigviz makes or reads: the limits that keep a hostile or runaway input from
/// exhausting memory (docs/reliability.md).
enum Limits {
    /// The largest file sigviz reads: 64 MB.
    static let maximumFileSize = 64 << 20
    /// The largest `--max-events`.
    static let largestMaximumEvents = 100_000_000

    private static let storage = Atomic<Int>(Trace.defaultMaximumEvents)

    /// The most events a trace may have: `--max-events`.
    static var maximumEvents: Int { storage.load(ordering: .relaxed) }

    /// The input whose scenario is being recorded on this thread, to name it when it goes past the limit.
    @TaskLocal static var input: String?

    /// Sets the limit for trace files, and for scenario runs: a run that makes more events than
    /// that is stopped with an error naming its input, and sigviz exits with status 1 before
    /// writing anything (a run cannot be stopped halfway and resumed).
    static func install(maximumEvents: Int) {
        storage.store(maximumEvents, ordering: .relaxed)
        TraceRecorder.limit = TraceRecorder.Limit(maximumEvents: maximumEvents) { maximum in
            let input = Limits.input.map { "\($0): " } ?? ""
            FileHandle.standardError.write(Data("""
                Error: \(input)the scenario made more than \(maximum) events, the limit; nothing was written. \
                Raise the limit with --max-events, or make the scenario smaller.\n
                """.utf8))
            exit(1)
        }
    }

    /// Runs `body`, which records the scenario of `input`, naming `input` if it goes past the limit.
    static func recording<T>(_ input: String, _ body: () throws -> T) rethrows -> T {
        try $input.withValue(input, operation: body)
    }
}
