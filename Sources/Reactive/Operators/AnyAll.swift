// RAC 2.5's -any, -any: and -all: (RACSignal+Operations.m): a `-bind:` on the
// receiver's -materialize that stops at the first event deciding the answer.

extension Signal {
    /// Sends `true` and completes if the receiver sends any value at all, else
    /// sends `false` when it terminates (RAC's `-any`).
    ///
    /// ```swift
    /// let hasResults = results.any()
    /// ```
    /// - Returns: A signal named `"[<name>] -any"`; see ``any(_:)``.
    public func any() -> Signal<Bool> {
        any(named: "[\(name)] -any", operation: .any(passingTest: false)) { _ in true }
    }

    /// Sends `true` and completes at the first value that passes `predicate`;
    /// sends `false` and completes if the receiver terminates first
    /// (RAC's `-any:`).
    ///
    /// Built as RAC builds it, a `-bind:` on ``materialize()``: an error counts
    /// as a termination, so the result sends `false` instead of failing. The
    /// receiver's subscription is disposed as soon as the answer is known.
    ///
    /// ```swift
    /// let anyLarge = sizes.any { $0 > 1_000_000 }
    /// ```
    /// - Parameter predicate: Called with each value until it returns true.
    /// - Returns: A signal named `"[<name>] -any:"` that sends one `Bool`, then completes.
    public func any(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Bool> {
        any(named: "[\(name)] -any:", operation: .any(passingTest: true), predicate)
    }

    private func any(named name: String, operation: SignalOperation, _ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Bool> {
        materialize().bind(named: name, operation: operation) {
            { event, stop in
                guard case .next(let value) = event else {
                    stop = true
                    return .return(false)
                }
                if predicate(value) {
                    stop = true
                    return .return(true)
                }
                return .empty()
            }
        }
        .reported(as: operation, receiver: operandID)
    }

    /// Sends `false` and completes at the first value that fails `predicate`
    /// or at an error; sends `true` and completes if the receiver completes
    /// first (RAC's `-all:`).
    ///
    /// Built as RAC builds it, a `-bind:` on ``materialize()``. The receiver's
    /// subscription is disposed as soon as the answer is known.
    ///
    /// ```swift
    /// let allValid = fields.all { $0.isValid }
    /// ```
    /// - Parameter predicate: Called with each value until it returns false.
    /// - Returns: A signal named `"[<name>] -all:"` that sends one `Bool`, then completes.
    public func all(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Bool> {
        materialize().bind(named: "[\(name)] -all:", operation: .all) {
            { event, stop in
                switch event {
                case .completed:
                    stop = true
                    return .return(true)
                case .error:
                    stop = true
                    return .return(false)
                case .next(let value):
                    if predicate(value) { return .empty() }
                    stop = true
                    return .return(false)
                }
            }
        }
        .reported(as: .all, receiver: operandID)
    }
}
