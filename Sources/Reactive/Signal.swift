import Synchronization

/// The longest ``Signal/name`` a signal keeps, in characters; a longer one is
/// cut and ends in "…", as trace labels are.
public let signalNameLimit = 256

/// `name` cut to ``signalNameLimit`` characters (and 4 bytes each), the last of them "…",
/// when it is longer (``Swift/String/cut(toCharacters:)``).
func boundedSignalName(_ name: String) -> String {
    name.cut(toCharacters: signalNameLimit)
}

/// A stream of events that subscribers receive (RAC's `RACSignal`).
///
/// A signal made by ``create(_:)`` or an operator is *cold*: every
/// subscription runs its work again from the start, like video on demand.
/// A ``Subject`` is *hot*: it is one live broadcast, and a late subscriber
/// misses what was sent before it joined. ``MulticastConnection`` and the
/// `publish`, `replay`, `replayLast` and `replayLazily` operators turn cold
/// signals into hot ones.
///
/// ```swift
/// let request = Signal<String>.create { subscriber in
///     print("request sent")                       // runs once per subscription
///     subscriber.sendNext("response")
///     subscriber.sendCompleted()
///     return nil
/// }
/// request.subscribe(next: { print($0) })
/// ```
///
/// Subscribing runs on ``Scheduler/subscription``: synchronously when a
/// scheduler is current (scheduled work, the main thread), otherwise on a
/// background queue, exactly as in ReactiveCocoa 2.5.
public class Signal<Value: Sendable>: @unchecked Sendable {
    // @unchecked: a non-final class cannot be checked. Every stored property
    // here is a constant or a lock, and every subclass keeps its mutable
    // state in a lock (`Locked`), an Atomic or a DrainQueue.

    #if SIGVIZ_NO_INSTRUMENTATION
    /// Never set: this build has no instrumentation hook (see ``Instrumentation/isAvailable``),
    /// so every check of it is compiled out.
    @inline(__always) var probe: Probe? { nil }
    /// 0: no signal is observed in this build.
    @inline(__always) package var signalID: Int { 0 }
    #else
    /// The instrumentation installation this signal reports to, if any.
    let probe: Probe?
    /// The id the probe gave this signal (0 when not observed).
    package let signalID: Int
    #endif
    private let nameStorage: Locked<String>

    /// Makes a signal of `kind` named `name`; `operation`, when given, is what made it, applied to
    /// `receiver` (by id: see ``operandID``).
    init(kind: SignalKind, name: String, operation: SignalOperation? = nil, receiver: Int? = nil) {
        let name = boundedSignalName(name)
        nameStorage = Locked(name)
        #if !SIGVIZ_NO_INSTRUMENTATION
        if let context = Probe.context {
            let probe = context.probe
            self.probe = probe
            signalID = probe.makeSignalID()
            probe.record(.signalCreated(signal: signalID, kind: kind, name: name, operation: operation, receiver: receiver))
            if context.plumbing { probe.record(.signalIsPlumbing(signal: signalID)) }
        } else {
            probe = nil
            signalID = 0
        }
        #endif
    }

    /// A name for debugging, such as `"[fetchData] -replayLazily"`.
    ///
    /// Operators name their results after the receiver, as RAC's
    /// `setNameWithFormat:` does when `RAC_DEBUG_SIGNAL_NAMES` is set; here
    /// names are always kept, since seeing what happens is the point.
    ///
    /// A name is at most ``signalNameLimit`` characters: a longer one, given or
    /// made by an operator from its operands' names, is cut and ends in "…".
    /// Without the bound, `x.merge(x)` repeated would double the name each
    /// time (RAC's `[x] -merge: x`), 30 times over a gigabyte.
    public var name: String { nameStorage.withLock { $0 } }


