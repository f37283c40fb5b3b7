import Synchronization

/// Observes everything the runtime does while it is installed.
///
/// Install an instrument with ``Instrumentation/withInstrument(_:clock:budget:_:)``.
/// Every signal, subject and connection *created* inside that call reports to
/// it for the rest of its life: subscriptions to it, each run of a
/// `didSubscribe` closure, every event delivered, every disposal and every
/// connect. Signals created outside cost nothing: they check one `nil`.
///
/// `record(_:)` is called synchronously on the thread where the thing
/// happened, before the subscriber sees the event, so an implementation
/// must be thread-safe and quick and must not call back into signals.
public protocol Instrument: AnyObject, Sendable {
    /// Receives one report.
    func record(_ event: InstrumentationEvent)

    /// Receives a ``InstrumentationEvent/Kind/next(subscription:value:replayed:)`` report,
    /// with the value in its own type: the most frequent report, made without building
    /// an ``InstrumentationEvent``. The default passes the report to ``record(_:)``.
    func recordNext<Value: Sendable>(
        _ value: Value, subscription: Int, replayed: Bool, sequence: Int, time: Double, cause: Int?)

    /// Receives a ``InstrumentationEvent/Kind/sentNext(signal:value:)`` report, with the
    /// value in its own type. The default passes the report to ``record(_:)``.
    func recordSentNext<Value: Sendable>(_ value: Value, signal: Int, sequence: Int, time: Double, cause: Int?)
}

extension Instrument {
    public func recordNext<Value: Sendable>(
        _ value: Value, subscription: Int, replayed: Bool, sequence: Int, time: Double, cause: Int?
    ) {
        record(InstrumentationEvent(
            sequence: sequence, time: time, cause: cause,
            kind: .next(subscription: subscription, value: value, replayed: replayed)))
    }

    public func recordSentNext<Value: Sendable>(_ value: Value, signal: Int, sequence: Int, time: Double, cause: Int?) {
        record(InstrumentationEvent(sequence: sequence, time: time, cause: cause, kind: .sentNext(signal: signal, value: value)))
    }
}

/// Installs instruments.
public enum Instrumentation {
    /// Whether this build of the runtime has the instrumentation hook: `false` in a build with
    /// the compilation condition `SIGVIZ_NO_INSTRUMENTATION` (`swift build -Xswiftc
    /// -DSIGVIZ_NO_INSTRUMENTATION`), where no signal is ever observed and an installed
    /// instrument receives nothing. That build exists to measure what the hook costs
    /// an unobserved runtime (the benchmark `tracing-no-recorder`).
    public static var isAvailable: Bool {
        #if SIGVIZ_NO_INSTRUMENTATION
        false
        #else
        true
        #endif
    }

    /// Runs `body` with `instrument` observing the signals created inside it.
    ///
    /// Signals created inside `body`, including those created later by their
    /// operators and subscriptions, report to `instrument` for their whole
    /// lifetime. The installation is per thread: `body` runs synchronously on
    /// the calling thread, and other threads are unaffected unless they
    /// deliver events of observed signals.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// Instrumentation.withInstrument(recorder, clock: scheduler) {
    ///     buildScenario(on: scheduler)
    ///     scheduler.stepAll()
    /// }
    /// ```
    /// - Parameters:
    ///   - instrument: Receives the reports.
    ///   - clock: Whose ``Scheduler/now`` timestamps the reports; with `nil`,
    ///     a monotonic wall clock.
    ///   - budget: How many reports the observed signals may make; with `nil`, no limit.
    ///     See ``ReportBudget``.
    ///   - body: The code to observe.
    public static func withInstrument<R>(
        _ instrument: some Instrument, clock: Scheduler? = nil, budget: ReportBudget? = nil, _ body: () throws -> R
    ) rethrows -> R {
        let probe = Probe(instrument: instrument, clock: clock, budget: budget)
        return try probe.within(subscription: nil, cause: nil, body)
    }
}

