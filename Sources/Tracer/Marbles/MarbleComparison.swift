/// What a subscriber received compared with a ``Marble`` of what it should have received: how
/// `sigviz check` decides, and where `sigviz render --expect` draws the first difference.
///
/// The comparison is frame by frame, as marbles: the subscriber's events are drawn at the frame
/// with the expected marble's characters (``Trace/eventsMarble(of:frame:symbols:)``) and the two
/// marbles are compared character by character, spaces and the empty frames at their ends left out.
public struct MarbleComparison: Sendable, Hashable {
    /// What the subscriber received, drawn with the expected marble's characters; `nil` when it
    /// cannot be drawn at the frame (``problem`` says why).
    public let actual: String?
    /// Why they differ: `the events differ`, or why what the subscriber received cannot be drawn;
    /// `nil` when they match.
    public let problem: String?
    /// The first character, and so the first frame, at which the expected and actual marbles
    /// differ, when both exist and differ.
    public let firstDifference: Int?
    /// Seconds per frame.
    public let frame: Double

    /// Whether the subscriber received what was expected.
    public var matches: Bool { problem == nil }

    /// The time of ``firstDifference``, in seconds.
    public var firstDifferenceTime: Double? { firstDifference.map { Double($0) * frame } }
}

extension Trace {
    /// Compares what subscription `subscription` received with `expected`, at `frame` seconds per frame.
    ///
    /// A value is drawn with the character the expected marble's values table gives its label, a
    /// one-character label not in it as itself, any other as `?`; so the marbles match when the
    /// subscriber received the same events in the same frames, in the same order within each frame.
    /// - Parameters:
    ///   - subscription: The subscription's id.
    ///   - expected: What it should have received.
    ///   - frame: Seconds per frame.
    /// - Returns: The comparison, with the first difference when there is one.
    public func compare(subscription: Int, with expected: Marble, frame: Double) -> MarbleComparison {
        var symbols: [String: Character] = [:]
        for (character, label) in expected.values { symbols[label] = character }
        let actual: String
        do {
            actual = try eventsMarble(of: subscription, frame: frame, symbols: symbols)
        } catch {
            return MarbleComparison(actual: nil, problem: error.message, firstDifference: nil, frame: frame)
        }
        let wanted = trimmed(expected.text)
        let got = trimmed(actual)
        guard wanted != got else { return MarbleComparison(actual: actual, problem: nil, firstDifference: nil, frame: frame) }
        let difference = zip(wanted, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(wanted.count, got.count)
        return MarbleComparison(actual: actual, problem: "the events differ", firstDifference: difference, frame: frame)
    }
}

/// A marble without the empty frames at its end, and without spaces.
private func trimmed(_ marble: String) -> [Character] {
    var characters = Array(marble.filter { $0 != " " })
    while characters.last == "-" { characters.removeLast() }
    return characters
}
