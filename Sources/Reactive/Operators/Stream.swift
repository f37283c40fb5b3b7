import Synchronization

// RACStream's operators built on `-bind:` (RACStream.m): skip, mapReplace,
// distinctUntilChanged and scanWithStart:reduce:. Each subscription gets its own
// binding block, so its state (how many were skipped, the last value, the running
// value) is per subscription, as RAC's `__block` variables are. The `next` handler
// that calls the block is serialized, so the state is read and written under a lock
// only to be shared safely; user code (`==`, `reduce`) runs outside it.

extension Signal {
    /// Drops the first `count` values, then forwards the rest (RAC's `-skip:`).
    ///
    /// Errors and completion are forwarded as they come, even before `count`
    /// values have been skipped.
    ///
    /// When observed, each value dropped is reported
    /// (``InstrumentationEvent/Kind/dropped(subscription:value:)``).
    ///
    /// ```swift
    /// let afterTheFirstTwo = numbers.skip(2)   // 1, 2, 3, 4 -> 3, 4
    /// ```
    /// - Parameter count: How many values to drop; 0 or more.
    /// - Returns: A signal named `"[<name>] -skip: <count>"`.
    public func skip(_ count: Int) -> Signal<Value> {
        precondition(count >= 0, "skip(_:) needs a count of 0 or more, got \(count)")
        let source = dropSource
        return bind(named: "[\(name)] -skip: \(count)", operation: .skip(count: count)) {
            // Values arrive one at a time, so a load and a store suffice.
            let skipped = Atomic(0)
            return { value, _ in
                let before = skipped.load(ordering: .relaxed)
                if before >= count { return .return(value) }
                skipped.store(before + 1, ordering: .relaxed)
                Probe.reportDrop(of: value, from: source)
                return .empty()
            }
        }
    }

    /// Replaces every value with `value` (RAC's `-mapReplace:`).
    ///
    /// ```swift
    /// let taps = buttonPresses.mapReplace("tap")
    /// ```
    /// - Parameter value: What each value becomes.
    /// - Returns: A signal named `"[<name>] -mapReplace: <value>"`.
    public func mapReplace<Result: Sendable>(_ value: Result) -> Signal<Result> {
        map(named: "[\(name)] -mapReplace: \(value)", operation: .mapReplace(value: boundedSignalName("\(value)"))) { _ in value }
    }

    /// Sends `start` combined with the first value, then each value combined
    /// with the previous result (RAC's `-scanWithStart:reduce:`).
    ///
    /// `start` itself is not sent. Each subscription starts again from `start`.
    ///
    /// ```swift
    /// let sums = numbers.scan(start: 0) { $0 + $1 }   // 1, 2, 3 -> 1, 3, 6
    /// ```
    /// - Parameters:
    ///   - start: The running value before the first value.
    ///   - reduce: Combines the running value and a value into the next running value.
    /// - Returns: A signal named `"[<name>] -scanWithStart: <start> reduce:"`.
    public func scan<Result: Sendable>(
        start: Result, reduce: @escaping @Sendable (Result, Value) -> Result
    ) -> Signal<Result> {
        scan(start: start, named: "[\(name)] -scanWithStart: \(start) reduce:", operation: .scan, reduce: reduce)
    }

    /// Sends `start` combined with the first value and its index, then each value combined with
    /// the previous result and its index (RAC's `-scanWithStart:reduceWithIndex:`).
    ///
    /// The index counts the values of one subscription from 0. `start` itself is not sent. Each
    /// subscription starts again from `start` and 0.
    ///
    /// ```swift
    /// let numbered = words.scan(start: "") { _, word, index in "\(index + 1). \(word)" }   // a, b -> 1. a, 2. b
    /// ```
    /// - Parameters:
    ///   - start: The running value before the first value.
    ///   - reduce: Combines the running value, a value and its index into the next running value.
    /// - Returns: A signal named `"[<name>] -scanWithStart: <start> reduceWithIndex:"`.
    public func scan<Result: Sendable>(
        start: Result, reduceWithIndex reduce: @escaping @Sendable (Result, Value, Int) -> Result
    ) -> Signal<Result> {
        scan(start: start, named: "[\(name)] -scanWithStart: \(start) reduceWithIndex:", operation: .scanWithIndex, reduce: reduce)
    }

    /// ``scan(start:reduce:)`` named `name`, for operators RAC builds on a scan
    /// (`-scanWithStart:reduceWithIndex:` under `-aggregateWithStart:reduce:`).
    func scan<Result: Sendable>(
        start: Result, named name: String, operation: SignalOperation, reduce: @escaping @Sendable (Result, Value) -> Result
    ) -> Signal<Result> {
        scan(start: start, named: name, operation: operation) { running, value, _ in reduce(running, value) }
    }

    /// RAC's `-scanWithStart:reduceWithIndex:` named `name`: the bind every scan is, with its
    /// running value and index per subscription.
    func scan<Result: Sendable>(
        start: Result, named name: String, operation: SignalOperation,
        reduce: @escaping @Sendable (Result, Value, Int) -> Result
    ) -> Signal<Result> {
        bind(named: name, operation: operation) {
            let running = Locked((value: start, index: 0))
            return { value, _ in
                let (before, index) = running.withLock { ($0.value, $0.index) }
                let next = reduce(before, value, index)
                _ = running.exchange((value: next, index: index + 1))  // the value replaced is released unlocked
                return .return(next)
            }
        }
    }
}

extension Signal where Value: Equatable {
    /// Drops each value equal (`==`) to the one before it (RAC's `-distinctUntilChanged`).
    ///
    /// The first value is always sent. Each subscription compares only its own values.
    ///
    /// When observed, each value dropped is reported
    /// (``InstrumentationEvent/Kind/dropped(subscription:value:)``).
    ///
    /// ```swift
    /// let changes = states.distinctUntilChanged()   // a, a, b, a -> a, b, a
    /// ```
    /// - Returns: A signal named `"[<name>] -distinctUntilChanged"`.
    public func distinctUntilChanged() -> Signal<Value> {
        distinctUntilChanged(by: ==)
    }
}

extension Signal {
    /// Drops each value that `isSame` says is the same as the one before it: RAC's
    /// `-distinctUntilChanged`, which compares with `-isEqual:`, with the comparison given.
    ///
    /// The first value is always sent; a dropped value is not the one the next is compared with
    /// (RAC keeps the earlier of two equal values). Each subscription compares only its own values.
    /// When observed, each value dropped is reported.
    ///
    /// ```swift
    /// let changes = words.distinctUntilChanged { $0.lowercased() == $1.lowercased() }   // a, A, b -> a, b
    /// ```
    /// - Parameter isSame: Whether the value before (first) and a value (second) are the same.
    /// - Returns: A signal named `"[<name>] -distinctUntilChanged"`.
    public func distinctUntilChanged(by isSame: @escaping @Sendable (Value, Value) -> Bool) -> Signal<Value> {
        let source = dropSource
        return bind(named: "[\(name)] -distinctUntilChanged", operation: .distinctUntilChanged) {
            let last = Locked<Value?>(nil)
            return { value, _ in
                // Two locks, not one: RAC keeps the earlier of two equal values, so the store waits
                // for the comparison, which is user code and runs outside the lock.
                if let previous = last.withLock({ $0 }), isSame(previous, value) {
                    Probe.reportDrop(of: value, from: source)
                    return .empty()
                }
                _ = last.exchange(value)  // the value replaced is released unlocked
                return .return(value)
            }
        }
    }
}
