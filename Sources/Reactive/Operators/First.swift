import Dispatch

// RAC 2.5's -first, -firstOrDefault: and -firstOrDefault:success:error: (RACSignal.m): subscribe,
// wait for the first event, and return the first value. They block the calling thread, as RAC's
// do, so they can run only where waiting does not stop what must deliver the value: a value sent
// at once (a return signal, a subject's replayed history) or from another thread. On virtual time
// the value would come only when this thread advanced the clock, so there they never wait: a value
// the receiver does not send at once is a programming error, reported as RAC asserts.

extension Signal {
    /// The receiver's first value, or `nil` if it completes or fails first (RAC's `-first`).
    ///
    /// It subscribes, waits for the first event, and disposes the subscription. The wait blocks
    /// the calling thread: use it only where the value comes at once (a replayed value, `return`)
    /// or from another thread. On a ``TestScheduler`` (or a scheduler named on one) the value must
    /// come at once: waiting there would never end, and is a precondition failure instead.
    ///
    /// ```swift
    /// let current = Signal.return(3).first()   // 3
    /// ```
    public func first() -> Value? {
        try? firstResult()?.get()
    }

    /// The receiver's first value, or `defaultValue` if it completes or fails first
    /// (RAC's `-firstOrDefault:`). It waits as ``first()`` does.
    ///
    /// ```swift
    /// let name = names.first(orDefault: "anonymous")
    /// ```
    public func first(orDefault defaultValue: Value) -> Value {
        first() ?? defaultValue
    }

    /// The receiver's first value, its error if it fails first, or `nil` if it completes with no
    /// value (RAC's `-firstOrDefault:success:error:`). It waits as ``first()`` does.
    ///
    /// ```swift
    /// switch request.firstResult() {
    /// case .success(let value): show(value)
    /// case .failure(let error): report(error)
    /// case nil: break   // completed with no value
    /// }
    /// ```
    public func firstResult() -> Result<Value, any Error>? {
        let result = Locked<Event<Value>?>(nil)
        let done = DispatchSemaphore(value: 0)
        @Sendable func finish(_ event: Event<Value>) {
            let isFirst = result.withLock { stored -> Bool in
                guard stored == nil else { return false }
                stored = event
                return true
            }
            if isFirst { done.signal() }
        }
        let disposable = take(1).subscribe(
            next: { finish(.next($0)) },
            error: { finish(.error($0)) },
            completed: { finish(.completed) })
        if result.withLock({ $0 }) == nil {
            // A run its report budget stopped delivers nothing more, and is discarded: there is
            // nothing to wait for (a command's `execute` asks its `enabled` in such a run).
            if probe?.isHalted == true {
                disposable.dispose()
                return nil
            }
            precondition(
                Scheduler.current?.isVirtualTime != true,
                "first() on virtual time: \(name) sent nothing at once, and waiting would stop the clock that must send it")
            done.wait()
        }
        disposable.dispose()
        switch result.withLock({ $0 }) {
        case .next(let value): return .success(value)
        case .error(let error): return .failure(error)
        case .completed, nil: return nil
        }
    }
}
