import Tracer

/// One `expect` line of a scenario file and how it came out, as the report's pages and the docs
/// page show it: a failing one with the expected and actual marbles and their first difference.
///
/// ```swift
/// let comparison = trace.compare(subscription: 1, with: try Marble(parsing: "--A--|"), frame: 0.5)
/// let outcome = ExpectationOutcome(
///     line: 6, label: "T", signal: "c", expected: try Marble(parsing: "--A--|"), subscription: 1,
///     comparison: comparison, problem: comparison.problem)
/// ```
public struct ExpectationOutcome: Sendable, Hashable {
    /// The line of the `expect` statement in its scenario file.
    public var line: Int
    /// The subscriber's label.
    public var label: String
    /// The name of the signal it subscribes to, as the file writes it.
    public var signal: String
    /// The expected events.
    public var expected: Marble
    /// The trace's id of the subscription checked; `nil` when no such subscription was made.
    public var subscription: Int?
    /// What the subscription received compared with ``expected``; `nil` when no such subscription was made.
    public var comparison: MarbleComparison?
    /// Why it failed: a missing subscription, a frame too coarse, or different events; `nil` when it held.
    public var problem: String?

    /// Makes an outcome.
    public init(
        line: Int, label: String, signal: String, expected: Marble, subscription: Int?,
        comparison: MarbleComparison?, problem: String?
    ) {
        self.line = line
        self.label = label
        self.signal = signal
        self.expected = expected
        self.subscription = subscription
        self.comparison = comparison
        self.problem = problem
    }

    /// Whether the subscriber received what was expected.
    public var passed: Bool { problem == nil }

    /// How many failed expectations of one scenario `sigviz check`, the report and the docs page
    /// show with their marbles (``MarbleComparison/sideBySide``); the others by their line and why
    /// they failed alone, so that thousands of failures make output in proportion to the file.
    public static let failuresShownWithMarbles = 20

    /// The expectation drawn under its subscriber's lane by ``TimelineRenderer/render(_:expectations:)``;
    /// `nil` when no such subscription was made.
    public var timelineExpectation: TimelineExpectation? {
        guard let subscription, let comparison else { return nil }
        return TimelineExpectation(subscription: subscription, expected: expected, frame: comparison.frame)
    }

    /// What it is about, as the file says it: `"LABEL" to NAME`; unescaped, the file's own text.
    public var subject: String { "\"\(label)\" to \(signal)" }
}

extension Collection<ExpectationOutcome> {
    /// The outcomes that failed.
    public var failed: [ExpectationOutcome] { filter { !$0.passed } }

    /// "2 expectations pass", "1 of 3 expectations failed": the count, in words.
    public var summary: String {
        let failures = failed.count
        let plural = count == 1 ? "" : "s"
        return failures == 0 ? "\(count) expectation\(plural) pass\(count == 1 ? "es" : "")" : "\(failures) of \(count) expectation\(plural) failed"
    }
}
