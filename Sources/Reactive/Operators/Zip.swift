// RAC 2.5's -zipWith: (RACSignal.m) and +zip:, which RACStream's +join:block: builds from it.

/// Values waiting to be paired, in order: taken from the front in O(1), and never let go of
/// (released) inside the state's lock, where a value's `deinit`, user code, must not run.
///
/// A taken value leaves `nil` behind, so the buffer's last reference to it goes while the caller
/// still holds it; the `nil`s in front are dropped now and then, which releases nothing.
private struct WaitingValues<Value> {
    private var values: [Value?] = []
    private var head = 0

    var isEmpty: Bool { head == values.count }

    mutating func append(_ value: Value) { values.append(value) }

    /// The first value, taken out.
    mutating func removeFirst() -> Value {
        guard let value = values[head] else { preconditionFailure("a waiting value is taken once") }
        values[head] = nil
        head += 1
        if head == values.count {
            values.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= values.count {
            values.removeFirst(head)
            head = 0
        }
        return value
    }
}

extension WaitingValues {
    /// Every value waiting, in order, taken out.
    mutating func removeAll() -> [Value] {
        defer {
            values = []
            head = 0
        }
        return values[head...].compactMap { $0 }
    }
}

extension WaitingValues: Sendable where Value: Sendable {}

/// What one `zip(with:)` subscription holds: each side's values not yet paired, and whether
/// each side has completed.
struct ZipStateMachine<Left: Sendable, Right: Sendable>: OperatorStateMachine {
    typealias Input = OperandEvent<Left, Right>
    typealias Output = OperandPair<Left, Right>
    typealias Received = OperandValue<Left, Right>

    private var left = WaitingValues<Left>()
    private var right = WaitingValues<Right>()
    private var leftCompleted = false
    private var rightCompleted = false

    /// Whether a side has completed with no value left waiting: no pair can come.
    private var isExhausted: Bool { (leftCompleted && left.isEmpty) || (rightCompleted && right.isEmpty) }

    static func delivery(of value: Received) -> (operand: Int, value: any Sendable) { value.delivery }

    mutating func handle(_ input: Input) -> OperatorActions<Self> {
        switch input {
        case .left(.error(let error)), .right(.error(let error)): return leftOut() + [.sendError(error)]
        case .left(.next(let value)): left.append(value)
        case .right(.next(let value)): right.append(value)
        case .left(.completed):
            leftCompleted = true
            return isExhausted ? leftOut() + [.sendCompleted] : []
        case .right(.completed):
            rightCompleted = true
            return isExhausted ? leftOut() + [.sendCompleted] : []
        }
        // A value: RAC checks for completion only after it has sent a pair.
        guard !left.isEmpty, !right.isEmpty else { return [] }
        let pair = OperatorAction<Self>.sendNext(OperandPair(left: left.removeFirst(), right: right.removeFirst()))
        return isExhausted ? [pair] + leftOut() + [.sendCompleted] : [pair]
    }

    /// At the end, the values still waiting for a partner, dropped.
    private mutating func leftOut() -> OperatorActions<Self> {
        OperatorActions(left.removeAll().map { .drop(.left($0)) } + right.removeAll().map { .drop(.right($0)) })
    }
}

extension Signal {
    /// Pairs the receiver's values with `other`'s, the first with the first,
    /// the second with the second, and so on (RAC's `-zipWith:`).
    ///
    /// Each subscription subscribes to the receiver first, then to `other`.
    /// Values wait until the other side sends its value of the same rank. The
    /// result completes as soon as a side has completed and has no value left
    /// waiting, and fails at the first error from either, which disposes both
    /// subscriptions. The values still waiting for a partner then are dropped
    /// (reported, when observed).
    ///
    /// ```swift
    /// let labelled = names.zip(with: scores)   // ("ann", 3), ("bob", 5), ...
    /// ```
    /// - Parameter other: The signal to pair with.
    /// - Returns: A signal named `"[<name>] -zipWith: <other's name>"`.
    public func zip<Other: Sendable>(with other: Signal<Other>) -> Signal<(Value, Other)> {
        zip(with: other, named: "[\(name)] -zipWith: \(other.name)", operation: .zipWith(other: other.operandID)) { ($0, $1) }
    }

