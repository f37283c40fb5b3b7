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
    private let state: Locked<BehaviorSubjectStateMachine<Value>>

    /// Creates a behavior subject whose current value is `value`
    /// (RAC's `+behaviorSubjectWithDefaultValue:`).
    public init(_ value: Value) {
        state = Locked(BehaviorSubjectStateMachine(current: value))
        super.init(kind: .behaviorSubject, name: "", hasState: true)
    }

    /// The most recent value sent, or the initial one.
    public var value: Value {
        state.withLock { $0.current }
    }

    @discardableResult
    public override func subscribe(_ subscriber: any Subscriber<Value>) -> any Disposable {
        subscribeInTurn(subscriber)
    }

    override func record(_ event: Event<Value>) {
        let released = state.withLock { $0.send(event) }
        withExtendedLifetime(released) {}  // released here, after the lock, whatever its type
    }

    override func attach(_ passthrough: Passthrough<Value>) {
        if passthrough.disposable.isDisposed { return }
        let current = state.withLock { $0.current }
        register(passthrough)
        passthrough.deliver(.next(current), replayed: true)
    }
}
