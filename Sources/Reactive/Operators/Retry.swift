// RAC 2.5's -retry:, -retry and -repeat (RACSignal+Operations.m), all three
// built on its private subscribeForever helper.

extension Signal {
    /// Resubscribes to the receiver each time it fails, without limit
    /// (RAC's `-retry`).
    ///
    /// Each retry is a new subscription: the receiver's work (its
    /// `didSubscribe`) runs again. Values from every attempt are forwarded;
    /// the completion ends the result. See ``retry(_:)`` for the scheduling.
    ///
    /// ```swift
    /// let data = flakyRequest.retry()
    /// ```
    /// - Returns: A signal named `"[<name>] -retry"`.
    public func retry() -> Signal<Value> {
        retry(0, named: "[\(name)] -retry", operation: .retry(count: nil))
    }

    /// Resubscribes to the receiver when it fails, at most `count` times, then
    /// forwards the error (RAC's `-retry:`).
    ///
    /// Each retry is a new subscription: the receiver's work (its
    /// `didSubscribe`) runs again, so `retry(2)` of a request that always fails
    /// runs it three times and sends the third error. Values from every
    /// attempt are forwarded; the completion ends the result.
    ///
    /// As in RAC, a count of 0 means no limit, like ``retry()``.
    ///
    /// The first attempt is made at subscription. Each later one is scheduled,
    /// by recursive scheduling, on the scheduler that was ``Scheduler/current``
    /// at the first failure (a new ``QueueScheduler`` when there was none):
    /// on a ``TestScheduler`` it happens at the same virtual time as the error,
    /// after the work already due then. A receiver that fails at once on every
    /// subscription therefore retries as a series of scheduled runs, never
    /// nested ones.
    ///
    /// ```swift
    /// let data = request.retry(2)   // up to three attempts
    /// ```
    /// - Parameter count: How many times to resubscribe; 0 for no limit.
    /// - Returns: A signal named `"[<name>] -retry: <count>"`.
    public func retry(_ count: Int) -> Signal<Value> {
        precondition(count >= 0, "retry(_:) needs a count of 0 or more, got \(count)")
        return retry(count, named: "[\(name)] -retry: \(count)", operation: .retry(count: count))
    }

    private func retry(_ count: Int, named name: String, operation: SignalOperation) -> Signal<Value> {
        makeOperator(name: name, operation: operation) { subscriber in
            // Attempts end one after another, so their errors never overlap.
            let retries = Locked(0)
            return self.subscribeForever(
                next: { subscriber.sendNext($0) },
                error: { error, disposable in
                    let retry = retries.withLock { retries -> Bool in
                        guard count == 0 || retries < count else { return false }
                        retries += 1
                        return true
                    }
                    if retry { return }
                    disposable.dispose()
                    subscriber.sendError(error)
                },
                completed: { disposable in
                    disposable.dispose()
                    subscriber.sendCompleted()
                })
        }
    }

    /// Resubscribes to the receiver each time it completes, forever; an error
    /// ends the result (RAC's `-repeat`).
    ///
    /// Named `repeat` as in RAC (a keyword, so declared with backticks; call it
    /// as `signal.repeat()`). Each repetition is a new subscription, scheduled
    /// as ``retry(_:)`` schedules a retry: on a ``TestScheduler``, at the
    /// virtual time of the completion. The result never completes; end it by
    /// disposing it, or with an operator such as ``take(_:)``.
    ///
    /// ```swift
    /// let pings = Signal.return("ping").repeat().take(3)   // ping, ping, ping
    /// ```
    /// - Returns: A signal named `"[<name>] -repeat"`.
    public func `repeat`() -> Signal<Value> {
        makeOperator(name: "[\(name)] -repeat", operation: .repeat) { subscriber in
            self.subscribeForever(
                next: { subscriber.sendNext($0) },
                error: { error, disposable in
                    disposable.dispose()
                    subscriber.sendError(error)
                },
                completed: { _ in })   // Resubscribe.
        }
    }

    /// Subscribes to the receiver, and again each time it fails or completes,
    /// unless the disposable passed to `error` or `completed` was disposed
    /// (RAC's private `subscribeForever`).
    ///
    /// The first subscription is made at once; each later one through
    /// ``Scheduler/scheduleRecursive(_:)`` on the scheduler current at the first
    /// termination, or a new ``QueueScheduler`` when none is.
    private func subscribeForever(
        next: @escaping @Sendable (Value) -> Void,
        error: @escaping @Sendable (any Error, CompoundDisposable) -> Void,
        completed: @escaping @Sendable (CompoundDisposable) -> Void
    ) -> any Disposable {
        let compoundDisposable = CompoundDisposable()

        let recursiveBlock: @Sendable (_ recurse: @escaping @Sendable () -> Void) -> Void = { recurse in
            let selfDisposable = CompoundDisposable()
            compoundDisposable.add(selfDisposable)
            let subscription = self.subscribe(
                next: next,
                error: { [weak selfDisposable] failure in
                    error(failure, compoundDisposable)
                    if let selfDisposable { compoundDisposable.remove(selfDisposable) }
                    recurse()
                },
                completed: { [weak selfDisposable] in
                    completed(compoundDisposable)
                    if let selfDisposable { compoundDisposable.remove(selfDisposable) }
                    recurse()
                })
            selfDisposable.add(subscription)
        }

        // Subscribe once at once, then use recursive scheduling for every resubscription.
        recursiveBlock {
            let recursiveScheduler = Scheduler.current ?? QueueScheduler()
            compoundDisposable.add(recursiveScheduler.scheduleRecursive(recursiveBlock))
        }
        return compoundDisposable
    }
}