/// What kind of signal a report is about: the kinds of node in the subscription graph.
///
/// A ``InstrumentationEvent/Kind/signalCreated(signal:kind:name:)`` report names
/// every kind but ``connection``, which only
/// ``InstrumentationEvent/Kind/connectionCreated(connection:source:subject:)`` reports.
public enum SignalKind: Sendable, Hashable {
    /// A cold signal made by ``Signal/create(_:)``.
    case cold
    /// A cold signal made by an operator such as `map` or `defer`.
    case `operator`
    /// ``Signal/empty()``.
    case empty
    /// ``Signal/return(_:)``.
    case `return`
    /// ``Signal/error(_:)``.
    case error
    /// ``Signal/never()``: subscribing to it does nothing, so it has no side effect to report.
    case never
    /// A plain ``Subject``.
    case subject
    /// A ``BehaviorSubject``.
    case behaviorSubject
    /// A ``ReplaySubject``; `capacity` is `nil` when unlimited.
    case replaySubject(capacity: Int?)
    /// A ``GroupedSignal`` sent by `groupBy`.
    case groupedSignal
    /// A ``ChannelTerminal``.
    case channelTerminal
    /// A ``MulticastConnection``: it joins a source to a subject and is never subscribed to itself.
    case connection
}

/// Who subscribed, in a ``InstrumentationEvent/Kind/subscribed(subscription:signal:subscriber:parent:)`` report.
public enum SubscriberIdentity: Sendable, Hashable {
    /// A subscriber given a label, as in `subscribe(label: "Subscriber 1", ...)`.
    case label(String)
    /// An observed signal that is also a subscriber: a subject or channel terminal.
    case signal(Int)
    /// The subscriber of another subscription, which this one feeds
    /// (as `concat` does with its second signal).
    case subscription(Int)
    /// Anything else, such as an operator's internal subscriber.
    case anonymous
}

/// One report from the runtime to an ``Instrument``.
public struct InstrumentationEvent: Sendable {
    /// Numbers the reports of one installation in the order they were made,
    /// from 0. A number can go unused (a delivery that lost a race with its subscription's
    /// disposal on another thread is not reported), so the numbers may skip. Reports may reach the instrument in a different order: those made
    /// concurrently on different threads, and, on one thread, a delivery's report
    /// and what labelling its value caused (a `description` that sends to a
    /// subject is reported before the delivery it labels). Order them by this number.
    public let sequence: Int
    /// The clock's ``Scheduler/now`` when it happened.
    public let time: Double
    /// The ``sequence`` of the delivery, connect or send during which this
    /// happened, if any: a subject's delivery to its subscribers names the send.
    public let cause: Int?
    /// What happened.
    public let kind: Kind

    /// What happened. Signal, subscription and connection ids are numbered
    /// from 0 in creation order within one installation.
    public enum Kind: Sendable {
        /// A signal was created, named `name`; `operation` is what made it, applied to `receiver`,
        /// when an operator made it (the same as a ``signalOperation(signal:operation:receiver:)``
        /// reported with it: one report, not two, for each signal an operator makes).
        case signalCreated(signal: Int, kind: SignalKind, name: String, operation: SignalOperation?, receiver: Int?)
        /// A signal was given a name with ``Signal/named(_:)``: a name its user chose.
        case signalNamed(signal: Int, name: String)
        /// An operator renamed a signal it did not create, as RAC's `-setNameWithFormat:` does
        /// (`multicast:` renaming its subject `[source] -multicast: subject`): a description of how
        /// it was made, which a name given with ``Signal/named(_:)`` goes before.
        case signalDescribed(signal: Int, description: String)
        /// What the signal is, as a value: the operator that made it (reported as it is made), or
        /// that took it and described it anew (`publish` its subject), replacing what was reported
        /// before. `receiver` is the signal the operator was applied to (RAC's receiver), when
        /// it has one and it is observed by the same instrument.
        case signalOperation(signal: Int, operation: SignalOperation, receiver: Int?)
        /// The signal is plumbing: part of the runtime's own machinery (a ``Command``'s subjects
        /// and operators), made for its user, not by them.
        case signalIsPlumbing(signal: Int)
        /// A ``MulticastConnection`` was created; `source` is `nil` when the
        /// source signal is not observed.
        case connectionCreated(connection: Int, source: Int?, subject: Int)
        /// Something subscribed to `signal`. `parent` is the subscription whose code
        /// made this one: the one whose `didSubscribe` was running, or, when an operator's
        /// internal subscriber subscribes while handling a delivery (flattenMap's inner
        /// signals, concat's second), the operator's subscription that made that subscriber.
        case subscribed(subscription: Int, signal: Int, subscriber: SubscriberIdentity, parent: Int?)
        /// A cold signal's `didSubscribe` closure started for `subscription`:
        /// the side effect that runs once per subscription.
        case didSubscribe(subscription: Int)
        /// A value was delivered. `replayed` marks history a subject replays
        /// to a new subscriber (a replay subject's buffer, a behavior subject's
        /// current value) rather than a live value.
        case next(subscription: Int, value: any Sendable, replayed: Bool)
        /// An error was delivered.
        case error(subscription: Int, error: any Error, replayed: Bool)
        /// Completion was delivered.
        case completed(subscription: Int, replayed: Bool)
        /// The subscription was disposed (after a terminal event, or cancelled).
        case disposed(subscription: Int)
        /// A subject was sent a value, by hand or by the source it subscribes to.
        case sentNext(signal: Int, value: any Sendable)
        /// A subject was sent an error.
        case sentError(signal: Int, error: any Error)
        /// A subject was sent completion.
        case sentCompleted(signal: Int)
        /// `connect()` was called; `first` is `false` for the calls that did nothing.
        case connected(connection: Int, first: Bool)
        /// The disposable `connect()` returns was disposed (by its caller, or by `autoconnect`
        /// when its last subscriber left): the source subscription ends, and as in RAC 2.5 the
        /// connection never connects again.
        case connectionDisposed(connection: Int)
        /// An operator discarded a value `subscription` received, for good: `filter`, `skip`,
        /// `skipWhile` and `distinctUntilChanged` each value they leave out, `takeWhile` the value that
        /// ends it; the stateful operators
        /// (``ReceivedValues``) a value replaced or pushed out before it was sent, and the values they
        /// hold when they fail or end without sending them. The report is made when the value is
        /// dropped, caused by what dropped it, and names the subscription that received it, the
        /// operator's subscription to its source.
        case dropped(subscription: Int, value: any Sendable)
        /// ``Signal/deliver(on:)`` or ``Signal/subscribe(on:)`` started the block it scheduled on
        /// the scheduler named `scheduler`, for `subscription` (its own): the hop, reported before the
        /// block delivers the hopped event to the subscription's subscriber (`deliverOn:`) or subscribes
        /// to the receiver (`subscribeOn:`). Its cause is what was hopped: the delivery `deliverOn:`
        /// received, or the `didSubscribe` of the `subscribeOn:` subscription; and the hop is the
        /// cause of what the block does.
        case hopped(subscription: Int, scheduler: String)
    }
}

