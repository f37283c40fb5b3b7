import Synchronization

/// One installation of an instrument: numbers things and stamps reports.
final class Probe: Sendable {
    let instrument: any Instrument
    /// Whether the instrument wants labelled subscriptions' call sites, asked once.
    let recordsCallSites: Bool
    let clock: Scheduler?
    /// The changes to make at calls of the observed code, if any (a run that proves a fix).
    let rewrites: CodeRewrites?
    private let budget: ReportBudget?
    /// The budget's ``ReportBudget/maximumReports``, or `Int.max`: one comparison per report.
    private let maximumReports: Int
    private let sequence = Atomic(0)
    private let signals = Atomic(0)
    private let subscriptions = Atomic(0)
    private let connections = Atomic(0)

    init(instrument: any Instrument, clock: Scheduler?, budget: ReportBudget? = nil, rewrites: CodeRewrites? = nil) {
        self.instrument = instrument
        self.rewrites = rewrites
        recordsCallSites = instrument.recordsCallSites
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
