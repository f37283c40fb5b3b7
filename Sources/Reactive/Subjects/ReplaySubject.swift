/// A subject that replays what it was sent to every new subscriber
/// (RAC's `RACReplaySubject`).
///
/// Each value is added to the buffer before it is delivered live. A new
/// subscriber first receives the buffered values, "the history without its
/// timeline", then the terminal event if the subject has terminated, and
/// otherwise joins the live subscribers. Replaying and joining happen in turn
/// with the sends, so nothing is missed or received twice in between.
///
/// ```swift
/// let subject = ReplaySubject<Int>(capacity: 1)   // like replayLast
/// subject.sendNext(1); subject.sendNext(2)
/// subject.subscribe(next: { print($0) })          // 2
/// ```
///
/// The replay runs on ``Scheduler/subscription``: at once when a scheduler is
/// current, else on a background queue.
public final class ReplaySubject<Value: Sendable>: Subject<Value>, @unchecked Sendable {
    /// The `capacity` meaning "keep every value" (RAC's `RACReplaySubjectUnlimitedCapacity`).
    public static var unlimitedCapacity: Int { .max }

    /// How many of the most recent values are replayed.
    public let capacity: Int

    // @unchecked (the class): `state` is only touched inside `subscribers.withLock` (the lock of
    // the subscriber list, so that a send records its value and takes the subscribers in one
    // section). Not a ``Locked`` state: `Locked`'s generic storage class is looked up at run
    // time on every send in unspecialized code.
    @exclusivity(unchecked) private var state: ReplaySubjectStateMachine<Value>

    /// Creates a replay subject that keeps the last `capacity` values
    /// (RAC's `+replaySubjectWithCapacity:`; unlimited by default).
    ///
    /// With capacity 0 nothing is replayed but the terminal event.
    public init(capacity: Int = ReplaySubject.unlimitedCapacity) {
        precondition(capacity >= 0, "a replay subject's capacity cannot be negative, got \(capacity)")
        self.capacity = capacity
        state = ReplaySubjectStateMachine(capacity: capacity)
        super.init(kind: .replaySubject(capacity: capacity == .max ? nil : capacity), name: "", hasState: true)
    }

    @discardableResult
    public override func subscribe(_ subscriber: any Subscriber<Value>) -> any Disposable {
        subscribeInTurn(subscriber)
    }

    override func recordNext(_ value: Value) -> ContiguousArray<AnyObject> {
        var displaced = value
        return subscribers.snapshot { state.sendNext(&displaced) }
        // `displaced` holds the value a full buffer let go of (or a copy of the one added),
        // released on return, after the lock.
    }

    override func recordTermination(_ event: Event<Value>) {
        var replaced: (any Error)?
        subscribers.withLock { state.terminate(with: event, replacing: &replaced) }
        // `replaced`, an earlier error, is released here, after the lock.
        withExtendedLifetime(replaced) {}
    }

    override func attach(_ passthrough: Passthrough<Value>) {
        let attachment = subscribers.withLock { state.attach() }
        for value in attachment.history {
            if passthrough.disposable.isDisposed { return }
            passthrough.deliver(.next(value), replayed: true)
        }
        if passthrough.disposable.isDisposed { return }
        switch attachment.ending {
        case .complete: passthrough.deliver(.completed, replayed: true)
        case .fail(let error): passthrough.deliver(.error(error), replayed: true)
        case .join: register(passthrough)
        }
    }
}
