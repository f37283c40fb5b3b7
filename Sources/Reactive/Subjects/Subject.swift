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
        var subscribers: ContiguousArray<Passthrough<Value>> = []
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
    private let drain = DrainQueue<Command>()
    /// The subscriptions that feed this subject (RAC's `disposable` property).
    let upstream = CompoundDisposable()

    /// Creates a subject with no subscribers (RAC's `+subject`).
    public convenience init() {
        self.init(kind: .subject, name: "", state: State())
    }

    init(kind: SignalKind, name: String, state: State) {
        self.state = Locked(state)
        super.init(kind: kind, name: name)
    }

    deinit { upstream.dispose() }

    @discardableResult
    public override func subscribe(_ subscriber: any Subscriber<Value>) -> any Disposable {
        let disposable = CompoundDisposable()
        register(Passthrough(subscriber, signal: self, disposable: disposable, serialized: false))
        return disposable
    }

    /// Sends `value` to every current subscriber.
    public func sendNext(_ value: Value) { drain.submit(.event(.next(value)), process) }

    /// Sends `error` to every current subscriber and disposes what feeds the subject.
    public func sendError(_ error: any Error) { drain.submit(.event(.error(error)), process) }

    /// Sends completion to every current subscriber and disposes what feeds the subject.
    public func sendCompleted() { drain.submit(.event(.completed), process) }

    /// Adopts the disposable of a subscription that feeds this subject, so
    /// that the subject's termination ends it.
    public func didSubscribe(with disposable: CompoundDisposable) {
        if disposable.isDisposed { return }
        upstream.add(disposable)
        disposable.add(BlockDisposable { [weak self, unowned(unsafe) disposable] in
            self?.upstream.remove(disposable)
        })
    }

    // MARK: For subclasses

    /// Adds `passthrough` to the live subscribers until its subscription is disposed.
    final func register(_ passthrough: Passthrough<Value>) {
        state.withLock { $0.subscribers.append(passthrough) }
        let id = ObjectIdentifier(passthrough)
        passthrough.disposable.add(BlockDisposable { [weak self] in
            self?.state.withLock { state in
                if let index = state.subscribers.lastIndex(where: { ObjectIdentifier($0) == id }) {
                    state.subscribers.remove(at: index)
                }
            }
        })
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

    private func broadcast(_ event: Event<Value>) {
        let subscribers = state.withLock { state in
            update(&state, with: event)
            return state.subscribers
        }
        let report = probe.map { probe in
            switch event {
            case .next(let value): probe.record(.sentNext(signal: signalID, value: value))
            case .error(let error): probe.record(.sentError(signal: signalID, error: error))
            case .completed: probe.record(.sentCompleted(signal: signalID))
            }
        }
        probe.caused(by: report) {
            if event.isTerminating { upstream.dispose() }
            for subscriber in subscribers { subscriber.deliver(event, replayed: false) }
        }
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
