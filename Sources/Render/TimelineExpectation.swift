import Tracer

/// What a subscriber was expected to receive, drawn under its lane by
/// ``TimelineRenderer/render(_:expectations:)`` with the first difference marked.
///
/// The events are compared as `sigviz check` compares them, frame by frame
/// (``Tracer/Trace/compare(subscription:with:frame:)``), so the line marking the first difference
/// is at the frame that check reports.
///
/// ```swift
/// let expectation = TimelineExpectation(subscription: 0, expected: try Marble(parsing: "-a-|"), frame: 0.5)
/// let svg = TimelineRenderer().render(trace, expectations: [expectation])
/// ```
public struct TimelineExpectation: Sendable, Hashable {
    /// The trace's id of the subscription this is about.
    public var subscription: Int
    /// The expected events.
    public var expected: Marble
    /// Seconds per frame of the marble.
    public var frame: Double

    /// Makes an expectation.
    public init(subscription: Int, expected: Marble, frame: Double) {
        self.subscription = subscription
        self.expected = expected
        self.frame = frame
    }
}

extension TimelineModel {
    /// Attaches expectations to their lanes, with where each lane first differs from its expectation.
    mutating func attach(_ expectations: [TimelineExpectation], comparingWith trace: Trace) {
        for expectation in expectations {
            guard let index = lanes.firstIndex(where: { $0.subscription == expectation.subscription }) else { continue }
            let expected = expectation.expected.timeline(frame: expectation.frame)
            lanes[index].expected = expected
            // An expected event after the trace's end is drawn too, not cut off by the axis.
            if let last = expected.last?.time, last.isFinite { duration = max(duration, last) }
            let comparison = trace.compare(subscription: expectation.subscription, with: expectation.expected, frame: expectation.frame)
            lanes[index].divergence = comparison.firstDifferenceTime
        }
    }
}
