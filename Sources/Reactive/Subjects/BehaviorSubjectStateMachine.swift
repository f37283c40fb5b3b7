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

    /// Records a value sent to the subject, before it is delivered. Leaves in `value` the
    /// value it replaced, for the caller to release after the lock. Termination changes
    /// nothing: it is not remembered.
    @inline(__always)  // called per send from unspecialized code: a call would look up Self's metadata
    mutating func sendNext(_ value: inout Value) {
        swap(&current, &value)
    }
}