/// One installation of an instrument: numbers things and stamps reports.
final class Probe: Sendable {
    let instrument: any Instrument
    let clock: Scheduler?
    private let budget: ReportBudget?
    /// The budget's ``ReportBudget/maximumReports``, or `Int.max`: one comparison per report.
    private let maximumReports: Int
    private let sequence = Atomic(0)
    private let signals = Atomic(0)
    private let subscriptions = Atomic(0)
    private let connections = Atomic(0)

    init(instrument: any Instrument, clock: Scheduler?, budget: ReportBudget? = nil) {
        self.instrument = instrument
        self.clock = clock
        self.budget = budget
        maximumReports = budget?.maximumReports ?? .max
    }

    /// Whether the installation went past its ``ReportBudget``: its signals deliver
    /// nothing more and run no more `didSubscribe` closures.
    var isHalted: Bool { budget?.isExhausted ?? false }

    func makeSignalID() -> Int { signals.add(1, ordering: .relaxed).oldValue }
    func makeSubscriptionID() -> Int { subscriptions.add(1, ordering: .relaxed).oldValue }
    func makeConnectionID() -> Int { connections.add(1, ordering: .relaxed).oldValue }

    /// A report's place in the sequence, time and cause, taken before it is made.
    struct Stamp {
        let sequence: Int
        let time: Double
        let cause: Int?
    }

    /// Reports `kind` and returns its sequence number.
    @discardableResult
    func record(_ kind: InstrumentationEvent.Kind) -> Int {
        record(kind, stamp: stamp())
    }

    /// Reports `kind` with a stamp taken earlier (under a lock that orders it) and
    /// returns its sequence number.
    @discardableResult
    func record(_ kind: InstrumentationEvent.Kind, stamp: Stamp) -> Int {
        instrument.record(InstrumentationEvent(sequence: stamp.sequence, time: stamp.time, cause: stamp.cause, kind: kind))
        return stamp.sequence
    }

    /// Reports a delivered value with a stamp taken earlier and returns the report's sequence number.
    func recordNext<Value: Sendable>(_ value: Value, subscription: Int, replayed: Bool, stamp: Stamp) -> Int {
        instrument.recordNext(
            value, subscription: subscription, replayed: replayed, sequence: stamp.sequence, time: stamp.time, cause: stamp.cause)
        return stamp.sequence
    }

    /// Reports a value sent to a subject and returns the report's sequence number.
    func recordSentNext<Value: Sendable>(_ value: Value, signal: Int) -> Int {
        let stamp = stamp()
        instrument.recordSentNext(value, signal: signal, sequence: stamp.sequence, time: stamp.time, cause: stamp.cause)
        return stamp.sequence
    }

