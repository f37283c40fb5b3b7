extension Signal {
    /// Forwards the receiver's values, then, when it completes, subscribes to
    /// `other` (RAC's `-concat:`).
    ///
    /// `other` is never subscribed if the receiver fails.
    public func concat(_ other: Signal<Value>) -> Signal<Value> {
        concat(other, named: "[\(name)] -concat: \(other.name)")
    }

    func concat(_ other: Signal<Value>, named name: String) -> Signal<Value> {
        Signal.makeOperator(name: name) { subscriber in
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
        return signals.reduce(Signal.empty()) { $0.concat($1) }.described(as: "+concat: (\(names))")
    }

    /// Sends `value` first, then the receiver's events (RAC's `-startWith:`).
    public func startWith(_ value: Value) -> Signal<Value> {
        Signal.return(value).concat(self, named: "[\(name)] -startWith: \(value)")
    }

    /// Ignores the receiver's values and, when it completes, continues with
    /// the signal `next` makes then (RAC's `-then:`).
    ///
    /// `next` runs each time the receiver completes, not before.
    public func then<Next: Sendable>(_ next: @escaping @Sendable () -> Signal<Next>) -> Signal<Next> {
        ignoreValues(as: Next.self).concat(Signal<Next>.defer(next), named: "[\(name)] -then:")
    }
}
