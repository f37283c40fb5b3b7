// RACStream's -takeUntilBlock:, -takeWhileBlock:, -skipUntilBlock: and -skipWhileBlock:
// (RACStream.m): each a `-bind:`, the one signal made. RAC builds the `while` forms through the
// `until` forms with the predicate negated, then renames the bind; so do these.

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
        takeUntilBlock(named: "[\(name)] -takeWhileBlock:", operation: .takeWhile) { !predicate($0) }
    }

    /// Forwards values until `predicate` holds for one, and completes then
    /// (RAC's `-takeUntilBlock:`).
    ///
    /// That value is not sent (when observed, it is reported dropped), and the
    /// receiver's subscription is disposed then. An error before it is forwarded.
    ///
    /// ```swift
    /// let beforeStop = words.take(until: { $0 == "stop" })   // go, on, stop, more -> go, on
    /// ```
    /// - Parameter predicate: Called with each value until it returns true.
    /// - Returns: A signal named `"[<name>] -takeUntilBlock:"`.
    public func take(until predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        takeUntilBlock(named: "[\(name)] -takeUntilBlock:", operation: .takeUntilBlock, predicate)
    }

    /// RAC's `-takeUntilBlock:` under `name`: the bind both `take` forms are.
    private func takeUntilBlock(
        named name: String, operation: SignalOperation, _ predicate: @escaping @Sendable (Value) -> Bool
    ) -> Signal<Value> {
        let source = dropSource
        return bind(named: name, operation: operation) {
            { value, _ in
                if !predicate(value) { return .return(value) }
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
        skipUntilBlock(named: "[\(name)] -skipWhileBlock:", operation: .skipWhile) { !predicate($0) }
    }

    /// Drops values until `predicate` holds for one, then forwards every value from that one
    /// (RAC's `-skipUntilBlock:`).
    ///
    /// Once a value has passed, `predicate` is not called again. Each subscription starts
    /// skipping anew. When observed, each value dropped is reported.
    ///
    /// ```swift
    /// let fromGo = words.skip(until: { $0 == "go" })   // wait, go, on -> go, on
    /// ```
    /// - Parameter predicate: Called with each value until it returns true.
    /// - Returns: A signal named `"[<name>] -skipUntilBlock:"`.
    public func skip(until predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        skipUntilBlock(named: "[\(name)] -skipUntilBlock:", operation: .skipUntilBlock, predicate)
    }

    /// RAC's `-skipUntilBlock:` under `name`: the bind both `skip` forms are.
    private func skipUntilBlock(
        named name: String, operation: SignalOperation, _ predicate: @escaping @Sendable (Value) -> Bool
    ) -> Signal<Value> {
        let source = dropSource
        return bind(named: name, operation: operation) {
            // Values arrive one at a time; the lock only shares the flag safely.
            let skipping = Locked(true)
            return { value, _ in
                if skipping.withLock({ $0 }) {
                    if !predicate(value) {
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
