import Foundation
import Reactive
import Testing
import Tracer

/// Strings that a careless writer or reader would get wrong.
let hostileStrings: [String] = [
    "quote \" and backslash \\ and slash /",
    String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) })) + "\u{7F}",
    "line\u{2028}separator\u{2029}paragraph",
    "👩‍👩‍👧‍👦 🇫🇷 e\u{301} \u{E9}",
    #"\u12 \uD800 \x41 \ \\" \/ \n \u0000"#,
    "</text><script>alert(1)</script>",
    "zero\u{FEFF}width no-break \u{10FFFF} \u{200B}",
    "שלום \u{202E}evil",
    "",
    "\r\n\t\u{8}\u{C}",
]

/// A trace built by hand whose strings are all hostile.
func hostileTrace() -> Trace {
    var events: [TraceEvent] = [event(0, .signal(0)), event(0, .subscribe(0))]
    for (index, text) in hostileStrings.enumerated() {
        let time = Double(index) / 4
        events.append(event(time, .send(signal: 0, value: text)))
        events.append(event(time, next(0, text), cause: events.count - 1))
    }
    events.append(event(5, .sendError(signal: 0, message: hostileStrings[1])))
    events.append(event(5, .error(subscription: 0, message: hostileStrings[4], replayed: false), cause: events.count - 1))
    return Trace(
        title: hostileStrings[0] + hostileStrings[1],
        signals: [TraceSignal(id: 0, kind: .subject, name: hostileStrings[4])],
        subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label(hostileStrings[2]))],
        events: events)
}

/// A small trace that uses every kind of entry and event, built by hand.
func tinyTrace() -> Trace {
    let value = "a\u{2028}👍"
    return Trace(
        title: "tiny \"trace\"",
        signals: [
            TraceSignal(id: 0, kind: .cold, name: "source", operation: .interval(seconds: 0.5, scheduler: "main \"queue\"")),
            TraceSignal(id: 1, kind: .replaySubject(capacity: 2), name: "replay", operation: .replay, receiver: 0),
            TraceSignal(id: 2, kind: .connection, name: "connection", source: 0, subject: 1),
            TraceSignal(id: 3, kind: .replaySubject(capacity: nil), name: "unbounded", operation: .merge(signals: [0, nil, 1])),
        ],
        subscriptions: [
            TraceSubscription(id: 0, signal: 1, subscriber: .label("Subscriber 1"), owner: 3),
            TraceSubscription(id: 1, signal: 0, subscriber: .signal(1)),
            TraceSubscription(id: 2, signal: 0, subscriber: .anonymous, parent: 1),
            TraceSubscription(id: 3, signal: 1, subscriber: .subscription(0), parent: 0),
        ],
        events: [
            event(0, .signal(0)),
            event(0, .signal(1)),
            event(0, .signal(2)),
            event(0, .signal(3)),
            event(0.00001, .subscribe(0)),
            event(0.5, .connect(signal: 2, first: true)),
            event(0.5, .subscribe(1), cause: 5),
            event(0.5, .didSubscribe(1), cause: 5),
            event(0.5, .subscribe(2), cause: 7),
            event(1.25, next(1, value)),
            event(1.25, .send(signal: 1, value: value), cause: 9),
            event(1.25, next(0, value), cause: 10),
            event(2, .subscribe(3)),
            event(2, next(3, value, replayed: true), cause: 12),
            event(3, .sendError(signal: 1, message: "boom")),
            event(3, .error(subscription: 0, message: "boom", replayed: false), cause: 14),
            event(3, .dispose(0), cause: 15),
            event(3, .error(subscription: 3, message: "boom", replayed: false), cause: 14),
            event(3, .dispose(3), cause: 17),
            event(3, completed(2)),
            event(3, .sendCompleted(signal: 1)),
            event(1e20, .connect(signal: 2, first: false)),
            event(1e20, .disconnect(signal: 2)),
            event(1e20, .drop(subscription: 2, value: value), cause: 21),
            event(1e20, .hop(subscription: 1, scheduler: "main \"queue\""), cause: 22),
        ])
}

/// Recorded traces of every shape the suites use.
func recordedTraces() -> [Trace] {
    [Scenario.publish(), Scenario.replayLazily(), Scenario.replayGroups(), Scenario.chrome(), Scenario.tenths()]
}

@Suite struct JSONTests {
    @Test("a recorded trace decodes to an equal trace, and encoding that again gives the same bytes")
    func roundTrip() throws {
        for trace in recordedTraces() + [tinyTrace(), hostileTrace()] {
            let json = trace.json()
            let decoded = try Trace(json: json)
            #expect(decoded == trace)
            #expect(decoded.json() == json)
        }
    }

