// RACStream's -reduceEach: (RACStream.m): each tuple, here each array, made into one value by a
// block that takes its elements, as +combineLatest:reduce: and +zip:reduce: use it.

extension Signal {
    /// Sends `reduce` of each array the receiver sends (RAC's `-reduceEach:`, whose block takes
    /// the elements of each tuple).
    ///
    /// ```swift
    /// let sums = Signal.combineLatest([a, b]).reduceEach { $0.reduce(0, +) }
    /// ```
    /// - Parameter reduce: Makes a value of an array's elements.
    /// - Returns: A signal named `"[<name>] -reduceEach:"`.
    public func reduceEach<Element: Sendable, Result: Sendable>(
        _ reduce: @escaping @Sendable ([Element]) -> Result
    ) -> Signal<Result> where Value == [Element] {
        map(named: "[\(name)] -reduceEach:", operation: .reduceEach, reduce)
    }

    /// Every value the receiver sends, once it completes, or `nil` if it fails (RAC's `-toArray`:
    /// its ``collect()``'s ``first()``). It blocks the calling thread as ``first()`` does, with the
    /// same rules: on virtual time, every value must come at once.
    ///
    /// ```swift
    /// let all = Signal.merge([a, b]).toArray()   // [1, 2, 3]
    /// ```
    public func toArray() -> [Value]? {
        collect().first()
    }
}
