import Synchronization

/// Receives a signal's events (RAC's `RACSubscriber` protocol).
///
/// You rarely implement this: ``Signal/subscribe(label:next:error:completed:)``
/// builds a subscriber from closures, ``Signal/create(_:)`` hands one to its
/// closure for sending, and subjects are subscribers themselves, which is how
/// ``MulticastConnection`` feeds a subject from its source.
///
/// Every subscription wraps its subscriber in a private passthrough that
/// enforces the event contract (see `EventContract.md` in the documentation):
/// events are serialized, nothing follows a terminal event, and nothing is
/// delivered after disposal.
public protocol Subscriber<Value>: AnyObject, Sendable {
    /// The type of the values received.
    associatedtype Value: Sendable

    /// Receives a value.
    func sendNext(_ value: Value)

    /// Receives an error; the subscription is over.
    func sendError(_ error: any Error)

    /// Receives completion; the subscription is over.
    func sendCompleted()

    /// Receives the disposable of a subscription this subscriber was given to
    /// (RAC's `-didSubscribeWithDisposable:`).
    ///
    /// A subscriber that terminates should dispose it, so that the producer's
    /// resources are released.
    func didSubscribe(with disposable: CompoundDisposable)
}

extension Subscriber {
    /// Sends `event` with the matching `send` method.
    public func send(_ event: Event<Value>) {
        switch event {
        case .next(let value): sendNext(value)
        case .error(let error): sendError(error)
        case .completed: sendCompleted()
        }
    }
}

/// How a subscriber shows up in instrumentation.
protocol InstrumentationIdentifiable {
    func subscriberIdentity(for probe: Probe) -> SubscriberIdentity
}

/// A subscriber made of closures (RAC's `RACSubscriber` class).
///
/// A terminal event disposes the whole subscription *before* the `error` or
/// `completed` closure runs, as in RAC. The closures are released as soon as
/// the subscriber terminates or its subscription is disposed (RAC keeps them
/// until termination or deallocation).
final class ClosureSubscriber<Value: Sendable>: Subscriber, InstrumentationIdentifiable {
    /// The closures live in their own box so the disposable that clears them
    /// does not keep the subscriber alive. The box reads them under a plain
    /// lock (not ``Locked``): `sendNext` runs once per delivery.
    ///
    /// Disposing the box releases the closures: it is the subscriber's own
    /// clean-up, with no closure of its own to allocate.
    private final class Box: Disposable, @unchecked Sendable {
        private let lock = Lock()
        private var next: (@Sendable (Value) -> Void)?
        private var error: (@Sendable (any Error) -> Void)?
        private var completed: (@Sendable () -> Void)?

        init(next: (@Sendable (Value) -> Void)?, error: (@Sendable (any Error) -> Void)?, completed: (@Sendable () -> Void)?) {
            self.next = next
            self.error = error
            self.completed = completed
        }

        private var isReleased = false

        var nextHandler: (@Sendable (Value) -> Void)? {
            lock.lock()
            defer { lock.unlock() }
            return next
        }

        /// The `next` closure (`nil` if none was given), or `nil` for the
        /// whole result once the closures were released.
        var liveNextHandler: (handler: (@Sendable (Value) -> Void)?, Void)? {
            lock.lock()
            defer { lock.unlock() }
            return isReleased ? nil : (next, ())
        }

        var isDisposed: Bool {
            lock.lock()
            defer { lock.unlock() }
            return isReleased
        }

        func dispose() { _ = take() }

        /// Releases the closures and returns the terminal ones.
        func take() -> (error: (@Sendable (any Error) -> Void)?, completed: (@Sendable () -> Void)?) {
            lock.lock()
            let taken = (error, completed)
            let released = next
            isReleased = true
            next = nil
            error = nil
            completed = nil
            lock.unlock()
            // `released` goes at the end of this scope, outside the lock: a local's lifetime
            // does not end before a call such as the unlock. (`withExtendedLifetime` would
            // look up the closure type's metadata, twice per subscription.)
            _ = released
            return taken
        }
    }

    private let box: Box
    private let disposable = CompoundDisposable()
    let label: String?

