// RAC 2.5's -combineLatestWith: (RACSignal+Operations.m) and +combineLatest:,
// +combineLatest:reduce:, which RACStream's +join:block: builds from it.

/// What one `combineLatest(with:)` subscription has seen: each side's latest
/// value and whether each side has completed (RAC's `__block` variables).
private struct CombineLatestState<Left: Sendable, Right: Sendable>: Sendable {
    var left: Left?
    var right: Right?
    var leftCompleted = false
    var rightCompleted = false

    /// Takes in one operand's event and says what to send.
    /// The output of `event`; a value it replaces goes to `replaced`, for the caller to release
    /// after unlocking (a value's `deinit` may be user code).
    mutating func apply(
        _ event: OperandEvent<Left, Right>, replaced: inout (left: Left?, right: Right?)
    ) -> OperandOutput<Left, Right> {
        switch event {
        case .left(.next(let value)):
            replaced.left = left
            left = value
        case .right(.next(let value)):
            replaced.right = right
            right = value
        case .left(.error(let error)), .right(.error(let error)): return .error(error)
        case .left(.completed):
            leftCompleted = true
            return rightCompleted ? .completed : .none
        case .right(.completed):
            rightCompleted = true
            return leftCompleted ? .completed : .none
        }
        guard let left, let right else { return .none }
        return .next(left, right)
    }
}

extension Signal {
    /// Sends the latest value of the receiver and of `other` as a pair, each
    /// time either sends a value once both have sent one (RAC's `-combineLatestWith:`).
    ///
    /// Each subscription subscribes to the receiver first, then to `other`.
    /// The result completes when both have completed, and fails at the first
    /// error from either, which disposes both subscriptions.
    ///
    /// ```swift
    /// let form = username.combineLatest(with: password)   // ("ann", "1"), ("ann", "12"), ...
    /// ```
    /// - Parameter other: The signal to combine with.
    /// - Returns: A signal named `"[<name>] -combineLatestWith: <other's name>"`.
    public func combineLatest<Other: Sendable>(with other: Signal<Other>) -> Signal<(Value, Other)> {
        combineLatest(
            with: other, named: "[\(name)] -combineLatestWith: \(other.name)",
            operation: .combineLatestWith(other: other.operandID)
        ) { ($0, $1) }
    }

    /// `-combineLatestWith:`, with each pair made into a `Result` by `combine`
    /// (outside any lock); `+combineLatest:` appends to an array this way.
    func combineLatest<Other: Sendable, Result: Sendable>(
        with other: Signal<Other>, named name: String, operation: SignalOperation,
        _ combine: @escaping @Sendable (Value, Other) -> Result
    ) -> Signal<Result> {
        makeOperator(name: name, operation: operation) { (subscriber: any Subscriber<Result>) in
            let disposable = CompoundDisposable()
            let state = Locked(CombineLatestState<Value, Other>())
            // RAC sends under `@synchronized`; here the events of both sides are
            // handled one at a time, in arrival order, with no lock held while sending.
            let inbox = DrainQueue<OperandEvent<Value, Other>>()

            @Sendable func handle(_ event: OperandEvent<Value, Other>) {
                var replaced: (left: Value?, right: Other?) = (nil, nil)
                let output = state.withLock { $0.apply(event, replaced: &replaced) }
                subscriber.send(output, combining: combine)
            }
            @Sendable func receive(_ event: OperandEvent<Value, Other>) { inbox.submit(event, handle) }

            disposable.add(self.subscribe(
                next: { receive(.left(.next($0))) },
                error: { receive(.left(.error($0))) },
                completed: { receive(.left(.completed)) }))
            disposable.add(other.subscribe(
                next: { receive(.right(.next($0))) },
                error: { receive(.right(.error($0))) },
                completed: { receive(.right(.completed)) }))
            return disposable
        }
    }

    /// Sends an array of the latest value of each of `signals`, each time one
    /// of them sends a value once all have sent one (RAC's `+combineLatest:`).
    ///
    /// Built as RAC builds it (`+join:block:`): the first signal is mapped to
    /// one-element arrays, then combined with each of the others in turn by
    /// ``combineLatest(with:)``, and the result is mapped once more. So
    /// subscribing subscribes to `signals` in order; the result completes when
    /// all have completed and fails at the first error, disposing the rest.
    /// With no signals, it is ``empty()``.
    ///
    /// ```swift
    /// Signal.combineLatest([width, height, depth])   // [1, 2, 3], [4, 2, 3], ...
    /// ```
    /// - Parameter signals: The signals to combine, in the order of the arrays' elements.
    /// - Returns: A signal named `"+combineLatest: (<names>)"`.
    public static func combineLatest(_ signals: [Signal<Value>]) -> Signal<[Value]> {
        let names = signals.map(\.name).joined(separator: ", ")
        return join(signals, named: "+combineLatest: (\(names))", operation: .combineLatest(signals: signals.map(\.operandID))) {
            left, right in
            left.combineLatest(
                with: right, named: "[\(left.name)] -combineLatestWith: \(right.name)",
                operation: .combineLatestWith(other: right.operandID)
            ) { $0 + [$1] }
        }
    }

    /// Sends `reduce` of the latest values of `signals`, each time one of them
    /// sends a value once all have sent one (RAC's `+combineLatest:reduce:`).
    ///
    /// It is ``combineLatest(_:)`` with its arrays mapped through `reduce`
    /// (RAC's `-reduceEach:`), so it subscribes, completes and fails the same way.
    ///
    /// ```swift
    /// let canSubmit = Signal.combineLatest([username, password]) { fields in
    ///     fields.allSatisfy { !$0.isEmpty }
    /// }
    /// ```
    /// - Parameters:
    ///   - signals: The signals to combine.
    ///   - reduce: Makes a value of the latest values, in the order of `signals`.
    /// - Returns: A signal named `"+combineLatest: (<names>) reduce:"`.
    public static func combineLatest<Result: Sendable>(
        _ signals: [Signal<Value>], reduce: @escaping @Sendable ([Value]) -> Result
    ) -> Signal<Result> {
        let names = signals.map(\.name).joined(separator: ", ")
        return combineLatest(signals).flattenMap(
            named: "+combineLatest: (\(names)) reduce:", operation: .combineLatestReduce(signals: signals.map(\.operandID))
        ) {
            Signal<Result>.return(reduce($0))
        }
        .reported(as: .combineLatestReduce(signals: signals.map(\.operandID)), receiver: nil)
    }

    /// RACStream's `+join:block:`: maps the first signal to one-element arrays,
    /// folds the others in with `combine`, then maps the result (RAC unwraps its
    /// nested tuples there; the arrays here are flat already) under `name`.
    /// No signals give ``empty()``, named `name`.
    static func join(
        _ signals: [Signal<Value>], named name: String, operation: SignalOperation,
        _ combine: (Signal<[Value]>, Signal<Value>) -> Signal<[Value]>
    ) -> Signal<[Value]> {
        guard let first = signals.first else { return Signal<[Value]>.empty().described(as: name, operation: operation) }
        var current = first.map { [$0] }
        for signal in signals.dropFirst() { current = combine(current, signal) }
        return current.flattenMap(named: name, operation: operation) { Signal<[Value]>.return($0) }
            .reported(as: operation, receiver: nil)
    }
}
