import Foundation
import Testing
import Tracer

// MARK: A test-only reader of RxJS marbles

/// What a marble diagram says happened, by frame, read with the rules of
/// RxJS's `TestScheduler.parseMarbles` and `parseMarblesAsSubscriptions`:
/// every character advances time by one frame ('!' excepted); '(' starts a
/// group whose events all happen at the frame of the '('.
enum RxMarble {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The notifications of an events marble: (frame, symbol), symbol being a
    /// value's character, "|" or "#".
    static func events(_ marble: String) throws -> [(frame: Int, symbol: Character)] {
        var frame = 0
        var groupStart = -1
        var result: [(frame: Int, symbol: Character)] = []
        for character in marble {
            let at = groupStart > -1 ? groupStart : frame
            switch character {
            case "-":
                frame += 1
            case "(":
                guard groupStart == -1 else { throw Failure(description: "nested group in \(marble)") }
                groupStart = frame
                frame += 1
            case ")":
                guard groupStart > -1 else { throw Failure(description: "')' without '(' in \(marble)") }
                groupStart = -1
                frame += 1
            case "^", "!", " ":
                throw Failure(description: "'\(character)' in an events marble: \(marble)")
            default:  // "|", "#" and values
                result.append((at, character))
                frame += 1
            }
        }
        guard groupStart == -1 else { throw Failure(description: "unclosed group in \(marble)") }
        return result
    }

    /// The subscription and unsubscription frames of a subscription marble.
    static func subscription(_ marble: String) throws -> (subscribed: Int?, unsubscribed: Int?) {
        var frame = 0
        var groupStart = -1
        var subscribed: Int?
        var unsubscribed: Int?
        for character in marble {
            let at = groupStart > -1 ? groupStart : frame
            switch character {
            case "-":
                frame += 1
            case "(":
                groupStart = frame
                frame += 1
            case ")":
                groupStart = -1
                frame += 1
            case "^":
                guard subscribed == nil else { throw Failure(description: "two '^' in \(marble)") }
                subscribed = at
                frame += 1
            case "!":
                guard unsubscribed == nil else { throw Failure(description: "two '!' in \(marble)") }
                unsubscribed = at  // does not advance
            default:
                throw Failure(description: "'\(character)' in a subscription marble: \(marble)")
            }
        }
        return (subscribed, unsubscribed)
    }
}

/// A marble text taken apart: its frame, legend and lanes.
struct MarbleText {
    struct Lane {
        var name: String
        var events: String?
        var subscription: String?
        var replayed: String?
        var error: String?
    }

    var frame: Double
    var legend: [Character: String] = [:]
    var lanes: [Lane] = []