    @Test("a wall-clock trace, whose times are arbitrary doubles, round-trips byte for byte")
    func wallClockRoundTrip() throws {
        var keep: Subject<Int>?
        let trace = try Scheduler.immediate.perform {
            try Trace.record(title: "wall clock") {
                let subject = Subject<Int>().named("s")
                keep = subject
                subject.subscribe(label: "S")
                for value in 0..<50 { subject.sendNext(value) }
            }
        }
        withExtendedLifetime(keep) {}
        #expect(trace.events.count == 102)
        let json = trace.json()
        let decoded = try Trace(json: json)
        #expect(decoded == trace)
        #expect(decoded.events.map(\.time) == trace.events.map(\.time))
        #expect(decoded.json() == json)
    }

    @Test("times are written in their shortest form and read back exactly, from 5e-324 to the largest double")
    func awkwardTimes() throws {
        let times: [Double] = [
            0, Double.leastNonzeroMagnitude, 1e-300, 0.00001, 0.1, 0.30000000000000004, 2.5, 123456789012345.6,
            999999999999999, 1e15, 4503599627370497, 1e20, Double.greatestFiniteMagnitude,
        ]
        let trace = Trace(
            signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
            events: [event(0, .signal(0))] + times.map { event($0, .send(signal: 0, value: "v")) })
        let json = trace.json()
        let text = String(decoding: json, as: UTF8.self)
        let written = [
            "0.0", "5e-324", "1e-300", "1e-05", "0.1", "0.30000000000000004", "2.5", "123456789012345.6",
            "999999999999999.0", "1000000000000000.0", "4503599627370497.0", "1e+20", "1.7976931348623157e+308",
        ]
        for (index, time) in written.enumerated() {
            #expect(text.contains("{\"seq\": \(index + 1), \"time\": \(time), \"kind\": \"send\""), "\(time)")
        }
        let decoded = try Trace(json: json)
        #expect(decoded.events.map(\.time) == [0] + times)
        #expect(decoded.json() == json)
    }

    @Test("hostile strings round-trip exactly, and Foundation's parser reads the same strings")
    func hostileRoundTrip() throws {
        let trace = hostileTrace()
        let json = trace.json()
        let decoded = try Trace(json: json)
        #expect(decoded == trace)
        #expect(decoded.json() == json)
        // Swift's == on strings ignores normalization: compare scalars.
        let decodedValues = decoded.events.compactMap { event -> String? in
            if case .send(_, let value) = event.kind { value } else { nil }
        }
        #expect(decodedValues.count == hostileStrings.count)
        for (value, expected) in zip(decodedValues, hostileStrings) {
            let same = value.unicodeScalars.elementsEqual(expected.unicodeScalars)
            #expect(same, "\(value.debugDescription) should be \(expected.debugDescription)")
        }

        // An independent reader gets the same strings.
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        let parsed = events.compactMap { $0["kind"] as? String == "send" ? $0["value"] as? String : nil }
        #expect(parsed.count == hostileStrings.count)
        for (value, expected) in zip(parsed, hostileStrings) {
            let same = value.unicodeScalars.elementsEqual(expected.unicodeScalars)
            #expect(same, "\(value.debugDescription) should be \(expected.debugDescription)")
        }
        let title = try #require(object["title"] as? String)
        #expect(title.unicodeScalars.elementsEqual((hostileStrings[0] + hostileStrings[1]).unicodeScalars))

        // Nothing unescaped that breaks JSON lines or JavaScript: no control
        // characters but the writer's own newlines, no raw U+2028 or U+2029.
        let bytes = [UInt8](json)
        #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A })
        #expect(!bytes.contains(0x7F))
        let separators = bytes.indices.dropLast(2).filter {
            bytes[$0] == 0xE2 && bytes[$0 + 1] == 0x80 && (bytes[$0 + 2] == 0xA8 || bytes[$0 + 2] == 0xA9)
        }
        #expect(separators.isEmpty)
        // One line per table entry or event.
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(lines.count == 11 + trace.events.count + 3)
    }

