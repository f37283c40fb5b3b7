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
    public var sideBySide: [String] {
        var lines = ["expected: " + visiblyEscaped(expected)]
        guard let actual else { return lines }
        lines.append("actual:   " + visiblyEscaped(actual))
        guard let difference, let time = firstDifferenceTime else { return lines }
        // Before the difference the marbles are the same, but one may end first.
        let longer = expected.count >= difference.frame ? expected : actual
        let before = visiblyEscaped(String(longer.prefix(difference.frame))).count
        lines.append(String(repeating: " ", count: "expected: ".count + before)
            + "^ first difference at frame \(difference.frame) (\(SecondsFormat(precision: .decimals(6), unit: .seconds).format(time))): "
            + "expected \(difference.expected), received \(difference.received)")
        return lines
    }
}
