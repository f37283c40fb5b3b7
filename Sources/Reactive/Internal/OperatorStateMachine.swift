import Foundation

/// A stateful operator's state, as a value that decides: given what happened (an input), it
/// changes itself and says what to do (its actions). It does nothing itself: it sends nothing,
/// reports nothing, locks nothing and schedules nothing, so that every one of those is done in one
/// place, ``OperatorStorage``, the same way for every operator (the split swift-async-algorithms
/// makes between `DebounceStateMachine` and `DebounceStorage`).
///
/// `handle(_:)` runs under the storage's lock: it must not call user code (a predicate, a
/// handler, a value's `description`) or let a value go there. A value it lets go of leaves in an
/// action (``OperatorAction/drop(_:)``), so that it is released once the lock is.
protocol OperatorStateMachine: Sendable {
    /// What the operator's subscription handles: the receiver's events, a timer's firing.
    associatedtype Input: Sendable
    /// The values the operator sends.
    associatedtype Output: Sendable
    /// The values the operator receives, which it may drop.
    associatedtype Received: Sendable

    /// What to do about `input`, in order.
    mutating func handle(_ input: Input) -> OperatorActions<Self>

    /// Which of the operator's signals delivered `value` (0: its receiver; 1: the other signal of
    /// `combineLatestWith:` or `zipWith:`), and the value as delivered, for reporting its drop.
    static func delivery(of value: Received) -> (operand: Int, value: any Sendable)
}

extension OperatorStateMachine {
    /// The receiver delivered every value the machine receives.
    static func delivery(of value: Received) -> (operand: Int, value: any Sendable) { (0, value) }
}

/// One thing a stateful operator does, decided by its ``OperatorStateMachine`` and done by its
/// ``OperatorStorage``, in the context of the input that caused it.
enum OperatorAction<Machine: OperatorStateMachine>: Sendable {
    /// Send a value to the operator's subscriber.
    case sendNext(Machine.Output)
    /// Complete the operator's subscriber.
    case sendCompleted
    /// Fail the operator's subscriber.
    case sendError(any Error)
    /// A received value is left out: it will never be sent. When observed, the drop is reported
    /// on the subscription that received it, caused by the input being handled.
    case drop(Machine.Received)
    /// A received value the machine no longer keeps, sent already: nothing is done, but it is
    /// released here, with the lock released (a value's `deinit` may be user code).
    case release(Machine.Received)
    /// Hand `input` to the machine after `seconds`, replacing any input scheduled before; what
    /// it causes names the input being handled as its cause, whichever thread runs it.
    case schedule(after: TimeInterval, Machine.Input)
    /// Hand `input` to the machine after `seconds`, alongside the inputs scheduled before (each
    /// of `delay`'s values has its own); what it causes names the input being handled as its cause.
    case scheduleAnother(after: TimeInterval, Machine.Input)
    /// Cancel the input scheduled with ``schedule(after:_:)``, if any.
    case cancelScheduled
}

/// What a machine says to do about one input, in order. Most inputs make at most two actions
/// (a drop and a send, a send and a completion), which it holds in place: handling a value makes
/// no array, as the operators did before they were machines. More go to an array.
struct OperatorActions<Machine: OperatorStateMachine>: Sequence, ExpressibleByArrayLiteral {
    private var first: OperatorAction<Machine>?
    private var second: OperatorAction<Machine>?
    private var rest: [OperatorAction<Machine>] = []

    init() {}

    init(arrayLiteral actions: OperatorAction<Machine>...) {
        for action in actions { append(action) }
    }

    init(_ actions: some Sequence<OperatorAction<Machine>>) {
        for action in actions { append(action) }
    }

    mutating func append(_ action: OperatorAction<Machine>) {
        if first == nil {
            first = action
        } else if second == nil {
            second = action
        } else {
            rest.append(action)
        }
    }

    static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        for action in rhs { sum.append(action) }
        return sum
    }

    func makeIterator() -> Iterator { Iterator(actions: self) }

    /// The actions in order: the two held in place (the second only after the first), then the rest.
    struct Iterator: IteratorProtocol {
        fileprivate let actions: OperatorActions
        fileprivate var index = 0

        mutating func next() -> OperatorAction<Machine>? {
            defer { index += 1 }
            switch index {
            case 0: return actions.first
            case 1: return actions.second
            default: return index - 2 < actions.rest.count ? actions.rest[index - 2] : nil
            }
        }
    }
}
