extension MarbleComparison {
    /// The expected and actual marbles one above the other, lined up, with a caret under the first
    /// difference saying where it is and what each marble has there: what `sigviz check` prints,
    /// and what the report and docs pages show of a failing expectation.
    ///
    /// ```text
    /// expected: --A--|
    /// actual:   --A-|
    ///               ^ first difference at frame 4 (2 s): expected nothing, received completed
    /// ```
    /// Just the two marbles when they match, and just the expected one when what the subscriber
    /// received cannot be drawn (``problem`` says why). Characters that could change how a terminal
    /// or a page shows the text are written as visible escapes (``visiblyEscaped(_:)``), the caret
    /// moved to stay under the difference.
    ///
    /// Long marbles are shown around the first difference: at most ``shownFrames`` frames of each,
    /// from ``framesBeforeDifference`` frames before it, with `…` where they are cut, so that a
    /// failure takes a few lines whatever the length of the lane.
    public var sideBySide: [String] {
        let start = max(0, (difference?.frame ?? 0) - Self.framesBeforeDifference)
        /// The shown part of `marble`: from `start`, at most ``shownFrames`` frames, escaped.
        func window(_ marble: String) -> String {
            let characters = Array(marble)
            let lower = min(start, characters.count), upper = min(characters.count, start + Self.shownFrames)
            return (lower > 0 ? "…" : "") + visiblyEscaped(String(characters[lower..<upper])) + (upper < characters.count ? "…" : "")
        }
        var lines = ["expected: " + window(expected)]
        guard let actual else { return lines }
        lines.append("actual:   " + window(actual))
        guard let difference, let time = firstDifferenceTime else { return lines }
        // Before the difference the marbles are the same, but one may end first.
        let longer = Array(expected.count >= difference.frame ? expected : actual)
        let shownBefore = String(longer[min(start, longer.count)..<min(difference.frame, longer.count)])
        let before = (start > 0 ? 1 : 0) + visiblyEscaped(shownBefore).count
        lines.append(String(repeating: " ", count: "expected: ".count + before)
            + "^ first difference at frame \(difference.frame) (\(SecondsFormat(precision: .decimals(6), unit: .seconds).format(time))): "
            + "expected \(difference.expected), received \(difference.received)")
        return lines
    }

    /// The most frames of each marble ``sideBySide`` shows.
    public static let shownFrames = 100
    /// How many frames before the first difference ``sideBySide`` starts, when the marbles are longer.
    public static let framesBeforeDifference = 30
}
