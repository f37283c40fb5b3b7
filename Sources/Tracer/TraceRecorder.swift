import Foundation
import Reactive

/// Records what the runtime does into a ``Trace``.
///
/// A recorder is an `Instrument`: install it with
/// `Instrumentation.withInstrument(_:clock:budget:_:)`, or use the shorthand
/// ``Trace/record(title:clock:_:)``. It can be installed once.
///
/// Recording is thread-safe. Each report becomes a small record, its value
/// labelled on the reporting thread; the recorder's lock is held only to
/// append it, never while user code runs. ``trace(title:)`` orders the
/// records by the runtime's sequence numbers and numbers signals and
/// subscriptions in that order, so the same scenario always gives the same trace.
public final class TraceRecorder: Instrument, @unchecked Sendable {
    /// A plain pthread mutex (NSLock on Linux adds a class's dynamic calls to every report).
    private let lock = RecorderLock()
    @exclusivity(unchecked) private var records = RecordStore()  // guarded by `lock`
    private let origin: Double
    /// The most reports kept, or `nil` for no limit.
    private let limit: Int?
    private var exceeded = false  // guarded by `lock`

    /// Makes an empty recorder.
    /// - Parameters:
    ///   - origin: The clock time that becomes 0 in the trace: the start of the
    ///     recording for a wall clock; 0 for a virtual-time scheduler.
    ///   - limit: The most reports it keeps, or `nil` (the default) for no limit. A
    ///     scenario can make far more events than a diagram can show (six `flattenMap`s
    ///     of a ten-value source into itself make 60,000; twelve, millions), and a
    ///     recorder keeps every report in memory: it keeps the reports numbered below
    ///     the limit (``InstrumentationEvent/sequence``, whatever order they arrive in),
    ///     drops the others and sets ``exceededLimit``, so the trace ends at the limit.
    ///     Stopping the run itself is a ``ReportBudget``'s work.
    public init(origin: Double = 0, limit: Int? = nil) {
        precondition((limit ?? 0) >= 0, "a recorder's limit is 0 reports or more, got \(limit ?? 0)")
        self.origin = origin
        self.limit = limit
    }

    /// `true`: a recording keeps where each labelled subscription was made (``TraceSubscription/site``)
    /// and where each signal was named (``TraceSignal/site``).
    public var recordsCallSites: Bool { true }

    /// Receives one report from the runtime.
    public func record(_ event: InstrumentationEvent) {
        let pending = PendingRecord(event)
        store(pending.record, longLabel: pending.longLabel, detail: pending.detail)
    }

    /// Receives a delivered value from the runtime.
    public func recordNext<Value: Sendable>(
        _ value: Value, subscription: Int, replayed: Bool, sequence: Int, time: Double, cause: Int?
    ) {
        let pending = PendingRecord(
            .next, .subscription, subject: subscription, label: Label(of: value), flag: replayed, sequence: sequence, time: time,
            cause: cause)
        store(pending.record, longLabel: pending.longLabel, detail: nil)
    }

    /// Receives a value sent to a subject from the runtime.
    public func recordSentNext<Value: Sendable>(_ value: Value, signal: Int, sequence: Int, time: Double, cause: Int?) {
        let pending = PendingRecord(
            .send, .signal, subject: signal, label: Label(of: value), flag: false, sequence: sequence, time: time, cause: cause)
        store(pending.record, longLabel: pending.longLabel, detail: nil)
    }

    private func store(_ record: Record, longLabel: String?, detail: RecordDetail?) {
        lock.withLock {
            // By sequence, not by arrival: a report is stamped before it is recorded, so one
            // made later can arrive first (a value's description that sends, say).
            if record.isPastNumbering || record.sequence >= limit ?? .max {
                exceeded = true
            } else {
                records.append(record, longLabel: longLabel, detail: detail)
            }
        }
    }

    /// Whether a report arrived past the limit given to ``init(origin:limit:)``, or numbered
    /// past the 4,294,967,294 reports a recorder numbers, and was dropped: the trace is incomplete.
    public var exceededLimit: Bool {
        lock.withLock { exceeded }
    }

