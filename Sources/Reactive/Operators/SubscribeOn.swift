extension Signal {
    /// Subscribes to the receiver from work scheduled on `scheduler`
    /// (RAC's `-subscribeOn:`).
    ///
    /// The receiver's subscription side effects (its `didSubscribe`) run on
    /// `scheduler`; its events are forwarded from wherever it sends them. Use
    /// ``deliver(on:)`` to move the events. Disposing before the scheduled
    /// subscription runs cancels it; after, it disposes the subscription.
    ///
    /// When observed, the scheduled subscription reports
    /// ``InstrumentationEvent/Kind/hopped(subscription:scheduler:)`` as it starts, caused by this
    /// subscription's `didSubscribe`, and subscribing to the receiver is caused by the hop.
    ///
    /// ```swift
    /// let contents = readFile.subscribe(on: QueueScheduler(name: "io"))
    /// ```
    /// - Parameter scheduler: Where the receiver is subscribed.
    /// - Returns: A signal named `"[<name>] -subscribeOn: <scheduler name>"`.
    public func subscribe(on scheduler: Scheduler) -> Signal<Value> {
        makeOperator(name: "[\(name)] -subscribeOn: \(scheduler.name)", operation: .subscribeOn(scheduler: scheduler.name)) {
            subscriber in
            let disposable = CompoundDisposable()
            disposable.add(SchedulerHop(of: subscriber, to: scheduler).schedule {
                disposable.add(self.subscribe(subscriber))
            })
            return disposable
        }
    }
}