    /// `-zipWith:`, with each pair made into a `Result` by `combine` (outside any lock).
    func zip<Other: Sendable, Result: Sendable>(
        with other: Signal<Other>, named name: String, operation: SignalOperation,
        _ combine: @escaping @Sendable (Value, Other) -> Result
    ) -> Signal<Result> {
        let sources = (dropSource, other.dropSource)
        return makeOperator(name: name, operation: operation) { (subscriber: any Subscriber<Result>) in
            // Both sides' events take turns, in arrival order, with no lock held while sending
            // (RAC sends under `@synchronized`).
            let storage = OperatorStorage(
                ZipStateMachine<Value, Other>(), sendingTo: CombiningSubscriber(subscriber, combining: combine),
                droppingFrom: sources.0, sources.1, inTurn: true)
            let selfDisposable = self.subscribe(
                next: { storage.receive(.left(.next($0)), from: 0) },
                error: { storage.receive(.left(.error($0)), from: 0) },
                completed: { storage.receive(.left(.completed), from: 0) })
            let otherDisposable = other.subscribe(
                next: { storage.receive(.right(.next($0)), from: 1) },
                error: { storage.receive(.right(.error($0)), from: 1) },
                completed: { storage.receive(.right(.completed), from: 1) })
            return BlockDisposable {
                selfDisposable.dispose()
                otherDisposable.dispose()
            }
        }
    }

    /// Sends arrays of the values of `signals` of the same rank: the first
    /// values of all, then the second values, and so on (RAC's `+zip:`).
    ///
    /// Built as RAC builds it (`+join:block:`): the first signal is mapped to
    /// one-element arrays, then zipped with each of the others in turn by
    /// ``zip(with:)``, and the result is mapped once more. So subscribing
    /// subscribes to `signals` in order. With no signals, it is ``empty()``.
    ///
    /// ```swift
    /// Signal.zip([first, second, third])   // [1, "a", true], ...
    /// ```
    /// - Parameter signals: The signals to zip, in the order of the arrays' elements.
    /// - Returns: A signal named `"+zip: (<names>)"`.
    public static func zip(_ signals: [Signal<Value>]) -> Signal<[Value]> {
        let names = signals.map(\.name).joined(separator: ", ")
        return join(signals, named: "+zip: (\(names))", operation: .zip(signals: signals.map(\.operandID))) { left, right in
            left.zip(with: right, named: "[\(left.name)] -zipWith: \(right.name)", operation: .zipWith(other: right.operandID)) {
                $0 + [$1]
            }
        }
    }

    /// Sends `reduce` of the values of `signals` of the same rank (RAC's `+zip:reduce:`).
    ///
    /// It is ``zip(_:)`` with its arrays mapped through `reduce` (RAC's `-reduceEach:`), so it
    /// subscribes, completes and fails the same way.
    ///
    /// ```swift
    /// let labels = Signal.zip([names, scores]) { "\($0[0]): \($0[1])" }
    /// ```
    /// - Parameters:
    ///   - signals: The signals to zip.
    ///   - reduce: Makes a value of the nth values, in the order of `signals`.
    /// - Returns: A signal named `"+zip: (<names>) reduce:"`.
    public static func zip<Result: Sendable>(
        _ signals: [Signal<Value>], reduce: @escaping @Sendable ([Value]) -> Result
    ) -> Signal<Result> {
        let names = signals.map(\.name).joined(separator: ", ")
        return zip(signals).flattenMap(named: "+zip: (\(names)) reduce:", operation: .zipReduce(signals: signals.map(\.operandID))) {
            Signal<Result>.return(reduce($0))
        }
        .reported(as: .zipReduce(signals: signals.map(\.operandID)), receiver: nil)
    }
}
