/// How ``Signal/deliver(on:)`` and ``Signal/subscribe(on:)`` schedule their work for one
/// subscription: the hop to another scheduler, reported when observed.
///
/// When the subscription is observed, each scheduled block first reports
/// ``InstrumentationEvent/Kind/hopped(subscription:scheduler:)``, caused by what was running
/// when the block was scheduled (the delivery `deliverOn:` received, the `didSubscribe` of
/// `subscribeOn:`), then runs its work as part of the same subscription, caused by the hop: so
/// the delivery or the subscription the block makes names the hop, and the hop names what it
/// hopped. A block that starts after the subscription's disposal reports nothing, as a delivery
/// after disposal is not reported, and runs its work as it was scheduled.
///
/// The cause is carried into the block here, explicitly (``Probe/Carried``, as `delay` carries
/// its delivery's), whatever the scheduler does with the thread's instrumentation context.
struct SchedulerHop<Value: Sendable>: Sendable {
    private let scheduler: Scheduler
    /// The subscription's observation: `subscriber` is its passthrough when the signal is observed.
    private let observation: ObservedDelivery<Value>?

    /// The hops of the subscription whose subscriber is `subscriber` (what an operator's
    /// `didSubscribe` receives) to `scheduler`.
    init(of subscriber: any Subscriber<Value>, to scheduler: Scheduler) {
        self.scheduler = scheduler
        observation = (subscriber as? Passthrough<Value>)?.observation
    }

    /// Schedules `work` on the scheduler, reporting the hop when the block starts.
    @discardableResult
    func schedule(_ work: @escaping @Sendable () -> Void) -> (any Disposable)? {
        guard let observation else { return scheduler.schedule(work) }
        let probe = observation.probe
        // What is running now, in this probe's terms: the hop's cause, and the subscription the work belongs to.
        let carried = Probe.Carried.current.flatMap { $0.probe === probe ? $0 : nil }
        let subscription = carried?.subscription ?? observation.subscriptionID
        let cause = carried?.cause
        let name = scheduler.name
        return scheduler.schedule {
            let hop = observation.reportHop(to: name, cause: cause)
            probe.within(subscription: subscription, cause: hop ?? cause, work)
        }
    }
}
