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
        return takeLast(count, named: "[\(name)] -takeLast: \(count)", operation: .takeLast(count: count))
    }

    /// ``takeLast(_:)`` named `name`, for operators RAC builds on `-takeLast:` and renames
    /// (`-aggregateWithStart:reduce:`).
    func takeLast(_ count: Int, named name: String, operation: SignalOperation) -> Signal<Value> {
        makeOperator(name: name, operation: operation) { subscriber in
            let buffer = LastValues<Value>(count: count)
            return self.subscribe(
                next: { buffer.append($0) },
                error: { subscriber.sendError($0) },
                completed: {
                    // Taken out under the lock, sent after it is released.
                    for value in buffer.values { subscriber.sendNext(value) }
                    subscriber.sendCompleted()
                })
        }
    }
}

/// The values ``Signal/takeLast(_:)`` keeps: a ``History`` under a lock (``Locked`` keeps only
/// copyable values).
private final class LastValues<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `history` is only touched inside `lock.withLock`.
    private let lock = Lock()
    @exclusivity(unchecked) private var history: History<Value>

    init(count: Int) {
        history = History(capacity: count)
    }

    func append(_ value: Value) {
        var displaced = value
        lock.withLock { history.append(&displaced) }
        // `displaced`, the value let go of (or a copy of the one added), is released here, unlocked.
    }

    /// The values kept, oldest first.
    var values: [Value] {
        lock.withLock { history.values }
    }
}
