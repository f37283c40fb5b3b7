import Synchronization

/// A hot signal you send events into by hand (RAC's `RACSubject`).
///
/// A subject is a signal and a subscriber at once: it fans every event out
/// to the subscribers it has *at that moment*, like a live broadcast. A
/// subscriber that joins late misses what was sent before, and a subject does
/// not remember termination: a subscriber that joins after completion gets
/// nothing about the past, though later sends still reach it.
///
/// ```swift
/// let subject = Subject<String>()
/// subject.subscribe(next: { print("1 got \($0)") })
/// subject.sendNext("package 1")          // 1 got package 1
/// subject.subscribe(next: { print("2 got \($0)") })
/// subject.sendNext("package 2")          // 1 got package 2, 2 got package 2
/// ```
///
/// Sending is thread-safe. Events sent concurrently, or re-entrantly from a
/// subscriber's handler, are queued and delivered one at a time in the order
/// they were sent, each to every subscriber, in subscription order; the
/// thread already delivering delivers them (see `EventContract.md`).
///
/// When a subject terminates it disposes the subscriptions that feed it,
/// such as its connection's subscription to the source.
public class Subject<Value: Sendable>: Signal<Value>, Subscriber, @unchecked Sendable {
    enum Command: Sendable {
        case event(Event<Value>)
        case attach(Passthrough<Value>)
    }

    struct State: Sendable {
        /// A replay subject's buffer.
        var history: History<Value>?
        /// Whether a replay subject has completed.
        var hasCompleted = false
        /// A replay subject's error.
        var error: (any Error)?
        /// A behavior subject's current value.
        var current: Value?
    }

    let state: Locked<State>
    /// The live subscribers, in subscription order.
    let subscribers = SubscriberList<Value>()
    /// Whether ``update(_:with:)`` records events (replay and behavior subjects),
    /// so that a send must go through the state.
    let recordsEvents: Bool
    private let drain = DrainQueue<Command>()
    /// The subscriptions that feed this subject (RAC's `disposable` property).
    let upstream = CompoundDisposable()

    /// Creates a subject with no subscribers (RAC's `+subject`).
    public convenience init() {
        self.init(kind: .subject, name: "", state: State())
    }

    init(kind: SignalKind, name: String, state: State, recordsEvents: Bool = false) {
        self.state = Locked(state)
        self.recordsEvents = recordsEvents
        super.init(kind: kind, name: name)
    }

    deinit {
        upstream.dispose()
        // The removal closures of `register` hold the list, not the subject;
        // letting go of the subscribers here ends that cycle.
        subscribers.removeAll()
    }

    @discardableResult
    public override func subscribe(_ subscriber: any Subscriber<Value>) -> any Disposable {
        let disposable = CompoundDisposable()
        register(Passthrough(subscriber, signal: self, disposable: disposable, serialized: false))
        return disposable
    }

    /// Sends `value` to every current subscriber.
    public func sendNext(_ value: Value) {
        drain.submit(now: { deliverNext(value) }, orLater: .event(.next(value))) { process($0) }
    }

    /// Sends `error` to every current subscriber and disposes what feeds the subject.
    public func sendError(_ error: any Error) { drain.submit(.event(.error(error)), process) }

    /// Sends completion to every current subscriber and disposes what feeds the subject.
    public func sendCompleted() { drain.submit(.event(.completed), process) }

    /// Adopts the disposable of a subscription that feeds this subject, so
    /// that the subject's termination ends it.
    public func didSubscribe(with disposable: CompoundDisposable) {
        if disposable.isDisposed { return }
        upstream.add(disposable)
        // Captures `upstream` rather than a weak `self`: a weakly referenced
        // object pays for a side table on every retain, on every send.
        disposable.add(BlockDisposable { [upstream, unowned(unsafe) disposable] in
            upstream.remove(disposable)
        })
    }

    // MARK: For subclasses

    /// Adds `passthrough` to the live subscribers until its subscription is disposed.
    final func register(_ passthrough: Passthrough<Value>) {
        subscribers.append(passthrough)
        let id = ObjectIdentifier(passthrough)
        // Captures the list rather than a weak `self` (see `didSubscribe(with:)`);
        // `deinit` empties the list, so it does not outlive the subject by a cycle.
        passthrough.disposable.add(BlockDisposable { [subscribers] in subscribers.remove(id) })
    }

