/// What a ``BehaviorSubject`` remembers: its current value. A pure state machine,
/// applied by the subject under its lock.
///
/// Like RAC, it does not remember termination: a subscriber attaching after
/// completion still receives the current value, and then nothing.
struct BehaviorSubjectStateMachine<Value: Sendable>: Sendable {
    /// The most recent value sent, or the initial one: what a new subscriber receives.
    private(set) var current: Value

    init(current: Value) {
        self.current = current
    }

    /// Records an event sent to the subject, before it is delivered. Returns the
    /// value it replaced, to be released after the lock.
    mutating func send(_ event: Event<Value>) -> Value? {
        guard case .next(let value) = event else { return nil }
        defer { current = value }
        return current
    }
}
