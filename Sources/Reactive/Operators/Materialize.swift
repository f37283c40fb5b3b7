// RAC 2.5's -materialize and -dematerialize (RACSignal+Operations.m).

extension Signal {
    /// Sends each of the receiver's events as a value, then completes
    /// (RAC's `-materialize`).
    ///
    /// An error or the completion becomes a value (``Event/error(_:)`` or
    /// ``Event/completed``) followed by the result's own completion, so the
    /// result never fails.
    ///
    /// ```swift
    /// let log = request.materialize()   // .next(data), .completed, then completes
    /// ```
    /// - Returns: A signal named `"[<name>] -materialize"`.
    public func materialize() -> Signal<Event<Value>> {
        makeOperator(name: "[\(name)] -materialize", operation: .materialize) { (subscriber: any Subscriber<Event<Value>>) in
            self.subscribe(
                next: { subscriber.sendNext(.next($0)) },
                error: { error in
                    subscriber.sendNext(.error(error))
                    subscriber.sendCompleted()
                },
                completed: {
                    subscriber.sendNext(.completed)
                    subscriber.sendCompleted()
                })
        }
    }

    /// Turns a signal of events back into the events themselves
    /// (RAC's `-dematerialize`).
    ///
    /// A ``Event/next(_:)`` value is sent as a value; an ``Event/error(_:)``
    /// or ``Event/completed`` value ends the result with that event and
    /// disposes the receiver's subscription. Built, as in RAC, on `-bind:`.
    ///
    /// ```swift
    /// let same = request.materialize().dematerialize()
    /// ```
    /// - Returns: A signal named `"[<name>] -dematerialize"`.
    public func dematerialize<Inner: Sendable>() -> Signal<Inner> where Value == Event<Inner> {
        bind(named: "[\(name)] -dematerialize", operation: .dematerialize) {
            { event, stop in
                switch event {
                case .completed:
                    stop = true
                    return .empty()
                case .error(let error):
                    stop = true
                    return .error(error)
                case .next(let value):
                    return .return(value)
                }
            }
        }
    }
}
