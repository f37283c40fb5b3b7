/// The signal behind ``Signal/create(_:)`` and the operators (RAC's `RACDynamicSignal`).
///
/// Subscribing wraps the subscriber in a serializing passthrough, then runs
/// `didSubscribe` on ``Scheduler/subscription``; the subscription's disposable
/// collects the scheduling disposable and whatever `didSubscribe` returns.
final class DynamicSignal<Value: Sendable>: Signal<Value>, @unchecked Sendable {
    private let didSubscribe: @Sendable (any Subscriber<Value>) -> (any Disposable)?

    init(
        kind: SignalKind, name: String, operation: SignalOperation? = nil, receiver: Int? = nil,
        didSubscribe: @escaping @Sendable (any Subscriber<Value>) -> (any Disposable)?
    ) {
        self.didSubscribe = didSubscribe
        super.init(kind: kind, name: name, operation: operation, receiver: receiver)
    }

    @discardableResult
    override func subscribe(_ subscriber: any Subscriber<Value>) -> any Disposable {
        let disposable = CompoundDisposable()
        let passthrough = Passthrough(subscriber, signal: self, disposable: disposable, serialized: true)
        let didSubscribe = self.didSubscribe
        let scheduling = Scheduler.subscription.schedule {
            let inner: (any Disposable)?
            if let observation = passthrough.observation {
                let probe = observation.probe
                // A run past its budget starts no more side effects (see ReportBudget).
                if probe.isHalted { return }
                let id = observation.subscriptionID
                let report = probe.record(.didSubscribe(subscription: id))
                inner = probe.within(subscription: id, cause: report) { didSubscribe(passthrough) }
            } else {
                inner = didSubscribe(passthrough)
            }
            disposable.add(inner)
        }
        disposable.add(scheduling)
        return disposable
    }
}
