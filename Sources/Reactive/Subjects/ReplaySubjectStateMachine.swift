/// What a ``ReplaySubject`` remembers, and what it hands a new subscriber: a pure
/// state machine, applied by the subject under its lock.
///
/// It never delivers anything itself: ``attach()`` returns what the new subscriber
/// is to receive, and the subject delivers it after releasing the lock.
///
/// A value the full buffer lets go of in ``sendNext(_:)`` is handed back through its
/// `inout` argument (returning an optional costs a generic-metadata look-up per send),
/// so the subject releases it after the lock.
///
/// Noncopyable, as its ``History``: the one subject that keeps it owns it.
struct ReplaySubjectStateMachine<Value: Sendable>: ~Copyable, Sendable {
    /// What a subscriber attaching now receives, in order.
    struct Attachment: Sendable {
        /// The buffered values, oldest first, to replay.
        let history: [Value]
        /// What follows the history.
        let ending: Ending
    }

    /// What follows the replayed history.
    enum Ending: Sendable {
        /// The subject has not terminated: the subscriber joins the live subscribers.
        case join
        /// The subject completed: the subscriber is sent completion.
        case complete
        /// The subject failed: the subscriber is sent the error.
        case fail(any Error)
    }

    private var history: History<Value>
    /// RAC keeps completion and the error apart; completion wins when both were sent.
    private var hasCompleted = false
    private var error: (any Error)?

    /// A subject that keeps the last `capacity` values (`Int.max`: all of them).
    init(capacity: Int) {
        history = History(capacity: capacity)
    }

    /// Records a value sent to the subject, before it is delivered. Leaves in `value` the
    /// value a full history let go of (or a copy of the one added), for the caller to
    /// release after unlocking.
    @inline(__always)  // called per send from unspecialized code: a call would look up Self's metadata
    mutating func sendNext(_ value: inout Value) {
        history.append(&value)
    }

    /// Records a terminal event sent to the subject, before it is delivered. An error that a later
    /// one replaces is left in `replaced`, for the caller to release after unlocking (an error's
    /// `deinit` may be user code).
    mutating func terminate(with event: Event<Value>, replacing replaced: inout (any Error)?) {
        switch event {
        case .next: preconditionFailure("a value is recorded by sendNext(_:)")
        case .completed: hasCompleted = true
        case .error(let error):
            replaced = self.error
            self.error = error
        }
    }

    /// What a subscriber attaching now receives.
    func attach() -> Attachment {
        let ending: Ending = if hasCompleted { .complete } else if let error { .fail(error) } else { .join }
        return Attachment(history: history.values, ending: ending)
    }
}
