import Testing
import Tracer

@Suite("Comparing what a subscriber received with a marble")
struct MarbleComparisonTests {
    /// Subscriber "S" (subscription 0) receives "a" at 1 s, "hello" at 2 s, "b" and "c" at 3.4 s, and completes at 8 s.
    static let trace = Trace(
        signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
        subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("S"))],
        events: [
            event(0, .signal(0)), event(0, .subscribe(0)), event(1, next(0, "a")), event(2, next(0, "hello")),
            event(3.4, next(0, "b")), event(3.4, next(0, "c")), event(8, completed(0)),
        ])

    static func compare(_ marble: String, values: [Character: String] = [:], frame: Double = 1) throws -> MarbleComparison {
        trace.compare(subscription: 0, with: try Marble(parsing: marble, values: values), frame: frame)
    }

    @Test("the same events in the same frames match, whatever the empty frames at the end and the spaces", arguments: [
        "-a?(bc)-|", "-a?(bc)-|----", " - a ? (bc) - | ",
    ])
    func matches(marble: String) throws {
        let comparison = try Self.compare(marble)
        #expect(comparison.matches)
        #expect(comparison.problem == nil && comparison.firstDifference == nil && comparison.firstDifferenceTime == nil)
        #expect(comparison.actual == "-a?(bc)-|")
    }

    @Test("values are drawn with the values table's characters, so the table decides what matches")
    func values() throws {
        #expect(try Self.compare("-xh(bc)-|", values: ["x": "a", "h": "hello"]).matches)
        #expect(try Self.compare("-xh(bc)-|", values: ["x": "a", "h": "hello"]).actual == "-xh(bc)-|")
        // A label of more than one character not in the table is drawn '?': a '?' stands for any of them.
        #expect(try Self.compare("-a?(bc)-|", values: ["q": "other"]).matches)
    }

    @Test("the first difference is the first character where the marbles part, and its time that index in frames", arguments: [
        ("-b?(bc)-|", 1, 1.0),       // another value
        ("-a?(cb)-|", 4, 4.0),       // the order within a group
        ("-a?(b)(c)-|", 5, 5.0),     // a group split in two
        ("-a?(bc)|", 7, 7.0),        // completed a frame early
        ("-a?(bc)-a|", 8, 8.0),      // more than happened
        ("-a", 2, 2.0),              // less than happened
        // One marble is the other's beginning: at the longer one's next event, not at the empty frames before it.
        ("", 1, 1.0),                // nothing at all: at the first value
        ("-a?(bc)", 8, 8.0),         // no completion: at the completion
        ("-a?(bc)---", 8, 8.0),      // the same, whatever the empty frames at the end of the shorter
    ])
    func difference(marble: String, index: Int, time: Double) throws {
        let comparison = try Self.compare(marble)
        #expect(!comparison.matches)
        #expect(comparison.problem == "the events differ")
        #expect(comparison.actual == "-a?(bc)-|")
        #expect(comparison.firstDifference == index)
        #expect(comparison.firstDifferenceTime == time)
    }

    @Test("the first difference says what each marble has there, in words, values by their labels", arguments: [
        ("-b?(bc)-|", [:], "next \"b\"", "next \"a\""),
        ("-x?(bc)-|", ["x": "other"], "next \"other\"", "next \"a\""),
        ("-a?(bc)|", [:], "completed", "nothing"),
        ("-a?(bc)-#", [:], "an error", "completed"),
        ("-a(?bc)-|", [:], "several events in one frame", "a value the values table does not name"),
        ("-a?(b)(c)-|", [:], "the end of the group", "next \"c\""),
        ("-a?(bc)", [:], "no more events", "completed"),
    ] as [(String, [Character: String], String, String)])
    func differenceInWords(marble: String, values: [Character: String], expected: String, received: String) throws {
        let difference = try #require(try Self.compare(marble, values: values).difference)
        #expect(difference.expected == expected)
        #expect(difference.received == received)
    }

    @Test("side by side: the marbles lined up, spaces left out, and a caret under the first difference saying what each has")
    func sideBySide() throws {
        #expect(try Self.compare(" - a ? (bc)   | ").sideBySide == [
            "expected: -a?(bc)|",
            "actual:   -a?(bc)-|",
            "                 ^ first difference at frame 7 (7 s): expected completed, received nothing",
        ])
        #expect(try Self.compare("-a?(bc)-|").sideBySide == ["expected: -a?(bc)-|", "actual:   -a?(bc)-|"])
        #expect(try Self.compare("(a?bc)|", frame: 3).sideBySide == ["expected: (a?bc)|"])
        // The time has no binary noise: frame 3 of 0.1 s is 0.3 s, not 0.30000000000000004 s.
        #expect(try Self.compare("---b", frame: 0.1).sideBySide.last?.hasSuffix("at frame 3 (0.3 s): expected next \"b\", received nothing") == true)
    }

    @Test("side by side, long marbles are shown around the first difference, cut with …, the caret under it")
    func sideBySideWindow() throws {
        // 500 values one a frame; the expectation differs at frame 301.
        let values = (0..<500).map { event(Double($0 + 1), next(0, "a")) }
        let trace = Trace(
            signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("S"))],
            events: [event(0, .signal(0)), event(0, .subscribe(0))] + values)
        let expected = "-" + String(repeating: "a", count: 300) + "b" + String(repeating: "a", count: 199)
        let lines = trace.compare(subscription: 0, with: try Marble(parsing: expected), frame: 1).sideBySide
        let start = 301 - MarbleComparison.framesBeforeDifference
        #expect(lines.count == 3)
        #expect(lines[0] == "expected: …" + String(Array(expected)[start..<(start + MarbleComparison.shownFrames)]) + "…")
        #expect(lines[1] == "actual:   …" + String(repeating: "a", count: MarbleComparison.shownFrames) + "…")
        // The caret under the difference: "expected: …" and the frames shown before it.
        let caret = try #require(lines[2].firstIndex(of: "^"))
        #expect(lines[2].distance(from: lines[2].startIndex, to: caret) == "expected: …".count + MarbleComparison.framesBeforeDifference)
        #expect(Array(lines[0])["expected: …".count + MarbleComparison.framesBeforeDifference] == "b")
        #expect(lines.allSatisfy { $0.count < 200 })
    }

    @Test("side by side, a control or bidi character is a visible escape and the caret stays under the difference")
    func sideBySideEscapes() throws {
        let trace = Trace(
            signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("S"))],
            events: [event(0, .signal(0)), event(0, .subscribe(0)), event(1, next(0, "\u{202E}")), event(2, next(0, "b"))])
        let comparison = trace.compare(subscription: 0, with: try Marble(parsing: "-\u{202E}c"), frame: 1)
        #expect(comparison.sideBySide == [
            #"expected: -\u{202E}c"#,
            #"actual:   -\u{202E}b"#,
            #"                   ^ first difference at frame 2 (2 s): expected next "c", received next "b""#,
        ])
        #expect(!comparison.sideBySide.joined().contains("\u{202E}"))
    }

    @Test("the first difference's time is in the marble's frames")
    func differenceTime() throws {
        let comparison = try Self.compare("---b", frame: 0.5)
        #expect(comparison.actual == "--a-?--(bc)-----|")
        #expect(comparison.firstDifference == 2)
        #expect(comparison.firstDifferenceTime == 1)
    }

    @Test("events that cannot be drawn at the frame, or no such subscription, are a problem with nothing to point at")
    func problems() throws {
        let coarse = try Self.compare("(a?bc)|", frame: 3)
        #expect(!coarse.matches)
        #expect(coarse.actual == nil && coarse.firstDifference == nil)
        #expect(coarse.problem?.contains("is too coarse for") == true)
        let missing = Self.trace.compare(subscription: 7, with: try Marble(parsing: "a"), frame: 1)
        #expect(missing.problem == "there is no subscription 7")
    }
}
