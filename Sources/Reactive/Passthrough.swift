import Synchronization

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
/// Whether the subscription is observed by an instrument is decided once, when
/// it is made: an observed one gets an ``ObservedDelivery``, which reports each
/// delivery and makes it, and every delivery path hands over to it at one point.
final class Passthrough<Value: Sendable>: Subscriber, InstrumentationIdentifiable {
    let inner: any Subscriber<Value>
    let disposable: CompoundDisposable
    private let serializer: DrainQueue<Event<Value>>?
    private let isTerminated = Atomic(false)
    #if SIGVIZ_NO_INSTRUMENTATION
    /// Never set: this build has no instrumentation hook.
    @inline(__always) var observation: ObservedDelivery<Value>? { nil }
    #else
    /// How deliveries are reported, when the signal subscribed to is observed.
    let observation: ObservedDelivery<Value>?
    #endif

    init(_ inner: any Subscriber<Value>, signal: Signal<Value>, disposable: CompoundDisposable, serialized: Bool) {
        self.inner = inner
        self.disposable = disposable
        serializer = serialized ? DrainQueue() : nil
        #if !SIGVIZ_NO_INSTRUMENTATION
        if let probe = signal.probe {
            observation = ObservedDelivery(of: inner, to: signal, probe: probe, disposable: disposable)
        } else {
            observation = nil
        }
        #endif
        inner.didSubscribe(with: disposable)
    }

    /// A value, delivered without building an `Event` (a generic-enum metadata look-up and a copy
    /// per value) unless it has to wait for another thread or an outer delivery.
    func sendNext(_ value: Value) { submit(now: { deliverNext(value) }, orLater: .next(value)) }
    func sendError(_ error: any Error) { submit(.error(error)) }
    func sendCompleted() { submit(.completed) }

    func didSubscribe(with other: CompoundDisposable) {
        if other !== disposable { disposable.add(other) }
    }

    func subscriberIdentity(for probe: Probe) -> SubscriberIdentity {
        guard let observation, observation.probe === probe else { return .anonymous }
        return .subscription(observation.subscriptionID)
    }

    @inline(__always)
    private func submit(_ event: Event<Value>) {
        submit(now: { deliver(event, replayed: false) }, orLater: event)
    }

    /// Runs `now` (which delivers `later`) at once, through the serializer when there is one: a
    /// delivery that has to wait is queued as `later`, built only then.
    @inline(__always)
    private func submit(now: () -> Void, orLater later: @autoclosure () -> Event<Value>) {
        if let serializer {
            serializer.submit(now: now, orLater: later()) { deliver($0, replayed: false) }
        } else {
            now()
        }
    }

    /// Delivers a live value now, without building an `Event`: the common path of a subject
    /// and of a serialized passthrough. The caller guarantees serialization.
    func deliverNext(_ value: Value) {
        if disposable.isDisposed || isTerminated.load(ordering: .acquiring) { return }
        if observation != nil { return deliverObserved(value) }
        inner.sendNext(value)
    }

    /// Out of line, so that the unobserved path keeps no observation alive around its call.
    @inline(never)
    private func deliverObserved(_ value: Value) {
        observation?.deliverNext(value, replayed: false, to: inner)
    }

    /// Delivers `event` now; the caller guarantees serialization.
    ///
    /// - Parameter replayed: Whether the event is history a subject replays
    ///   to a new subscriber rather than a live event (for instrumentation).
    func deliver(_ event: Event<Value>, replayed: Bool) {
        if disposable.isDisposed || isTerminated.load(ordering: .acquiring) { return }
        if event.isTerminating, isTerminated.exchange(true, ordering: .acquiringAndReleasing) { return }
        if let observation { return observation.deliver(event, replayed: replayed, through: self) }
        forward(event)
    }

    /// Hands `event` to the subscriber; a terminal event then disposes the subscription.
    @inline(__always)
    func forward(_ event: Event<Value>) {
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
