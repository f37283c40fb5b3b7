/// Something that went wrong in a trace, found by reading it: what kind, which signals and
/// subscriptions, when, and one sentence for people (issue 16).
///
/// ```swift
/// for finding in trace.findings() { print(finding.sentence) }
/// // fetchData's didSubscribe ran 6 times, once per subscription: ...
/// ```
public struct Finding: Sendable, Hashable {
    /// What went wrong.
    public enum Kind: String, Sendable, CaseIterable {
        /// A cold signal's `didSubscribe` ran more than once: its side effect (a request) repeated.
        case repeatedSideEffect
        /// A subscriber to a plain subject subscribed after values were sent to it, and never gets them.
        case missedValues
    }

    /// What went wrong.
    public var kind: Kind
    /// The signals involved, by id: the cold signal, or the subject.
    public var signals: [Int]
    /// The subscriptions involved, by id: each run's, or the late one.
    public var subscriptions: [Int]
    /// When: each run's time, or the times of the values missed.
    public var times: [Double]
    /// What happened, in one sentence.
    public var sentence: String

    /// Makes a finding.
    public init(kind: Kind, signals: [Int], subscriptions: [Int], times: [Double], sentence: String) {
        self.kind = kind
        self.signals = signals
        self.subscriptions = subscriptions
        self.times = times
        self.sentence = sentence
    }
}

extension Trace {
    /// What went wrong in the trace, in signal order: repeated side effects, then missed values.
    public func findings() -> [Finding] {
        repeatedSideEffects() + missedValues()
    }
}
