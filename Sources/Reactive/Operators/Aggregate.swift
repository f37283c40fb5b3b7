// RAC 2.5's -aggregateWithStart:reduce: and -collect (RACSignal+Operations.m):
// a scan, started with the start value, of which only the last value is kept.

extension Signal {
    /// Combines every value into one result, sent when the receiver completes
    /// (RAC's `-aggregateWithStart:reduce:`).
    ///
    /// Built as RAC builds it: a scan from `start`
    /// (`"[<name>] -scanWithStart: <start> reduceWithIndex:"`), then
    /// ``startWith(_:)``, then `takeLast: 1`, which is the signal returned. So
    /// a receiver that completes with no value yields `start`; an error is
    /// forwarded and nothing is sent. Each subscription starts from `start`.
    ///
    /// ```swift
    /// let total = prices.aggregate(start: 0) { $0 + $1 }   // 3, 4, completed -> 7, completed
    /// ```
    /// - Parameters:
    ///   - start: The result before the first value.
    ///   - reduce: Combines the running result and a value into the next result.
    /// - Returns: A signal named `"[<name>] -aggregateWithStart: <start> reduce:"`.
    public func aggregate<Result: Sendable>(
        start: Result, reduce: @escaping @Sendable (Result, Value) -> Result
    ) -> Signal<Result> {
        scan(start: start, named: "[\(name)] -scanWithStart: \(start) reduceWithIndex:", reduce: reduce)
            .startWith(start)
            .takeLast(1, named: "[\(name)] -aggregateWithStart: \(start) reduce:")
    }

    /// Sends an array of all the receiver's values when it completes
    /// (RAC's `-collect`).
    ///
    /// A receiver that completes with no value yields `[]`; an error is
    /// forwarded and nothing is sent. Built as RAC builds it: a
    /// ``defer(_:)`` that, on each subscription, makes
    /// ``aggregate(start:reduce:)`` from an empty array and subscribes to it.
    ///
    /// ```swift
    /// let all = numbers.collect()   // 1, 2, 3, completed -> [1, 2, 3], completed
    /// ```
    /// - Returns: A signal named `"[<name>] -collect"`.
    public func collect() -> Signal<[Value]> {
        Signal<[Value]>.defer(named: "[\(name)] -collect") {
            self.aggregate(start: [Value]()) { collected, value in collected + [value] }
        }
    }
}
