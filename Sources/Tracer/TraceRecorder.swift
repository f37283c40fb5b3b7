import Foundation
import Reactive

/// Records what the runtime does into a ``Trace``.
///
/// A recorder is an `Instrument`: install it with
/// `Instrumentation.withInstrument(_:clock:_:)`, or use the shorthand
/// ``Trace/record(title:clock:_:)``. It can be installed once.
///
/// Recording is thread-safe. Each report becomes a small record, its value
/// labelled on the reporting thread; the recorder's lock is held only to
/// append it, never while user code runs. ``trace(title:)`` orders the
/// records by the runtime's sequence numbers and numbers signals and
/// subscriptions in that order, so the same scenario always gives the same trace.
public final class TraceRecorder: Instrument, @unchecked Sendable {
    private let lock = NSLock()
    private var records: [Record] = []
    private let origin: Double
    /// ``TraceRecorder/limit`` when the recorder was made.
    private let limit: Limit?
    private var exceeded = false

    /// Makes an empty recorder.
    /// - Parameter origin: The clock time that becomes 0 in the trace: the
    ///   start of the recording for a wall clock; 0 for a virtual-time scheduler.
    public init(origin: Double = 0) {
        self.origin = origin
        limit = Self.limit
    }

    /// Receives one report from the runtime.
    public func record(_ event: InstrumentationEvent) {
        let record = Record(event)
        lock.lock()
        if let limit, records.count >= limit.maximumEvents {
            let first = !exceeded
            exceeded = true
            lock.unlock()
            if first { limit.exceeded(limit.maximumEvents) }
            return
        }
        records.append(record)
        lock.unlock()
    }

    /// A limit on how many reports a recorder keeps, and what to do when a run goes past it.
    ///
    /// A scenario can make far more events than a diagram can show (six `flattenMap`s of a
    /// ten-value source into itself make 60,000; twelve, millions), and a recorder keeps every
    /// report in memory. Set ``TraceRecorder/limit`` to bound that: `sigviz` sets it from
    /// `--max-events` and, in `exceeded`, reports the error and exits, since a run that has gone
    /// past it cannot be stopped from inside.
    public struct Limit: Sendable {
        /// The most reports a recorder keeps.
        public var maximumEvents: Int
        /// Called once per recorder, on the reporting thread, with `maximumEvents`, when a report
        /// arrives past it. If it returns, the recorder drops that report and every later one:
        /// the trace ends at the limit.
        public var exceeded: @Sendable (_ maximumEvents: Int) -> Void

        /// Makes a limit.
        public init(maximumEvents: Int, exceeded: @escaping @Sendable (_ maximumEvents: Int) -> Void) {
            self.maximumEvents = maximumEvents
            self.exceeded = exceeded
        }
    }

    // An NSLock, not a Mutex: ThreadSanitizer on Linux does not see Synchronization's Mutex.
    private nonisolated(unsafe) static var limitStorage: Limit?
    private static let limitLock = NSLock()

    /// The limit of the recorders made from now on, including those that ``Trace/record(title:clock:_:)``
    /// and scenarios make; `nil` (the default) for none. Recorders already made keep theirs.
    public static var limit: Limit? {
        get { limitLock.withLock { limitStorage } }
        set { limitLock.withLock { limitStorage = newValue } }
    }

    /// The number of reports received so far.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return records.count
    }

    /// The trace of everything recorded so far.
    ///
    /// A delivery caused by the delivery of replayed history is replayed
    /// history too: a subscriber of `replayLazily` or `autoconnect` receives
    /// the replay subject's history through an operator, and its own lane
    /// shows it as replayed.
    ///
    /// Times never go backwards in a trace: a report stamped earlier than the
    /// one before it (reports made at once on different threads) gets the
    /// earlier report's time.
    public func trace(title: String? = nil) -> Trace {
        lock.lock()
        var records = records
        lock.unlock()
        records.sort { $0.sequence < $1.sequence }
        var assembler = Assembler(records, origin: origin)
        return assembler.trace(title: title)
    }
}

