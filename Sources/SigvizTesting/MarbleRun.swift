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

    /// Expects the subscriptions to the input named `name` (``MarbleTest/cold(_:values:named:fileID:line:)``,
    /// ``MarbleTest/hot(_:values:named:fileID:line:)``), in the order they were made, to be `expected`: `^` in the
    /// frame each subscribed and `!` in the frame it was disposed, as RxJS's `expectSubscriptions`
    /// reads them (`"^--!"`, `"--^-!"`; a subscription never disposed has no `!`). A mismatch is
    /// an issue listing both.
    public func expectSubscriptions(
        to name: String, toBe expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let message = subscriptionMismatch(to: name, expected: expected) {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    /// What ``expectSubscriptions(to:toBe:sourceLocation:)`` reports, or `nil` when they match.
    func subscriptionMismatch(to name: String, expected: [String]) -> String? {
        let inputs = Set(trace.signals.filter { $0.name == name && $0.kind != .connection }.map(\.id))
        guard !inputs.isEmpty else { return "there is no input named \"\(name)\" in the run" }
        /// Without spaces and the frames after its last mark, which say nothing.
        func trimmed(_ marble: String) -> String {
            String(marble.filter { $0 != " " }.reversed().drop { $0 == "-" }.reversed())
        }
        var actual: [String] = []
        for subscription in trace.subscriptions where inputs.contains(subscription.signal) {
            do {
                actual.append(trimmed(try trace.subscriptionMarble(of: subscription.id, frame: frame)))
            } catch {
                return "the subscriptions to \"\(name)\" cannot be drawn: \(error.message)"
            }
        }
        let wanted = expected.map(trimmed)
        guard actual != wanted else { return nil }
        return (["the subscriptions to \"\(name)\" are not the ones expected"]
            + ["expected: " + (wanted.isEmpty ? "none" : wanted.joined(separator: ", ")),
               "actual:   " + (actual.isEmpty ? "none" : actual.joined(separator: ", "))]).joined(separator: "\n")
    }

    func subscription(labelled label: String) -> Int? {
        trace.labelledSubscriptions.first { $0.label == label }?.id
    }
}
