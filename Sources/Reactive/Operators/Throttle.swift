import Foundation

/// What a `throttle` subscription handles, one at a time, in order.
private enum ThrottleInput<Value: Sendable>: Sendable {
    /// A value from the receiver; whether it passed the test and where to schedule its flush;
    /// when observed, its delivery's context, which the flush continues, and its delivery, to
    /// report the value it drops.
    case value(Value, throttled: Bool, scheduler: Scheduler, context: Probe.Carried?, receipt: Probe.Receipt?)
    /// The interval of the held value has passed; when observed, the context of the value's
    /// delivery, which the send it makes continues.
    case flush(Probe.Carried?)
    /// The receiver completed; when observed, the context of the completion's delivery, which the
    /// sends it makes continue, whichever drain runs it (a completion that came while a flush was
    /// sending is handled after it, outside its own delivery).
    case completed(Probe.Carried?)
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
    /// an error is forwarded at once and the value held is dropped.
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
            // Only the receiver's subscription: RAC leaves the held value's timer out of it.
            let compound = CompoundDisposable()
            // As in RAC, made ahead of time so that, if used, every flush goes to one serial queue.
            let fallback = QueueScheduler()
            let held = Locked<Value?>(nil)
            let nextDisposable = SerialDisposable()
            // RAC handles these under `@synchronized`, sends included. Here they take turns
            // through a drain queue instead, and only the state is locked, never a send.
            let inputs = DrainQueue<ThrottleInput<Value>>()

            /// The value held, if any, taken out, and its flush cancelled.
            @Sendable func takeHeld() -> Value? {
                nextDisposable.disposable?.dispose()
                return held.withLock { held in
                    defer { held = nil }
                    return held
                }
            }

            @Sendable func handle(_ input: ThrottleInput<Value>) {
                switch input {
                case .value(let value, let throttled, let scheduler, let context, let receipt):
                    // The new value drops the one held, which a trace shows: received on the same
                    // subscription, dropped by this delivery.
                    if let dropped = takeHeld() { receipt?.reportDrop(of: dropped) }
                    guard throttled else { return context.run { subscriber.sendNext(value) } }
                    held.withLock { $0 = value }
                    nextDisposable.disposable = scheduler.schedule(after: interval) { inputs.submit(.flush(context), handle) }
                case .flush(let context):
                    // In the held value's delivery's context, whichever thread's drain runs it.
                    context.run { if let value = takeHeld() { subscriber.sendNext(value) } }
                case .completed(let context):
                    context.run {
                        if let value = takeHeld() { subscriber.sendNext(value) }
                        subscriber.sendCompleted()
                    }
                }
            }

            let subscription = self.subscribe(
                next: { value in
                    let scheduler = Scheduler.current ?? fallback
                    let throttled = predicate(value)
                    // The context is taken here, not in `handle`, which may run on another thread, in
                    // another delivery's context: observed, the flush's delivery names this one as its cause.
                    let input = ThrottleInput.value(
                        value, throttled: throttled, scheduler: scheduler, context: Probe.Carried.current,
                        receipt: Probe.receipt(from: source))
                    inputs.submit(input, handle)
                },
                error: { error in
                    compound.dispose()
                    subscriber.sendError(error)
                },
                completed: { inputs.submit(.completed(Probe.Carried.current), handle) })
            compound.add(subscription)
            return compound
        }
    }
}
