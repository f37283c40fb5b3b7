extension Signal {
    /// Sends the receiver's latest value each time `sampler` sends a value
    /// (RAC's `-sample:`).
    ///
    /// Nothing is sent for a tick that comes before the receiver's first value;
    /// after that, every tick sends the latest value, even one sent already.
    /// The receiver is subscribed first, then `sampler`. Whichever of them
    /// terminates first ends the result the same way and disposes the other.
    /// A value replaced before any tick sent it, and one no tick sent before the end, are
    /// dropped (reported, when observed).
    ///
    /// ```swift
    /// let positions = mouseLocation.sample(frameTicks)   // the latest location once per frame
    /// ```
    /// - Parameter sampler: Each of its values sends the latest value; its own values are ignored.
    /// - Returns: A signal named `"[<name>] -sample: <sampler name>"`.
    public func sample<Tick: Sendable>(_ sampler: Signal<Tick>) -> Signal<Value> {
        let source = dropSource
        return makeOperator(name: "[\(name)] -sample: \(sampler.name)", operation: .sample(sampler: sampler.operandID)) {
            subscriber in
            // As in RAC, the latest value is kept under a lock and sent outside it, not in turns.
            let storage = OperatorStorage(SampleStateMachine<Value>(), sendingTo: subscriber, droppingFrom: source, inTurn: false)
            let samplerDisposable = SerialDisposable()
            let sourceDisposable = self.subscribe(
                next: { storage.receive(.value($0)) },
                error: { error in
                    samplerDisposable.dispose()
                    storage.receive(.failed(error))
                },
                completed: {
                    samplerDisposable.dispose()
                    storage.receive(.completed)
                })
            samplerDisposable.disposable = sampler.subscribe(
                next: { _ in storage.receive(.tick) },
                error: { error in
                    sourceDisposable.dispose()
                    storage.receive(.failed(error))
                },
                completed: {
                    sourceDisposable.dispose()
                    storage.receive(.completed)
                })
            return BlockDisposable {
                samplerDisposable.dispose()
                sourceDisposable.dispose()
            }
        }
    }
}

/// `sample`'s state: the receiver's latest value, and whether a tick sent it.
struct SampleStateMachine<Value: Sendable>: OperatorStateMachine {
    typealias Output = Value
    typealias Received = Value

    enum Input: Sendable {
        /// A value from the receiver.
        case value(Value)
        /// A value from the sampler.
        case tick
        /// Either signal completed.
        case completed
        /// Either signal failed.
        case failed(any Error)
    }

    private var latest: Value?
    private var sentLatest = false

    mutating func handle(_ input: Input) -> OperatorActions<Self> {
        switch input {
        case .value(let value):
            let replaced = latest.take()
            latest = value
            // Read before it is reset: whether a tick sent the value replaced.
            defer { sentLatest = false }
            guard let replaced else { return [] }
            return [sentLatest ? .release(replaced) : .drop(replaced)]
        case .tick:
            guard let value = latest else { return [] }
            sentLatest = true
            return [.sendNext(value)]
        case .completed:
            return leftOut() + [.sendCompleted]
        case .failed(let error):
            return leftOut() + [.sendError(error)]
        }
    }

    /// The latest value, dropped if no tick sent it.
    private mutating func leftOut() -> OperatorActions<Self> {
        guard let value = latest.take() else { return [] }
        return [sentLatest ? .release(value) : .drop(value)]
    }
}
