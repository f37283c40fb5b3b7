// RAC 2.5's -takeUntil: and -takeUntilReplacement: (RACSignal+Operations.m).

extension Signal {
    /// Forwards the receiver's events until `trigger` sends a value or
    /// completes, then completes (RAC's `-takeUntil:`).
    ///
    /// Each subscription subscribes to `trigger` first and to the receiver only
    /// if the trigger has not fired meanwhile, so values the receiver would send
    /// at once are dropped when the trigger fires at once. When the trigger
    /// fires, or the receiver completes, both subscriptions are disposed and the
    /// result completes. An error from the receiver is forwarded; an error from
    /// the trigger is ignored.
    ///
    /// ```swift
    /// let typed = keystrokes.take(until: screen.willClose)
    /// ```
    /// - Parameter trigger: The signal whose first value or completion ends the result.
    /// - Returns: A signal named `"[<name>] -takeUntil: <trigger's name>"`.
    public func take<Trigger: Sendable>(until trigger: Signal<Trigger>) -> Signal<Value> {
        makeOperator(name: "[\(name)] -takeUntil: \(trigger.name)", operation: .takeUntil(trigger: trigger.operandID)) {
            subscriber in
            let disposable = CompoundDisposable()
            @Sendable func triggerCompletion() {
                disposable.dispose()
                subscriber.sendCompleted()
            }
            disposable.add(trigger.subscribe(next: { _ in triggerCompletion() }, completed: triggerCompletion))
            if !disposable.isDisposed {
                disposable.add(self.subscribe(
                    next: { subscriber.sendNext($0) },
                    error: { subscriber.sendError($0) },
                    completed: {
                        disposable.dispose()
                        subscriber.sendCompleted()
                    }))
            }
            return disposable
        }
    }

    /// Forwards the receiver's values until `replacement` sends any event,
    /// then forwards `replacement`'s events instead (RAC's `-takeUntilReplacement:`).
    ///
    /// Each subscription subscribes to `replacement` first, then, unless it has
    /// already sent something, to the receiver followed by ``never()`` (RAC's
    /// `[self concat:[RACSignal never]]`): the receiver's completion is not
    /// forwarded, its error is. The first event from `replacement` (a value,
    /// an error or the completion) disposes the receiver's subscription and is
    /// forwarded, as are the rest of `replacement`'s events.
    ///
    /// ```swift
    /// let shown = cachedResults.take(untilReplacement: freshResults)
    /// ```
    /// - Parameter replacement: The signal that takes over at its first event.
    /// - Returns: A signal named `"+createSignal:"`: RAC 2.5 gives this operator no name of its own.
    public func take(untilReplacement replacement: Signal<Value>) -> Signal<Value> {
        makeOperator(name: "+createSignal:", operation: .takeUntilReplacement(replacement: replacement.operandID)) {
            subscriber in
            let selfDisposable = SerialDisposable()
            let replacementDisposable = replacement.subscribe(
                next: { value in
                    selfDisposable.dispose()
                    subscriber.sendNext(value)
                },
                error: { error in
                    selfDisposable.dispose()
                    subscriber.sendError(error)
                },
                completed: {
                    selfDisposable.dispose()
                    subscriber.sendCompleted()
                })
            if !selfDisposable.isDisposed {
                selfDisposable.disposable = self.concat(.never()).subscribe(subscriber)
            }
            return BlockDisposable {
                selfDisposable.dispose()
                replacementDisposable.dispose()
            }
        }
    }
}
