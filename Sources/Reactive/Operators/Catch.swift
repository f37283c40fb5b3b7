extension Signal {
    /// On error, subscribes to the signal `handler` returns for it instead
    /// (RAC's `-catch:`).
    public func `catch`(_ handler: @escaping @Sendable (any Error) -> Signal<Value>) -> Signal<Value> {
        `catch`(named: "[\(name)] -catch:", operation: .catch, handler)
    }

    /// On error, continues with `replacement` (RAC's `-catchTo:`).
    ///
    /// ```swift
    /// title.catchTo(.return("Error")).startWith("Loading...")
    /// ```
    public func catchTo(_ replacement: Signal<Value>) -> Signal<Value> {
        `catch`(named: "[\(name)] -catchTo: \(replacement.name)", operation: .catchTo(replacement: replacement.operandID)) {
            _ in replacement
        }
    }

    private func `catch`(
        named name: String, operation: SignalOperation, _ handler: @escaping @Sendable (any Error) -> Signal<Value>
    ) -> Signal<Value> {
        makeOperator(name: name, operation: operation) { subscriber in
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
