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
        // Every closure is touched only inside `lock.withLock`, which makes the run-time
        // exclusivity checks of the closures' accesses redundant.
        private let lock = Lock()
        @exclusivity(unchecked) private var next: (@Sendable (Value) -> Void)?
        @exclusivity(unchecked) private var error: (@Sendable (any Error) -> Void)?
        @exclusivity(unchecked) private var completed: (@Sendable () -> Void)?

        init(next: (@Sendable (Value) -> Void)?, error: (@Sendable (any Error) -> Void)?, completed: (@Sendable () -> Void)?) {
            self.next = next
            self.error = error
            self.completed = completed
        }

        @exclusivity(unchecked) private var isReleased = false

        /// A closure read under the lock. Returned from `withLock` inside this struct, not
        /// bare: a bare function value returned through `withLock`'s generic result is
        /// reabstracted, which allocates once per delivery.
        private struct Read {
            let next: (@Sendable (Value) -> Void)?
            let isReleased: Bool
        }

        var nextHandler: (@Sendable (Value) -> Void)? {
            lock.withLock { Read(next: next, isReleased: isReleased) }.next
        }

        /// The `next` closure (`nil` if none was given), or `nil` for the
        /// whole result once the closures were released.
        var liveNextHandler: (handler: (@Sendable (Value) -> Void)?, Void)? {
            let read = lock.withLock { Read(next: next, isReleased: isReleased) }
            return read.isReleased ? nil : (read.next, ())
        }

        var isDisposed: Bool {
            lock.withLock { isReleased }
        }

        func dispose() { _ = take() }

        /// Releases the closures and returns the terminal ones.
        func take() -> (error: (@Sendable (any Error) -> Void)?, completed: (@Sendable () -> Void)?) {
            let read = lock.withLock { () -> Taken in
                let read = Taken(next: next, error: error, completed: completed)
                isReleased = true
                next = nil
                error = nil
                completed = nil
                return read
            }
            // `read.next` goes at the end of this scope, after the lock: letting go of a closure
            // can free what it captured, the user's objects.
            return (read.error, read.completed)
        }

        /// What ``take()`` reads under the lock (a struct, for the reason given at ``Read``).
        private struct Taken {
            let next: (@Sendable (Value) -> Void)?
            let error: (@Sendable (any Error) -> Void)?
            let completed: (@Sendable () -> Void)?
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
