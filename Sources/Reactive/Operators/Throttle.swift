import Foundation

/// `throttle`'s state: the value held, if any (RAC's `nextValue` and `hasNextValue`).
struct ThrottleStateMachine<Value: Sendable>: OperatorStateMachine {
    typealias Output = Value
    typealias Received = Value

    enum Input: Sendable {
        /// A value from the receiver, and whether it passed the test (it is held) or not (it is sent at once).
        case value(Value, throttled: Bool)
        /// The interval of the value held has passed.
        case flush
        /// The receiver completed.
        case completed
        /// The receiver failed.
        case failed(any Error)
    }

    let interval: TimeInterval
    private var held: Value?

    init(interval: TimeInterval) {
        self.interval = interval
    }

    mutating func handle(_ input: Input) -> OperatorActions<Self> {
        switch input {
        case .value(let value, let throttled):
            // A new value drops the one held, whether or not it is held itself.
            var actions: OperatorActions<Self> = held.take().map { [.cancelScheduled, .drop($0)] } ?? []
            guard throttled else { return actions + [.sendNext(value)] }
            held = value
            actions.append(.schedule(after: interval, .flush))
            return actions
        case .flush:
            return held.take().map { [.sendNext($0)] } ?? []
        case .completed:
            return [.cancelScheduled] + (held.take().map { [.sendNext($0)] } ?? []) + [.sendCompleted]
        case .failed(let error):
            // As in RAC, the flush scheduled still runs, and finds nothing to send.
            return (held.take().map { [.drop($0)] } ?? []) + [.sendError(error)]
        }
    }
}

extension Signal {
    /// Sends a value only once `interval` seconds pass without another value
    /// (RAC's `-throttle:`); a newer value replaces the one held.
    ///
    /// The same as ``throttle(_:valuesPassing:)`` with a test every value passes.
    ///
    /// ```swift
    /// let queries = searchText.throttle(0.3)   // what was typed once typing pauses
    /// ```
    /// - Parameter interval: Seconds without a value before the last one is sent; 0 or more.
    /// - Returns: A signal named `"[<name>] -throttle: <interval>"`, the interval
    ///   printed with six decimals (`"0.300000"`).
    public func throttle(_ interval: TimeInterval) -> Signal<Value> {
        throttle(
            interval, named: "[\(name)] -throttle: \(printfSeconds(interval))",
            operation: .throttle(seconds: interval, passingTest: false)
        ) { _ in true }
    }

    /// Holds each value that passes `predicate` until `interval` seconds pass
    /// without another value, and sends the others at once
    /// (RAC's `-throttle:valuesPassingTest:`).
    ///
    /// Any new value drops the value held, whether or not it passes the test; when observed,
    /// the drop is reported (``InstrumentationEvent/Kind/dropped(subscription:value:)``), at the
    /// new value's time and caused by its delivery. A value that fails the test is sent, not dropped.
    /// A held value is scheduled on the scheduler that is ``Scheduler/current``
    /// when it arrives, or, without one, on a ``QueueScheduler`` made for the
    /// subscription. Completion sends the value held, then completes, at once;
    /// an error is forwarded at once and the value held is dropped (reported, when observed).
    ///
    /// As in RAC, disposing the subscription, or an error, does not cancel the
    /// scheduled send of a held value: it still runs, and sends nothing.
    ///
    /// ```swift
    /// // Letters wait for a pause in typing; a return key goes through at once.
    /// let input = keys.throttle(0.3, valuesPassing: { $0 != "\n" })
    /// ```
    /// - Parameters:
    ///   - interval: Seconds without a value before a held value is sent; 0 or more.
    ///   - predicate: Whether a value is held (`true`) or sent at once (`false`).
    ///     It runs on the thread that sends the value, before the value is handled.
    /// - Returns: A signal named `"[<name>] -throttle: <interval> valuesPassingTest:"`.
    public func throttle(
        _ interval: TimeInterval, valuesPassing predicate: @escaping @Sendable (Value) -> Bool
    ) -> Signal<Value> {
        throttle(
            interval, named: "[\(name)] -throttle: \(printfSeconds(interval)) valuesPassingTest:",
            operation: .throttle(seconds: interval, passingTest: true), predicate)
    }

    private func throttle(
        _ interval: TimeInterval, named name: String, operation: SignalOperation, _ predicate: @escaping @Sendable (Value) -> Bool
    ) -> Signal<Value> {
        precondition(interval.isFinite && interval >= 0, "throttle(_:) needs an interval of 0 or more, got \(interval)")
        // The source as the handlers keep it: not the signal itself, which (a subject) holds them.
        let source = dropSource
        return makeOperator(name: name, operation: operation) { subscriber in
            // RAC handles values, flushes and completion under `@synchronized`, sends included.
            // Here they take turns instead, and only the state is locked, never a send. A held
            // value is scheduled on the scheduler current when it arrives or, without one, on a
            // queue scheduler made ahead of time, so that every flush goes to one serial queue.
            let storage = OperatorStorage(
                ThrottleStateMachine<Value>(interval: interval), sendingTo: subscriber, droppingFrom: source,
                scheduling: .current(orElse: QueueScheduler()), inTurn: true)
            // Only the receiver's subscription: RAC leaves the held value's timer out of it.
            let compound = CompoundDisposable()
            let subscription = self.subscribe(
                next: { value in storage.receive(.value(value, throttled: predicate(value))) },
                error: { error in
                    compound.dispose()
                    storage.receiveAtOnce(.failed(error))
                },
                completed: { storage.receive(.completed) })
            compound.add(subscription)
            return compound
        }
    }
}
