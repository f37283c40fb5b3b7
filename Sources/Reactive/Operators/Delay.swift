import Foundation

extension Signal {
    /// Sends each value and the completion `interval` seconds after the
    /// receiver sends them; an error is forwarded at once (RAC's `-delay:`).
    ///
    /// Each event is scheduled on the scheduler that is ``Scheduler/current``
    /// when the receiver sends it, so delays on a ``TestScheduler`` run in its
    /// virtual time. Without a current scheduler, a ``QueueScheduler`` made for
    /// the subscription is used, so its delayed events still arrive in order.
    ///
    /// An error disposes the subscription, which cancels the values and the
    /// completion still waiting; so does disposing the subscription.
    ///
    /// ```swift
    /// let later = clicks.delay(0.5)   // each click, half a second later
    /// ```
    /// - Parameter interval: Seconds to hold each value and the completion; 0 or more.
    /// - Returns: A signal named `"[<name>] -delay: <interval>"`, the interval
    ///   printed with six decimals (`"0.500000"`).
    public func delay(_ interval: TimeInterval) -> Signal<Value> {
        precondition(interval.isFinite && interval >= 0, "delay(_:) needs an interval of 0 or more, got \(interval)")
        return makeOperator(name: "[\(name)] -delay: \(printfSeconds(interval))", operation: .delay(seconds: interval)) {
            subscriber in
            let disposable = CompoundDisposable()
            // As in RAC, made ahead of time: if it is used, every delayed event goes to the same serial queue.
            let fallback = QueueScheduler()

            @Sendable func schedule(_ action: @escaping @Sendable () -> Void) {
                let scheduler = Scheduler.current ?? fallback
                // As in RAC, a delivered event's disposable stays in `disposable` until the end.
                // Observed, the delayed event names the delivery it continues as its cause.
                disposable.add(scheduler.schedule(after: interval, Probe.carryingContext(action)))
            }

            let subscription = self.subscribe(
                next: { value in schedule { subscriber.sendNext(value) } },
                error: { subscriber.sendError($0) },
                completed: { schedule { subscriber.sendCompleted() } })
            disposable.add(subscription)
            return disposable
        }
    }
}
