import Foundation

/// What a `bufferWithTime` subscription handles, one at a time, in order.
private enum BufferInput<Value: Sendable>: Sendable {
    /// A value; when observed, the context of its delivery.
    case value(Value, Probe.Carried?)
    /// The interval since the first value of the buffer has passed; when observed, the context of
    /// that first value's delivery, which the send it makes continues.
    case flush(Probe.Carried?)
    /// The receiver completed; when observed, the context of the completion's delivery, which
    /// the sends it makes continue, whichever drain runs it.
    case completed(Probe.Carried?)
}

extension Signal {
    /// Collects values and sends them as one array `interval` seconds after the
    /// first of them (RAC's `-bufferWithTime:onScheduler:`).
    ///
    /// The timer starts with the first value after an empty buffer, not at
    /// subscription, so nothing, not even an empty array, is sent while no value
    /// comes. Completion sends what is buffered, then completes, at once; an
    /// error is forwarded at once, and the buffered values are dropped.
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
        return makeOperator(name: name, operation: .bufferWithTime(seconds: interval, scheduler: scheduler.name)) {
            (subscriber: any Subscriber<[Value]>) in
            let timerDisposable = SerialDisposable()
            let values = Locked<[Value]>([])
            // RAC handles these under `@synchronized`, the send included. Here they take turns
            // through a drain queue instead, and only the buffer is locked, never a send.
            let inputs = DrainQueue<BufferInput<Value>>()

            @Sendable func flushValues() {
                timerDisposable.disposable?.dispose()
                let batch = values.withLock { values in
                    defer { values.removeAll() }
                    return values
                }
                if !batch.isEmpty { subscriber.sendNext(batch) }
            }

            @Sendable func handle(_ input: BufferInput<Value>) {
                switch input {
                case .value(let value, let context):
                    let wasEmpty = values.withLock { values in
                        defer { values.append(value) }
                        return values.isEmpty
                    }
                    if wasEmpty {
                        timerDisposable.disposable = scheduler.schedule(after: interval) {
                            inputs.submit(.flush(context), handle)
                        }
                    }
                case .flush(let context):
                    // In the first value's delivery's context, whichever thread's drain runs it.
                    context.run { flushValues() }
                case .completed(let context):
                    context.run {
                        flushValues()
                        subscriber.sendCompleted()
                    }
                }
            }

            let subscription = self.subscribe(
                // The context is taken here, not in `handle`, which may run on another thread.
                next: { inputs.submit(.value($0, Probe.Carried.current), handle) },
                error: { subscriber.sendError($0) },
                completed: { inputs.submit(.completed(Probe.Carried.current), handle) })
            return BlockDisposable {
                subscription.dispose()
                timerDisposable.dispose()
            }
        }
    }
}
