// RAC 2.5's boolean operators (RACSignal+Operations.m): -not on a signal of BOOLs, -and and -or
// on a signal of tuples of BOOLs (the arrays of `combineLatest`), each a -map: named as RAC names
// it; and +if:then:else:, which RACCommand uses.

extension Signal where Value == Bool {
    /// Sends the opposite of each value (RAC's `-not`).
    ///
    /// ```swift
    /// let canCancel = command.executing.not()   // true, false -> false, true
    /// ```
    /// - Returns: A signal named `"[<name>] -not"`.
    public func not() -> Signal<Bool> {
        map(named: "[\(name)] -not", operation: .not) { !$0 }
    }

    /// Sends `trueSignal`'s events while the receiver's latest value is true and
    /// `falseSignal`'s while it is false (RAC's `+if:then:else:`): each value is
    /// mapped to one of them, and the result switches to the latest.
    static func choosing<Result: Sendable>(
        _ condition: Signal<Bool>, then trueSignal: Signal<Result>, else falseSignal: Signal<Result>
    ) -> Signal<Result> {
        condition.map { $0 ? trueSignal : falseSignal }
            .switchToLatest()
            .described(
                as: "+if: \(condition.name) then: \(trueSignal.name) else: \(falseSignal.name)",
                operation: .if(condition: condition.operandID, then: trueSignal.operandID, else: falseSignal.operandID))
    }
}

extension Signal where Value == [Bool] {
    /// Sends whether every element of each array is true (RAC's `-and`, which
    /// reduces the tuples of `+combineLatest:`).
    ///
    /// RAC asserts that each tuple has at least one value; an empty array here is all true.
    ///
    /// ```swift
    /// let canSubmit = Signal.combineLatest([emailIsValid, passwordIsValid]).and()
    /// ```
    /// - Returns: A signal named `"[<name>] -and"`.
    public func and() -> Signal<Bool> {
        map(named: "[\(name)] -and", operation: .and) { $0.allSatisfy { $0 } }
    }

    /// Sends whether any element of each array is true (RAC's `-or`, which
    /// reduces the tuples of `+combineLatest:`).
    ///
    /// RAC asserts that each tuple has at least one value; an empty array here is false.
    ///
    /// ```swift
    /// let isBusy = Signal.combineLatest([saving.executing, loading.executing]).or()
    /// ```
    /// - Returns: A signal named `"[<name>] -or"`.
    public func or() -> Signal<Bool> {
        map(named: "[\(name)] -or", operation: .or) { $0.contains(true) }
    }
}