extension Trace {
    /// Runs `body` with a new ``TraceRecorder`` installed and returns what it recorded.
    ///
    /// What `body` returns is kept alive until the trace is taken. Return the
    /// subjects and connections you made: a subject released when `body`
    /// ends disposes its subscribers, which the trace would otherwise show
    /// as disposals the code never made.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let trace = Trace.record(title: "replay", clock: scheduler) {
    ///     let subject = ReplaySubject<String>()
    ///     scheduler.schedule(after: 1) { subject.sendNext("package") }
    ///     scheduler.schedule(after: 2) { subject.subscribe(label: "late") }
    ///     scheduler.stepAll()
    ///     return subject
    /// }
    /// ```
    /// - Parameters:
    ///   - title: The trace's ``title``.
    ///   - clock: The scheduler whose time stamps the events; with `nil`, a
    ///     monotonic wall clock, counted from the start of the recording.
    ///   - body: Creates, subscribes and runs the signals to record.
    public static func record<Kept>(
        title: String? = nil, clock: Scheduler? = nil, _ body: () throws -> Kept
    ) rethrows -> Trace {
        // A wall clock counts from boot; the trace counts from the start of the recording.
        let recorder = TraceRecorder(origin: clock == nil ? Scheduler.immediate.now : 0)
        let kept = try Instrumentation.withInstrument(recorder, clock: clock, body)
        return withExtendedLifetime(kept) { recorder.trace(title: title) }
    }
}

/// A report, with values already turned into labels.
private struct Record: Sendable {
    enum Kind: Sendable {
        case signal(Int, TraceSignal.Kind, String)
        case named(Int, String)
        case connection(Int, source: Int?, subject: Int)
        case subscribed(Int, signal: Int, SubscriberIdentity, parent: Int?)
        case didSubscribe(Int)
        case next(Int, String, replayed: Bool)
        case error(Int, String, replayed: Bool)
        case completed(Int, replayed: Bool)
        case disposed(Int)
        case sentNext(Int, String)
        case sentError(Int, String)
        case sentCompleted(Int)
        case connected(Int, first: Bool)
    }

    let sequence: Int
    let time: Double
    let cause: Int?
    let kind: Kind

    init(_ event: InstrumentationEvent) {
        sequence = event.sequence
        time = event.time
        cause = event.cause
        switch event.kind {
        case .signalCreated(let id, let signalKind, let name): kind = .signal(id, TraceSignal.Kind(signalKind), name)
        case .signalNamed(let id, let name): kind = .named(id, name)
        case .connectionCreated(let id, let source, let subject): kind = .connection(id, source: source, subject: subject)
        case .subscribed(let id, let signal, let subscriber, let parent):
            kind = .subscribed(id, signal: signal, subscriber, parent: parent)
        case .didSubscribe(let id): kind = .didSubscribe(id)
        case .next(let id, let value, let replayed): kind = .next(id, traceLabel(of: value), replayed: replayed)
        case .error(let id, let error, let replayed): kind = .error(id, traceLabel(of: error), replayed: replayed)
        case .completed(let id, let replayed): kind = .completed(id, replayed: replayed)
        case .disposed(let id): kind = .disposed(id)
        case .sentNext(let id, let value): kind = .sentNext(id, traceLabel(of: value))
        case .sentError(let id, let error): kind = .sentError(id, traceLabel(of: error))
        case .sentCompleted(let id): kind = .sentCompleted(id)
        case .connected(let id, let first): kind = .connected(id, first: first)
        }
            }
}

extension TraceSignal.Kind {
    init(_ kind: SignalKind) {
        switch kind {
        case .cold: self = .cold
        case .operator: self = .operator
        case .empty: self = .empty
        case .return: self = .return
        case .error: self = .error
        case .subject: self = .subject
        case .behaviorSubject: self = .behaviorSubject
        case .replaySubject(let capacity): self = .replaySubject(capacity: capacity)
        case .groupedSignal: self = .groupedSignal
        case .channelTerminal: self = .channelTerminal
        }
    }
}

extension TraceEvent.Kind {
    /// The same delivery marked as replayed history; other events unchanged.
    func replayed() -> Self {
        switch self {
        case .next(let subscription, let value, _): .next(subscription: subscription, value: value, replayed: true)
        case .error(let subscription, let message, _): .error(subscription: subscription, message: message, replayed: true)
        case .completed(let subscription, _): .completed(subscription: subscription, replayed: true)
        default: self
        }
    }
}

