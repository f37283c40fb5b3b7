import Synchronization

/// The signals a `bind` subscription is still waiting for, by identity.
///
/// RAC 2.5 keeps them in an array and removes *every* entry of a signal when
/// one of them completes, so a signal that is active twice (as in
/// `a.merge(a)`) completes the result early. That quirk is kept.
private final class ActiveSignals: Sendable {
    private let signals: Locked<[ObjectIdentifier]>

    init(_ first: AnyObject) { signals = Locked([ObjectIdentifier(first)]) }

    func add(_ signal: AnyObject) { signals.withLock { $0.append(ObjectIdentifier(signal)) } }

    /// Removes `signal`; returns whether nothing is left.
    func remove(_ signal: AnyObject) -> Bool {
        signals.withLock { signals in
            let id = ObjectIdentifier(signal)
            signals.removeAll { $0 == id }
            return signals.isEmpty
        }
    }
}

extension Signal {
    /// RAC 2.5's `-bind:`, on which `flattenMap`, `map`, `filter`, `take` and
    /// `ignoreValues` are built.
    ///
    /// For each subscription, `makeBindingBlock` makes a block that turns each
    /// value into a signal to subscribe to (merged into the result), or `nil`
    /// to stop; setting its `stop` flag stops after that signal. The result
    /// completes when the receiver and every inner signal have completed, and
    /// fails, disposing everything, at the first error.
    func bind<Result: Sendable>(
        named name: String, operation: SignalOperation,
        _ makeBindingBlock: @escaping @Sendable () -> @Sendable (Value, inout Bool) -> Signal<Result>?
    ) -> Signal<Result> {
        makeOperator(name: name, operation: operation) { (subscriber: any Subscriber<Result>) in
            let bindingBlock = makeBindingBlock()
            let active = ActiveSignals(self)
            let compound = CompoundDisposable()

            @Sendable func complete(_ signal: AnyObject, _ finished: any Disposable) {
                if active.remove(signal) {
                    subscriber.sendCompleted()
                    compound.dispose()
                } else {
                    compound.remove(finished)
                }
            }

            @Sendable func add(_ signal: Signal<Result>) {
                active.add(signal)
                let serial = SerialDisposable()
                compound.add(serial)
                serial.disposable = signal.subscribe(
                    next: { subscriber.sendNext($0) },
                    error: { error in
                        compound.dispose()
                        subscriber.sendError(error)
                    },
                    completed: { complete(signal, serial) })
            }

            let selfDisposable = SerialDisposable()
            compound.add(selfDisposable)
            selfDisposable.disposable = self.subscribe(
                next: { value in
                    // Checked by hand so that a synchronous error stops the rest.
                    if compound.isDisposed { return }
                    var stop = false
                    let signal = bindingBlock(value, &stop)
                    if let signal { add(signal) }
                    if signal == nil || stop {
                        selfDisposable.dispose()
                        complete(self, selfDisposable)
                    }
                },
                error: { error in
                    compound.dispose()
                    subscriber.sendError(error)
                },
                completed: { complete(self, selfDisposable) })
            return compound
        }
    }

    /// Maps each value to a signal and merges the values of all of them
    /// (RAC's `-flattenMap:`).
    ///
    /// Every inner signal is subscribed as soon as its value arrives; the result
    /// completes when the receiver and every inner signal have completed, and
    /// fails at the first error from any of them.
    ///
    /// ```swift
    /// let title = fetchData.flattenMap { json in
    ///     json.title.map(Signal.return) ?? Signal.error(MissingField.title)
    /// }
    /// ```
    public func flattenMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Value) -> Signal<Result>
    ) -> Signal<Result> {
        flattenMap(named: "[\(name)] -flattenMap:", operation: .flattenMap, transform)
    }

    func flattenMap<Result: Sendable>(
        named name: String, operation: SignalOperation, _ transform: @escaping @Sendable (Value) -> Signal<Result>
    ) -> Signal<Result> {
        bind(named: name, operation: operation) { { value, _ in transform(value) } }
    }

    /// Transforms each value (RAC's `-map:`).
    ///
    /// As in RAC, each value goes through an inner ``return(_:)`` signal.
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Value) -> Result) -> Signal<Result> {
        map(named: "[\(name)] -map:", operation: .map, transform)
    }

    /// ``map(_:)`` under another name: the operators RAC builds as a map (`-mapReplace:`, `-not`, ...).
    func map<Result: Sendable>(
        named name: String, operation: SignalOperation, _ transform: @escaping @Sendable (Value) -> Result
    ) -> Signal<Result> {
        flattenMap(named: name, operation: operation) { Signal<Result>.return(transform($0)) }
    }

    /// Forwards only the values for which `isIncluded` is true (RAC's `-filter:`).
    ///
    /// When observed, each value left out is reported as dropped
    /// (``InstrumentationEvent/Kind/dropped(subscription:value:)``).
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        let source = dropSource
        return flattenMap(named: "[\(name)] -filter:", operation: .filter) { value in
            if isIncluded(value) { return .return(value) }
            Probe.reportDrop(of: value, from: source)
            return .empty()
        }
    }

    /// Drops every value, forwarding only the error or completion
    /// (RAC's `-ignoreValues`).
    public func ignoreValues() -> Signal<Value> {
        ignoreValues(as: Value.self)
    }

    func ignoreValues<Result: Sendable>(as _: Result.Type) -> Signal<Result> {
        flattenMap(named: "[\(name)] -ignoreValues", operation: .ignoreValues) { _ in Signal<Result>.empty() }
    }

    /// Forwards the first `count` values, then completes (RAC's `-take:`).
    ///
    /// `take(0)` is ``empty()`` itself: the receiver is never subscribed.
    public func take(_ count: Int) -> Signal<Value> {
        precondition(count >= 0, "take(_:) needs a count of 0 or more, got \(count)")
        if count == 0 { return .empty() }
        return bind(named: "[\(name)] -take: \(count)", operation: .take(count: count)) {
            // Values arrive one at a time, so a load and a store suffice.
            let taken = Atomic(0)
            return { value, stop in
                let before = taken.load(ordering: .relaxed)
                guard before < count else { return nil }
                taken.store(before + 1, ordering: .relaxed)
                if before + 1 == count { stop = true }
                return .return(value)
            }
        }
    }
}

extension Signal {
    /// Merges the values of the signals the receiver sends (RAC's `-flatten`).
    public func flatten<Inner: Sendable>() -> Signal<Inner> where Value == Signal<Inner> {
        flattenMap(named: "[\(name)] -flatten", operation: .flatten(limit: nil)) { $0 }
    }
}