    /// Sets ``name`` and returns the receiver (RAC's `-setNameWithFormat:`).
    ///
    /// A name over ``signalNameLimit`` characters is cut to that, ending in "…".
    ///
    /// ```swift
    /// let fetchData = Signal<Data>.create { ... }.named("fetchData")
    /// ```
    ///
    /// `fileID` and `line`, where the call is, are reported to an instrument that records call
    /// sites (a recording from Swift), so that a finding can say where in the code the signal is.
    /// In a run that proves a fix, installed with a `CodeRewrite` of this call, it returns the signal
    /// that rewrite makes in its place: use what it returns.
    @discardableResult
    public func named(_ name: String, fileID: String = #fileID, line: Int = #line) -> Self {
        let name = boundedSignalName(name)
        let replacement: Self? = switch rewrite(at: .naming(name), fileID: fileID, line: line) {
        case .replayLazily? where self is DynamicSignal<Value>:
            // A cold signal `create` made: replayLazily's own result is one too, so it takes its place.
            give(name: name, fileID: fileID, line: line).replayLazily() as? Self
        case .replaySubject(let capacity)? where type(of: self) == Subject<Value>.self || self is ReplaySubject<Value>:
            // The subject the code made is left unnamed and unused.
            (ReplaySubject<Value>(capacity: capacity ?? ReplaySubject<Value>.unlimitedCapacity) as? Self)?
                .give(name: name, fileID: fileID, line: line)
        default: nil  // none, a change of a subscription, or one that does not fit this signal
        }
        guard let replacement else { return give(name: name, fileID: fileID, line: line) }
        probe?.rewrites?.noteMade()
        return replacement
    }

    /// The change a ``CodeRewrite`` makes at `call`, at `fileID`, `line`, if there is one: only while
    /// this signal's installation runs on this thread, so that the signals made in its place are
    /// observed too.
    private func rewrite(at call: CodeRewrite.Call, fileID: String, line: Int) -> CodeRewrite.Change? {
        guard let probe, let rewrites = probe.rewrites, Probe.current === probe else { return nil }
        return rewrites.change(at: call, fileID: fileID, line: line)
    }

    /// Sets ``name`` (already bounded) and reports it, with where the code named the signal to an
    /// instrument that records call sites.
    private func give(name: String, fileID: String, line: Int) -> Self {
        nameStorage.withLock { $0 = name }
        if let probe {
            probe.record(.signalNamed(signal: signalID, name: name))
            if probe.recordsCallSites { probe.record(.signalNamedAt(signal: signalID, fileID: fileID, line: line)) }
        }
        return self
    }

    /// Sets ``name`` as an operator does to a signal it did not create, as RAC's own calls of
    /// `-setNameWithFormat:` do (`multicast:` renaming its subject): a description of how the
    /// signal was made, reported as ``InstrumentationEvent/Kind/signalDescribed(signal:description:)``,
    /// never mistaken for a name a user gave.
    /// `operation`, applied to `receiver` (by id: see ``operandID``), is reported as what the
    /// signal now is.
    @discardableResult
    func described(as description: String, operation: SignalOperation, receiver: Int? = nil) -> Self {
        let description = boundedSignalName(description)
        nameStorage.withLock { $0 = description }
        if let probe {
            probe.record(.signalDescribed(signal: signalID, description: description))
            probe.record(.signalOperation(signal: signalID, operation: operation, receiver: receiver))
        }
        return self
    }

    /// Reports `operation`, applied to `receiver` (by id: see ``operandID``), as what the signal
    /// is, in place of what it was reported as when it was made: for an operator RAC builds of
    /// others (`-startWith:` is a `-concat:` of a `+return:`), whose last step is made on another
    /// receiver than the operator's, or on none (`+merge:`).
    @discardableResult
    func reported(as operation: SignalOperation, receiver: Int?) -> Self {
        probe?.record(.signalOperation(signal: signalID, operation: operation, receiver: receiver))
        return self
    }

    /// The id of the signal whose subscriptions deliver this one's values, for an operator that
    /// reports the values it drops (see ``Probe/receipt(from:)``): its own, but for a signal that
    /// subscribes its subscribers to another (a channel terminal, to the subject it reads).
    var deliveringSignalID: Int { signalID }

    /// The signal's id, for a ``SignalOperation`` that names it (as a receiver or an operand) and is
    /// reported now, on this thread: `nil` unless the instrument installed on this thread
    /// observes it.
    var operandID: Int? {
        #if SIGVIZ_NO_INSTRUMENTATION
        nil
        #else
        guard let probe, probe === Probe.current else { return nil }
        return signalID
        #endif
    }

    /// Subscribes `subscriber` to the receiver's events (RAC's `-subscribe:`).
    ///
    /// - Returns: A disposable that ends the subscription: after it is
    ///   disposed, `subscriber` receives nothing more.
    @discardableResult
    public func subscribe(_ subscriber: any Subscriber<Value>) -> any Disposable {
        preconditionFailure("\(type(of: self)) must override subscribe(_:)")
    }