/// Turns ordered records into a trace: numbers signals, connections and
/// subscriptions in order of creation and events by position.
private struct Assembler {
    let records: [Record]
    /// The runtime's ids to the trace's.
    var signalIDs: [Int: Int] = [:]
    var connectionIDs: [Int: Int] = [:]
    var subscriptionIDs: [Int: Int] = [:]
    /// The runtime's sequence numbers to event positions.
    var positions: [Int: Int] = [:]

    let origin: Double

    init(_ records: [Record], origin: Double) {
        self.records = records
        self.origin = origin
    }

    mutating func trace(title: String?) -> Trace {
        var signals: [TraceSignal] = []
        var pending: [(id: Int, signal: Int, subscriber: SubscriberIdentity, parent: Int?)] = []
        var events: [TraceEvent] = []
        events.reserveCapacity(records.count)
        var clock = -Double.infinity
        for record in records {
            clock = max(clock, max(record.time - origin, 0))
            var kind: TraceEvent.Kind
            do {
            switch record.kind {
            case .signal(let id, let signalKind, let name):
                signalIDs[id] = signals.count
                kind = .signal(signals.count)
                signals.append(TraceSignal(id: signals.count, kind: signalKind, name: name))
            case .named(let id, let name):
                if let id = signalIDs[id] { signals[id].name = name }
                continue
            case .connection(let id, let source, let subject):
                connectionIDs[id] = signals.count
                kind = .signal(signals.count)
                signals.append(TraceSignal(
                    id: signals.count, kind: .connection, name: "connection",
                    source: source.flatMap { signalIDs[$0] }, subject: signalIDs[subject]))
            case .subscribed(let id, let signal, let subscriber, let parent):
                let signal = try self.signal(signal)
                subscriptionIDs[id] = pending.count
                kind = .subscribe(pending.count)
                pending.append((pending.count, signal, subscriber, parent))
            case .didSubscribe(let id): kind = .didSubscribe(try subscription(id))
            case .next(let id, let value, let replayed):
                kind = .next(subscription: try subscription(id), value: value, replayed: replayed)
            case .error(let id, let message, let replayed):
                kind = .error(subscription: try subscription(id), message: message, replayed: replayed)
            case .completed(let id, let replayed): kind = .completed(subscription: try subscription(id), replayed: replayed)
            case .disposed(let id): kind = .dispose(try subscription(id))
            case .sentNext(let id, let value): kind = .send(signal: try signal(id), value: value)
            case .sentError(let id, let message): kind = .sendError(signal: try signal(id), message: message)
            case .sentCompleted(let id): kind = .sendCompleted(signal: try signal(id))
            case .connected(let id, let first): kind = .connect(signal: try connection(id), first: first)
            }
            } catch {
                continue  // about something created before the recorder was installed
            }
            let cause = record.cause.flatMap { positions[$0] }
            if let cause, events[cause].kind.isReplayed { kind = kind.replayed() }
            positions[record.sequence] = events.count
            events.append(TraceEvent(time: clock, kind: kind, cause: cause))
        }
        let subscriptions = pending.map { entry in
            TraceSubscription(
                id: entry.id,
                signal: entry.signal,
                subscriber: subscriber(entry.subscriber),
                parent: entry.parent.flatMap { subscriptionIDs[$0] })
        }
        return Trace(title: title, signals: signals, subscriptions: subscriptions, events: events)
    }

    private struct Unknown: Error {}

    func signal(_ id: Int) throws -> Int {
        guard let id = signalIDs[id] else { throw Unknown() }
        return id
    }

    func connection(_ id: Int) throws -> Int {
        guard let id = connectionIDs[id] else { throw Unknown() }
        return id
    }

    func subscription(_ id: Int) throws -> Int {
        guard let id = subscriptionIDs[id] else { throw Unknown() }
        return id
    }

    func subscriber(_ identity: SubscriberIdentity) -> TraceSubscription.Subscriber {
        switch identity {
        case .label(let label): .label(shortened(label))
        case .signal(let id): signalIDs[id].map { .signal($0) } ?? .anonymous
        case .subscription(let id): subscriptionIDs[id].map { .subscription($0) } ?? .anonymous
        case .anonymous: .anonymous
        }
    }
}
