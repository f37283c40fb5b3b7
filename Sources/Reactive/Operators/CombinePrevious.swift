// RACStream's -combinePreviousWithStart:reduce: (RACStream.m): a scan over
// (previous value, result) pairs, then a map to the result.

extension Signal {
    /// Sends `reduce` of each value and the value before it, `start` standing
    /// in before the first (RAC's `-combinePreviousWithStart:reduce:`).
    ///
    /// Built as RAC builds it: a scan from `(start)`
    /// (`"[<name>] -scanWithStart: (<start>) reduce:"`) keeping each value and
    /// its result, then a `map` to the result, which is the signal returned.
    /// Each subscription starts from `start`.
    ///
    /// ```swift
    /// let deltas = readings.combinePrevious(start: 0) { $1 - $0 }   // 1, 3, 6 -> 1, 2, 3
    /// ```
    /// - Parameters:
    ///   - start: The "previous value" of the first value.
    ///   - reduce: Combines the previous value and the current one.
    /// - Returns: A signal named `"[<name>] -combinePreviousWithStart: <start> reduce:"`.
    public func combinePrevious<Result: Sendable>(
        start: Value, reduce: @escaping @Sendable (_ previous: Value, _ current: Value) -> Result
    ) -> Signal<Result> {
        typealias Pair = CombinedPair<Value, Result>
        return scan(start: Pair(previous: start, result: nil), named: "[\(name)] -scanWithStart: (\(start)) reduce:", operation: .scan) {
            pair, next in Pair(previous: next, result: reduce(pair.previous, next))
        }
        .map(named: "[\(name)] -combinePreviousWithStart: \(start) reduce:", operation: .combinePrevious) { pair in
            // Every pair the scan sends has a result: only the start has none.
            pair.result!
        }
        .reported(as: .combinePrevious, receiver: operandID)
    }
}

/// RAC's `RACTuplePack(next, value)`: a value and what `reduce` made of it;
/// the start has no result.
struct CombinedPair<Value: Sendable, Result: Sendable>: Sendable {
    let previous: Value
    let result: Result?
}
