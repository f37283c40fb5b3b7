import Foundation

/// `bufferWithTime`'s state: the values buffered since the last send.
struct BufferWithTimeStateMachine<Value: Sendable>: OperatorStateMachine {
    typealias Output = [Value]
    typealias Received = Value

    enum Input: Sendable {
        case value(Value)
        /// The interval since the first value of the buffer has passed.
        case flush
        case completed
        case failed(any Error)
    }

    let interval: TimeInterval
    private var values: [Value] = []

    init(interval: TimeInterval) {
        self.interval = interval
    }

    mutating func handle(_ input: Input) -> OperatorActions<Self> {
        switch input {
        case .value(let value):
            // The timer starts with the first value of a buffer, caused by its delivery.
            defer { values.append(value) }
            return values.isEmpty ? [.schedule(after: interval, .flush)] : []
        case .flush:
            return flush()
        case .completed:
            return flush() + [.sendCompleted]
        case .failed(let error):
            defer { values = [] }
            return OperatorActions(values.map { .drop($0) }) + [.sendError(error)]
        }
    }

    private mutating func flush() -> OperatorActions<Self> {
        defer { values = [] }
        return [.cancelScheduled] + (values.isEmpty ? [] : [.sendNext(values)])
    }
}

extension Signal {
    /// Collects values and sends them as one array `interval` seconds after the
    /// first of them (RAC's `-bufferWithTime:onScheduler:`).
    ///
    /// The timer starts with the first value after an empty buffer, not at
    /// subscription, so nothing, not even an empty array, is sent while no value
    /// comes. Completion sends what is buffered, then completes, at once; an
    /// error is forwarded at once, and the buffered values are dropped (reported,
    /// when observed).
    /// Disposal, or the end of the subscription, cancels the timer.
    ///
    /// ```swift
    /// let batches = logLines.bufferWithTime(1, on: scheduler)   // a, b, (1 s) -> [a, b]
    /// ```
    /// - Parameters:
    ///   - interval: Seconds from a buffer's first value to its sending.
    ///   - scheduler: Where the timer runs; not ``Scheduler/immediate``.
    /// - Returns: A signal of arrays named
    ///   `"[<name>] -bufferWithTime: <interval> onScheduler: <scheduler name>"`.
    public func bufferWithTime(_ interval: TimeInterval, on scheduler: Scheduler) -> Signal<[Value]> {
        precondition(scheduler !== Scheduler.immediate, "bufferWithTime(_:on:) cannot use the immediate scheduler")
        precondition(interval.isFinite && interval >= 0, "bufferWithTime(_:on:) needs an interval of 0 or more, got \(interval)")
        let name = "[\(name)] -bufferWithTime: \(printfSeconds(interval)) onScheduler: \(scheduler.name)"
        let source = dropSource
        return makeOperator(name: name, operation: .bufferWithTime(seconds: interval, scheduler: scheduler.name)) {
            (subscriber: any Subscriber<[Value]>) in
            // RAC handles values and flushes under `@synchronized`, the send included. Here they
            // take turns instead, and only the buffer is locked, never a send.
            let storage = OperatorStorage(
                BufferWithTimeStateMachine<Value>(interval: interval), sendingTo: subscriber, droppingFrom: source,
                scheduling: .on(scheduler), inTurn: true)
            let subscription = self.subscribe(
                next: { storage.receive(.value($0)) },
                // As in RAC, outside the turns.
                error: { storage.receiveAtOnce(.failed($0)) },
                completed: { storage.receive(.completed) })
            return BlockDisposable {
                subscription.dispose()
                storage.scheduledInputs.dispose()
            }
        }
    }
}
