import Synchronization

/// Receives a signal's events (RAC's `RACSubscriber` protocol).
///
/// You rarely implement this: ``Signal/subscribe(label:next:error:completed:fileID:line:)``
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

/// The subscriptions a closure subscriber was given (RAC's `disposable` property, less the
/// closures' own clean-up). Not nested in the generic subscriber, so that the disposal path,
/// run from code that is not specialized, looks up no metadata.
private struct ClosureSubscriptions {
    /// Whether they were disposed (the subscriber terminated or went away): a subscription
    /// given later is disposed at once.
    var isEnded = false
    /// The live subscriptions, in the order given: nearly always one, so the first is inline.
    var first: CompoundDisposable?
    var rest: [CompoundDisposable] = []

    /// Adds `subscription`; `false` if they were already ended.
    mutating func adopt(_ subscription: CompoundDisposable) -> Bool {
        if isEnded { return false }
        if first == nil, rest.isEmpty {
            first = subscription
        } else {
            rest.append(subscription)
        }
        return true
    }

    /// Forgets those that are disposed (a disposed compound reads as such before it disposes
    /// its children) and returns them, for the caller to release after the lock.
    mutating func removeDisposed() -> ClosureSubscriptions {
        var removed = ClosureSubscriptions()
        if let subscription = first, subscription.isDisposed {
            removed.first = subscription
            first = rest.isEmpty ? nil : rest.removeFirst()
        }
        if rest.contains(where: { $0.isDisposed }) {
            removed.rest = rest
            rest.removeAll { $0.isDisposed }
        }
        return removed
    }

    /// Ends them: returns those to dispose, after the lock.
    mutating func end() -> ClosureSubscriptions {
        defer { self = ClosureSubscriptions(isEnded: true) }
        return self
    }

    /// Disposes them in order; called outside the lock.
    func disposeAll() {
        first?.dispose()
        for subscription in rest { subscription.dispose() }
    }
}

/// A subscriber made of closures (RAC's `RACSubscriber` class).
///
/// A terminal event disposes the whole subscription *before* the `error` or
/// `completed` closure runs, as in RAC. The closures are released as soon as
/// the subscriber terminates or its subscription is disposed (RAC keeps them
/// until termination or deallocation).
final class ClosureSubscriber<Value: Sendable>: Subscriber, InstrumentationIdentifiable {
    /// The closures and subscriptions, apart from the subscriber: the box is added to each
    /// subscription, which must not keep the subscriber alive (the subscriber's `deinit` ends
    /// its subscriptions, as RAC's `dealloc` does). The box reads them under a lock kept inline
    /// (``InlineLock``, not ``Locked``: `sendNext` runs once per delivery, and the box is made
    /// once per subscription, so its lock costs no allocation of its own).
    ///
    /// Disposing it (which each of its subscriptions does when it is disposed) releases the
    /// closures and forgets the subscriptions that are over: nothing more will be delivered.
    private final class Box: Disposable, @unchecked Sendable {
        // @unchecked: every variable is only touched inside `lock.withLock`, which also makes
        // the run-time exclusivity checks of the closures' accesses redundant.
        private let lock = InlineLock()
        @exclusivity(unchecked) private var next: (@Sendable (Value) -> Void)?
        @exclusivity(unchecked) private var error: (@Sendable (any Error) -> Void)?
        @exclusivity(unchecked) private var completed: (@Sendable () -> Void)?
        /// Whether the closures were released.
        @exclusivity(unchecked) private var isReleased = false
        @exclusivity(unchecked) private var subscriptions = ClosureSubscriptions()

        init(next: (@Sendable (Value) -> Void)?, error: (@Sendable (any Error) -> Void)?, completed: (@Sendable () -> Void)?) {
            self.next = next
            self.error = error
            self.completed = completed
        }

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

