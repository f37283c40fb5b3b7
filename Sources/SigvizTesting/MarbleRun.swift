import Render
import Testing
import Tracer

/// A recorded ``MarbleTest`` run: its trace, and what each labelled subscriber received, compared
/// with marbles.
public struct MarbleRun: Sendable {
    /// What the runtime did in the run.
    public let trace: Trace
    /// Seconds per frame of the marbles compared.
    public let frame: Double

    /// Makes a run of a recorded trace, compared at `frame` seconds per frame.
    public init(trace: Trace, frame: Double) {
        self.trace = trace
        self.frame = frame
    }

    /// What the first subscription labelled `label` received, compared with `expected`
    /// (``Tracer/Trace/compare(subscription:with:frame:)``); `nil` when nothing subscribed with that label.
    /// - Throws: ``MarbleSyntaxError`` for an expected marble that does not parse.
    public func comparison(
        of label: String, with expected: String, values: [Character: String] = [:]
    ) throws(MarbleSyntaxError) -> MarbleComparison? {
        let marble = try Marble(parsing: expected, values: values)
        guard let subscription = subscription(labelled: label) else { return nil }
        return trace.compare(subscription: subscription, with: marble, frame: frame)
    }

    /// Expects the first subscriber labelled `label` to have received `expected` (`"--a|"`), as a
    /// Swift Testing expectation. On a mismatch it records an issue with the two marbles aligned and
    /// the first difference marked, and attaches the run's timeline as an SVG with the expected
    /// marble drawn under the lane. A marble that does not parse, or a label nothing subscribed
    /// with, is an issue too.
    public func expect(
        _ label: String, toReceive expected: String, values: [Character: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let marble: Marble
        do {
            marble = try Marble(parsing: expected, values: values)
        } catch {
            Issue.record(Comment(rawValue: "the expected marble \"\(expected)\" does not parse: \(error)"), sourceLocation: sourceLocation)
            return
        }
        guard let subscription = subscription(labelled: label) else {
            let labels = trace.labelledSubscriptions.compactMap(\.label)
            let known: String = labels.isEmpty ? "none" : labels.map { "\"\($0)\"" }.joined(separator: ", ")
            Issue.record(Comment(rawValue: "nothing subscribed with the label \"\(label)\"; the labels are \(known)"),
                         sourceLocation: sourceLocation)
            return
        }
        guard let mismatch = mismatch(of: subscription, label: label, with: marble) else { return }
        Issue.record(Comment(rawValue: mismatch.message), sourceLocation: sourceLocation)
        Attachment.record(mismatch.timeline, named: "\(label).svg", sourceLocation: sourceLocation)
    }

    /// What ``expect(_:toReceive:values:sourceLocation:)`` reports when `subscription` did not receive
    /// `expected`: the marbles aligned with the first difference marked, and the timeline with the
    /// expected marble under the lane; `nil` when they match.
    func mismatch(of subscription: Int, label: String, with expected: Marble) -> (message: String, timeline: String)? {
        let comparison = trace.compare(subscription: subscription, with: expected, frame: frame)
        guard !comparison.matches else { return nil }
        let message = (["\"\(label)\" did not receive what was expected" + (comparison.problem.map { ": \($0)" } ?? "")]
            + comparison.sideBySide).joined(separator: "\n")
        let expectation = TimelineExpectation(subscription: subscription, expected: expected, frame: frame)
        return (message, TimelineRenderer().render(trace, expectations: [expectation]))
    }

    func subscription(labelled label: String) -> Int? {
        trace.labelledSubscriptions.first { $0.label == label }?.id
    }
}
