/// The signals behind ``Signal/empty()``, ``Signal/return(_:)`` and
/// ``Signal/error(_:)`` (RAC's `RACEmptySignal`, `RACReturnSignal` and
/// `RACErrorSignal`): each subscription sends a fixed list of events on
/// ``Scheduler/subscription``.
///
/// As in RAC, the events go straight to the subscriber, with no passthrough,
/// unless the signal is observed by an instrument: then a passthrough reports
/// the subscription and its deliveries.
final class ImmediateSignal<Value: Sendable>: Signal<Value>, @unchecked Sendable {
    private let events: [Event<Value>]

    init(kind: SignalKind, name: String, events: [Event<Value>]) {
        self.events = events
        super.init(kind: kind, name: name)
    }

    @discardableResult
    override func subscribe(_ subscriber: any Subscriber<Value>) -> any Disposable {
        let events = self.events
        guard probe != nil else {
            return Scheduler.subscription.schedule { events.forEach(subscriber.send) } ?? NoDisposable.shared
        }
        let disposable = CompoundDisposable()
        let passthrough = Passthrough(subscriber, signal: self, disposable: disposable, serialized: false)
        disposable.add(Scheduler.subscription.schedule {
            for event in events { passthrough.deliver(event, replayed: false) }
        })
        return disposable
    }
}

/// What a subscription returns when its work already finished synchronously
/// (RAC returns `nil` there).
final class NoDisposable: Disposable {
    static let shared = NoDisposable()
    var isDisposed: Bool { true }
    func dispose() {}
}