    /// Subscribes with closures for values, an error and completion
    /// (RAC's `-subscribeNext:error:completed:` and its shorter forms).
    ///
    /// ```swift
    /// subject.subscribe(label: "Subscriber 1", next: { print("Subscriber 1 got \($0)") })
    /// ```
    /// - Parameters:
    ///   - label: Names the subscriber in instrumentation, such as `"Subscriber 1"`.
    ///   - next: Called with each value.
    ///   - error: Called once if the signal fails.
    ///   - completed: Called once if the signal completes.
    ///   - fileID: Where the code subscribes (`#fileID`), recorded with a labelled subscription,
    ///     so that a finding about it can name the line.
    ///   - line: The line there (`#line`).
    /// - Returns: A disposable that ends the subscription. The closures are
    ///   released when it is disposed or the signal terminates.
    @discardableResult
    public final func subscribe(
        label: String? = nil,
        next: (@Sendable (Value) -> Void)? = nil,
        error: (@Sendable (any Error) -> Void)? = nil,
        completed: (@Sendable () -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) -> any Disposable {
        guard let label else { return subscribe(label: nil, site: nil, nextHandler: next, errorHandler: error, completedHandler: completed) }
        let signal = rewritten(subscribing: label, fileID: fileID, line: line, owner: Signal<Never>?.none) ?? self
        return signal.subscribe(label: label, site: (fileID, line), nextHandler: next, errorHandler: error, completedHandler: completed)
    }

    /// Subscribes with closures, as ``subscribe(label:next:error:completed:fileID:line:)`` does, for a
    /// subscriber that belongs to an owner (a view controller) whose end is `owner`'s termination,
    /// as RAC's `rac_willDeallocSignal` completes when its object goes.
    ///
    /// Nothing more than the subscription happens: the owner is reported to the instrument, so that
    /// a recording can tell a subscription that outlived its owner (it should have ended with it,
    /// `take(until: owner)`) from one meant to live on.
    ///
    /// ```swift
    /// let screenGone = ReplaySubject<Void>()   // completed when the screen goes
    /// notifications.subscribe(label: "Screen", owner: screenGone, next: { show($0) })
    /// ```
    @discardableResult
    public final func subscribe<Owner>(
        label: String,
        owner: Signal<Owner>,
        next: (@Sendable (Value) -> Void)? = nil,
        error: (@Sendable (any Error) -> Void)? = nil,
        completed: (@Sendable () -> Void)? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) -> any Disposable {
        let signal = rewritten(subscribing: label, fileID: fileID, line: line, owner: owner) ?? self
        return signal.subscribe(ClosureSubscriber(
            label: label, owner: owner.probe == nil ? nil : owner.signalID, site: (fileID, line), next: next, error: error,
            completed: completed))
    }

    /// The signal a ``CodeRewrite`` of the subscription labelled `label` at `fileID`, `line` has it
    /// subscribe to in place of this one, if there is one and it fits: delivered on main, or taken
    /// until `owner`, the subscriber's, ends.
    private func rewritten<Owner>(subscribing label: String, fileID: String, line: Int, owner: Signal<Owner>?) -> Signal<Value>? {
        let changed: Signal<Value>? = switch rewrite(at: .subscribing(label: label), fileID: fileID, line: line) {
        case .deliverOnMain?: probe?.rewrites?.main.map { deliver(on: $0) }
        case .takeUntilOwner?: owner.map { take(until: $0) }
        default: nil  // none, or a change of a naming
        }
        if changed != nil { probe?.rewrites?.noteMade() }
        return changed
    }

    /// What ``subscribe(label:next:error:completed:fileID:line:)`` does: subscribes a closure subscriber. A
    /// signal that can deliver to the closures without one, with the same outcome, overrides it
    /// (``ImmediateSignal``, when its events are delivered at once and unobserved).
    func subscribe(
        label: String?, site: (fileID: String, line: Int)?, nextHandler: (@Sendable (Value) -> Void)?,
        errorHandler: (@Sendable (any Error) -> Void)?, completedHandler: (@Sendable () -> Void)?
    ) -> any Disposable {
        subscribe(ClosureSubscriber(label: label, site: site, next: nextHandler, error: errorHandler, completed: completedHandler))
    }
}

extension Signal: InstrumentationIdentifiable {
    func subscriberIdentity(for probe: Probe) -> SubscriberIdentity {
        self.probe === probe ? .signal(signalID) : .anonymous
    }
}

// MARK: - Creating signals

extension Signal {
    /// Creates a cold signal that runs `didSubscribe` once per subscription
    /// (RAC's `+createSignal:`).
    ///
    /// `didSubscribe` receives the subscriber to send events to and may return
    /// a disposable that cleans up when the subscription ends, whether by
    /// disposal, error or completion.
    ///
    /// ```swift
    /// let ticks = Signal<Int>.create { subscriber in
    ///     scheduler.schedule(after: 1) { subscriber.sendNext(1); subscriber.sendCompleted() }
    /// }
    /// ```
    public static func create(
        _ didSubscribe: @escaping @Sendable (any Subscriber<Value>) -> (any Disposable)?
    ) -> Signal<Value> {
        DynamicSignal(kind: .cold, name: "+createSignal:", didSubscribe: didSubscribe)
    }

