/// What a subscriber received compared with a ``Marble`` of what it should have received: how
/// `sigviz check` decides, and where `sigviz render --expect` draws the first difference.
///
/// The comparison is frame by frame, as marbles: the subscriber's events are drawn at the frame
/// with the expected marble's characters (``Trace/eventsMarble(of:frame:symbols:)``) and the two
/// marbles are compared character by character, spaces and the empty frames at their ends left out.
public struct MarbleComparison: Sendable, Hashable {
    /// The expected marble as compared: as written, without its spaces, so that it lines up with
    /// ``actual`` character by character and ``firstDifference`` indexes both.
    public let expected: String
    /// What the subscriber received, drawn with the expected marble's characters; `nil` when it
    /// cannot be drawn at the frame (``problem`` says why).
    public let actual: String?
    /// Why they differ: `the events differ`, or why what the subscriber received cannot be drawn;
    /// `nil` when they match.
    public let problem: String?
    /// Where the marbles first differ and what each has there, when both exist and differ.
    public let difference: Difference?
    /// Seconds per frame.
    public let frame: Double

    /// Where two marbles first differ, and what each has there.
    public struct Difference: Sendable, Hashable {
        /// The first character, and so the first frame, at which the marbles differ.
        ///
        /// Where one marble ends before the other (empty frames at the end do not count), it is
        /// the other's next event: `"--a"` against `"--a--|"` differs at the `|`, frame 5.
        public let frame: Int
        /// What the expected marble has there, in words: `nothing` (`-`), `next "B"`, `completed`,
        /// `an error`, `several events in one frame` (`(`), `the end of the group` (`)`), or `no more events`.
        public let expected: String
        /// What the subscriber received there, in the same words.
        public let received: String
    }

    /// Whether the subscriber received what was expected.
    public var matches: Bool { problem == nil }

    /// The first character, and so the first frame, at which the expected and actual marbles
    /// differ, when both exist and differ (``Difference/frame``).
    public var firstDifference: Int? { difference?.frame }

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
        let written = expected.text.filter { $0 != " " }
        let actual: String
        do {
            actual = try eventsMarble(of: subscription, frame: frame, symbols: symbols)
        } catch {
            return MarbleComparison(expected: written, actual: nil, problem: error.message, difference: nil, frame: frame)
        }
        let wanted = trimmed(written)
        let got = trimmed(actual)
        guard wanted != got else {
            return MarbleComparison(expected: written, actual: actual, problem: nil, difference: nil, frame: frame)
        }
        var index = zip(wanted, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(wanted.count, got.count)
        // One is the other's beginning: they part at the longer one's next event (it ends with one).
        let longer = wanted.count > got.count ? wanted : got
        if index == min(wanted.count, got.count) {
            while longer[index] == "-" { index += 1 }
        }
        let difference = MarbleComparison.Difference(
            frame: index,
            expected: words(index < wanted.count ? wanted[index] : nil, values: expected.values),
            received: words(index < got.count ? got[index] : nil, values: expected.values))
        return MarbleComparison(expected: written, actual: actual, problem: "the events differ", difference: difference, frame: frame)
    }
}

/// A marble without the empty frames at its end; it has no spaces.
private func trimmed(_ marble: String) -> [Character] {
    var characters = Array(marble)
    while characters.last == "-" { characters.removeLast() }
    return characters
}

/// What a character of a compared marble stands for, in words; `nil` is past its end.
private func words(_ character: Character?, values: [Character: String]) -> String {
    guard let character else { return "no more events" }
    if let label = values[character] { return "next \(quoted(label))" }
    switch character {
    case "-": return "nothing"
    case "|": return "completed"
    case "#": return "an error"
    case "(": return "several events in one frame"
    case ")": return "the end of the group"
    // What the subscriber received is drawn `?` for a value the table does not name and that is not one character.
    case "?": return "a value the values table does not name"
    default: return "next \(quoted(String(character)))"
    }
}
