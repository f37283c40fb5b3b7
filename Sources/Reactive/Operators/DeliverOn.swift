extension Signal {
    /// Forwards the receiver's events from work scheduled on `scheduler`
    /// (RAC's `-deliverOn:`).
    ///
    /// Subscription still happens where it is made; only `next`, `error` and
    /// `completed` are hopped, each in its own scheduled block, in order. Use
    /// ``subscribe(on:)`` to move the subscription's side effects.
    ///
    /// As in RAC, disposing the subscription does not cancel the blocks
    /// already scheduled: they run and deliver nothing.
    ///
    /// When observed, each block reports
    /// ``InstrumentationEvent/Kind/hopped(subscription:scheduler:)`` as it starts, caused by the
    /// delivery it hops, and the delivery it makes is caused by the hop.
    ///
    /// ```swift
    /// let names = search.deliver(on: .main)
    /// ```
    /// - Parameter scheduler: Where events will be delivered.
    /// - Returns: A signal named `"[<name>] -deliverOn: <scheduler name>"`.
    public func deliver(on scheduler: Scheduler) -> Signal<Value> {
        makeOperator(name: "[\(name)] -deliverOn: \(scheduler.name)", operation: .deliverOn(scheduler: scheduler.name)) {
            subscriber in
            let hop = SchedulerHop(of: subscriber, to: scheduler)
            return self.subscribe(
                next: { value in hop.schedule { subscriber.sendNext(value) } },
                error: { error in hop.schedule { subscriber.sendError(error) } },
                completed: { hop.schedule { subscriber.sendCompleted() } })
        }
    }
}
