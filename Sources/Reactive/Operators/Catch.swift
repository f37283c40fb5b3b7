extension Signal {
    /// On error, subscribes to the signal `handler` returns for it instead
    /// (RAC's `-catch:`).
    public func `catch`(_ handler: @escaping @Sendable (any Error) -> Signal<Value>) -> Signal<Value> {
        `catch`(named: "[\(name)] -catch:", handler)
    }

    /// On error, continues with `replacement` (RAC's `-catchTo:`).
    ///
    /// ```swift
    /// title.catchTo(.return("Error")).startWith("Loading...")
    /// ```
    public func catchTo(_ replacement: Signal<Value>) -> Signal<Value> {
        `catch`(named: "[\(name)] -catchTo: \(replacement.name)") { _ in replacement }
    }

    private func `catch`(
        named name: String, _ handler: @escaping @Sendable (any Error) -> Signal<Value>
    ) -> Signal<Value> {
        Signal.makeOperator(name: name) { subscriber in
            let catchDisposable = SerialDisposable()
            let subscription = self.subscribe(
                next: { subscriber.sendNext($0) },
                error: { error in catchDisposable.disposable = handler(error).subscribe(subscriber) },
                completed: { subscriber.sendCompleted() })
            return BlockDisposable {
                catchDisposable.dispose()
                subscription.dispose()
            }
        }
    }
}
