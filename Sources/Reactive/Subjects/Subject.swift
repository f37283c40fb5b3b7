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
///
/// A plain subject keeps no state but its subscribers. The subjects that do,
/// ``ReplaySubject`` and ``BehaviorSubject``, keep it in a pure state machine
/// (``ReplaySubjectStateMachine``, ``BehaviorSubjectStateMachine``) that says what
/// to deliver; the subject applies it under a lock and delivers after releasing it.
public class Subject<Value: Sendable>: Signal<Value>, Subscriber, @unchecked Sendable {
    // @unchecked: every stored property is Sendable or guards itself; subclasses keep
    // their state in a Locked state machine.
    enum Command: Sendable {
        /// An event sent while another thread, or this one further up, was delivering: with what
        /// was running where it was sent, so that its report names the delivery that sent it.
        case event(Event<Value>, sentIn: Probe.Carried?)
        case attach(Passthrough<Value>)
    }

    /// The live subscribers, in subscription order.
    let subscribers = SubscriberList()
    /// Whether the subject keeps state that every send goes through (``recordNext(_:)``):
    /// a replay or behavior subject.
    private let hasState: Bool
    private let drain = DrainQueue<Command>()
    /// The subscriptions that feed this subject (RAC's `disposable` property).
    let upstream = CompoundDisposable()

    /// Creates a subject with no subscribers (RAC's `+subject`).
    public convenience init() {
        self.init(kind: .subject, name: "")
    }

    init(kind: SignalKind, name: String, hasState: Bool = false) {
        self.hasState = hasState
        super.init(kind: kind, name: name)
    }

    deinit {
        upstream.dispose()
        // The removals of `register` hold the list, not the subject;
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
        drain.submit(now: { deliverNext(value) }, orLater: .event(.next(value), sentIn: .current)) { process($0) }
    }

    /// Sends `error` to every current subscriber and disposes what feeds the subject.
    public func sendError(_ error: any Error) {
        drain.submit(now: { broadcast(.error(error)) }, orLater: .event(.error(error), sentIn: .current), process)
    }

    /// Sends completion to every current subscriber and disposes what feeds the subject.
    public func sendCompleted() {
        drain.submit(now: { broadcast(.completed) }, orLater: .event(.completed, sentIn: .current), process)
    }

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
        passthrough.disposable.add(SubscriberRemoval(of: ObjectIdentifier(passthrough), from: subscribers))
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

    /// Feeds a sent value to the subject's state machine before it is delivered, and returns the
    /// subscribers to deliver it to, taken in the same section of ``subscribers``' lock (which
    /// guards the state too); called only when the subject has state. Runs serialized with the
    /// other sends. A value, not an `Event`: building one in generic code looks its metadata up.
    func recordNext(_ value: Value) -> ContiguousArray<AnyObject> { subscribers.snapshot() }

    /// Feeds a terminal event (error or completion) to the subject's state machine
    /// before it is delivered; called only when the subject has state.
    func recordTermination(_ event: Event<Value>) {}

    /// Attaches a subscriber queued by ``subscribeInTurn(_:)``; runs serialized with sends.
    func attach(_ passthrough: Passthrough<Value>) { register(passthrough) }

    // MARK: Delivery

    private func process(_ command: Command) {
        switch command {
        case .event(let event, let context): context.run { broadcast(event) }
        case .attach(let passthrough): attach(passthrough)
        }
    }

    /// A live value, without building an `Event` when nothing records it:
    /// the common path, kept free of generic-enum metadata look-ups.
    private func deliverNext(_ value: Value) {
        guard probe == nil else { return broadcastNext(value) }
        forEach(in: hasState ? recordNext(value) : subscribers.snapshot()) { $0.deliverNext(value) }
    }

    /// A live value of an observed subject. Out of line, so that `deliverNext`
    /// keeps nothing of the report alive around its loop.
    @inline(never)
    private func broadcastNext(_ value: Value) {
        let recorded = hasState ? recordNext(value) : nil
        let report = probe?.recordSentNext(value, signal: signalID)
        probe.caused(by: report) {
            forEach(in: recorded ?? subscribers.snapshot()) { $0.deliverNext(value) }
        }
    }

    private func broadcast(_ event: Event<Value>) {
        var recorded: ContiguousArray<AnyObject>?
        if hasState {
            if case .next(let value) = event { recorded = recordNext(value) } else { recordTermination(event) }
        }
        let report = probe.map { probe in
            switch event {
            case .next(let value): probe.recordSentNext(value, signal: signalID)
            case .error(let error): probe.record(.sentError(signal: signalID, error: error))
            case .completed: probe.record(.sentCompleted(signal: signalID))
            }
        }
        probe.caused(by: report) {
            if event.isTerminating { upstream.dispose() }
            forEach(in: recorded ?? subscribers.snapshot()) { $0.deliver(event, replayed: false) }
        }
    }

    /// Runs `body` for each of `subscribers`, a snapshot of the live subscribers, in
    /// subscription order: the one broadcast loop.
    ///
    /// The snapshot keeps every subscriber alive for the whole loop, so each is lent to
    /// `body` without a retain and release of its own (a pair of atomic operations per
    /// delivery, most of a fan-out's cost otherwise). A counted loop: `indices` is a
    /// generic call (a metadata look-up) per send.
    @inline(__always)
    private func forEach(in subscribers: ContiguousArray<AnyObject>, _ body: (Passthrough<Value>) -> Void) {
        subscribers.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            base.withMemoryRebound(to: Unmanaged<AnyObject>.self, capacity: buffer.count) { lent in
                var index = 0
                while index < buffer.count {
                    lent[index]._withUnsafeGuaranteedRef { body(unsafeDowncast($0, to: Passthrough<Value>.self)) }
                    index += 1
                }
            }
        }
    }
}
