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
    private struct Handlers {
        var next: (@Sendable (Value) -> Void)?
        var error: (@Sendable (any Error) -> Void)?
        var completed: (@Sendable () -> Void)?
    }

    /// The closures live in their own box so the disposable that clears them
    /// does not keep the subscriber alive.
    private final class Box: Sendable {
        let handlers: Locked<Handlers?>
        init(_ handlers: Handlers) { self.handlers = Locked(handlers) }
        func take() -> Handlers? { handlers.withLock { $0.take() } }
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
        let box = Box(Handlers(next: next, error: error, completed: completed))
        self.box = box
        disposable.add(BlockDisposable { _ = box.take() })
    }

    deinit { disposable.dispose() }

    func sendNext(_ value: Value) {
        box.handlers.withLock { $0?.next }?(value)
    }

    func sendError(_ error: any Error) {
        let handlers = box.take()
        disposable.dispose()
        handlers?.error?(error)
    }

    func sendCompleted() {
        let handlers = box.take()
        disposable.dispose()
        handlers?.completed?()
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
            disposable.add(BlockDisposable { probe.record(.disposed(subscription: id)) })
        } else {
            probe = nil
            subscriptionID = 0
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

    /// Delivers `event` now; the caller guarantees serialization.
    ///
    /// - Parameter replayed: Whether the event is history a subject replays
    ///   to a new subscriber rather than a live event (for instrumentation).
    func deliver(_ event: Event<Value>, replayed: Bool) {
        if disposable.isDisposed || isTerminated.load(ordering: .acquiring) { return }
        if event.isTerminating, isTerminated.exchange(true, ordering: .acquiringAndReleasing) { return }
        if let probe {
            probe.delivering(event, subscription: subscriptionID, replayed: replayed) { forward(event) }
        } else {
            forward(event)
        }
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
