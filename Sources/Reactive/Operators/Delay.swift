import Foundation

extension Signal {
    /// Sends each value and the completion `interval` seconds after the
    /// receiver sends them; an error is forwarded at once (RAC's `-delay:`).
    ///
    /// Each event is scheduled on the scheduler that is ``Scheduler/current``
    /// when the receiver sends it, so delays on a ``TestScheduler`` run in its
    /// virtual time. Without a current scheduler, a ``QueueScheduler`` made for
    /// the subscription is used, so its delayed events still arrive in order.
    ///
    /// An error disposes the subscription, which cancels the values and the
    /// completion still waiting (when observed, the values are reported dropped);
    /// so does disposing the subscription.
    ///
    /// ```swift
    /// let later = clicks.delay(0.5)   // each click, half a second later
    /// ```
    /// - Parameter interval: Seconds to hold each value and the completion; 0 or more.
    /// - Returns: A signal named `"[<name>] -delay: <interval>"`, the interval
    ///   printed with six decimals (`"0.500000"`).
    public func delay(_ interval: TimeInterval) -> Signal<Value> {
        precondition(interval.isFinite && interval >= 0, "delay(_:) needs an interval of 0 or more, got \(interval)")
        let source = dropSource
        return makeOperator(name: "[\(name)] -delay: \(printfSeconds(interval))", operation: .delay(seconds: interval)) {
            subscriber in
            // As in RAC, the scheduler is made ahead of time: if it is used, every delayed event goes to
            // the same serial queue. Events are handled on the thread that brings them, not in turns.
            let storage = OperatorStorage(
                DelayStateMachine<Value>(interval: interval), sendingTo: subscriber, droppingFrom: source,
                scheduling: .current(orElse: QueueScheduler()), inTurn: false)
            let disposable = CompoundDisposable()
            disposable.add(self.subscribe(
                next: { storage.receive(.value($0)) },
                error: { storage.receive(.failed($0)) },
                completed: { storage.receive(.completed) }))
            disposable.add(storage.scheduledInputs)
            return disposable
        }
    }
}

/// `delay`'s state: the values on their way, each with the number of its scheduled sending.
struct DelayStateMachine<Value: Sendable>: OperatorStateMachine {
    typealias Output = Value
    typealias Received = Value

    enum Input: Sendable {
        case value(Value)
        /// The delay of the value numbered so has passed.
        case due(Int)
        case completed
        /// The delay of the completion has passed.
        case completionDue
        /// The receiver failed: as in RAC, forwarded at once.
        case failed(any Error)
    }

    let interval: TimeInterval
    private var onTheirWay: [(number: Int, value: Value)] = []
    private var nextNumber = 0

    init(interval: TimeInterval) {
        self.interval = interval
    }

    mutating func handle(_ input: Input) -> OperatorActions<Self> {
        switch input {
        case .value(let value):
            defer { nextNumber += 1 }
            onTheirWay.append((nextNumber, value))
            return [.scheduleAnother(after: interval, .due(nextNumber))]
        case .due(let number):
            guard let index = onTheirWay.firstIndex(where: { $0.number == number }) else { return [] }
            return [.sendNext(onTheirWay.remove(at: index).value)]
        case .completed:
            return [.scheduleAnother(after: interval, .completionDue)]
        case .completionDue:
            // Every value came before the completion, and so is due before it, unless a value and
            // the completion were delayed on different schedulers.
            return leftOut() + [.sendCompleted]
        case .failed(let error):
            // The values on their way are never sent: the error ends the subscription, and with it their timers.
            return leftOut() + [.sendError(error)]
        }
    }

    private mutating func leftOut() -> OperatorActions<Self> {
        defer { onTheirWay = [] }
        return OperatorActions(onTheirWay.map { .drop($0.value) })
    }
}
