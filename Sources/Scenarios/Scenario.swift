import Foundation
import Reactive
import Synchronization
import Tracer

/// A named, documented experiment: signals built with the real runtime and
/// run on virtual time, recorded into a ``Trace``.
///
/// A scenario file makes one with ``ScenarioFile/scenario(named:)``; the built-in
/// scenarios, ``Catalog/scenarios``, are the scenario files bundled with this module.
///
/// ```swift
/// let trace = Catalog.scenario(named: "subject-vs-replay")!.trace()
/// ```
public struct Scenario: Sendable, Identifiable {
    /// The name used on the command line, such as `subject-vs-replay`.
    public let name: String
    /// A title for people, such as "Subject vs ReplaySubject".
    public let title: String
    /// The article experiment it reproduces (1 to 6, see shared/seeds/README.md; 0 for none).
    public let experiment: Int
    /// One paragraph on what it shows.
    public let summary: String
    private let body: @Sendable (TestScheduler, TextBudget?) -> [Any]
    /// Where a scenario file's run notes which subscription each `subscribe` statement made.
    let log: SubscriptionLog?
    /// Where a scenario file's run notes where in the file each signal was made.
    let places: SignalPlaces?

    /// Makes a scenario.
    /// - Parameters:
    ///   - name: The name used on the command line.
    ///   - title: A title for people.
    ///   - experiment: The article experiment it reproduces.
    ///   - summary: One paragraph on what it shows.
    ///   - body: Creates the signals and schedules the subscriptions and
    ///     sends on the scheduler. It runs at virtual time 0 with the scheduler
    ///     current, so subscriptions made directly in it are synchronous.
    ///     It returns the subjects and signals to keep alive until the
    ///     recording ends: a subject released mid-run disposes its
    ///     subscribers, which would show as disposals the scenario never made.
    public init(
        name: String, title: String, experiment: Int, summary: String,
        body: @escaping @Sendable (TestScheduler) -> [Any]
    ) {
        self.init(name: name, title: title, experiment: experiment, summary: summary, log: nil, places: nil) { scheduler, _ in
            body(scheduler)
        }
    }

    /// Makes a scenario whose body measures the text it makes against a run's ``TextBudget``, when the run has one.
    init(
        name: String, title: String, experiment: Int, summary: String, log: SubscriptionLog?, places: SignalPlaces?,
        body: @escaping @Sendable (TestScheduler, TextBudget?) -> [Any]
    ) {
        self.name = name
        self.title = title
        self.experiment = experiment
        self.summary = summary
        self.log = log
        self.places = places
        self.body = body
    }

    /// The scenario's ``name``.
    public var id: String { name }

    /// Runs the scenario on a new virtual-time scheduler until nothing is
    /// left to do, and returns what the runtime did. Every call gives the same trace.
    ///
    /// It runs on a thread of its own with a stack of ``stackSize`` bytes, and
    /// returns when it is done: every operator adds a few kilobytes of stack to
    /// each value it delivers, so a scenario file's pipelines may nest
    /// ``ScenarioFile/maximumNesting`` levels deep, more than the 8 MB of a main
    /// thread holds. Task-local values of the caller are seen by the run.
    ///
    /// After the trace is taken, the channels the body kept are completed, unrecorded:
    /// a ``Channel`` that never terminates keeps itself alive, as in ReactiveCocoa,
    /// and with it everything it was recorded with. That clean-up counts against the
    /// same limit: a run never does more than `maximumEvents` things in all.
    ///
    /// A scenario file's run is bounded in memory too: the values its templates make may not
    /// go past a ``TextBudget`` (64 KB a value, 64 MB in all).
    ///
    /// - Parameter maximumEvents: The most events the run may make, 0 or more. A scenario
    ///   whose events feed themselves (a subject subscribed to itself) never ends
    ///   on its own: past the limit, its signals stop (see `ReportBudget`) and the
    ///   run throws.
    /// - Throws: ``RunLimitExceeded`` when the run made more than `maximumEvents` events,
    ///   or a scenario file's template would have made more text than a run may hold.
    public func trace(maximumEvents: Int) throws(RunLimitExceeded) -> Trace {
        let scenario = self
        return try Self.onLargeStack { scenario.run(maximumEvents: maximumEvents) }.get()
    }

