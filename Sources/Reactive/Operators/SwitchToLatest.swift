// RAC 2.5's -switchToLatest (RACSignal+Operations.m), built as RAC builds it:
// from -publish, -flattenMap:, -takeUntil: and -concat:.

extension Signal {
    /// Forwards the events of the latest signal the receiver sent, dropping the
    /// one before (RAC's `-switchToLatest`).
    ///
    /// Each subscription publishes the receiver (``publish()``) and subscribes to
    /// the published signal through ``flattenMap(_:)``, which takes each inner
    /// signal ``take(until:)`` the published signal sends its next value; then it
    /// connects. So when a new inner signal arrives it is subscribed first, and
    /// the previous inner signal's subscription is disposed right after. The
    /// result completes when the receiver and the latest inner signal have both
    /// completed, and fails at the first error from the receiver or the latest
    /// inner signal.
    ///
    /// ```swift
    /// let results = searchTerms.map { term in search(term) }.switchToLatest()
    /// ```
    /// - Returns: A signal named `"[<name>] -switchToLatest"`.
    public func switchToLatest<Inner: Sendable>() -> Signal<Inner> where Value == Signal<Inner> {
        makeOperator(name: "[\(name)] -switchToLatest", operation: .switchToLatest) { (subscriber: any Subscriber<Inner>) in
            let connection = self.publish()
            let subscription = connection.signal.flattenMap { inner in
                // `concat(never())` keeps the receiver's completion from ending the inner signal.
                inner.take(until: connection.signal.concat(.never()))
            }.subscribe(subscriber)
            let connectionDisposable = connection.connect()
            return BlockDisposable {
                subscription.dispose()
                connectionDisposable.dispose()
            }
        }
    }
}