    /// The number of reports received so far.
    public var count: Int {
        lock.withLock { records.count }
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
        let store = lock.withLock { records }
        var assembler = Assembler(store, origin: origin)
        return assembler.trace(title: title)
    }
}

extension Trace {
    /// Runs `body` with a new ``TraceRecorder`` installed and `clock` as the current scheduler, and
    /// returns what it recorded, its events stamped with `clock`'s time.
    ///
    /// The body runs as `clock`'s work (``Scheduler/perform(_:)``): what it subscribes is subscribed
    /// at once, on whatever thread calls this, a Swift Testing test's included. (With no current
    /// scheduler, RAC's subscriptions hop to a background queue, and would run after the trace is taken.)
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
    ///   - clock: The scheduler whose time stamps the events, current while `body` runs.
    ///   - body: Creates, subscribes and runs the signals to record.
    public static func record<Kept>(title: String? = nil, clock: Scheduler, _ body: () throws -> Kept) rethrows -> Trace {
        try record(title: title, clock: clock, rewriting: nil, body)
    }

    /// ``record(title:clock:_:)``, with `rewrites` made at the calls of `body` they name, to record it
    /// as if written with them: a run that proves a suggested fix (see `Reactive`'s `CodeRewrite`).
    package static func record<Kept>(
        title: String?, clock: Scheduler, rewriting rewrites: CodeRewrites?, _ body: () throws -> Kept
    ) rethrows -> Trace {
        let recorder = TraceRecorder(origin: 0)
        let kept = try Instrumentation.withInstrument(recorder, clock: clock, rewriting: rewrites) { try clock.perform(body) }
        return withExtendedLifetime(kept) { recorder.trace(title: title) }
    }

    /// Runs `body` with a new ``TraceRecorder`` installed and returns what it recorded, its events
    /// stamped with a monotonic wall clock counted from the start of the recording.
    ///
    /// `body` runs on the calling thread as it is, with the current scheduler it has: the main
    /// thread's, or the one whose work is running. Without one (another thread, outside any
    /// scheduler's work, as in a Swift Testing test), a cold signal's subscription would hop to a
    /// background queue and be missed, so the recording is refused: record on virtual time with
    /// ``record(title:clock:_:)`` instead.
    /// - Throws: ``RecordingWithoutScheduler`` when no scheduler is current; what `body` throws.
    public static func record<Kept>(title: String? = nil, _ body: () throws -> Kept) throws -> Trace {
        guard Scheduler.current != nil else { throw RecordingWithoutScheduler() }
        // A wall clock counts from boot; the trace counts from the start of the recording.
        let recorder = TraceRecorder(origin: Scheduler.immediate.now)
        let kept = try Instrumentation.withInstrument(recorder, clock: nil, body)
        return withExtendedLifetime(kept) { recorder.trace(title: title) }
    }
}

/// Turns ordered records into a trace: numbers signals, connections and
/// subscriptions in order of creation and events by position.
private struct Assembler {
    let store: RecordStore
    /// The runtime's ids to the trace's.
    var signalIDs: [Int: Int] = [:]
    var connectionIDs: [Int: Int] = [:]
    var subscriptionIDs: [Int: Int] = [:]
    /// The runtime's sequence numbers to event positions.
    var positions: [Int: Int] = [:]

    let origin: Double

    init(_ store: RecordStore, origin: Double) {
        self.store = store
        self.origin = origin
    }

