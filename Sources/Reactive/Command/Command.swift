// RAC 2.5's RACCommand (RACCommand.m), as ReactiveObjC builds it: from a subject
// of added execution signals, a subject of `allowsConcurrentExecution` changes,
// and operators. RAC 2.5.0 observed an `activeExecutionSignals` array with KVO;
// the subjects replaced KVO in "Implement RACCommand with a RACSubject instead of
// KVO" (2015) and behave the same, so that construction is ported here.
//
//   addedExecutionSignals ─┬─ map(catchTo: empty) ─ deliverOn ─────────────────▶ executionSignals
//     (Subject)            ├─ flattenMap(ignoreValues, catch → return) ─ deliverOn ─ publish ─▶ errors
//                          └─ flattenMap(startWith 1 … then -1) ─ scan(+) ─ map(> 0) ─ startWith NO
//                               = immediateExecuting ─ deliverOn ─ startWith NO ─ distinct ─ replayLast ─▶ executing
//   immediateEnabled = combineLatest(enabled ?? return YES, if allowsConcurrent then YES else !immediateExecuting)
//                        ─ and ─ takeUntil(deinit) ─ replayLast
//   enabled = immediateEnabled.take(1) ++ immediateEnabled.skip(1).deliverOn ─ distinct ─ replayLast

/// Runs a signal-returning action on demand, and tracks its executions
/// (RAC's `RACCommand`): typically the action behind a button.
///
/// Each ``execute(_:)`` calls the signal block with the input, multicasts the
/// signal it returns through a ``ReplaySubject``, and connects it. The command
/// reports its executions on four hot signals: ``executionSignals`` (one
/// signal per execution), ``executing``, ``enabled`` and ``errors``.
///
/// ```swift
/// let save = Command<Document, Receipt> { document in api.save(document) }
/// save.enabled.subscribe(next: { button.isEnabled = $0 })
/// save.errors.subscribe(next: { showAlert($0) })
/// button.onTap { save.execute(document) }   // a tap while saving fails with CommandError.notEnabled
/// ```
///
/// ## Schedulers
///
/// RAC sends ``executionSignals``, ``errors``, ``executing`` (after its first
/// value) and ``enabled`` (after its first value) on the main thread scheduler,
/// and subscribes to each execution's signal there, so that ``executing`` and
/// ``enabled`` change before the execution starts its work. Here that
/// scheduler is the `scheduler` given at creation, ``Scheduler/main`` by
/// default: every hop is scheduled on it, even from its own thread, as RAC's
/// `-deliverOn:` and `-subscribeOn:` are. Pass a ``TestScheduler`` to run a
/// command in virtual time.
///
/// Create and execute a command where a scheduler is current (the main thread,
/// or work scheduled on a scheduler): the command replays its state to its own
/// subscriptions through replay subjects, which replay synchronously only
/// there (see ``Scheduler/subscription``). ``execute(_:)`` waits for that replay.
///
/// When the command is released, ``executionSignals``, ``errors``,
/// ``executing`` and ``enabled`` complete, once running executions have ended.
public final class Command<Input: Sendable, Output: Sendable>: Sendable {
    /// Sends each execution's replayed signal, at once (RAC's `addedExecutionSignalsSubject`).
    private let addedExecutionSignals: Subject<Signal<Output>>
    /// Sends each new value of ``allowsConcurrentExecution`` (RAC's `allowsConcurrentExecutionSubject`).
    private let allowsConcurrentExecutionChanges: Subject<Bool>
    /// Completes when the command is released (RAC's `rac_willDeallocSignal`).
    private let deallocation: ReplaySubject<Void>
    /// ``enabled`` without the hop to the scheduler (RAC's `immediateEnabled`).
    private let immediateEnabled: Signal<Bool>
    private let signalBlock: @Sendable (Input) -> Signal<Output>
    private let scheduler: Scheduler
    private let concurrentExecutionAllowed = Locked(false)

    /// A hot signal of the signals of the executions, each sent when its
    /// execution begins, on the command's scheduler (RAC's `executionSignals`).
    ///
    /// Each execution signal is replayed, so a late subscriber still receives
    /// all of its values; its error is replaced by completion (the error goes
    /// to ``errors``). Failed ``execute(_:)`` calls send nothing here.
    ///
    /// ```swift
    /// search.executionSignals.switchToLatest().subscribe(next: { show($0) })
    /// ```
    public let executionSignals: Signal<Signal<Output>>

