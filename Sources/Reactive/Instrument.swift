/// Observes everything the runtime does while it is installed.
///
/// Install an instrument with ``Instrumentation/withInstrument(_:clock:budget:_:)``.
/// Every signal, subject and connection *created* inside that call reports to
/// it for the rest of its life: subscriptions to it, each run of a
/// `didSubscribe` closure, every event delivered, every disposal and every
/// connect. Signals created outside cost nothing: they check one `nil`.
///
/// `record(_:)` is called synchronously on the thread where the thing
/// happened, before the subscriber sees the event, so an implementation
/// must be thread-safe and quick and must not call back into signals.
public protocol Instrument: AnyObject, Sendable {
    /// Receives one report.
    func record(_ event: InstrumentationEvent)

    /// Receives a ``InstrumentationEvent/Kind/next(subscription:value:replayed:)`` report,
    /// with the value in its own type: the most frequent report, made without building
    /// an ``InstrumentationEvent``. The default passes the report to ``record(_:)``.
    func recordNext<Value: Sendable>(
        _ value: Value, subscription: Int, replayed: Bool, sequence: Int, time: Double, cause: Int?)

    /// Receives a ``InstrumentationEvent/Kind/sentNext(signal:value:)`` report, with the
    /// value in its own type. The default passes the report to ``record(_:)``.
    func recordSentNext<Value: Sendable>(_ value: Value, signal: Int, sequence: Int, time: Double, cause: Int?)

    /// Whether the instrument wants the call sites of the code: where each labelled subscription was
    /// made (``InstrumentationEvent/Kind/called(subscription:fileID:line:)``) and where each signal
    /// was named (``InstrumentationEvent/Kind/signalNamedAt(signal:fileID:line:)``). The default is `false`.
    var recordsCallSites: Bool { get }
}

extension Instrument {
    public func recordNext<Value: Sendable>(
        _ value: Value, subscription: Int, replayed: Bool, sequence: Int, time: Double, cause: Int?
    ) {
        record(InstrumentationEvent(
            sequence: sequence, time: time, cause: cause,
            kind: .next(subscription: subscription, value: value, replayed: replayed)))
    }

    public var recordsCallSites: Bool { false }

    public func recordSentNext<Value: Sendable>(_ value: Value, signal: Int, sequence: Int, time: Double, cause: Int?) {
        record(InstrumentationEvent(sequence: sequence, time: time, cause: cause, kind: .sentNext(signal: signal, value: value)))
    }
}