    /// Subscribes `subscriber` through ``attach(_:)``, run on
    /// ``Scheduler/subscription`` and in turn with the sends: the subscribe of
    /// the subjects that hand a new subscriber history or a current value.
    final func subscribeInTurn(_ subscriber: any Subscriber<Value>) -> any Disposable {
        let disposable = CompoundDisposable()
        let passthrough = Passthrough(subscriber, signal: self, disposable: disposable, serialized: false)
        disposable.add(Scheduler.subscription.schedule { [self] in
            drain.submit(.attach(passthrough), process)
        })
        return disposable
    }

    /// Records `event` in the subject's state before it is delivered (under the lock).
    func update(_ state: inout State, with event: Event<Value>) {}

    /// Attaches a subscriber queued by ``subscribeInTurn(_:)``; runs serialized with sends.
    func attach(_ passthrough: Passthrough<Value>) { register(passthrough) }

    // MARK: Delivery

    private func process(_ command: Command) {
        switch command {
        case .event(let event): broadcast(event)
        case .attach(let passthrough): attach(passthrough)
        }
    }

    /// A live value, without building an `Event` when nothing records it:
    /// the common path, kept free of generic-enum metadata look-ups.
    private func deliverNext(_ value: Value) {
        guard probe == nil, !recordsEvents else { return broadcastNext(value) }
        let subscribers = self.subscribers.snapshot()
        // A counted loop: `indices` is a generic call (a metadata look-up) per send.
        var index = 0
        while index < subscribers.count {
            SubscriberList<Value>.passthrough(subscribers[index]).deliverNext(value)
            index += 1
        }
    }

    /// A live value of a subject that is observed or records its history.
    /// Out of line, and building an `Event` only for the history, so that
    /// neither `deliverNext` nor an observed send pays for `Event`'s metadata.
    @inline(never)
    private func broadcastNext(_ value: Value) {
        if recordsEvents { state.withLock { update(&$0, with: .next(value)) } }
        let subscribers = self.subscribers.snapshot()
        let report = probe?.recordSentNext(value, signal: signalID)
        probe.caused(by: report) {
            var index = 0
            while index < subscribers.count {
                SubscriberList<Value>.passthrough(subscribers[index]).deliverNext(value)
                index += 1
            }
        }
    }

    private func broadcast(_ event: Event<Value>) {
        if recordsEvents { state.withLock { update(&$0, with: event) } }
        let subscribers = self.subscribers.snapshot()
        let report = probe.map { probe in
            switch event {
            case .next(let value): probe.recordSentNext(value, signal: signalID)
            case .error(let error): probe.record(.sentError(signal: signalID, error: error))
            case .completed: probe.record(.sentCompleted(signal: signalID))
            }
        }
        probe.caused(by: report) {
            if event.isTerminating { upstream.dispose() }
            for subscriber in subscribers { SubscriberList<Value>.passthrough(subscriber).deliver(event, replayed: false) }
        }
    }
}

/// A subject's live subscribers, under a plain lock.
///
/// They are kept as `AnyObject`: an array of a non-generic element type is
/// specialized, while indexing a `ContiguousArray<Passthrough<Value>>` from
/// the subject's unspecialized generic code looks up the element type's
/// metadata on every send.
final class SubscriberList<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var list: ContiguousArray<AnyObject> = []

    /// An element of a ``snapshot()``.
    @inline(__always)
    static func passthrough(_ object: AnyObject) -> Passthrough<Value> {
        unsafeDowncast(object, to: Passthrough<Value>.self)
    }

    func append(_ passthrough: Passthrough<Value>) {
        lock.lock()
        list.append(passthrough)
        lock.unlock()
    }

    /// Removes the subscriber with identity `id`; it is released outside the lock.
    func remove(_ id: ObjectIdentifier) {
        lock.lock()
        let index = list.lastIndex { ObjectIdentifier($0) == id }
        let removed = index.map { list.remove(at: $0) }
        lock.unlock()
        withExtendedLifetime(removed) {}  // released here, outside the lock
    }

    func snapshot() -> ContiguousArray<AnyObject> {
        lock.lock()
        defer { lock.unlock() }
        return list
    }

    func removeAll() {
        lock.lock()
        let removed = list
        list = []
        lock.unlock()
        withExtendedLifetime(removed) {}  // released here, outside the lock
    }
}

/// A replay subject's buffer: every value, or the most recent `capacity`.
struct History<Value: Sendable>: Sendable {
    let capacity: Int
    private var storage: [Value] = []
    /// Where the oldest value is once a bounded buffer is full.
    private var head = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    mutating func append(_ value: Value) {
        if capacity == .max || storage.count < capacity {
            storage.append(value)
        } else if capacity > 0 {
            storage[head] = value
            head = (head + 1) % capacity
        }
    }

    /// The values, oldest first.
    var values: [Value] {
        head == 0 ? storage : Array(storage[head...] + storage[..<head])
    }
}
