import Synchronization

/// How an observed subscription reports its deliveries and its disposal, and makes them.
///
/// A ``Passthrough`` whose signal is observed has one, chosen when it is made.
/// It keeps two promises:
/// - A trace never shows a delivery after the subscription's disposal: the disposal
///   marks the subscription disposed and then takes its place in the report sequence
///   (its ``Probe/Stamp``); a delivery takes its own place and then checks the mark, both
///   sequentially consistent, so a delivery that finds no mark was stamped before the
///   disposal, and one that finds it (it came too late) is neither reported nor made. Its
///   sequence number is then left unused: a report numbers may skip.
/// - No user code runs under a lock. Labelling a value (its `description` or
///   `traceLabel`) happens when the instrument records the report, after the
///   lock is released, and so does the delivery: a `description` that disposes
///   its own subscription or sends to a subject neither deadlocks nor reorders the trace.
final class ObservedDelivery<Value: Sendable>: Sendable {
    let probe: Probe
    let subscriptionID: Int
    /// The id of the signal subscribed to.
    private let signalID: Int
    /// The subscription whose code handles this one's deliveries: what it subscribes to
    /// while handling them has this subscription as parent. For an operator's internal
    /// subscriber, the operator's subscription that made it (so that flattenMap's inner
    /// subscriptions belong to flattenMap's signal, not to the signal whose value it
    /// received); for any other, this subscription.
    private let handlerOwner: Int
    /// `inner` when it is a closure subscriber: cast once, not per delivery. Not retained, nor
    /// retained to be used (an `unowned(unsafe)` reference is, for each call: a retain and a
    /// release per delivery): every delivery is handed `inner`, which keeps it.
    private let closures: Unmanaged<ClosureSubscriber<Value>>?
    /// Whether the disposal is about to be stamped: no delivery that sees it is made.
    /// An object of its own, which the disposal's block keeps: the block must not keep this
    /// delivery (which keeps the subscriber, which keeps the subscription's disposable).
    private let mark = DisposalMark()

    /// Reports the subscription of `inner` to `signal`, and arranges for its disposal to be reported.
    init(of inner: any Subscriber<Value>, to signal: Signal<Value>, probe: Probe, disposable: CompoundDisposable) {
        self.probe = probe
        let id = probe.makeSubscriptionID()
        subscriptionID = id
        signalID = signal.signalID
        let identity = (inner as? any InstrumentationIdentifiable)?.subscriberIdentity(for: probe) ?? .anonymous
        let parent = probe.currentSubscription
        handlerOwner = identity == .anonymous ? parent ?? id : id
        probe.record(.subscribed(subscription: id, signal: signal.signalID, subscriber: identity, parent: parent))
        closures = (inner as? ClosureSubscriber<Value>).map { Unmanaged.passUnretained($0) }
        if let closures = closures?.takeUnretainedValue() {
            if let owner = closures.owner { probe.record(.owned(subscription: id, owner: owner)) }
            if probe.recordsCallSites, let site = closures.site {
                probe.record(.called(subscription: id, fileID: site.fileID, line: site.line))
            }
        }
        let mark = self.mark
        disposable.add(BlockDisposable {
            mark.disposed.store(true, ordering: .sequentiallyConsistent)
            probe.record(.disposed(subscription: id), stamp: probe.stamp())
        })
    }

    /// Reports a value and delivers it to the subscriber, unless the disposal came
    /// first or the run went past its ``ReportBudget``. Kept free of `Event` (a generic
    /// metadata look-up per delivery), so that an observed subject stays cheap to record.
    @inline(never)
    func deliverNext(_ value: Value, replayed: Bool, to inner: any Subscriber<Value>) {
        // A closure subscriber's `next` is looked up before the report, so that a
        // disposal on another thread cannot leave the trace with a delivery the
        // subscriber never received.
        guard let closures else {
            guard let stamp = stampUnlessDisposed() else { return }
            let report = probe.recordNext(value, subscription: subscriptionID, replayed: replayed, stamp: stamp)
            return probe.within(subscription: handlerOwner, cause: report, receiver: (subscriptionID, signalID)) {
                inner.sendNext(value)
            }
        }
        closures._withUnsafeGuaranteedRef { closures in deliverNext(value, replayed: replayed, to: closures) }
    }

    /// ``deliverNext(_:replayed:to:)`` to a closure subscriber.
    @inline(__always)
    private func deliverNext(_ value: Value, replayed: Bool, to closures: ClosureSubscriber<Value>) {
        // A constant, which the handler's closure below borrows rather than copies.
        guard let live = closures.liveNextHandler else { return }
        let handler = live.handler
        guard let stamp = stampUnlessDisposed() else { return }
        let report = probe.recordNext(value, subscription: subscriptionID, replayed: replayed, stamp: stamp)
        probe.within(subscription: handlerOwner, cause: report, receiver: (subscriptionID, signalID)) {
            // Called through the optional, not bound by `if let`: a binding copies the closure, a
            // retain and a release per delivery.
            handler?(value)
        }
    }

    /// Reports `event` and delivers it through `passthrough`, on the same terms as ``deliverNext(_:replayed:to:)``.
    func deliver(_ event: Event<Value>, replayed: Bool, through passthrough: Passthrough<Value>) {
        if case .next(let value) = event { return deliverNext(value, replayed: replayed, to: passthrough.inner) }
        guard let stamp = stampUnlessDisposed() else { return }
        let report = probe.recordDelivery(event, subscription: subscriptionID, replayed: replayed, stamp: stamp)
        probe.within(subscription: handlerOwner, cause: report, receiver: (subscriptionID, signalID)) { passthrough.forward(event) }
    }

    /// Reports a hop of this subscription to the scheduler named `scheduler`, caused by report
    /// `cause`, unless the disposal came first or the run went past its ``ReportBudget``.
    /// - Returns: The report's sequence number, or `nil` when nothing was reported.
    func reportHop(to scheduler: String, cause: Int?) -> Int? {
        probe.within(subscription: subscriptionID, cause: cause) { () -> Int? in
            guard let stamp = stampUnlessDisposed() else { return nil }
            return probe.record(.hopped(subscription: subscriptionID, scheduler: scheduler), stamp: stamp)
        }
    }

    /// The delivery's place in the report sequence, or `nil` when it must not be
    /// made: the disposal was stamped first, or the run is past its budget.
    @inline(__always)
    private func stampUnlessDisposed() -> Probe.Stamp? {
        if probe.isHalted || mark.disposed.load(ordering: .relaxed) { return nil }
        let stamp = probe.stamp()
        // Stamped before the disposal, unless the disposal's mark is already there.
        return mark.disposed.load(ordering: .sequentiallyConsistent) ? nil : stamp
    }

    /// Whether an observed subscription's disposal is about to be stamped.
    private final class DisposalMark: Sendable {
        let disposed = Atomic(false)
    }
}
