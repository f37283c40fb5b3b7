// combineLatest(with:) and zip(with:) take their two operands' events one at a time, in arrival
// order (an OperatorStorage taking turns): an event is applied to the operator's state machine
// under a lock, which says what to do, and that is done after the lock is released.

/// An event of one of a two-signal operator's operands: its receiver (`left`) or the other signal.
enum OperandEvent<Left: Sendable, Right: Sendable>: Sendable {
    case left(Event<Left>)
    case right(Event<Right>)
}

/// A value one of a two-signal operator's operands delivered.
enum OperandValue<Left: Sendable, Right: Sendable>: Sendable {
    case left(Left)
    case right(Right)

    /// Which operand delivered it, and the value, for ``OperatorStateMachine/delivery(of:)``.
    var delivery: (operand: Int, value: any Sendable) {
        switch self {
        case .left(let value): (0, value)
        case .right(let value): (1, value)
        }
    }
}

/// The two values a two-signal operator combines, before its caller's block makes them one.
struct OperandPair<Left: Sendable, Right: Sendable>: Sendable {
    let left: Left
    let right: Right
}

/// Sends each pair, made one by the caller's block, to `subscriber`: the block runs here, when the
/// storage sends, with no lock held.
final class CombiningSubscriber<Left: Sendable, Right: Sendable, Result: Sendable>: Subscriber {
    private let subscriber: any Subscriber<Result>
    private let combine: @Sendable (Left, Right) -> Result

    init(_ subscriber: any Subscriber<Result>, combining combine: @escaping @Sendable (Left, Right) -> Result) {
        self.subscriber = subscriber
        self.combine = combine
    }

    func sendNext(_ pair: OperandPair<Left, Right>) { subscriber.sendNext(combine(pair.left, pair.right)) }
    func sendError(_ error: any Error) { subscriber.sendError(error) }
    func sendCompleted() { subscriber.sendCompleted() }
    func didSubscribe(with disposable: CompoundDisposable) {}
}
