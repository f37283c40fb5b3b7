extension Signal {
    /// Sends the last `count` values when the receiver completes, then completes
    /// (RAC's `-takeLast:`).
    ///
    /// Nothing is sent until the receiver completes: the values are buffered
    /// (at most `count` of them) and sent all at once, at the completion. An
    /// error is forwarded at once and the buffered values are dropped. A value
    /// pushed out by a newer one is dropped too (both reported, when observed).
    ///
    /// ```swift
    /// let lastTwo = numbers.takeLast(2)   // 1, 2, 3, completed -> 2, 3, completed
    /// ```
    /// - Parameter count: How many of the last values to send; 0 or more.
    /// - Returns: A signal named `"[<name>] -takeLast: <count>"`.
    public func takeLast(_ count: Int) -> Signal<Value> {
        precondition(count >= 0, "takeLast(_:) needs a count of 0 or more, got \(count)")
        return takeLast(count, named: "[\(name)] -takeLast: \(count)", operation: .takeLast(count: count))
    }

    /// ``takeLast(_:)`` named `name`, for operators RAC builds on `-takeLast:` and renames
    /// (`-aggregateWithStart:reduce:`).
    /// `takeLast(count)` named `name`, reporting `operation`; the values it leaves out are
    /// reported dropped unless `foldsValues` (aggregate's running results are its own, not values
    /// it received).
    func takeLast(_ count: Int, named name: String, operation: SignalOperation, foldsValues: Bool = false) -> Signal<Value> {
        let source = foldsValues ? nil : dropSource
        return makeOperator(name: name, operation: operation) { subscriber in
            // As in RAC, handled on the thread that sends, not in turns.
            let storage = OperatorStorage(
                TakeLastStateMachine<Value>(count: count), sendingTo: subscriber, droppingFrom: source, inTurn: false)
            return self.subscribe(
                next: { storage.receive(.value($0)) },
                error: { storage.receive(.failed($0)) },
                completed: { storage.receive(.completed) })
        }
    }
}

/// `takeLast`'s state: the last `count` values, in a ring.
struct TakeLastStateMachine<Value: Sendable>: OperatorStateMachine {
    typealias Output = Value
    typealias Received = Value

    enum Input: Sendable {
        case value(Value)
        case completed
        case failed(any Error)
    }

    let count: Int
    /// The values kept; once `count` are, the oldest is at `oldest`.
    private var ring: [Value] = []
    private var oldest = 0

    init(count: Int) {
        self.count = count
    }

    mutating func handle(_ input: Input) -> OperatorActions<Self> {
        switch input {
        case .value(var value):
            if ring.count < count {
                ring.append(value)
                return []
            }
            // The oldest value kept, or this one when none is, is left out.
            if count > 0 {
                swap(&ring[oldest], &value)
                oldest = (oldest + 1) % count
            }
            return [.drop(value)]
        case .completed:
            return OperatorActions(taken().map { .sendNext($0) }) + [.sendCompleted]
        case .failed(let error):
            return OperatorActions(taken().map { .drop($0) }) + [.sendError(error)]
        }
    }

    /// The values kept, oldest first, taken out.
    private mutating func taken() -> [Value] {
        defer {
            ring = []
            oldest = 0
        }
        return Array(ring[oldest...] + ring[..<oldest])
    }
}
