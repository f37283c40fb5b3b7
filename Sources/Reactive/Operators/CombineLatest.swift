// RAC 2.5's -combineLatestWith: (RACSignal+Operations.m) and +combineLatest:,
// +combineLatest:reduce:, which RACStream's +join:block: builds from it.

/// What one `combineLatest(with:)` subscription has seen: each side's latest value, whether it
/// was combined into a pair sent, and whether each side has completed (RAC's `__block` variables).
struct CombineLatestStateMachine<Left: Sendable, Right: Sendable>: OperatorStateMachine {
    typealias Input = OperandEvent<Left, Right>
    typealias Output = OperandPair<Left, Right>
    typealias Received = OperandValue<Left, Right>

    private var left: Left?
    private var right: Right?
    private var leftCombined = false
    private var rightCombined = false
    private var leftCompleted = false
    private var rightCompleted = false

    static func delivery(of value: Received) -> (operand: Int, value: any Sendable) { value.delivery }

    mutating func handle(_ input: Input) -> OperatorActions<Self> {
        switch input {
        case .left(.next(let value)):
            // The value replaced is dropped if it never was in a pair sent.
            let replaced = left.take().map { leftCombined ? OperatorAction<Self>.release(.left($0)) : .drop(.left($0)) }
            left = value
            leftCombined = false
            return (replaced.map { [$0] } ?? []) + combined()
        case .right(.next(let value)):
            let replaced = right.take().map { rightCombined ? OperatorAction<Self>.release(.right($0)) : .drop(.right($0)) }
            right = value
            rightCombined = false
            return (replaced.map { [$0] } ?? []) + combined()
        case .left(.error(let error)), .right(.error(let error)):
            return leftOut() + [.sendError(error)]
        case .left(.completed):
            leftCompleted = true
            return rightCompleted ? leftOut() + [.sendCompleted] : []
        case .right(.completed):
            rightCompleted = true
            return leftCompleted ? leftOut() + [.sendCompleted] : []
        }
    }

    /// The pair of latest values, once each side has sent one.
    private mutating func combined() -> OperatorActions<Self> {
        guard let left, let right else { return [] }
        leftCombined = true
        rightCombined = true
        return [.sendNext(OperandPair(left: left, right: right))]
    }

    /// At the end, the latest value of a side that never was in a pair sent (the other side sent
    /// nothing), dropped.
    private mutating func leftOut() -> OperatorActions<Self> {
        var actions: OperatorActions<Self> = []
        if let value = left.take() { actions.append(leftCombined ? .release(.left(value)) : .drop(.left(value))) }
        if let value = right.take() { actions.append(rightCombined ? .release(.right(value)) : .drop(.right(value))) }
        return actions
    }
}

extension Signal {
    /// Sends the latest value of the receiver and of `other` as a pair, each
    /// time either sends a value once both have sent one (RAC's `-combineLatestWith:`).
    ///
    /// Each subscription subscribes to the receiver first, then to `other`.
    /// The result completes when both have completed, and fails at the first
    /// error from either, which disposes both subscriptions. A value replaced before
    /// it was in a pair sent, and one never paired at the end, are dropped (reported,
    /// when observed).
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
        let sources = (dropSource, other.dropSource)
        return makeOperator(name: name, operation: operation) { (subscriber: any Subscriber<Result>) in
            let disposable = CompoundDisposable()
            // RAC sends under `@synchronized`; here the events of both sides take turns, in
            // arrival order, with no lock held while sending.
            let storage = OperatorStorage(
                CombineLatestStateMachine<Value, Other>(), sendingTo: CombiningSubscriber(subscriber, combining: combine),
                droppingFrom: sources.0, sources.1, inTurn: true)
            disposable.add(self.subscribe(
                next: { storage.receive(.left(.next($0)), from: 0) },
                error: { storage.receive(.left(.error($0)), from: 0) },
                completed: { storage.receive(.left(.completed), from: 0) }))
            disposable.add(other.subscribe(
                next: { storage.receive(.right(.next($0)), from: 1) },
                error: { storage.receive(.right(.error($0)), from: 1) },
                completed: { storage.receive(.right(.completed), from: 1) }))
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