    init(_ text: String) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.first, let start = header.range(of: "one frame = "),
              let end = header.range(of: " s (RxJS marble syntax)"),
              let frame = Double(header[start.upperBound..<end.lowerBound]) else {
            throw RxMarble.Failure(description: "no frame in \(lines.first ?? "")")
        }
        self.frame = frame
        var index = 1
        if index < lines.count, lines[index] == "# values:" {
            index += 1
            while index < lines.count, lines[index].hasPrefix("#   ") {
                let line = lines[index].dropFirst(4)
                let symbol = line.first!
                let quoted = line.dropFirst(4)  // "x = "
                legend[symbol] = Self.unquote(String(quoted))
                index += 1
            }
        }
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.isEmpty { continue }
            if !line.hasPrefix("  ") {
                lanes.append(Lane(name: line))
                continue
            }
            guard !lanes.isEmpty else { throw RxMarble.Failure(description: "a field before any lane: \(line)") }
            let field = line.dropFirst(2)
            if field.hasPrefix("events:       ") {
                lanes[lanes.count - 1].events = String(field.dropFirst(14))
            } else if field.hasPrefix("subscription: ") {
                lanes[lanes.count - 1].subscription = String(field.dropFirst(14))
            } else if field.hasPrefix("replayed:     ") {
                lanes[lanes.count - 1].replayed = String(field.dropFirst(14))
            } else if field.hasPrefix("# = ") {
                lanes[lanes.count - 1].error = Self.unquote(String(field.dropFirst(4)))
            } else {
                throw RxMarble.Failure(description: "unknown line \(line)")
            }
        }
    }

    /// A label in double quotes with `\"` and `\\` escaped.
    static func unquote(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// Checks that every lane of `trace.marbles(frame:)`, read back with the RxJS
/// rules, gives each delivery of its subscription at frame = time / frame.
private func checkMarbles(of trace: Trace, frame explicit: Double? = nil, expectedFrame: Double? = nil,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
    let text = try trace.marbles(frame: explicit)
    let parsed = try MarbleText(text)
    if let expectedFrame { #expect(parsed.frame == expectedFrame, sourceLocation: sourceLocation) }
    let frame = parsed.frame
    let subscriptions = trace.labelledSubscriptions.isEmpty ? trace.subscriptions : trace.labelledSubscriptions
    #expect(parsed.lanes.map(\.name) == subscriptions.map { trace.describe(subscription: $0.id) }, sourceLocation: sourceLocation)

    func frameOf(_ time: Double) -> Int {
        let exact = time / frame
        #expect(abs(exact - exact.rounded()) < 1e-6, "time \(time) is not on a frame of \(frame)", sourceLocation: sourceLocation)
        return Int(exact.rounded())
    }

    for (lane, subscription) in zip(parsed.lanes, subscriptions) {
        let events = trace.events(of: subscription.id)
        func expected(replayedOnly: Bool) -> [String] {
            events.compactMap { event -> String? in
                guard event.kind.isDelivery, !replayedOnly || event.kind.isReplayed else { return nil }
                switch event.kind {
                case .next(_, let value, _): return "\(frameOf(event.time)) \(value)"
                case .error: return "\(frameOf(event.time)) #"
                case .completed: return "\(frameOf(event.time)) |"
                default: return nil
                }
            }
        }
        func read(_ marble: String?) throws -> [String] {
            try RxMarble.events(marble ?? "").map { frame, symbol in
                symbol == "|" || symbol == "#" ? "\(frame) \(symbol)" : "\(frame) \(parsed.legend[symbol] ?? "unknown symbol \(symbol)")"
            }
        }
        #expect(try read(lane.events) == expected(replayedOnly: false), "\(lane.name)", sourceLocation: sourceLocation)
        let hasReplayed = events.contains { $0.kind.isReplayed }
        #expect((lane.replayed != nil) == hasReplayed, "\(lane.name)", sourceLocation: sourceLocation)
        if hasReplayed {
            #expect(try read(lane.replayed) == expected(replayedOnly: true), "\(lane.name)", sourceLocation: sourceLocation)
        }
        let (subscribed, unsubscribed) = try RxMarble.subscription(lane.subscription ?? "")
        let subscribeTime = events.first { if case .subscribe = $0.kind { true } else { false } }?.time
        let disposeTime = events.first { if case .dispose = $0.kind { true } else { false } }?.time
        #expect(subscribed == subscribeTime.map(frameOf), "\(lane.name)", sourceLocation: sourceLocation)
        #expect(unsubscribed == disposeTime.map(frameOf), "\(lane.name)", sourceLocation: sourceLocation)
        let message = events.compactMap { event -> String? in
            if case .error(_, let message, _) = event.kind { message } else { nil }
        }.last
        #expect(lane.error == message, "\(lane.name)", sourceLocation: sourceLocation)
        // All marbles of a lane have the same width.
        let widths = [lane.events, lane.subscription, lane.replayed].compactMap { $0?.count }
        #expect(Set(widths).count == 1, "\(lane.name)", sourceLocation: sourceLocation)
    }
}

@Suite struct MarbleTests {
    // MARK: Reading marbles back

    @Test("the test's reader follows the RxJS rules")
    func readerRules() throws {
        #expect(try RxMarble.events("--a-(bc|)").map { "\($0.frame)\($0.symbol)" } == ["2a", "4b", "4c", "4|"])
        #expect(try RxMarble.events("(ab)c#").map { "\($0.frame)\($0.symbol)" } == ["0a", "0b", "4c", "5#"])
        #expect(try RxMarble.subscription("--^---!").subscribed == 2)
        #expect(try RxMarble.subscription("--^---!").unsubscribed == 6)
        #expect(try RxMarble.subscription("-(^!)").unsubscribed == 1)
        #expect(try RxMarble.subscription("^!").unsubscribed == 1)
    }

    @Test("every lane read back with the RxJS rules gives each delivery at its time divided by the frame")
    func lanesReadBack() throws {
        try checkMarbles(of: Scenario.publish(), expectedFrame: 0.5)
        try checkMarbles(of: Scenario.replayLazily(), expectedFrame: 0.5)
        try checkMarbles(of: Scenario.replayGroups(), expectedFrame: 0.25)
        try checkMarbles(of: Scenario.chrome(), expectedFrame: 0.1)
        try checkMarbles(of: Scenario.tenths(), expectedFrame: 0.1)
    }

    @Test("an explicit frame that fits, coarser or finer than the automatic one, reads back the same way")
    func explicitFrames() throws {
        try checkMarbles(of: Scenario.publish(), frame: 0.25, expectedFrame: 0.25)
        try checkMarbles(of: Scenario.publish(), frame: 0.1, expectedFrame: 0.1)
        try checkMarbles(of: Scenario.replayGroups(), frame: 0.125, expectedFrame: 0.125)
        try checkMarbles(of: Scenario.replayLazily(), frame: 0.25, expectedFrame: 0.25)
        try checkMarbles(of: Scenario.tenths(), frame: 0.05, expectedFrame: 0.05)
    }

    @Test("a trace with no labelled subscriber has a lane per subscription")
    func unlabelled() throws {
        let trace = Trace(
            signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .anonymous),
                            TraceSubscription(id: 1, signal: 0, subscriber: .signal(0))],
            events: [event(0, .signal(0)), event(0, .subscribe(0)), event(1, .subscribe(1)),
                     event(2, .send(signal: 0, value: "v")), event(2, next(0, "v"), cause: 3), event(2, next(1, "v"), cause: 3)])
        try checkMarbles(of: trace, expectedFrame: 1)
    }

    @Test("up to 164 distinct values get a letter each (Latin, Greek, Cyrillic) and read back; one more throws")
    func manyValues() throws {
        func trace(values: Int) -> Trace {
            var events = [event(0, .signal(0)), event(0, .subscribe(0))]
            for value in 0..<values { events.append(event(Double(value + 1), next(0, "v\(value)"))) }
            return Trace(
                signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
                subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("L"))],
                events: events)
        }
        try checkMarbles(of: trace(values: 164), expectedFrame: 1)
        let legend = try MarbleText(trace(values: 164).marbles()).legend
        #expect(legend.count == 164)
        #expect(legend["a"] == "v0")
        #expect(legend["Z"] == "v51")
        #expect(legend["α"] == "v52")
        #expect(legend["ς"] == nil)
        #expect(legend["я"] == "v131")
        #expect(legend["Я"] == "v163")
        #expect(throws: MarbleError.self) { try trace(values: 165).marbles() }
    }

    // MARK: Exact text

    @Test("the marbles of a published source are exactly the hand-written text")
    func publishText() throws {
        let expected = """
        # publish: marbles, one frame = 0.5 s (RxJS marble syntax)
        # values:
        #   a = "a"
        #   b = "b"

        Subscriber 1 → publish of source
          events:       ---a-(b|)
          subscription: ^----!---

        Subscriber 2 → publish of source
          events:       -----(b|)
          subscription: ----^!---

        """
        #expect(try Scenario.publish().marbles() == expected)
    }

    @Test("groups in one frame, replayed history and an error, exactly as hand-written")
    func groupsText() throws {
        let expected = """
        # groups: marbles, one frame = 0.25 s (RxJS marble syntax)
        # values:
        #   a = "a"
        #   b = "b"
        #   c = "c"

        Subscriber 1 → replay
          events:       ----(ab)----c---#
          subscription: ^---------------!
          # = "boom"

        Subscriber 2 → replay
          events:       --------(ab)c---#
          subscription: --------^-------!
          replayed:     --------(ab)-----
          # = "boom"

        """
        #expect(try Scenario.replayGroups().marbles() == expected)
    }

    // MARK: Frames

    @Test("an explicit frame too coarse for the groups of a frame to fit before the next event throws MarbleError")
    func tooCoarse() {
        let trace = Scenario.replayGroups()
        // At 1 s Subscriber 1's group (ab) at frame 1 overlaps c at frame 3; at
        // 0.5 s Subscriber 1 fits, but Subscriber 2's (ab) at frame 4 overlaps c at frame 6.
        for (frame, lane) in [(1.0, "Subscriber 1 → replay"), (0.5, "Subscriber 2 → replay")] {
            let error = #expect(throws: MarbleError.self) { try trace.marbles(frame: frame) }
            let message = error?.message ?? ""
            #expect(message.contains("too coarse"), "\(frame): \(message)")
            #expect(message.contains(lane), "\(frame): \(message)")
        }
        #expect(throws: Never.self) { try trace.marbles(frame: 0.25) }
    }

    @Test("a frame that is not a positive number throws MarbleError", arguments: [0.0, -0.0, -1.0, -.infinity, .nan, .infinity])
    func nonPositive(_ frame: Double) {
        #expect(throws: MarbleError.self) { try Scenario.publish().marbles(frame: frame) }
    }

    @Test("a frame so fine that a lane would pass marbleFrameLimit throws MarbleError")
    func tooFine() {
        #expect(marbleFrameLimit == 10_000)
        let error = #expect(throws: MarbleError.self) { try Scenario.publish().marbles(frame: 0.0001) }
        #expect(error?.description.contains("10000") == true)
        #expect(throws: Never.self) { try Scenario.publish().marbles(frame: 0.001) }
    }

    // MARK: Escaping

    /// A subscriber and values with newlines, quotes, backslashes and bidirectional controls.
    private func evilTrace(values: [String] = ["line1\nline2", "quote\"back\\slash"]) -> Trace {
        var events = [event(0, .signal(0)), event(0, .subscribe(0))]
        for (index, value) in values.enumerated() { events.append(event(Double(index + 1), next(0, value))) }
        let end = Double(values.count + 1)
        events += [event(end, .error(subscription: 0, message: "bad\u{2066}news", replayed: false)), event(end, .dispose(0), cause: events.count)]
        return Trace(
            signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("Evil\u{202E}\nname"))],
            events: events)
    }

    @Test("labels with newlines, quotes and bidi controls are escaped in the legend, lane names and error lines")
    func escapedText() throws {
        let expected = #"""
        # marbles, one frame = 1 s (RxJS marble syntax)
        # values:
        #   a = "line1\nline2"
        #   b = "quote\"back\\slash"

        Evil\u{202E}\nname → s
          events:       -ab#
          subscription: ^--!
          # = "bad\u{2066}news"

        """#
        #expect(try evilTrace().marbles() == expected)
    }

    @Test("the legend tells apart a newline and the text \\u{A}")
    func legendIsUnambiguous() throws {
        let text = try evilTrace(values: ["a\nb", #"a\u{A}b"#]).marbles()
        let legend = text.split(separator: "\n").filter { $0.hasPrefix("#   ") }
        #expect(legend.count == 2)
        #expect(Set(legend.map { $0.dropFirst(8) }).count == 2, "\(legend)")
    }

    @Test("no control or bidirectional formatting character reaches the marble text raw")
    func noRawControls() throws {
        // Unicode's Bidi_Control characters are all in the Basic Multilingual Plane.
        let bidi = (0..<0x10000).compactMap(Unicode.Scalar.init).filter { $0.properties.isBidiControl }
        #expect(bidi.count == 12)
        let controls = (0..<0x20).compactMap(Unicode.Scalar.init) + [Unicode.Scalar(0x7F)!, "\u{85}", "\u{2028}", "\u{2029}"]
        let label = String(String.UnicodeScalarView(bidi + controls))
        let text = try evilTrace(values: [label, "x" + label]).marbles()
        for scalar in text.unicodeScalars where scalar != "\n" {
            #expect(!bidi.contains(scalar) && !controls.contains(scalar), "U+\(String(scalar.value, radix: 16, uppercase: true)) is raw")
        }
        // Header, "# values:", two values, a blank line, the lane's name, its
        // events and subscription, its error, and the empty end after the last newline.
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 10)
    }

    @Test("a trace later than nanoseconds can count (from about 9.2e9 s to the largest double) gets a frame of a 2,500th of it",
          arguments: [9.3e9, 1e12, 1e18, 1e300, Double.greatestFiniteMagnitude])
    func lateTimes(time: Double) throws {
        func trace(_ deliveries: [(Double, TraceEvent.Kind)]) -> Trace {
            Trace(
                signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
                subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("A"))],
                events: [event(0, .signal(0)), event(0, .subscribe(0))] + deliveries.map { event($0.0, $0.1) })
        }
        try checkMarbles(of: trace([(time / 2, next(0, "x")), (time, next(0, "late")), (time, completed(0))]),
                         expectedFrame: time / 2_500)
        // Groups too close for any frame that keeps the lane within the limit: refused, as for early traces.
        let frame = time / 2_500
        let crowded = trace([(frame, next(0, "a")), (frame, next(0, "b")), (2 * frame, next(0, "c")), (time, next(0, "d"))])
        #expect(throws: MarbleError.self) { try crowded.marbles() }
        // A frame you give works as before: too fine a frame is refused.
        #expect(throws: MarbleError.self) { try crowded.marbles(frame: 1) }
    }

    @Test("marbles are deterministic")
    func deterministic() throws {
        #expect(try Scenario.replayGroups().marbles() == Scenario.replayGroups().marbles())
        #expect(try Scenario.replayLazily().marbles() == Scenario.replayLazily().marbles())
    }
}