    /// Whether an execution is running: `false` at once, then each change,
    /// on the command's scheduler (RAC's `executing`).
    ///
    /// Replays its latest value to new subscribers and never sends the same
    /// value twice in a row.
    ///
    /// ```swift
    /// save.executing.subscribe(next: { spinner.isAnimating = $0 })
    /// ```
    public let executing: Signal<Bool>

    /// Whether ``execute(_:)`` would run: `false` while the `enabled` signal
    /// given at creation last sent `false`, or while an execution is running
    /// and ``allowsConcurrentExecution`` is `false` (RAC's `enabled`).
    ///
    /// Its first value is sent at once; later changes arrive on the command's
    /// scheduler. It replays its latest value and never repeats a value.
    ///
    /// ```swift
    /// save.enabled.subscribe(next: { button.isEnabled = $0 })
    /// ```
    public let enabled: Signal<Bool>

    /// A hot signal of the errors of executions, on the command's scheduler
    /// (RAC's `errors`); it never fails itself.
    ///
    /// It is connected from the start, so a subscriber also receives the
    /// errors of executions begun before it subscribed.
    ///
    /// ```swift
    /// save.errors.subscribe(next: { error in showAlert(error) })
    /// ```
    public let errors: Signal<any Error>

    /// Whether ``execute(_:)`` may run while an execution is running
    /// (RAC's `allowsConcurrentExecution`); `false` by default.
    ///
    /// Reading and writing are thread-safe. Setting it updates ``enabled``:
    /// as in RAC, the change goes through `+if:then:else:`, which subscribes
    /// again to the command's execution count, so set it where a scheduler is
    /// current (the main thread, scheduled work); elsewhere that subscription,
    /// and so the change, happens later on a background queue.
    ///
    /// ```swift
    /// download.allowsConcurrentExecution = true
    /// ```
    public var allowsConcurrentExecution: Bool {
        get { concurrentExecutionAllowed.withLock { $0 } }
        set {
            concurrentExecutionAllowed.withLock { $0 = newValue }
            allowsConcurrentExecutionChanges.sendNext(newValue)
        }
    }

    /// Creates a command that runs `signalBlock` on each execution
    /// (RAC's `-initWithEnabled:signalBlock:`).
    ///
    /// ```swift
    /// let login = Command(enabled: formIsValid) { (credentials: Credentials) in
    ///     api.logIn(credentials)
    /// }
    /// ```
    /// - Parameters:
    ///   - enabled: Whether the command may execute; `true` until it sends a
    ///     value, and subscribed at once. `nil` means always, except while
    ///     executing (see ``allowsConcurrentExecution``).
    ///   - scheduler: Where the command's signals deliver and where each
    ///     execution's signal is subscribed; RAC's main thread scheduler by default.
    ///   - signalBlock: Makes the signal of an execution from its input. It
    ///     runs once per successful ``execute(_:)``, synchronously.
    public init(
        enabled: Signal<Bool>? = nil,
        scheduler: Scheduler = .main,
        signalBlock: @escaping @Sendable (Input) -> Signal<Output>
    ) {
        // Every signal made here is the command's machinery, reported as plumbing: diagrams draw
        // what its user subscribes to (executing, errors, ...), not its subjects and operators.
        let machinery = Probe.plumbing {
            Self.machinery(enabled: enabled, scheduler: scheduler)
        }
        addedExecutionSignals = machinery.addedExecutionSignals
        allowsConcurrentExecutionChanges = machinery.allowsConcurrentExecutionChanges
        deallocation = machinery.deallocation
        immediateEnabled = machinery.immediateEnabled
        executionSignals = machinery.executionSignals
        errors = machinery.errors
        executing = machinery.executing
        self.enabled = machinery.enabled
        self.signalBlock = signalBlock
        self.scheduler = scheduler
    }

    /// The subjects and signals a command is built of, as RAC builds them (see the top of this file).
    private struct Machinery {
        let addedExecutionSignals: Subject<Signal<Output>>
        let allowsConcurrentExecutionChanges: Subject<Bool>
        let deallocation: ReplaySubject<Void>
        let immediateEnabled: Signal<Bool>
        let executionSignals: Signal<Signal<Output>>
        let errors: Signal<any Error>
        let executing: Signal<Bool>
        let enabled: Signal<Bool>
    }