    /// Runs the scenario with no limit on its events, as ``trace(maximumEvents:)``
    /// does: for scenarios known to end within ``maximumTime``, such as the ``Catalog``'s.
    /// A scenario file from elsewhere may never end: give it a limit.
    public func trace() -> Trace {
        let scenario = self
        return Self.onLargeStack { try! scenario.run(maximumEvents: nil).get() }  // no limit: always a trace
    }

    /// The most virtual time a run may take, in seconds: 1,000,000,000 (about 31 years). A run
    /// whose work is due later (a timer repeated for ever, a long signal repeated, delays
    /// chained) stops there, with ``RunLimitExceeded/time(_:)``, before its clock could overflow.
    public static let maximumTime: Double = 1_000_000_000

    /// The stack of the thread that ``trace()`` runs a scenario on: 256 MB of address
    /// space, of which only what the run uses is ever touched.
    public static let stackSize = 256 << 20

    /// Runs the scenario on the calling thread and returns its trace, or why it was stopped.
    /// Without `maximumEvents`, nothing limits the run.
    func run(maximumEvents: Int?) -> Result<Trace, RunLimitExceeded> {
        let recorder = TraceRecorder(origin: 0, limit: maximumEvents)
        let budget = maximumEvents.map { ReportBudget(maximumReports: $0) }
        let text = budget.map(TextBudget.init(reports:))
        let (trace, late) = run(recordingInto: recorder, budget: budget, text: text)
        if let refusal = text?.exceeded { return .failure(.text(refusal)) }
        if let late { return .failure(.time(late)) }
        guard let trace else { return .failure(.events(EventLimitExceeded(maximumEvents: maximumEvents ?? 0))) }
        return .success(trace)
    }

    /// Runs the scenario on the calling thread, recording into `recorder`, and returns its
    /// trace, or `nil` when the run was stopped: an incomplete trace is not even
    /// assembled, since assembling it would take as much memory again.
    /// - Parameters:
    ///   - budget: Stops the run, and the clean-up after it, at its limit. It counts
    ///     the clean-up too, so only the recorder, which saw the recording alone, tells
    ///     whether the trace is whole.
    ///   - text: What a scenario file's templates may make; it stops the run through `budget`.
    func trace(recordingInto recorder: TraceRecorder, budget: ReportBudget? = nil, text: TextBudget? = nil) -> Trace? {
        run(recordingInto: recorder, budget: budget, text: text).trace
    }

    /// ``trace(recordingInto:budget:text:)``, and why the run stopped when its work went past
    /// ``maximumTime`` (then without a trace).
    private func run(
        recordingInto recorder: TraceRecorder, budget: ReportBudget?, text: TextBudget?
    ) -> (trace: Trace?, late: TimeLimitExceeded?) {
        let scheduler = TestScheduler()
        var late: TimeLimitExceeded?
        let gate = RecordingGate(recorder, log: log, places: places)
        // What Trace.record(title:clock:_:) does, with a gate that can be closed afterwards.
        let kept = Instrumentation.withInstrument(gate, clock: scheduler, budget: budget) {
            let kept = scheduler.perform { body(scheduler, text) }
            // Step by step, to stop when the budget runs out or the work is due too late: a scenario
            // may schedule without end.
            while budget?.isExhausted != true, let due = scheduler.nextDueTime {
                guard due <= Self.maximumTime else {
                    // Work the clock could not say the time of is due at its end.
                    late = TimeLimitExceeded(maximumTime: Self.maximumTime, dueTime: due < Double(Int64.max) / 1e9 ? due : nil)
                    break
                }
                scheduler.step()
            }
            return kept
        }
        let stopped = recorder.exceededLimit || text?.exceeded != nil || late != nil
        let trace = withExtendedLifetime(kept) { stopped ? nil : recorder.trace(title: title) }
        gate.close()
        // A channel's two subjects subscribe to each other until one terminates, and so does a
        // subject subscribed to a pipeline of itself (`subscribe s to m`, `let m = s | map`):
        // cycles in RAC too. The trace is taken, so complete them, unrecorded, to let everything
        // go. The budget still counts: a channel feeding a cycle of subjects stops at its limit.
        scheduler.perform {
            for case let cycle as any Terminable in kept { cycle.terminate() }
        }
        return (trace, late)
    }