    /// The next report's sequence number, time and cause. Taking it is the moment the
    /// report happens: reports are ordered by it, whenever the instrument receives them.
    ///
    /// Sequentially consistent (the same instruction as relaxed on x86), so that an
    /// ``ObservedDelivery`` can order its deliveries after a disposal without a lock.
    @inline(__always)
    func stamp() -> Stamp {
        let number = sequence.add(1, ordering: .sequentiallyConsistent).oldValue
        if number >= maximumReports { budget?.exhaust() }
        let context = slot.context
        let cause = context?.probe === self ? context?.cause : nil
        return Stamp(sequence: number, time: clock?.now ?? Scheduler.immediate.now, cause: cause)
    }

    // MARK: Context

    /// What is running on this thread: which probe, and which subscription's
    /// `didSubscribe` or delivery, and which report caused it.
    struct Context {
        unowned(unsafe) let probe: Probe
        let subscription: Int?
        let cause: Int?
        /// While a delivery's handler runs, the subscription that received it (for an operator's
        /// internal subscriber, not `subscription`, which is the operator's own) and its signal.
        let receiver: (subscription: Int, signal: Int)?
        /// Whether the signals made now are the runtime's own machinery (see ``plumbing(_:)``).
        var plumbing = false
    }

    private static let slot = ThreadLocalSlot()
    /// ``slot``, kept by each probe so that its reports do not look up the static every time.
    private let slot = Probe.slot

    static var context: Context? {
        #if SIGVIZ_NO_INSTRUMENTATION
        nil
        #else
        slot.context
        #endif
    }

    /// The probe that signals created on this thread right now report to.
    static var current: Probe? { context?.probe }

    /// The subscription running on this thread, if it belongs to this probe.
    var currentSubscription: Int? {
        guard let context = slot.context, context.probe === self else { return nil }
        return context.subscription
    }

    /// Runs `body` as part of `subscription`, caused by report `cause`; `receiver` is the
    /// subscription whose delivery `body` handles, and its signal, if it handles one.
    /// Inlined: every observed delivery runs its handler inside it.
    @inline(__always)
    func within<R>(
        subscription: Int?, cause: Int?, receiver: (subscription: Int, signal: Int)? = nil, _ body: () throws -> R
    ) rethrows -> R {
        var context = Context(probe: self, subscription: subscription, cause: cause, receiver: receiver)
        return try withUnsafeMutablePointer(to: &context) { pointer in
            try slot.withValue(UnsafeMutableRawPointer(pointer), body)
        }
    }

    /// `action`, made to run as part of what is running on this thread now: the same probe,
    /// subscription and cause. For work an operator schedules on behalf of a subscription
    /// (`delay`'s delivery; `throttle`'s and `bufferWithTime`'s flushes, `deliverOn`'s and
    /// `subscribeOn`'s hops and `retry`'s next attempt keep a ``Carried`` themselves), so that
    /// what it does names the delivery it continues as its cause, and what it subscribes to has
    /// that subscription as its parent, whichever thread runs it.
    ///
    /// Unobserved code, and code at the top level of an installation (no subscription and no
    /// cause), get `action` back unchanged: one thread-local read and a `nil` check. The returned
    /// closure keeps the probe alive, since the context refers to it without retaining it.
    static func carryingContext(_ action: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        Carried.current?.carrying(action) ?? action
    }

    /// What is running on this thread now, kept to run later work in: see ``carryingContext(_:)``.
    struct Carried: Sendable {
        /// Retained: the context refers to it unowned.
        let probe: Probe
        let subscription: Int?
        let cause: Int?

        /// What is running on this thread now, unless it is unobserved or at the top level of an
        /// installation (no subscription and no cause).
        static var current: Carried? {
            guard let context, context.subscription != nil || context.cause != nil else { return nil }
            return Carried(probe: context.probe, subscription: context.subscription, cause: context.cause)
        }

        /// `action`, made to run in this context.
        func carrying(_ action: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
            let context = self
            return { context.run(action) }
        }

        /// Runs `body` in this context, on the calling thread.
        func run<R>(_ body: () throws -> R) rethrows -> R {
            try probe.within(subscription: subscription, cause: cause, body)
        }
    }