        /// One of the subscriptions was disposed: releases the closures and forgets the
        /// subscriptions that are disposed. Each subscription calls it, so it acts on every call.
        func dispose() {
            // Taken into locals, not returned from `withLock`: a generic result would look up its
            // metadata on every call, from this unspecialized code.
            var next: (@Sendable (Value) -> Void)?
            var error: (@Sendable (any Error) -> Void)?
            var completed: (@Sendable () -> Void)?
            var removed = ClosureSubscriptions()
            lock.withLock {
                release(next: &next, error: &error, completed: &completed)
                removed = subscriptions.removeDisposed()
            }
            // The closures and forgotten subscriptions are let go of here, after the lock (set to
            // nil rather than kept by `withExtendedLifetime`, which would look up their metadata).
            next = nil
            error = nil
            completed = nil
            withExtendedLifetime(removed) {}
        }

        /// Adds `subscription` to those the subscriber ends; `false` if it already ended them.
        func adopt(_ subscription: CompoundDisposable) -> Bool {
            lock.withLock { subscriptions.adopt(subscription) }
        }

        /// Ends the subscriber: releases the closures, disposes the subscriptions (after the
        /// lock) and returns the terminal closures, or none when `keepingTerminal` is false.
        ///
        /// The closures that are not returned are let go of before the subscriptions are
        /// disposed, as RAC's subscriber disposes its closures' clean-up first: what they
        /// captured (an operator's downstream subscriber) goes, and ends its own subscription,
        /// before the subscriptions upstream are disposed.
        func end(keepingTerminal: Bool) -> (error: (@Sendable (any Error) -> Void)?, completed: (@Sendable () -> Void)?) {
            var next: (@Sendable (Value) -> Void)?
            var error: (@Sendable (any Error) -> Void)?
            var completed: (@Sendable () -> Void)?
            var ended = ClosureSubscriptions()
            lock.withLock {
                release(next: &next, error: &error, completed: &completed)
                ended = subscriptions.end()
            }
            // Let go of here, after the lock: letting go of a closure can free what it
            // captured, the user's objects.
            next = nil
            if !keepingTerminal {
                error = nil
                completed = nil
            }
            ended.disposeAll()
            return (error, completed)
        }

        /// Moves the closures out into the arguments; called under the lock.
        @inline(__always)
        private func release(
            next: inout (@Sendable (Value) -> Void)?, error: inout (@Sendable (any Error) -> Void)?,
            completed: inout (@Sendable () -> Void)?
        ) {
            isReleased = true
            // Moved by plain loads and stores: `swap` over a function-typed optional is a generic
            // call that looks up the function type's metadata, from this unspecialized code.
            next = self.next
            self.next = nil
            error = self.error
            self.error = nil
            completed = self.completed
            self.completed = nil
        }
    }

    private let box: Box
    let label: String?
    /// The signal whose end is the end of the subscriber's owner, by its id, when one was declared.
    let owner: Int?
    /// Where the code subscribed: `#fileID` and line, for a labelled subscriber.
    let site: (fileID: String, line: Int)?

    init(
        label: String?,
        owner: Int? = nil,
        site: (fileID: String, line: Int)? = nil,
        next: (@Sendable (Value) -> Void)?,
        error: (@Sendable (any Error) -> Void)?,
        completed: (@Sendable () -> Void)?
    ) {
        self.label = label
        self.owner = owner
        self.site = site
        box = Box(next: next, error: error, completed: completed)
    }

    deinit { _ = box.end(keepingTerminal: false) }

    func sendNext(_ value: Value) {
        box.nextHandler?(value)
    }

    /// The `next` closure (possibly none), or `nil` once the closures are
    /// released: lets an instrumented delivery report a value only if the
    /// subscriber will still receive it.
    var liveNextHandler: (handler: (@Sendable (Value) -> Void)?, Void)? { box.liveNextHandler }

    func sendError(_ error: any Error) {
        box.end(keepingTerminal: true).error?(error)
    }

    func sendCompleted() {
        box.end(keepingTerminal: true).completed?()
    }

    func didSubscribe(with other: CompoundDisposable) {
        if other.isDisposed { return }
        guard box.adopt(other) else { return other.dispose() }
        // When that subscription is disposed, the box forgets it, so a long-lived
        // subscriber does not accumulate finished subscriptions, and releases
        // the closures: nothing more will be delivered to them.
        other.add(box)
    }

    func subscriberIdentity(for probe: Probe) -> SubscriberIdentity {
        label.map(SubscriberIdentity.label) ?? .anonymous
    }
}