    private static func machinery(enabled: Signal<Bool>?, scheduler: Scheduler) -> Machinery {
        let addedExecutionSignals = Subject<Signal<Output>>()
        let allowsConcurrentExecutionChanges = Subject<Bool>()
        let deallocation = ReplaySubject<Void>()

        let executionSignals = addedExecutionSignals
            .map { signal in signal.catchTo(.empty()) }
            .deliver(on: scheduler)
            .described(as: "Command -executionSignals", operation: .commandExecutionSignals)

        // Multicast, so that it picks up the errors of executions begun before
        // anyone subscribed to `errors`.
        let errorsConnection = addedExecutionSignals
            .flattenMap { signal in
                signal.ignoreValues(as: (any Error).self).catch { error in .return(error) }
            }
            .deliver(on: scheduler)
            .publish()
        let errors = errorsConnection.signal.described(as: "Command -errors", operation: .commandErrors)
        errorsConnection.connect()

        let immediateExecuting = addedExecutionSignals
            .flattenMap { signal in
                signal.catchTo(.empty()).then { Signal<Int>.return(-1) }.startWith(1)
            }
            .scan(start: 0) { running, next in running + next }
            .map { count in count > 0 }
            .startWith(false)

        let executing = immediateExecuting
            .deliver(on: scheduler)
            // Useful before the first value arrives on the scheduler.
            .startWith(false)
            .distinctUntilChanged()
            .replayLast()
            .described(as: "Command -executing", operation: .commandExecuting)

        let moreExecutionsAllowed = Signal<Bool>.choosing(
            allowsConcurrentExecutionChanges.startWith(false),
            then: .return(true),
            else: immediateExecuting.not())

        let enabledSignal = enabled.map { $0.startWith(true) } ?? .return(true)

        let immediateEnabled = Signal.combineLatest([enabledSignal, moreExecutionsAllowed])
            .and()
            .take(until: deallocation)
            .replayLast()

        let enabled = immediateEnabled.take(1)
            .concat(immediateEnabled.skip(1).deliver(on: scheduler))
            .distinctUntilChanged()
            .replayLast()
            .described(as: "Command -enabled", operation: .commandEnabled)
        return Machinery(
            addedExecutionSignals: addedExecutionSignals, allowsConcurrentExecutionChanges: allowsConcurrentExecutionChanges,
            deallocation: deallocation, immediateEnabled: immediateEnabled, executionSignals: executionSignals,
            errors: errors, executing: executing, enabled: enabled)
    }

    deinit {
        deallocation.sendCompleted()
        addedExecutionSignals.sendCompleted()
        allowsConcurrentExecutionChanges.sendCompleted()
    }

    /// Runs the signal block with `input`, if the command is enabled
    /// (RAC's `-execute:`).
    ///
    /// The signal the block returns is subscribed on the command's scheduler,
    /// through a ``ReplaySubject`` (RAC's `[[signal subscribeOn:…] multicast:
    /// [RACReplaySubject subject]]`, then connected), after ``executing`` and
    /// ``enabled`` have taken the execution into account: it runs once however
    /// many subscribe to the result, and a late subscriber receives all its events.
    ///
    /// ```swift
    /// save.execute(document).subscribe(next: { receipt in print(receipt) })
    /// ```
    /// - Parameter input: What the signal block receives.
    /// - Returns: The execution's replayed signal, which also sends its error;
    ///   or, when the command is not ``enabled``, a signal that fails with
    ///   ``CommandError/notEnabled`` without calling the signal block.
    @discardableResult
    public func execute(_ input: Input) -> Signal<Output> {
        // `immediateEnabled` replays a value to every subscriber, so waiting for it is safe.
        let refusal: Signal<Output>? = Probe.plumbing {
            immediateEnabled.first() == true ? nil : .error(CommandError.notEnabled(by: self))
        }
        if let refusal { return refusal }

        let signal = signalBlock(input)

        // Subscribed on the scheduler, so that it happens after the signal is
        // added below: `executing` and `enabled` change before the execution
        // starts its work.
        let connection = Probe.plumbing {
            signal
                .subscribe(on: scheduler)
                .multicast(ReplaySubject())
        }

        addedExecutionSignals.sendNext(connection.signal)

        connection.connect()
        return connection.signal.described(as: "Command -execute: \(input)", operation: .commandExecution(input: boundedSignalName("\(input)")))
    }
}