    /// What an operator needs to report, later and maybe on another thread, that it dropped a
    /// value `source` delivered on this thread now: the probe, the subscription that received the
    /// value and the delivery's report. `nil` unless the handler of an observed delivery of
    /// `source` is running: a value from an unobserved source, handled in the middle of another
    /// delivery, is not taken for that delivery's.
    static func receipt(from source: DropSource?) -> Receipt? {
        guard let source, let context, let receiver = context.receiver, receiver.signal == source.signal,
              source.probe === context.probe else { return nil }
        return Receipt(probe: context.probe, subscription: receiver.subscription, cause: context.cause)
    }

    /// An observed signal whose values an operator may drop, for ``receipt(from:)``: kept by the
    /// operator's handlers without retaining the signal (a subject holds its subscribers' handlers).
    struct DropSource: Sendable {
        let probe: Probe
        let signal: Int
    }

    /// Reports, when `source` is observed and its delivery is being handled now, that the operator
    /// dropped `value` there and then: what `filter`, `skip`, `skipWhile` and
    /// `distinctUntilChanged` do with a value they leave out.
    static func reportDrop<Value: Sendable>(of value: Value, from source: DropSource?) {
        receipt(from: source)?.reportDrop(of: value)
    }

    /// A delivery an operator received, for reporting the drop of its value: see ``Probe/receipt(from:)``.
    struct Receipt: Sendable {
        let probe: Probe
        /// The subscription that received the value.
        let subscription: Int
        /// The delivery's report.
        let cause: Int?

        /// Reports that `value`, received on ``subscription``, was dropped now, as a consequence
        /// of this delivery: the newer value that replaced it, say.
        func reportDrop<Value: Sendable>(of value: Value) {
            let stamp = probe.stamp()
            probe.record(
                .dropped(subscription: subscription, value: value),
                stamp: Stamp(sequence: stamp.sequence, time: stamp.time, cause: cause))
        }
    }

    /// Runs `body` with the signals it makes reported as plumbing: the runtime's own machinery,
    /// such as a ``Command``'s subjects and operators, which its user did not write and a diagram
    /// need not draw as lanes of their own. Without an installed probe it simply runs `body`.
    ///
    /// Only what `body` makes directly is reported: the signals that machinery makes later, in
    /// its own didSubscribe or deliveries (a command's `catchTo` of each execution), run in
    /// contexts of their own, and the trace recorder marks them from the trace (Tracer's
    /// `markMachineryOfPlumbing`), where who made what is known.
    static func plumbing<R>(_ body: () throws -> R) rethrows -> R {
        guard let context, !context.plumbing else { return try body() }
        var inner = context
        inner.plumbing = true
        return try withUnsafeMutablePointer(to: &inner) { pointer in
            try slot.withValue(UnsafeMutableRawPointer(pointer), body)
        }
    }

    /// Runs `body` as a consequence of report `cause`, keeping the current subscription.
    func caused<R>(by cause: Int, _ body: () throws -> R) rethrows -> R {
        try within(subscription: currentSubscription, cause: cause, body)
    }

    /// Reports a delivery on `subscription`, with a stamp taken earlier, and returns its sequence number.
    func recordDelivery<Value>(_ event: Event<Value>, subscription: Int, replayed: Bool, stamp: Stamp) -> Int {
        switch event {
        case .next(let value): recordNext(value, subscription: subscription, replayed: replayed, stamp: stamp)
        case .error(let error): record(.error(subscription: subscription, error: error, replayed: replayed), stamp: stamp)
        case .completed: record(.completed(subscription: subscription, replayed: replayed), stamp: stamp)
        }
    }
}

extension ThreadLocalSlot {
    /// The probe's context this slot holds on this thread (see ``Probe/context``).
    @inline(__always)
    fileprivate var context: Probe.Context? {
        value?.assumingMemoryBound(to: Probe.Context.self).pointee
    }
}

extension Optional where Wrapped == Probe {
    /// Runs `body` as a consequence of `report` when observed, or simply runs it.
    func caused<R>(by report: Int?, _ body: () throws -> R) rethrows -> R {
        guard let probe = self, let report else { return try body() }
        return try probe.caused(by: report, body)
    }
}

extension Optional where Wrapped == Probe.Carried {
    /// Runs `body` in the context kept, or simply runs it.
    func run<R>(_ body: () throws -> R) rethrows -> R {
        guard let self else { return try body() }
        return try self.run(body)
    }
}

extension Signal {
    /// The signal as an operator's source of values it may drop, when observed: see ``Probe/receipt(from:)``.
    var dropSource: Probe.DropSource? {
        probe.map { Probe.DropSource(probe: $0, signal: deliveringSignalID) }
    }
}
