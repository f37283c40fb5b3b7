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
    /// The events that show it, by index in the trace's events, in order: each run's
    /// `didSubscribe`, each missed send, and so on (what a diagram highlights).
    public var events: [Int]
    /// What happened, in one sentence.
    public var sentence: String
    /// The change that removes it, where there is one.
    public var suggestion: Suggestion?

    /// Makes a finding.
    public init(
        kind: Kind, signals: [Int], subscriptions: [Int], times: [Double], events: [Int] = [], sentence: String,
        suggestion: Suggestion? = nil
    ) {
        self.kind = kind
        self.signals = signals
        self.subscriptions = subscriptions
        self.times = times
        self.events = events
        self.sentence = sentence
        self.suggestion = suggestion
    }

    /// How many values a sentence quotes before saying how many more there are.
    static let listedMost = 3

    /// Values for a sentence: the first ``listedMost`` of `values`, quoted and cut, and how many
    /// more of `count` (all of `values` by default) there are.
    static func listed(_ values: some Collection<String>, of count: Int? = nil) -> String {
        let total = count ?? values.count
        guard total > 0 else { return "none" }
        let shown = values.prefix(listedMost).map { "\"\(shortened($0, to: 40))\"" }.joined(separator: ", ")
        return total > listedMost ? "\(shown) and \(total - listedMost) more" : shown
    }
}

extension Trace {
    /// What went wrong in the trace: the repeated side effects, in the order of each signal's first
    /// run, then the missed values, in the order of the late subscriptions.
    public func findings() -> [Finding] {
        repeatedSideEffects() + missedValues()
    }
}