    @Test("the JSON text of a small hand-built trace is exactly the documented format")
    func exactText() {
        let expected = #"""
        {
          "format": "sigviz-trace",
          "version": 2,
          "title": "tiny \"trace\"",
          "signals": [
            {"id": 0, "kind": "cold", "name": "source", "operation": {"name": "interval", "seconds": 0.5, "scheduler": "main \"queue\""}},
            {"id": 1, "kind": "replaySubject", "capacity": 2, "name": "replay", "operation": {"name": "replay"}, "receiver": 0},
            {"id": 2, "kind": "connection", "name": "connection", "source": 0, "subject": 1},
            {"id": 3, "kind": "replaySubject", "name": "unbounded", "operation": {"name": "merge", "signals": [0, null, 1]}}
          ],
          "subscriptions": [
            {"id": 0, "signal": 1, "subscriber": {"label": "Subscriber 1"}, "owner": 3},
            {"id": 1, "signal": 0, "subscriber": {"signal": 1}},
            {"id": 2, "signal": 0, "subscriber": {}, "parent": 1},
            {"id": 3, "signal": 1, "subscriber": {"subscription": 0}, "parent": 0}
          ],
          "events": [
            {"seq": 0, "time": 0.0, "kind": "signal", "signal": 0},
            {"seq": 1, "time": 0.0, "kind": "signal", "signal": 1},
            {"seq": 2, "time": 0.0, "kind": "signal", "signal": 2},
            {"seq": 3, "time": 0.0, "kind": "signal", "signal": 3},
            {"seq": 4, "time": 1e-05, "kind": "subscribe", "subscription": 0},
            {"seq": 5, "time": 0.5, "kind": "connect", "signal": 2, "first": true},
            {"seq": 6, "time": 0.5, "kind": "subscribe", "subscription": 1, "cause": 5},
            {"seq": 7, "time": 0.5, "kind": "didSubscribe", "subscription": 1, "cause": 5},
            {"seq": 8, "time": 0.5, "kind": "subscribe", "subscription": 2, "cause": 7},
            {"seq": 9, "time": 1.25, "kind": "next", "subscription": 1, "value": "a\u2028👍", "replayed": false},
            {"seq": 10, "time": 1.25, "kind": "send", "signal": 1, "value": "a\u2028👍", "cause": 9},
            {"seq": 11, "time": 1.25, "kind": "next", "subscription": 0, "value": "a\u2028👍", "replayed": false, "cause": 10},
            {"seq": 12, "time": 2.0, "kind": "subscribe", "subscription": 3},
            {"seq": 13, "time": 2.0, "kind": "next", "subscription": 3, "value": "a\u2028👍", "replayed": true, "cause": 12},
            {"seq": 14, "time": 3.0, "kind": "sendError", "signal": 1, "message": "boom"},
            {"seq": 15, "time": 3.0, "kind": "error", "subscription": 0, "message": "boom", "replayed": false, "cause": 14},
            {"seq": 16, "time": 3.0, "kind": "dispose", "subscription": 0, "cause": 15},
            {"seq": 17, "time": 3.0, "kind": "error", "subscription": 3, "message": "boom", "replayed": false, "cause": 14},
            {"seq": 18, "time": 3.0, "kind": "dispose", "subscription": 3, "cause": 17},
            {"seq": 19, "time": 3.0, "kind": "completed", "subscription": 2, "replayed": false},
            {"seq": 20, "time": 3.0, "kind": "sendCompleted", "signal": 1},
            {"seq": 21, "time": 1e+20, "kind": "connect", "signal": 2, "first": false},
            {"seq": 22, "time": 1e+20, "kind": "disconnect", "signal": 2},
            {"seq": 23, "time": 1e+20, "kind": "drop", "subscription": 2, "value": "a\u2028👍", "cause": 21},
            {"seq": 24, "time": 1e+20, "kind": "hop", "subscription": 1, "scheduler": "main \"queue\"", "cause": 22}
          ]
        }
        """# + "\n"
        let text = String(decoding: tinyTrace().json(), as: UTF8.self)
        #expect(text == expected)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (line, wanted)) in zip(lines, expectedLines).enumerated() where line != wanted {
            Issue.record("line \(index + 1): \(line) should be \(wanted)")
        }
    }

    @Test("an empty trace, with no title, is written with empty tables")
    func emptyText() throws {
        let expected = "{\n  \"format\": \"sigviz-trace\",\n  \"version\": 2,\n  \"signals\": [],\n  \"subscriptions\": [],\n  \"events\": []\n}\n"
        #expect(String(decoding: Trace().json(), as: UTF8.self) == expected)
        #expect(try Trace(json: Data(expected.utf8)) == Trace())
    }

    @Test("decoding accepts fields in any order, any JSON whitespace, a null title and a UTF-8 byte order mark")
    func anyOrderAndBOM() throws {
        let text = """
        {"events": [{"kind": "signal", "signal": 0, "time": 0, "seq": 0},\r
        \t{"subscription": 0, "cause": 0, "kind": "subscribe", "seq": 1, "time": 0.5},
          {"replayed": true, "value": "v", "subscription": 0, "time": 1.5e0, "kind": "next", "seq": 2}],
         "subscriptions": [{"subscriber": {"label": "L"}, "signal": 0, "id": 0}],
         "signals": [{"name": "s", "capacity": 3, "kind": "replaySubject", "id": 0}],
         "version": 1, "title": null, "format": "sigviz-trace"}
        """
        let expected = Trace(
            title: nil,
            signals: [TraceSignal(id: 0, kind: .replaySubject(capacity: 3), name: "s")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("L"))],
            events: [
                event(0, .signal(0)),
                event(0.5, .subscribe(0), cause: 0),
                event(1.5, next(0, "v", replayed: true)),
            ])
        #expect(try Trace(json: Data(text.utf8)) == expected)
        #expect(try Trace(json: Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))) == expected)
        #expect(try Trace(json: Data([0xEF, 0xBB, 0xBF] + Array(expected.json()))) == expected)
    }

    @Test("decoding does not require the format field, and accepts an escaped one")
    func formatField() throws {
        let withoutFormat = #"{"version": 1, "signals": [], "subscriptions": [], "events": []}"#
        #expect(try Trace(json: Data(withoutFormat.utf8)) == Trace())
        let escaped = #"{"format": "sigviz\u002dtrace", "version": 1, "signals": [], "subscriptions": [], "events": [], "title": "\u00e9\ud83d\ude00"}"#
        #expect(try Trace(json: Data(escaped.utf8)) == Trace(title: "é😀"))
    }

    @Test("\\u escapes read upper- and lower-case hexadecimal digits alike, surrogate pairs included")
    func unicodeEscapeDigits() throws {
        let text = #"{"version": 1, "signals": [], "subscriptions": [], "events": [], "title": "\u00C9t\u00e9 \uD83D\uDE00 \uABCD \uabcd"}"#
        #expect(try Trace(json: Data(text.utf8)) == Trace(title: "Été 😀 \u{ABCD} \u{ABCD}"))
    }

    // MARK: Codable

    @Test("Foundation's JSONDecoder reads what json() writes")
    func decoderReadsWriter() throws {
        for trace in recordedTraces() + [tinyTrace(), hostileTrace()] {
            let decoded = try JSONDecoder().decode(Trace.self, from: trace.json())
            #expect(decoded == trace)
            #expect(decoded.json() == trace.json())
        }
    }

    @Test("Trace(json:) reads what Foundation's JSONEncoder writes, with or without sorted keys")
    func readerReadsEncoder() throws {
        for trace in recordedTraces() + [tinyTrace(), hostileTrace()] {
            let plain = try JSONEncoder().encode(trace)
            #expect(try Trace(json: plain) == trace)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            let sorted = try encoder.encode(trace)
            let decoded = try Trace(json: sorted)
            #expect(decoded == trace)
            #expect(decoded.json() == trace.json())
            #expect(try JSONDecoder().decode(Trace.self, from: sorted) == trace)
        }
    }

    @Test("the Codable encoding has the same fields as json()")
    func codableFields() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(tinyTrace())) as? [String: Any])
        #expect(Set(object.keys) == ["format", "version", "title", "signals", "subscriptions", "events"])
        #expect(object["format"] as? String == "sigviz-trace")
        #expect(object["version"] as? Int == 2)
        let signals = try #require(object["signals"] as? [[String: Any]])
        #expect(signals[1]["kind"] as? String == "replaySubject")
        #expect(signals[1]["capacity"] as? Int == 2)
        #expect(signals[3]["capacity"] == nil)
        #expect(signals[2]["source"] as? Int == 0)
        let subscriptions = try #require(object["subscriptions"] as? [[String: Any]])
        #expect((subscriptions[2]["subscriber"] as? [String: Any])?.isEmpty == true)
        #expect(subscriptions[3]["parent"] as? Int == 0)
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.map { $0["seq"] as? Int } == (0..<25).map { $0 })
        #expect(events[13]["replayed"] as? Bool == true)
        #expect(events[21]["first"] as? Bool == false)
        #expect(events[6]["cause"] as? Int == 5)
    }

    @Test("JSONDecoder rejects a trace that does not validate")
    func codableValidates() {
        let invalid = #"{"version": 1, "signals": [], "subscriptions": [], "events": [{"seq": 0, "time": 0, "kind": "signal", "signal": 3}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Trace.self, from: Data(invalid.utf8)) }
        let version = #"{"version": 3, "signals": [], "subscriptions": [], "events": []}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Trace.self, from: Data(version.utf8)) }
    }
}
