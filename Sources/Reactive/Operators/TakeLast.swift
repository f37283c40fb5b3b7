extension Signal {
    /// Sends the last `count` values when the receiver completes, then completes
    /// (RAC's `-takeLast:`).
    ///
    /// Nothing is sent until the receiver completes: the values are buffered
    /// (at most `count` of them) and sent all at once, at the completion. An
    /// error is forwarded at once and the buffered values are dropped.
    ///
    /// ```swift
    /// let lastTwo = numbers.takeLast(2)   // 1, 2, 3, completed -> 2, 3, completed
    /// ```
    /// - Parameter count: How many of the last values to send; 0 or more.
    /// - Returns: A signal named `"[<name>] -takeLast: <count>"`.
    public func takeLast(_ count: Int) -> Signal<Value> {
        precondition(count >= 0, "takeLast(_:) needs a count of 0 or more, got \(count)")
        return takeLast(count, named: "[\(name)] -takeLast: \(count)")
    }

    /// ``takeLast(_:)`` named `name`, for operators RAC builds on `-takeLast:` and renames
    /// (`-aggregateWithStart:reduce:`).
    func takeLast(_ count: Int, named name: String) -> Signal<Value> {
        Signal.makeOperator(name: name) { subscriber in
            let buffer = Locked(History<Value>(capacity: count))
            return self.subscribe(
                next: { value in
                    var displaced = value
                    buffer.withLock { $0.append(&displaced) }
                    // `displaced`, the value let go of (or a copy of the one added), is released here, unlocked.
                },
                error: { subscriber.sendError($0) },
                completed: {
                    // Taken out under the lock, sent after it is released.
                    for value in buffer.withLock({ $0.values }) { subscriber.sendNext(value) }
                    subscriber.sendCompleted()
                })
        }
    }
}