    init(
        label: String?,
        next: (@Sendable (Value) -> Void)?,
        error: (@Sendable (any Error) -> Void)?,
        completed: (@Sendable () -> Void)?
    ) {
        self.label = label
        let box = Box(next: next, error: error, completed: completed)
        self.box = box
        disposable.add(box)
    }

    deinit { disposable.dispose() }

    func sendNext(_ value: Value) {
        box.nextHandler?(value)
    }

    /// The `next` closure (possibly none), or `nil` once the closures are
    /// released: lets an instrumented delivery report a value only if the
    /// subscriber will still receive it.
    var liveNextHandler: (handler: (@Sendable (Value) -> Void)?, Void)? { box.liveNextHandler }

    func sendError(_ error: any Error) {
        let handlers = box.take()
        disposable.dispose()
        handlers.error?(error)
    }

    func sendCompleted() {
        let handlers = box.take()
        disposable.dispose()
        handlers.completed?()
    }

    func didSubscribe(with other: CompoundDisposable) {
        if other.isDisposed { return }
        disposable.add(other)
        // When that subscription is disposed, forget it, so a long-lived
        // subscriber does not accumulate finished subscriptions, and release
        // the closures: nothing more will be delivered to them.
        let mine = disposable, box = self.box
        other.add(BlockDisposable { [unowned(unsafe) other] in
            mine.remove(other)
            _ = box.take()
        })
    }

    func subscriberIdentity(for probe: Probe) -> SubscriberIdentity {
        label.map(SubscriberIdentity.label) ?? .anonymous
    }
}

/// Wraps the subscriber of one subscription and enforces the event contract
/// (RAC's `RACPassthroughSubscriber`, plus serialization).
///
/// - Events are dropped once the subscription's disposable is disposed.
/// - Nothing follows the first terminal event, which also disposes the
///   subscription after the subscriber has received it.
/// - With `serialized`, events sent concurrently or re-entrantly are queued
///   and delivered one at a time in order (see ``DrainQueue``). Subjects pass
///   `false` because they already serialize their own deliveries.
///
/// It is also the instrumentation point of the subscription.
final class Passthrough<Value: Sendable>: Subscriber, InstrumentationIdentifiable {
    let inner: any Subscriber<Value>
    let disposable: CompoundDisposable
    private let serializer: DrainQueue<Event<Value>>?
    private let isTerminated = Atomic(false)
    let probe: Probe?
    let subscriptionID: Int
    /// When observed: orders the report of a delivery and the report of the
    /// disposal, so that a trace never shows a delivery after its subscription's
    /// disposal (one in flight when another thread disposes is reported first, or not made).
    private let reportGate: ReportGate?
    /// When observed, `inner` if it is a closure subscriber: cast once, not per delivery.
    private let closures: ClosureSubscriber<Value>?

    /// The lock and flag of ``reportGate``'s ordering, apart from the
    /// passthrough: the disposable that reports the disposal may outlive it.
    private final class ReportGate: @unchecked Sendable {
        let lock = Lock()
        var disposalReported = false
    }

    init(_ inner: any Subscriber<Value>, signal: Signal<Value>, disposable: CompoundDisposable, serialized: Bool) {
        self.inner = inner
        self.disposable = disposable
        serializer = serialized ? DrainQueue() : nil
        if let probe = signal.probe {
            self.probe = probe
            let id = probe.makeSubscriptionID()
            subscriptionID = id
            let identity = (inner as? any InstrumentationIdentifiable)?.subscriberIdentity(for: probe) ?? .anonymous
            probe.record(.subscribed(subscription: id, signal: signal.signalID, subscriber: identity,
                                     parent: probe.currentSubscription))
            closures = inner as? ClosureSubscriber<Value>
            let gate = ReportGate()
            reportGate = gate
            disposable.add(BlockDisposable {
                gate.lock.lock()
                probe.record(.disposed(subscription: id))
                gate.disposalReported = true
                gate.lock.unlock()
            })
        } else {
            probe = nil
            subscriptionID = 0
            reportGate = nil
            closures = nil
        }
        inner.didSubscribe(with: disposable)
    }

