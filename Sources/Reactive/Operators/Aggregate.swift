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
        aggregate(start: start, named: "[\(name)] -aggregateWithStart: \(start) reduce:") { running, value, _ in reduce(running, value) }
    }

    /// Combines every value and its index into one result, sent when the receiver completes
    /// (RAC's `-aggregateWithStart:reduceWithIndex:`): ``aggregate(start:reduce:)``, whose block
    /// also gets each value's index from 0.
    ///
    /// ```swift
    /// let numbered = words.aggregate(start: "") { running, word, index in running + "\(index + 1). \(word) " }
    /// ```
    /// - Parameters:
    ///   - start: The result before the first value.
    ///   - reduce: Combines the running result, a value and its index into the next result.
    /// - Returns: A signal named `"[<name>] -aggregateWithStart: <start> reduceWithIndex:"`.
    public func aggregate<Result: Sendable>(
        start: Result, reduceWithIndex reduce: @escaping @Sendable (Result, Value, Int) -> Result
    ) -> Signal<Result> {
        aggregate(start: start, named: "[\(name)] -aggregateWithStart: \(start) reduceWithIndex:", reduce: reduce)
    }

    /// RAC's aggregate under `name`: a scan from `start`, started with it, of which the last value is kept.
    private func aggregate<Result: Sendable>(
        start: Result, named name: String, reduce: @escaping @Sendable (Result, Value, Int) -> Result
    ) -> Signal<Result> {
        scan(start: start, named: "[\(self.name)] -scanWithStart: \(start) reduceWithIndex:", operation: .scanWithIndex, reduce: reduce)
            .startWith(start)
            .takeLast(1, named: name, operation: .aggregate, foldsValues: true)
            .reported(as: .aggregate, receiver: operandID)
    }

    /// Sends an array of all the receiver's values when it completes
    /// (RAC's `-collect`).
    ///
    /// A receiver that completes with no value yields `[]`; an error is
    /// forwarded and nothing is sent. Built as RAC builds it: a
    /// ``defer(_:)`` that, on each subscription, makes
    /// ``aggregate(start:reduce:)`` from an empty collection and subscribes to it; the
    /// collection is appended to in place and passed along, as RAC's `NSMutableArray` is
    /// (a new array per value would copy every value so far: quadratic time), and its array is
    /// taken at the end.
    ///
    /// ```swift
    /// let all = numbers.collect()   // 1, 2, 3, completed -> [1, 2, 3], completed
    /// ```
    /// - Returns: A signal named `"[<name>] -collect"`.
    public func collect() -> Signal<[Value]> {
        Signal<[Value]>.defer(named: "[\(name)] -collect", operation: .collect, receiver: operandID) {
            self.aggregate(start: CollectedValues<Value>()) { collected, value in
                collected.append(value)
                return collected
            }
            .map(\.values)
        }
    }
}

/// ``Signal/collect()``'s running collection, appended to in place and passed along the
/// aggregate of one subscription, as RAC's `NSMutableArray` is.
///
/// @unchecked: one subscription's deliveries never overlap (the event contract), and only they
/// append; the array is read after the last of them.
package final class CollectedValues<Value: Sendable>: @unchecked Sendable, CustomStringConvertible {
    /// The values so far.
    package private(set) var values: [Value] = []

    func append(_ value: Value) { values.append(value) }

    /// Its array's `description`, as far as a signal's name keeps it: the running collection names
    /// the `+return:` signal of each value (RAC's `-scanWithStart:` binds each to one), and a whole
    /// description each time would cost quadratic time.
    package var description: String { values.descriptionPrefix(characters: signalNameLimit + 16) }
}
