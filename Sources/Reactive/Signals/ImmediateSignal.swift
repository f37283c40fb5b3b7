/// The signals behind ``Signal/empty()``, ``Signal/return(_:)`` and
/// ``Signal/error(_:)`` (RAC's `RACEmptySignal`, `RACReturnSignal` and
/// `RACErrorSignal`): each subscription sends its value, if it has one, then
/// its error or completion, on ``Scheduler/subscription``.
///
/// As in RAC, the events go straight to the subscriber, with no passthrough,
/// unless the signal is observed by an instrument: then a passthrough reports
/// the subscription and its deliveries.
///
/// RAC gives constant signals classes of their own so that subscribing to one costs little;
/// so does this one. Its events are a value and an error kept apart rather than a list of
/// events (no generic enum to build, switch on and destroy per delivery), and, unobserved,
/// when ``Scheduler/subscription`` runs the work at once (inside a scheduler's work), it is
/// done at once with no closure made for it; closures given to
/// ``Signal/subscribe(label:next:error:completed:fileID:line:)`` are called directly, with no subscriber
/// made to hold them, since every event arrives before the subscription returns: the same calls,
/// in the same order, and the same ``NoDisposable`` returned.
final class ImmediateSignal<Value: Sendable>: Signal<Value>, @unchecked Sendable {
    /// The value sent first, if any (`return`).
    private let value: Value?
    /// The error sent instead of completion, if any (`error`).
    private let failure: (any Error)?

    init(kind: SignalKind, name: String, operation: SignalOperation? = nil, value: Value?, error: (any Error)?) {
        self.value = value
        failure = error
        super.init(kind: kind, name: name, operation: operation)
    }

    @discardableResult
    override func subscribe(_ subscriber: any Subscriber<Value>) -> any Disposable {
        guard probe != nil else {
            guard Scheduler.current != nil else {
                let value = value, failure = failure
                return Scheduler.subscription.schedule { Self.send(value, failure, to: subscriber) } ?? NoDisposable.shared
            }
            Self.send(value, failure, to: subscriber)
            return NoDisposable.shared
        }
        let disposable = CompoundDisposable()
        let passthrough = Passthrough(subscriber, signal: self, disposable: disposable, serialized: false)
        let value = value, failure = failure
        disposable.add(Scheduler.subscription.schedule {
            if let value { passthrough.deliver(.next(value), replayed: false) }
            passthrough.deliver(failure.map { .error($0) } ?? .completed, replayed: false)
        })
        return disposable
    }

    override func subscribe(
        label: String?, site: (fileID: String, line: Int)?, nextHandler: (@Sendable (Value) -> Void)?,
        errorHandler: (@Sendable (any Error) -> Void)?, completedHandler: (@Sendable () -> Void)?
    ) -> any Disposable {
        guard probe == nil, Scheduler.current != nil else {
            return super.subscribe(
                label: label, site: site, nextHandler: nextHandler, errorHandler: errorHandler, completedHandler: completedHandler)
        }
        if let value { nextHandler?(value) }
        if let failure { errorHandler?(failure) } else { completedHandler?() }
        return NoDisposable.shared
    }

    private static func send(_ value: Value?, _ failure: (any Error)?, to subscriber: any Subscriber<Value>) {
        if let value { subscriber.sendNext(value) }
        if let failure { subscriber.sendError(failure) } else { subscriber.sendCompleted() }
    }
}

/// What a subscription returns when its work already finished synchronously
/// (RAC returns `nil` there).
final class NoDisposable: Disposable {
    static let shared = NoDisposable()
    var isDisposed: Bool { true }
    func dispose() {}
}