    func sendNext(_ value: Value) { submit(.next(value)) }
    func sendError(_ error: any Error) { submit(.error(error)) }
    func sendCompleted() { submit(.completed) }

    func didSubscribe(with other: CompoundDisposable) {
        if other !== disposable { disposable.add(other) }
    }

    func subscriberIdentity(for probe: Probe) -> SubscriberIdentity {
        self.probe === probe ? .subscription(subscriptionID) : .anonymous
    }

    @inline(__always)
    private func submit(_ event: Event<Value>) {
        if let serializer {
            serializer.submit(event) { deliver($0, replayed: false) }
        } else {
            deliver(event, replayed: false)
        }
    }

    /// Delivers a live value now, without building an `Event`: a subject's
    /// common path. The caller guarantees serialization.
    func deliverNext(_ value: Value) {
        if disposable.isDisposed || isTerminated.load(ordering: .acquiring) { return }
        guard probe == nil else { return deliverObserved(value) }
        inner.sendNext(value)
    }

    /// Kept out of line, and free of `Event` (a generic metadata look-up per
    /// delivery), so that an observed subject stays cheap to record.
    @inline(never)
    private func deliverObserved(_ value: Value, replayed: Bool = false) {
        guard let probe else { return }
        // A closure subscriber's `next` is looked up before the report, so
        // that a disposal on another thread cannot leave the trace with a
        // delivery the subscriber never received.
        var handler: (@Sendable (Value) -> Void)?
        if let closures {
            guard let live = closures.liveNextHandler else { return }
            handler = live.handler
        }
        guard let report = reportNext(value, probe: probe, replayed: replayed) else { return }
        probe.within(subscription: subscriptionID, cause: report) {
            if closures != nil { handler?(value) } else { inner.sendNext(value) }
        }
    }

    /// Reports a value unless the disposal was reported first, or the run went past
    /// its ``ReportBudget``; then it is not delivered.
    private func reportNext(_ value: Value, probe: Probe, replayed: Bool) -> Int? {
        if probe.isHalted { return nil }
        guard let reportGate else { return probe.recordNext(value, subscription: subscriptionID, replayed: replayed) }
        reportGate.lock.lock()
        defer { reportGate.lock.unlock() }
        if reportGate.disposalReported { return nil }
        return probe.recordNext(value, subscription: subscriptionID, replayed: replayed)
    }

    /// Delivers `event` now; the caller guarantees serialization.
    ///
    /// - Parameter replayed: Whether the event is history a subject replays
    ///   to a new subscriber rather than a live event (for instrumentation).
    func deliver(_ event: Event<Value>, replayed: Bool) {
        if disposable.isDisposed || isTerminated.load(ordering: .acquiring) { return }
        if event.isTerminating, isTerminated.exchange(true, ordering: .acquiringAndReleasing) { return }
        if let probe {
            if case .next(let value) = event { return deliverObserved(value, replayed: replayed) }
            guard let report = reportDelivery(event, probe: probe, replayed: replayed) else { return }
            probe.within(subscription: subscriptionID, cause: report) { forward(event) }
        } else {
            forward(event)
        }
    }

    /// Reports a delivery unless the disposal was reported first, or the run went past
    /// its ``ReportBudget``; then the delivery is not made.
    private func reportDelivery(_ event: Event<Value>, probe: Probe, replayed: Bool) -> Int? {
        if probe.isHalted { return nil }
        guard let reportGate else { return probe.recordDelivery(event, subscription: subscriptionID, replayed: replayed) }
        reportGate.lock.lock()
        defer { reportGate.lock.unlock() }
        if reportGate.disposalReported { return nil }
        return probe.recordDelivery(event, subscription: subscriptionID, replayed: replayed)
    }

    @inline(__always)
    private func forward(_ event: Event<Value>) {
        switch event {
        case .next(let value):
            inner.sendNext(value)
        case .error(let error):
            inner.sendError(error)
            disposable.dispose()
        case .completed:
            inner.sendCompleted()
            disposable.dispose()
        }
    }
}
