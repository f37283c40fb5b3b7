extension Signal {
    /// Forwards the receiver's values, then, when it completes, subscribes to
    /// `other` (RAC's `-concat:`).
    ///
    /// `other` is never subscribed if the receiver fails.
    public func concat(_ other: Signal<Value>) -> Signal<Value> {
        concat(other, named: "[\(name)] -concat: \(other.name)", operation: .concat(signals: [operandID, other.operandID]))
    }

    func concat(_ other: Signal<Value>, named name: String, operation: SignalOperation) -> Signal<Value> {
        makeOperator(name: name, operation: operation) { subscriber in
            let serial = SerialDisposable()
            // As in RAC 2.5, a synchronous completion's disposable is replaced
            // here without being disposed; the passthrough still owns it.
            let source = self.subscribe(
                next: { subscriber.sendNext($0) },
                error: { subscriber.sendError($0) },
                completed: { serial.disposable = other.subscribe(subscriber) })
            serial.disposable = source
            return serial
        }
    }

    /// Subscribes to `signals` one after another (RAC's `+concat:`).
    public static func concat(_ signals: [Signal<Value>]) -> Signal<Value> {
        let names = signals.map(\.name).joined(separator: ", ")
        return signals.reduce(Signal.empty()) { $0.concat($1) }
            .described(as: "+concat: (\(names))", operation: .concat(signals: signals.map(\.operandID)), receiver: nil)
    }

    /// Sends `value` first, then the receiver's events (RAC's `-startWith:`).
    public func startWith(_ value: Value) -> Signal<Value> {
        let operation = SignalOperation.startWith(value: boundedSignalName("\(value)"))
        return Signal.return(value).concat(self, named: "[\(name)] -startWith: \(value)", operation: operation)
            .reported(as: operation, receiver: operandID)
    }

    /// Ignores the receiver's values and, when it completes, continues with
    /// the signal `next` makes then (RAC's `-then:`).
    ///
    /// `next` runs each time the receiver completes, not before.
    public func then<Next: Sendable>(_ next: @escaping @Sendable () -> Signal<Next>) -> Signal<Next> {
        let block = Signal<Next>.defer(named: "+defer:", operation: .thenBlock, receiver: operandID, next)
        return ignoreValues(as: Next.self).concat(block, named: "[\(name)] -then:", operation: .then)
            .reported(as: .then, receiver: operandID)
    }
}
