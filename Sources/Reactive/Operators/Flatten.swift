// RAC 2.5's -flatten: and -concat (RACSignal+Operations.m).

/// What one `flatten(maxConcurrent:)` subscription is doing: how many inner
/// signals hold a slot (subscribed, or about to be), the inner signals waiting
/// their turn, and whether the receiver has completed (RAC's `activeDisposables`
/// count, `queuedSignals` and `selfCompleted`).
///
/// A slot is claimed in the same critical section that decides a signal need not
/// wait, and handed from a completed inner signal straight to the next waiting
/// one: so no other signal can take it in between, and the result cannot complete
/// while a signal taken from the queue is not yet subscribed.
private struct FlattenState<Inner: Sendable>: Sendable {
    var active = 0
    /// The signals waiting for a slot, each with the context of the delivery that brought it,
    /// when observed: its subscription, made when a slot frees, continues that delivery.
    var queued: [(signal: Signal<Inner>, context: Probe.Carried?)] = []
    var selfCompleted = false

    /// RAC's `completeIfAllowed`.
    var canComplete: Bool { selfCompleted && active == 0 }
}

extension Signal {
    /// Merges the values of the signals the receiver sends, with at most
    /// `maxConcurrent` of them subscribed at a time (RAC's `-flatten:`).
    ///
    /// An inner signal that arrives while `maxConcurrent` are running waits in a
    /// queue; each time one completes, the oldest waiting signal is subscribed
    /// (when observed, its subscription names the delivery that brought it as cause).
    /// A `maxConcurrent` of 0 means no limit. The result completes when the
    /// receiver and every inner signal have completed, and fails at the first
    /// error from any of them, which disposes everything.
    ///
    /// ```swift
    /// let downloads = urls.map { download($0) }.flatten(maxConcurrent: 2)
    /// ```
    /// - Parameter maxConcurrent: How many inner signals may be subscribed at once; 0 for no limit.
    /// - Returns: A signal named `"[<name>] -flatten: <maxConcurrent>"`.
    public func flatten<Inner: Sendable>(maxConcurrent: Int) -> Signal<Inner> where Value == Signal<Inner> {
        precondition(maxConcurrent >= 0, "flatten(maxConcurrent:) needs 0 or more, got \(maxConcurrent)")
        return flatten(maxConcurrent: maxConcurrent, named: "[\(name)] -flatten: \(maxConcurrent)", operation: .flatten(limit: maxConcurrent))
    }

    /// Subscribes to the signals the receiver sends one after another, each when
    /// the one before has completed (RAC's `-concat`, that is `-flatten: 1`).
    ///
    /// ```swift
    /// let pages = pageRequests.concat()   // one request at a time, in the order they came
    /// ```
    /// - Returns: A signal named `"[<name>] -concat"`.
    public func concat<Inner: Sendable>() -> Signal<Inner> where Value == Signal<Inner> {
        flatten(maxConcurrent: 1, named: "[\(name)] -concat", operation: .concatSignals)
    }

    private func flatten<Inner: Sendable>(
        maxConcurrent: Int, named name: String, operation: SignalOperation
    ) -> Signal<Inner> where Value == Signal<Inner> {
        makeOperator(name: name, operation: operation) { (subscriber: any Subscriber<Inner>) in
            let compound = CompoundDisposable()
            let state = Locked(FlattenState<Inner>())

            @Sendable func subscribe(to signal: Signal<Inner>) {
                let serial = SerialDisposable()
                compound.add(serial)
                serial.disposable = signal.subscribe(
                    next: { subscriber.sendNext($0) },
                    error: { subscriber.sendError($0) },
                    completed: {
                        compound.remove(serial)
                        // Either the next waiting signal, or whether to complete.
                        let (next, completes) = state.withLock { state -> ((signal: Signal<Inner>, context: Probe.Carried?)?, Bool) in
                            // The slot passes to the next waiting signal, if there is one.
                            if !state.queued.isEmpty { return (state.queued.removeFirst(), false) }
                            state.active -= 1
                            return (nil, state.canComplete)
                        }
                        if let next {
                            next.context.run { subscribe(to: next.signal) }
                        } else if completes {
                            subscriber.sendCompleted()
                        }
                    })
            }

            compound.add(self.subscribe(
                next: { signal in
                    let waits = state.withLock { state -> Bool in
                        guard maxConcurrent > 0, state.active >= maxConcurrent else {
                            state.active += 1
                            return false
                        }
                        state.queued.append((signal, Probe.Carried.current))
                        return true
                    }
                    if !waits { subscribe(to: signal) }
                },
                error: { subscriber.sendError($0) },
                completed: {
                    let completes = state.withLock { state -> Bool in
                        state.selfCompleted = true
                        return state.canComplete
                    }
                    if completes { subscriber.sendCompleted() }
                }))
            return compound
        }
    }
}
