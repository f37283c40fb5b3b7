/// A wall-clock recording refused: its body would run with no scheduler current, where a cold
/// signal's subscription hops to a background queue (RAC's `subscriptionScheduler`), so what the
/// body subscribed would happen after the trace is taken, and the recording would silently miss it.
///
/// Thrown by ``Trace/record(title:_:)`` called off the main thread outside any scheduler's work,
/// as a Swift Testing test is.
public struct RecordingWithoutScheduler: Error, Sendable, Hashable, CustomStringConvertible {
    /// Makes the error.
    public init() {}

    /// What went wrong and what to do instead.
    public var description: String {
        "Trace.record has no scheduler to run its body on: off the main thread and outside a scheduler's work, "
            + "a cold signal's subscription runs later on a background queue, after the trace is taken. "
            + "Record on virtual time with Trace.record(title:clock:_:) and a TestScheduler, or call it from a "
            + "scheduler's work (scheduler.perform { ... })."
    }
}
