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

    /// Creates a replay subject that keeps the last `capacity` values
    /// (RAC's `+replaySubjectWithCapacity:`; unlimited by default).
    ///
    /// With capacity 0 nothing is replayed but the terminal event.
    public init(capacity: Int = ReplaySubject.unlimitedCapacity) {
        precondition(capacity >= 0, "a replay subject's capacity cannot be negative, got \(capacity)")
        self.capacity = capacity
        super.init(
            kind: .replaySubject(capacity: capacity == .max ? nil : capacity), name: "",
            state: State(history: History(capacity: capacity)), recordsEvents: true)
    }

    @discardableResult
    public override func subscribe(_ subscriber: any Subscriber<Value>) -> any Disposable {
        subscribeInTurn(subscriber)
    }

    override func update(_ state: inout State, with event: Event<Value>) {
        switch event {
        case .next(let value): state.history?.append(value)
        case .completed: state.hasCompleted = true
        case .error(let error): state.error = error
        }
    }

    override func attach(_ passthrough: Passthrough<Value>) {
        let (values, hasCompleted, error) = state.withLock { state in
            (state.history?.values ?? [], state.hasCompleted, state.error)
        }
        for value in values {
            if passthrough.disposable.isDisposed { return }
            passthrough.deliver(.next(value), replayed: true)
        }
        if passthrough.disposable.isDisposed { return }
        if hasCompleted {
            passthrough.deliver(.completed, replayed: true)
        } else if let error {
            passthrough.deliver(.error(error), replayed: true)
        } else {
            register(passthrough)
        }
    }
}
