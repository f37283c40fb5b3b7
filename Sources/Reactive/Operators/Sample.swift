extension Signal {
    /// Sends the receiver's latest value each time `sampler` sends a value
    /// (RAC's `-sample:`).
    ///
    /// Nothing is sent for a tick that comes before the receiver's first value;
    /// after that, every tick sends the latest value, even one sent already.
    /// The receiver is subscribed first, then `sampler`. Whichever of them
    /// terminates first ends the result the same way and disposes the other.
    ///
    /// ```swift
    /// let positions = mouseLocation.sample(frameTicks)   // the latest location once per frame
    /// ```
    /// - Parameter sampler: Each of its values sends the latest value; its own values are ignored.
    /// - Returns: A signal named `"[<name>] -sample: <sampler name>"`.
    public func sample<Tick: Sendable>(_ sampler: Signal<Tick>) -> Signal<Value> {
        makeOperator(name: "[\(name)] -sample: \(sampler.name)", operation: .sample(sampler: sampler.operandID)) {
            subscriber in
            let lastValue = Locked<Value?>(nil)
            let samplerDisposable = SerialDisposable()
            let sourceDisposable = self.subscribe(
                next: { value in _ = lastValue.exchange(value) },  // the value replaced is released unlocked
                error: { error in
                    samplerDisposable.dispose()
                    subscriber.sendError(error)
                },
                completed: {
                    samplerDisposable.dispose()
                    subscriber.sendCompleted()
                })
            samplerDisposable.disposable = sampler.subscribe(
                next: { _ in
                    // Read under the lock, sent after it is released.
                    if let value = lastValue.withLock({ $0 }) { subscriber.sendNext(value) }
                },
                error: { error in
                    sourceDisposable.dispose()
                    subscriber.sendError(error)
                },
                completed: {
                    sourceDisposable.dispose()
                    subscriber.sendCompleted()
                })
            return BlockDisposable {
                samplerDisposable.dispose()
                sourceDisposable.dispose()
            }
        }
    }
}
