// RACStream's -takeWhileBlock: and -skipWhileBlock: (RACStream.m), each a
// `-bind:` whose binding block RAC builds through -takeUntilBlock: and
// -skipUntilBlock: with the predicate negated; the bind is the one signal made.

extension Signal {
    /// Forwards values while `predicate` holds, and completes at the first
    /// value for which it does not (RAC's `-takeWhileBlock:`).
    ///
    /// That value is not sent (when observed, it is reported dropped), and the
    /// receiver's subscription is disposed then. An error before it is forwarded.
    ///
    /// ```swift
    /// let small = numbers.take(while: { $0 < 3 })   // 1, 2, 3, 1 -> 1, 2
    /// ```
    /// - Parameter predicate: Called with each value until it returns false.
    /// - Returns: A signal named `"[<name>] -takeWhileBlock:"`.
    public func take(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        let source = dropSource
        return bind(named: "[\(name)] -takeWhileBlock:", operation: .takeWhile) {
            { value, _ in
                if predicate(value) { return .return(value) }
                // The value that ends it is left out.
                Probe.reportDrop(of: value, from: source)
                return nil
            }
        }
    }

    /// Drops values while `predicate` holds, then forwards every value from the
    /// first for which it does not (RAC's `-skipWhileBlock:`).
    ///
    /// Once a value has passed, `predicate` is not called again. Each
    /// subscription starts skipping anew.
    ///
    /// When observed, each value dropped is reported
    /// (``InstrumentationEvent/Kind/dropped(subscription:value:)``).
    ///
    /// ```swift
    /// let fromThree = numbers.skip(while: { $0 < 3 })   // 1, 3, 1 -> 3, 1
    /// ```
    /// - Parameter predicate: Called with each value until it returns false.
    /// - Returns: A signal named `"[<name>] -skipWhileBlock:"`.
    public func skip(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        let source = dropSource
        return bind(named: "[\(name)] -skipWhileBlock:", operation: .skipWhile) {
            // Values arrive one at a time; the lock only shares the flag safely.
            let skipping = Locked(true)
            return { value, _ in
                if skipping.withLock({ $0 }) {
                    if predicate(value) {
                        Probe.reportDrop(of: value, from: source)
                        return .empty()
                    }
                    skipping.withLock { $0 = false }
                }
                return .return(value)
            }
        }
    }
}