    /// Runs `work` on a new thread with a stack of ``stackSize`` bytes and waits for it.
    ///
    /// The work runs as a task preferring an executor that runs each job on such a
    /// thread, so that it sees the caller's task-local values (sigviz names the input
    /// being recorded in one) as a plain `Thread` would not.
    static func onLargeStack<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
        let result = ResultBox<T>()
        Task(executorPreference: LargeStackExecutor.shared) {
            result.set(work())
        }
        return result.wait()
    }
}

/// Forwards reports to a recorder until it is closed, and drops them afterwards.
/// Passes subscription reports to the scenario file's ``SubscriptionLog`` and signal-creation reports
/// to its ``SignalPlaces``, if it has them.
private final class RecordingGate: Instrument, @unchecked Sendable {
    // @unchecked: `sinks` is read and cleared only under `lock`. Closing drops them, so that what a
    // run leaves alive (a command's or a never-ending interval's reference cycle) does not keep its
    // recorded events too. An NSLock, not a Mutex: ThreadSanitizer on Linux does not see Mutex.
    private let lock = NSLock()
    private var sinks: Sinks?

    /// Where the reports go while the gate is open.
    private struct Sinks {
        let recorder: TraceRecorder
        let log: SubscriptionLog?
        let places: SignalPlaces?
    }

    init(_ recorder: TraceRecorder, log: SubscriptionLog?, places: SignalPlaces?) {
        sinks = Sinks(recorder: recorder, log: log, places: places)
    }

    private var open: Sinks? { lock.withLock { sinks } }

    func record(_ event: InstrumentationEvent) {
        guard let sinks = open else { return }
        if let log = sinks.log, case .subscribed(_, _, let subscriber, _) = event.kind {
            if case .label(let label) = subscriber {
                log.noteSubscribed(sequence: event.sequence, label: label)
            } else {
                log.noteSubscribed(sequence: event.sequence, label: nil)
            }
        }
        if let places = sinks.places {
            switch event.kind {
            case .signalCreated(let signal, _, _, _, _): places.noteCreated(sequence: event.sequence, signal: signal)
            case .connectionCreated: places.noteCreated(sequence: event.sequence, signal: nil)
            default: break
            }
        }
        sinks.recorder.record(event)
    }

    func recordNext<Value: Sendable>(
        _ value: Value, subscription: Int, replayed: Bool, sequence: Int, time: Double, cause: Int?
    ) {
        guard let sinks = open else { return }
        sinks.recorder.recordNext(value, subscription: subscription, replayed: replayed, sequence: sequence, time: time, cause: cause)
    }

    func recordSentNext<Value: Sendable>(_ value: Value, signal: Int, sequence: Int, time: Double, cause: Int?) {
        guard let sinks = open else { return }
        sinks.recorder.recordSentNext(value, signal: signal, sequence: sequence, time: time, cause: cause)
    }

    func close() { lock.withLock { sinks = nil } }
}

/// What a run keeps that may hold itself alive (a channel, a subject), terminated after the trace
/// without knowing its value type.
private protocol Terminable {
    func terminate()
}

extension Subject: Terminable {
    fileprivate func terminate() { sendCompleted() }
}

extension Channel: Terminable {
    fileprivate func terminate() {
        leadingTerminal.sendCompleted()
        followingTerminal.sendCompleted()
    }
}

/// The result of work on another thread, waited for.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only touched with `condition` locked.
    private var value: T?
    private let condition = NSCondition()

    func set(_ value: T) {
        condition.withLock {
            self.value = value
            condition.signal()
        }
    }

    func wait() -> T {
        condition.withLock {
            while value == nil { condition.wait() }
            return value!
        }
    }
}
