import Foundation

/// The error ``Signal/timeout(_:on:)`` sends when its receiver does not
/// terminate in time (RAC's `RACSignalErrorTimedOut` in `RACSignalErrorDomain`). As an `NSError`
/// it is RAC's: domain `RACSignalErrorDomain` (``errorDomain``), code 1, no user info.
///
/// ```swift
/// request.timeout(5, on: .main).subscribe(error: { error in
///     if error is TimeoutError { showRetryButton() }
/// })
/// ```
public struct TimeoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The seconds the signal was given to terminate.
    public let interval: TimeInterval

    init(interval: TimeInterval) {
        self.interval = interval
    }

    public var description: String { "timed out after \(interval) s" }
}

extension TimeoutError: CustomNSError {
    /// RAC's `RACSignalErrorDomain`.
    public static let errorDomain = "RACSignalErrorDomain"

    /// RAC's code: `RACSignalErrorTimedOut`, 1.
    public var errorCode: Int { 1 }

    /// None, as RAC gives none.
    public var errorUserInfo: [String: Any] { [:] }
}

extension Signal {
    /// Forwards the receiver's events, but fails with ``TimeoutError`` if it has
    /// not terminated `interval` seconds after the subscription
    /// (RAC's `-timeout:onScheduler:`).
    ///
    /// The clock starts at subscription and runs on `scheduler`, values or
    /// not. Timing out disposes the receiver's subscription, then sends the
    /// error. An error or completion from the receiver cancels the timer and is
    /// forwarded; so does disposal cancel it.
    ///
    /// ```swift
    /// let response = request.timeout(5, on: scheduler)
    /// ```
    /// - Parameters:
    ///   - interval: Seconds the receiver has to terminate.
    ///   - scheduler: Where the timer runs, and so where the error is sent from;
    ///     not ``Scheduler/immediate``.
    /// - Returns: A signal named `"[<name>] -timeout: <interval> onScheduler: <scheduler name>"`.
    public func timeout(_ interval: TimeInterval, on scheduler: Scheduler) -> Signal<Value> {
        precondition(scheduler !== Scheduler.immediate, "timeout(_:on:) cannot use the immediate scheduler")
        precondition(interval.isFinite && interval >= 0, "timeout(_:on:) needs an interval of 0 or more, got \(interval)")
        let name = "[\(name)] -timeout: \(printfSeconds(interval)) onScheduler: \(scheduler.name)"
        return makeOperator(name: name, operation: .timeout(seconds: interval, scheduler: scheduler.name)) { subscriber in
            let disposable = CompoundDisposable()
            // The error is the subscription's doing: it names the didSubscribe that set the timer as its cause.
            disposable.add(scheduler.schedule(after: interval, Probe.carryingContext {
                disposable.dispose()
                subscriber.sendError(TimeoutError(interval: interval))
            }))
            let subscription = self.subscribe(
                next: { subscriber.sendNext($0) },
                error: { error in
                    disposable.dispose()
                    subscriber.sendError(error)
                },
                completed: {
                    disposable.dispose()
                    subscriber.sendCompleted()
                })
            disposable.add(subscription)
            return disposable
        }
    }
}
