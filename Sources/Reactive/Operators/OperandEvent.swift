// combineLatest(with:) and zip(with:) take their two operands' events one at a time, in
// arrival order, through a DrainQueue: an event is applied to the operator's state under a
// lock, which says what to send (an OperandOutput), and that is sent after the lock is released.

/// An event from one operand of a two-signal operator, in the order it arrived.
enum OperandEvent<Left: Sendable, Right: Sendable>: Sendable {
    case left(Event<Left>)
    case right(Event<Right>)
}

/// What a two-signal operator sends for one ``OperandEvent``: nothing, a pair,
/// a pair then completion, completion or an error.
enum OperandOutput<Left: Sendable, Right: Sendable> {
    case none
    case next(Left, Right)
    case nextThenCompleted(Left, Right)
    case completed
    case error(any Error)
}

extension Subscriber {
    /// Sends `output`, its pair made into a value by `combine`.
    func send<Left, Right>(_ output: OperandOutput<Left, Right>, combining combine: (Left, Right) -> Value) {
        switch output {
        case .none: break
        case .next(let left, let right): sendNext(combine(left, right))
        case .nextThenCompleted(let left, let right):
            sendNext(combine(left, right))
            sendCompleted()
        case .completed: sendCompleted()
        case .error(let error): sendError(error)
        }
    }
}
