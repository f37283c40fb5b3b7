/// What a subscriber was expected to receive, drawn under its lane by
/// ``TimelineRenderer/render(_:expectations:)`` with the first divergence marked.
public struct TimelineExpectation: Sendable, Hashable {
    /// One expected event.
    public enum Event: Sendable, Hashable {
        case next(String)
        case completed
        case error
    }

    /// The trace's id of the subscription this is about.
    public var subscription: Int
    /// The expected events with their times, in order.
    public var events: [Timed]

    /// An expected event at a time.
    public struct Timed: Sendable, Hashable {
        /// Seconds.
        public var time: Double
        /// The event.
        public var event: Event

        /// Makes one.
        public init(time: Double, event: Event) {
            self.time = time
            self.event = event
        }
    }

    /// Makes an expectation.
    public init(subscription: Int, events: [Timed]) {
        self.subscription = subscription
        self.events = events
    }
}

extension TimelineModel {
    /// Attaches expectations to their lanes and finds where each lane first differs.
    mutating func attach(_ expectations: [TimelineExpectation], frameTolerance: Double = 1e-9) {
        for expectation in expectations {
            guard let index = lanes.firstIndex(where: { $0.subscription == expectation.subscription }) else { continue }
            lanes[index].expected = expectation.events
            let actual: [TimelineExpectation.Timed] = lanes[index].marks.compactMap { mark in
                switch mark.kind {
                case .value(let label, _): TimelineExpectation.Timed(time: mark.time, event: .next(label))
                case .completed: TimelineExpectation.Timed(time: mark.time, event: .completed)
                case .error: TimelineExpectation.Timed(time: mark.time, event: .error)
                default: nil
                }
            }
            let expected = expectation.events
            var divergence: Double?
            for position in 0..<max(actual.count, expected.count) {
                let got = position < actual.count ? actual[position] : nil
                let wanted = position < expected.count ? expected[position] : nil
                if let got, let wanted, abs(got.time - wanted.time) <= frameTolerance, got.event == wanted.event { continue }
                divergence = [got?.time, wanted?.time].compactMap { $0 }.min()
                break
            }
            lanes[index].divergence = divergence
        }
    }
}
