import Foundation

extension Signal where Value == TimeInterval {
    /// A signal that sends the time every `interval` seconds, forever
    /// (RAC's `+interval:onScheduler:`).
    ///
    /// Each subscription starts its own timer: the first value comes `interval`
    /// seconds after subscribing. Each value is `scheduler`'s ``Scheduler/now``
    /// when it is sent (RAC sends the `NSDate`). Disposing the subscription
    /// stops the timer. It never completes: end it with an operator such as
    /// ``take(_:)``.
    ///
    /// ```swift
    /// let ticks = Signal.interval(1, on: scheduler).take(3)   // now at 1, 2 and 3 s
    /// ```
    /// - Parameters:
    ///   - interval: Seconds between values; more than 0.
    ///   - scheduler: Where the timer runs; not ``Scheduler/immediate``.
    /// - Returns: A signal named `"+interval: <interval> onScheduler: <scheduler name>"`.
    public static func interval(_ interval: TimeInterval, on scheduler: Scheduler) -> Signal<TimeInterval> {
        Signal.interval(interval, on: scheduler, sending: { $0 })
    }

    /// A signal that sends the time every `interval` seconds, each allowed
    /// `leeway` seconds late, forever (RAC's `+interval:onScheduler:withLeeway:`).
    ///
    /// Leeway lets the system group timers to save power; a ``QueueScheduler``
    /// passes it to its dispatch timer, and a ``TestScheduler`` ignores it. In
    /// everything else this is ``interval(_:on:)``.
    ///
    /// ```swift
    /// let refresh = Signal.interval(60, on: .main, leeway: 5)
    /// ```
    /// - Parameters:
    ///   - interval: Seconds between values; more than 0.
    ///   - scheduler: Where the timer runs; not ``Scheduler/immediate``.
    ///   - leeway: Seconds each value may come late; 0 or more.
    /// - Returns: A signal named
    ///   `"+interval: <interval> onScheduler: <scheduler name> withLeeway: <leeway>"`.
    public static func interval(
        _ interval: TimeInterval, on scheduler: Scheduler, leeway: TimeInterval
    ) -> Signal<TimeInterval> {
        let name = "+interval: \(printfSeconds(interval)) onScheduler: \(scheduler.name) withLeeway: \(printfSeconds(leeway))"
        return timer(interval, on: scheduler, leeway: leeway, named: name, operation: .interval(seconds: interval, scheduler: scheduler.name)) { $0 }
    }
}

extension Signal {
    /// ``interval(_:on:)`` sending `value(now)` instead of `now`: the same signal and name, for a
    /// value type of the caller's (a scenario file's text) without an operator after it.
    package static func interval(
        _ interval: TimeInterval, on scheduler: Scheduler, sending value: @escaping @Sendable (TimeInterval) -> Value
    ) -> Signal<Value> {
        timer(
            interval, on: scheduler, leeway: 0, named: "+interval: \(printfSeconds(interval)) onScheduler: \(scheduler.name)",
            operation: .interval(seconds: interval, scheduler: scheduler.name), value)
    }

    fileprivate static func timer(
        _ interval: TimeInterval, on scheduler: Scheduler, leeway: TimeInterval, named name: String, operation: SignalOperation,
        _ value: @escaping @Sendable (TimeInterval) -> Value
    ) -> Signal<Value> {
        precondition(scheduler !== Scheduler.immediate, "interval(_:on:) cannot use the immediate scheduler")
        // RAC accepts 0, which makes a virtual-time scheduler spin forever at one instant.
        precondition(interval.isFinite && interval > 0, "interval(_:on:) needs an interval of more than 0, got \(interval)")
        precondition(leeway.isFinite && leeway >= 0, "interval(_:on:leeway:) needs a leeway of 0 or more, got \(leeway)")
        // A source, as RAC's `+createSignal:` is: each subscription's didSubscribe starts its own timer.
        return DynamicSignal(kind: .cold, name: name, operation: operation) { subscriber in
            scheduler.schedule(after: interval, repeatingEvery: interval, leeway: leeway) {
                subscriber.sendNext(value(scheduler.now))
            }
        }
    }
}