    /// An operator's cold signal: like ``create(_:)``, named `name` (RAC's description) and
    /// reported as an operator, `operation`, with no receiver (RAC's class methods, `+merge:`).
    static func makeOperator(
        name: String, operation: SignalOperation,
        _ didSubscribe: @escaping @Sendable (any Subscriber<Value>) -> (any Disposable)?
    ) -> Signal<Value> {
        DynamicSignal(kind: .operator, name: name, operation: operation, receiver: nil, didSubscribe: didSubscribe)
    }

    /// An operator's cold signal applied to the receiver: like ``create(_:)``, named `name`
    /// (RAC's description) and reported as `operation` on the receiver.
    func makeOperator<Result: Sendable>(
        name: String, operation: SignalOperation,
        _ didSubscribe: @escaping @Sendable (any Subscriber<Result>) -> (any Disposable)?
    ) -> Signal<Result> {
        DynamicSignal(kind: .operator, name: name, operation: operation, receiver: operandID, didSubscribe: didSubscribe)
    }

    /// A signal that completes at once on each subscription (RAC's `+empty`).
    public static func empty() -> Signal<Value> {
        ImmediateSignal(kind: .empty, name: "+empty", value: nil, error: nil)
    }

    /// A signal that sends `value` and completes on each subscription (RAC's `+return:`).
    ///
    /// It is named `"+return: <value>"` when an ``Instrument`` observes it and
    /// `"+return:"` otherwise, as in RAC's debug and release builds: describing
    /// every value that `map` wraps would cost more than the mapping.
    public static func `return`(_ value: Value) -> Signal<Value> {
        guard Probe.current != nil else { return ImmediateSignal(kind: .return, name: "+return:", value: value, error: nil) }
        let label = "\(value)"
        return ImmediateSignal(
            kind: .return, name: "+return: \(label)", operation: .return(value: boundedSignalName(label)), value: value,
            error: nil)
    }

    /// A signal that fails with `error` on each subscription (RAC's `+error:`).
    ///
    /// Named `"+error: <error>"` when observed, `"+error:"` otherwise.
    public static func error(_ error: any Error) -> Signal<Value> {
        guard Probe.current != nil else { return ImmediateSignal(kind: .error, name: "+error:", value: nil, error: error) }
        let message = "\(error)"
        return ImmediateSignal(
            kind: .error, name: "+error: \(message)", operation: .error(message: boundedSignalName(message)), value: nil,
            error: error)
    }

    /// A signal that never sends anything (RAC's `+never`).
    public static func never() -> Signal<Value> {
        DynamicSignal(kind: .never, name: "+never") { _ in nil }
    }

    /// A signal that calls `makeSignal` on each subscription and subscribes to
    /// its result (RAC's `+defer:`).
    ///
    /// Use it to postpone a side effect, or the creation of a signal, until
    /// something subscribes: ``replayLazily()`` is built on it.
    public static func `defer`(_ makeSignal: @escaping @Sendable () -> Signal<Value>) -> Signal<Value> {
        `defer`(named: "+defer:", operation: .defer, receiver: nil, makeSignal)
    }

    /// ``defer(_:)`` named `name` and reported as `operation` on `receiver`, for operators RAC
    /// builds on `+defer:` and renames (`-initially:`, `-collect`).
    static func `defer`(
        named name: String, operation: SignalOperation, receiver: Int?, _ makeSignal: @escaping @Sendable () -> Signal<Value>
    ) -> Signal<Value> {
        DynamicSignal(kind: .operator, name: name, operation: operation, receiver: receiver) { subscriber in
            makeSignal().subscribe(subscriber)
        }
    }
}
