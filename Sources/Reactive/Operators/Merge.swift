extension Signal {
    /// Subscribes to all of `signals` at once and forwards every value
    /// (RAC's `+merge:`).
    ///
    /// Completes when all of them have completed; fails, disposing the others,
    /// at the first error.
    ///
    /// ```swift
    /// Signal.merge([title, desc, renderedDesc]).subscribe(error: { showAlert($0) })
    /// ```
    public static func merge(_ signals: [Signal<Value>]) -> Signal<Value> {
        let names = signals.map(\.name).joined(separator: ", ")
        return Signal<Signal<Value>>.makeOperator(name: "+createSignal:", operation: .createSignal) { subscriber in
            for signal in signals { subscriber.sendNext(signal) }
            subscriber.sendCompleted()
            return nil
        }.flattenMap(named: "+merge: (\(names))", operation: .merge(signals: signals.map(\.operandID))) { $0 }
            .reported(as: .merge(signals: signals.map(\.operandID)), receiver: nil)
    }

    /// Merges the receiver with `other` (RAC's `-merge:`).
    public func merge(_ other: Signal<Value>) -> Signal<Value> {
        Signal.merge([self, other])
            .described(as: "[\(name)] -merge: \(other.name)", operation: .merge(signals: [operandID, other.operandID]), receiver: operandID)
    }
}
