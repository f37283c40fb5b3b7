/// A subject with a current value, which every new subscriber receives first
/// (RAC's `RACBehaviorSubject`).
///
/// ```swift
/// let volume = BehaviorSubject(5)
/// volume.subscribe(next: { print($0) })   // 5
/// volume.sendNext(7)                      // 7
/// ```
///
/// Like RAC, it does not remember termination: a subscriber that joins after
/// completion still receives the last value, and never completes. The
/// current value is sent on ``Scheduler/subscription``, in turn with sends.
public final class BehaviorSubject<Value: Sendable>: Subject<Value>, @unchecked Sendable {
    // @unchecked: `state` is only touched inside `subscribers.withLock` (the lock of the
    // subscriber list, so that a send records its value and takes the subscribers in one
    // section). Not a ``Locked`` state: `Locked`'s generic storage class is looked up at run
    // time on every send in unspecialized code.
    @exclusivity(unchecked) private var state: BehaviorSubjectStateMachine<Value>

    /// Creates a behavior subject whose current value is `value`
    /// (RAC's `+behaviorSubjectWithDefaultValue:`).
    public init(_ value: Value) {
        state = BehaviorSubjectStateMachine(current: value)
        super.init(kind: .behaviorSubject, name: "", hasState: true)
    }

    /// The most recent value sent, or the initial one.
    public var value: Value {
        subscribers.withLock { state.current }
    }

    @discardableResult
    public override func subscribe(_ subscriber: any Subscriber<Value>) -> any Disposable {
        subscribeInTurn(subscriber)
    }

    override func recordNext(_ value: Value) -> ContiguousArray<AnyObject> {
        var replaced = value
        return subscribers.snapshot { state.sendNext(&replaced) }
        // `replaced` now holds the previous value, released on return, after the lock.
    }

    override func attach(_ passthrough: Passthrough<Value>) {
        if passthrough.disposable.isDisposed { return }
        let current = subscribers.withLock { state.current }
        register(passthrough)
        passthrough.deliver(.next(current), replayed: true)
    }
}
