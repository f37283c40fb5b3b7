import Tracer

extension ScenarioFile {
    /// The outcome of one `expect` line.
    public struct CheckResult: Sendable, Hashable {
        /// The expectation checked.
        public let expectation: Expectation
        /// The trace's id of the subscription checked, when it was made.
        public let subscription: Int?
        /// What the subscription received compared with the expectation; `nil` when no such subscription was made.
        public let comparison: MarbleComparison?
        /// Why it failed, if it did: a missing subscription, a frame too coarse, or different events.
        public let problem: String?

        /// What the subscriber received, drawn with the expectation's characters;
        /// `nil` when no such subscription was made or it cannot be drawn at the file's frame.
        public var actual: String? { comparison?.actual }
        /// The first frame at which expected and actual differ, when both exist.
        public var firstDifference: Int? { comparison?.firstDifference }
        /// Whether the subscriber received what was expected.
        public var passed: Bool { problem == nil }
    }

    /// Runs the file and checks every `expect` line against what the runtime did.
    ///
    /// Marbles are compared frame by frame at the file's `frame` by
    /// ``Trace/compare(subscription:with:frame:)``, ignoring trailing `-` (frames with nothing in
    /// them). An expectation is matched to the subscriber with its label that a `subscribe`
    /// statement subscribed to the name it gives: a file where two could be refuses to parse
    /// (``checkExpectationsAreUnambiguous()``).
    /// - Parameters:
    ///   - name: The scenario's name.
    ///   - maximumEvents: The most events the run may make (see ``Scenario/trace(maximumEvents:)``).
    /// - Returns: The trace and one result per expectation, in order.
    /// - Throws: ``RunLimitExceeded`` when the run went past a limit (see ``Scenario/trace(maximumEvents:)``).
    public func check(named name: String, maximumEvents: Int) throws(RunLimitExceeded) -> (trace: Trace, results: [CheckResult]) {
        let log = SubscriptionLog()
        let trace = try scenario(named: name, log: log).trace(maximumEvents: maximumEvents)
        return (trace, results(of: trace, log: log))
    }

    /// Runs the file with no limit on its events and checks every `expect` line, as
    /// ``check(named:maximumEvents:)`` does: for files known to end.
    public func check(named name: String) -> (trace: Trace, results: [CheckResult]) {
        let log = SubscriptionLog()
        let trace = scenario(named: name, log: log).trace()
        return (trace, results(of: trace, log: log))
    }

    func results(of trace: Trace, log: SubscriptionLog) -> [CheckResult] {
        var results: [CheckResult] = []
        for expectation in expectations {
            guard let id = log.subscription(label: expectation.label, target: expectation.signal),
                  trace.subscriptions.indices.contains(id) else {
                results.append(CheckResult(
                    expectation: expectation, subscription: nil, comparison: nil,
                    problem: "no subscriber \"\(expectation.label)\" subscribed to \(expectation.signal)"))
                continue
            }
            let comparison = trace.compare(subscription: id, with: expectation.expected, frame: frame)
            results.append(CheckResult(expectation: expectation, subscription: id, comparison: comparison, problem: comparison.problem))
        }
        return results
    }
}