    mutating func trace(title: String?) -> Trace {
        var signals: [TraceSignal] = []
        // The names users gave, by the trace's signal id; meanwhile `name` holds the runtime's description.
        var givenNames: [Int: String] = [:]
        var pending: [(id: Int, signal: Int, subscriber: SubscriberIdentity, parent: Int?, owner: Int?, site: String?)] = []
        var events: [TraceEvent] = []
        let records = store.sorted()
        events.reserveCapacity(records.count)
        var clock = -Double.infinity
        let makers = TraceEvent.Tag.makers
        for record in records {
            clock = max(clock, max(record.time - origin, 0))
            var kind: TraceEvent.Kind
            do {
                if let tag = record.event {
                    let text = record.textCount == 0 ? "" : store.label(of: record)
                    let payload = TraceEvent.Payload(id: try id(record.subject, in: record.space), text: text, flag: record.flag)
                    kind = makers[Int(tag.rawValue)](payload)
                } else {
                    switch store.detail(of: record) {
                    case .signal(let id, let signalKind, let name, let operation, let receiver):
                        signalIDs[id] = signals.count
                        kind = .signal(signals.count)
                        var signal = TraceSignal(id: signals.count, kind: signalKind, name: name)
                        signal.operation = operation?.mappingSignals { signalIDs[$0] }
                        signal.receiver = receiver.flatMap { signalIDs[$0] }
                        signals.append(signal)
                    case .named(let id, let name):
                        // RAC's name is now the given one, until an operator describes the signal again.
                        if let id = signalIDs[id] { (givenNames[id], signals[id].name) = (name, name) }
                        continue
                    case .namedAt(let id, let fileID, let line):
                        if let id = signalIDs[id] { signals[id].site = CallSite.text(fileID: fileID, line: line) }
                        continue
                    case .described(let id, let description):
                        if let id = signalIDs[id] { signals[id].name = description }
                        continue
                    case .operation(let id, let operation, let receiver):
                        if let id = signalIDs[id] {
                            signals[id].operation = operation.mappingSignals { signalIDs[$0] }
                            signals[id].receiver = receiver.flatMap { signalIDs[$0] }
                        }
                        continue
                    case .plumbing(let id):
                        if let id = signalIDs[id] { signals[id].isPlumbing = true }
                        continue
                    case .connection(let id, let source, let subject):
                        connectionIDs[id] = signals.count
                        kind = .signal(signals.count)
                        signals.append(TraceSignal(
                            id: signals.count, kind: .connection, name: "connection",
                            source: source.flatMap { signalIDs[$0] }, subject: signalIDs[subject]))
                    case .subscribed(let id, let signalID, let subscriber, let parent):
                        let signal = try self.id(signalID, in: .signal)
                        subscriptionIDs[id] = pending.count
                        kind = .subscribe(pending.count)
                        pending.append((pending.count, signal, subscriber, parent, nil, nil))
                    case .owned(let id, let owner):
                        if let subscription = subscriptionIDs[id], let owner = signalIDs[owner] { pending[subscription].owner = owner }
                        continue
                    case .called(let id, let fileID, let line):
                        if let subscription = subscriptionIDs[id] { pending[subscription].site = CallSite.text(fileID: fileID, line: line) }
                        continue
                    }
                }
            } catch {
                continue  // about something created before the recorder was installed
            }
            let cause = record.cause < 0 ? nil : positions[record.cause]
            // History stays history across a scheduler hop: look through a hop to what it hopped.
            var hopped = cause
            if let hop = hopped, case .hop = events[hop].kind { hopped = events[hop].cause }
            if let hopped, events[hopped].kind.isReplayed { kind = kind.replayed() }
            positions[record.sequence] = events.count
            events.append(TraceEvent(time: clock, kind: kind, cause: cause))
        }
        let subscriptions = pending.map { entry in
            TraceSubscription(
                id: entry.id,
                signal: entry.signal,
                subscriber: subscriber(entry.subscriber),
                parent: entry.parent.flatMap { subscriptionIDs[$0] },
                owner: entry.owner, site: entry.site)
        }
        // Meanwhile `name` held RAC's description; the reader's names are made from the operations.
        for (index, name) in TraceSignal.readerNames(of: signals, givenNames: givenNames).enumerated()
        where signals[index].kind != .connection {
            let description = signals[index].name
            signals[index].name = name
            signals[index].description = description == name ? nil : description
        }
        var trace = Trace(title: title, signals: signals, subscriptions: subscriptions, events: events)
        trace.markMachineryOfPlumbing()
        return trace
    }

    private struct Unknown: Error {}

    /// The trace's id for the runtime's `id` in `space`.
    func id(_ id: Int, in space: IDSpace) throws -> Int {
        let found = switch space {
        case .signal: signalIDs[id]
        case .subscription: subscriptionIDs[id]
        case .connection: connectionIDs[id]
        }
        guard let found else { throw Unknown() }
        return found
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
