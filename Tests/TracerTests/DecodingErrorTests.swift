import Foundation
import Testing
import Tracer

/// A malformed trace, and where and how reading it must fail.
struct MalformedTrace: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let line: Int
    let column: Int
    let message: String

    init(_ name: String, _ text: String, line: Int, column: Int, _ message: String) {
        self.init(name, bytes: Array(text.utf8), line: line, column: column, message)
    }

    init(_ name: String, bytes: [UInt8], line: Int, column: Int, _ message: String) {
        self.name = name
        self.bytes = bytes
        self.line = line
        self.column = column
        self.message = message
    }

    var testDescription: String { name }
}

// The documents below are laid out one line per table entry or event:
//
//     line 1          head: {"format": "sigviz-trace", "version": 1,
//     line 2          "signals": [
//     lines 3...      the signals, one a line
//     then            ],
//                     "subscriptions": [
//                     the subscriptions, one a line
//                     ],
//                     "events": [
//                     the events, one a line
//     last line       ]}
//
// With one signal and one subscription (the defaults), the signal is on line
// 3, the subscription on line 6 and the events start on line 9.

private let headLine = #"{"format": "sigviz-trace", "version": 1,"#
private let subjectS = #"{"id": 0, "kind": "subject", "name": "s"}"#
private let subscriptionL = #"{"id": 0, "signal": 0, "subscriber": {"label": "L"}}"#
private let signalEvent = #"{"seq": 0, "time": 0, "kind": "signal", "signal": 0}"#
private let subscribeEvent = #"{"seq": 1, "time": 0, "kind": "subscribe", "subscription": 0}"#

private func document(
    head: String = headLine,
    signals: [String] = [subjectS],
    subscriptions: [String] = [subscriptionL],
    events: [String] = [signalEvent, subscribeEvent],
    tail: String = "]}"
) -> String {
    [
        head,
        #""signals": ["#, signals.joined(separator: ",\n"), "],",
        #""subscriptions": ["#, subscriptions.joined(separator: ",\n"), "],",
        #""events": ["#, events.joined(separator: ",\n"),
        tail,
    ].joined(separator: "\n")
}

/// A document whose single signal's name is `"` + `bytes` + `"`; the name's
/// opening quote is on line 3, column 38, so its first byte is in column 39.
private func signalNamed(_ bytes: [UInt8]) -> [UInt8] {
    let marker = "NAME"
    let text = document(signals: [#"{"id": 0, "kind": "subject", "name": "NAME"}"#])
    let parts = text.components(separatedBy: marker)
    return Array(parts[0].utf8) + bytes + Array(parts[1].utf8)
}

let malformedTraces: [MalformedTrace] = [
    // MARK: Not JSON, or not a whole document
    MalformedTrace("not JSON", "hello", line: 1, column: 1, "expected an object, found 'h'"),
    MalformedTrace("an empty file", "", line: 1, column: 1, "expected an object, found the end of the file"),
    MalformedTrace("an array instead of an object", "[]", line: 1, column: 1, "expected an object, found an array"),
    MalformedTrace("truncated: an unclosed array", #"{"version": 1, "signals": ["#, line: 1, column: 28, "the end of the file"),
    MalformedTrace("truncated: an unclosed object", #"{"version": 1"#, line: 1, column: 14, "expected ',' or '}', found the end of the file"),
    MalformedTrace("truncated: an unclosed string", #"{"version": 1, "title": "abc"#, line: 1, column: 25, "a string is not closed"),
    MalformedTrace("truncated: an unclosed string with escapes", #"{"title": "a\"bc"#, line: 1, column: 11, "a string is not closed"),
    MalformedTrace("truncated: a number with no digits", #"{"version": -"#, line: 1, column: 14, "expected digits"),
    MalformedTrace("a missing comma between fields", #"{"version": 1 "signals": []}"#, line: 1, column: 15, "expected ',' or '}', found a string"),
    MalformedTrace("trailing garbage", document(tail: "]} x"), line: 11, column: 4, "unexpected 'x' after the end of the document"),
    MalformedTrace("a second document", document(tail: "]}\n{}"), line: 12, column: 1, "after the end of the document"),

    // MARK: The trace object
    MalformedTrace("an unknown version", document(head: #"{"format": "sigviz-trace", "version": 3,"#),
                   line: 1, column: 39, "unknown trace version 3"),
    MalformedTrace("a version that is a string", document(head: #"{"format": "sigviz-trace", "version": "1","#),
                   line: 1, column: 39, "expected a whole number, found a string"),
    MalformedTrace("a wrong format string", document(head: #"{"format": "other-trace", "version": 1,"#),
                   line: 1, column: 12, "this is not a sigviz trace"),
    MalformedTrace("no version", document(head: #"{"format": "sigviz-trace","#), line: 1, column: 1, "the trace has no 'version'"),
    MalformedTrace("no events", #"{"version": 1, "signals": [], "subscriptions": []}"#, line: 1, column: 1, "the trace has no 'events'"),
    MalformedTrace("an unknown field in the trace", document(head: #"{"format": "sigviz-trace", "version": 1, "extra": true,"#),
                   line: 1, column: 42, "unknown field 'extra' in the trace"),
    MalformedTrace("a duplicate field in the trace", document(head: #"{"format": "sigviz-trace", "version": 1, "version": 1,"#),
                   line: 1, column: 42, "'version' appears twice"),

    // MARK: Signals
    MalformedTrace("an unknown signal kind", document(signals: [#"{"id": 0, "kind": "hot", "name": "s"}"#]),
                   line: 3, column: 19, "unknown signal kind 'hot'"),
    MalformedTrace("a signal with no name", document(signals: [#"{"id": 0, "kind": "subject"}"#]),
                   line: 3, column: 1, "signals[0] has no 'name'"),
    MalformedTrace("a fractional id", document(signals: [#"{"id": 0.5, "kind": "subject", "name": "s"}"#]),
                   line: 3, column: 8, "expected a whole number, found 0.5"),
    MalformedTrace("an id with an exponent", document(signals: [#"{"id": 1e2, "kind": "subject", "name": "s"}"#]),
                   line: 3, column: 8, "expected a whole number, found 1e2"),
    MalformedTrace("a huge id", document(signals: [#"{"id": 99999999999999999999, "kind": "subject", "name": "s"}"#]),
                   line: 3, column: 8, "99999999999999999999 is too large"),
    MalformedTrace("an id with a leading zero", document(signals: [#"{"id": 00, "kind": "subject", "name": "s"}"#]),
                   line: 3, column: 8, "a number may not start with 0"),
    MalformedTrace("an id that is not its position", document(signals: [#"{"id": 1, "kind": "subject", "name": "s"}"#]),
                   line: 3, column: 8, "signals[0] has id 1"),
    MalformedTrace("a signal's call site that is not text", document(signals: [#"{"id": 0, "kind": "subject", "name": "s", "site": 12}"#]),
                   line: 3, column: 51, "expected a string, found a number"),
    MalformedTrace("a capacity on a plain subject", document(signals: [#"{"id": 0, "kind": "subject", "name": "s", "capacity": 2}"#]),
                   line: 3, column: 43, "only a replaySubject has a capacity"),
    MalformedTrace("a duplicate field in a signal", document(signals: [#"{"id": 0, "kind": "subject", "name": "s", "name": "t"}"#]),
                   line: 3, column: 43, "'name' appears twice in signals[0]"),
    MalformedTrace("a connection whose subject is missing",
                   document(signals: [subjectS, #"{"id": 1, "kind": "connection", "name": "c", "subject": 9}"#]),
                   line: 4, column: 57, "there is no signal 9"),
    MalformedTrace("a connection with no subject",
                   document(signals: [subjectS, #"{"id": 1, "kind": "connection", "name": "c"}"#]),
                   line: 4, column: 1, "signals[1] is a connection with no 'subject'"),
    MalformedTrace("a signal with no 'signal' event",
                   document(signals: [subjectS, #"{"id": 1, "kind": "subject", "name": "t"}"#]),
                   line: 4, column: 1, "signal 1 has no 'signal' event"),

    // MARK: Subscriptions
    MalformedTrace("a subscription to a missing signal", document(subscriptions: [#"{"id": 0, "signal": 7, "subscriber": {"label": "L"}}"#]),
                   line: 6, column: 21, "there is no signal 7"),
    MalformedTrace("a missing parent", document(subscriptions: [#"{"id": 0, "signal": 0, "subscriber": {"label": "L"}, "parent": 4}"#]),
                   line: 6, column: 64, "there is no subscription 4"),
    MalformedTrace("a missing owner", document(subscriptions: [#"{"id": 0, "signal": 0, "subscriber": {"label": "L"}, "owner": 4}"#]),
                   line: 6, column: 63, "there is no signal 4"),
    MalformedTrace("a subscription with no subscriber", document(subscriptions: [#"{"id": 0, "signal": 0}"#]),
                   line: 6, column: 1, "subscriptions[0] has no 'subscriber'"),
    MalformedTrace("a subscriber with two identities",
                   document(subscriptions: [#"{"id": 0, "signal": 0, "subscriber": {"label": "L", "signal": 0}}"#]),
                   line: 6, column: 53, "more than one of 'label', 'signal' and 'subscription'"),
    MalformedTrace("a subscription feeding itself",
                   document(subscriptions: [#"{"id": 0, "signal": 0, "subscriber": {"subscription": 0}}"#]),
                   line: 6, column: 38, "a subscription cannot feed itself"),
    MalformedTrace("a subscription with no 'subscribe' event",
                   document(subscriptions: [subscriptionL, #"{"id": 1, "signal": 0, "subscriber": {}}"#]),
                   line: 7, column: 1, "subscription 1 has no 'subscribe' event"),

    // MARK: Events: fields
    MalformedTrace("an unknown event kind", document(events: [signalEvent, #"{"seq": 1, "time": 0, "kind": "subscribed", "subscription": 0}"#]),
                   line: 10, column: 31, "unknown event kind 'subscribed'"),
    MalformedTrace("an event with no time", document(events: [signalEvent, #"{"seq": 1, "kind": "subscribe", "subscription": 0}"#]),
                   line: 10, column: 1, "events[1] has no 'time'"),
    MalformedTrace("an event with no kind", document(events: [signalEvent, #"{"seq": 1, "time": 0, "subscription": 0}"#]),
                   line: 10, column: 1, "events[1] has no 'kind'"),
    MalformedTrace("an event with no seq", document(events: [#"{"time": 0, "kind": "signal", "signal": 0}"#, subscribeEvent]),
                   line: 9, column: 1, "events[0] has no 'seq'"),
    MalformedTrace("a next with no value",
                   document(events: [signalEvent, subscribeEvent, #"{"seq": 2, "time": 0, "kind": "next", "subscription": 0, "replayed": false}"#]),
                   line: 11, column: 1, "events[2] ('next') has no 'value'"),
    MalformedTrace("a completed with no replayed",
                   document(events: [signalEvent, subscribeEvent, #"{"seq": 2, "time": 0, "kind": "completed", "subscription": 0}"#]),
                   line: 11, column: 1, "events[2] ('completed') has no 'replayed'"),
    MalformedTrace("a field not allowed for the event kind",
                   document(events: [signalEvent, #"{"seq": 1, "time": 0, "kind": "subscribe", "subscription": 0, "value": "x"}"#]),
                   line: 10, column: 63, "a 'subscribe' event has no field 'value'"),
    MalformedTrace("an unknown field in an event",
                   document(events: [signalEvent, #"{"seq": 1, "time": 0, "kind": "subscribe", "subscription": 0, "colour": 1}"#]),
                   line: 10, column: 63, "unknown field 'colour' in events[1]"),
    MalformedTrace("a duplicate field in an event",
                   document(events: [signalEvent, #"{"seq": 1, "time": 0, "kind": "subscribe", "subscription": 0, "subscription": 0}"#]),
                   line: 10, column: 63, "'subscription' appears twice in events[1]"),
    MalformedTrace("a string for an int", document(events: [signalEvent, #"{"seq": "1", "time": 0, "kind": "subscribe", "subscription": 0}"#]),
                   line: 10, column: 9, "expected a whole number, found a string"),
    MalformedTrace("a string for a bool",
                   document(events: [signalEvent, subscribeEvent, #"{"seq": 2, "time": 0, "kind": "completed", "subscription": 0, "replayed": "no"}"#]),
                   line: 11, column: 75, "expected true or false, found a string"),
    MalformedTrace("a NaN time", document(events: [signalEvent, #"{"seq": 1, "time": NaN, "kind": "subscribe", "subscription": 0}"#]),
                   line: 10, column: 20, "expected a number, found 'N'"),
    MalformedTrace("an infinite time, 1e999", document(events: [signalEvent, #"{"seq": 1, "time": 1e999, "kind": "subscribe", "subscription": 0}"#]),
                   line: 10, column: 20, "1e999 is out of range"),
    MalformedTrace("a negative infinite time, -1e999", document(events: [signalEvent, #"{"seq": 1, "time": -1e999, "kind": "subscribe", "subscription": 0}"#]),
                   line: 10, column: 20, "-1e999 is out of range"),
    MalformedTrace("a time in quotes", document(events: [signalEvent, #"{"seq": 1, "time": "Infinity", "kind": "subscribe", "subscription": 0}"#]),
                   line: 10, column: 20, "expected a number, found a string"),

    // MARK: Events: meaning
    MalformedTrace("a negative time", document(events: [signalEvent, #"{"seq": 1, "time": -1, "kind": "subscribe", "subscription": 0}"#]),
                   line: 10, column: 20, "a time must be a number of seconds from 0"),
    MalformedTrace("time going backwards",
                   document(events: [#"{"seq": 0, "time": 2, "kind": "signal", "signal": 0}"#, #"{"seq": 1, "time": 1, "kind": "subscribe", "subscription": 0}"#]),
                   line: 10, column: 20, "time goes backwards"),
    MalformedTrace("a seq that is not its position", document(events: [signalEvent, #"{"seq": 5, "time": 0, "kind": "subscribe", "subscription": 0}"#]),
                   line: 10, column: 9, "events[1] has seq 5"),
    MalformedTrace("an event on a missing subscription", document(events: [signalEvent, #"{"seq": 1, "time": 0, "kind": "subscribe", "subscription": 3}"#]),
                   line: 10, column: 60, "there is no subscription 3"),
    MalformedTrace("a send to a missing signal",
                   document(events: [signalEvent, subscribeEvent, #"{"seq": 2, "time": 0, "kind": "send", "signal": 4, "value": "v"}"#]),
                   line: 11, column: 49, "there is no signal 4"),
    MalformedTrace("a cause pointing forward",
                   document(events: [signalEvent, #"{"seq": 1, "time": 0, "kind": "subscribe", "subscription": 0, "cause": 1}"#]),
                   line: 10, column: 72, "the cause must be an earlier event"),
    MalformedTrace("a next after completed",
                   document(events: [signalEvent, subscribeEvent,
                                     #"{"seq": 2, "time": 0, "kind": "completed", "subscription": 0, "replayed": false}"#,
                                     #"{"seq": 3, "time": 0, "kind": "next", "subscription": 0, "value": "a", "replayed": false}"#]),
                   line: 12, column: 31, "already received its error or completed"),
    MalformedTrace("an error after an error",
                   document(events: [signalEvent, subscribeEvent,
                                     #"{"seq": 2, "time": 0, "kind": "error", "subscription": 0, "message": "a", "replayed": false}"#,
                                     #"{"seq": 3, "time": 0, "kind": "error", "subscription": 0, "message": "b", "replayed": false}"#]),
                   line: 12, column: 31, "already received its error or completed"),
    MalformedTrace("a didSubscribe after dispose",
                   document(events: [signalEvent, subscribeEvent,
                                     #"{"seq": 2, "time": 0, "kind": "dispose", "subscription": 0}"#,
                                     #"{"seq": 3, "time": 0, "kind": "didSubscribe", "subscription": 0}"#]),
                   line: 12, column: 31, "was already disposed"),
    MalformedTrace("a next after dispose",
                   document(events: [signalEvent, subscribeEvent,
                                     #"{"seq": 2, "time": 0, "kind": "dispose", "subscription": 0}"#,
                                     #"{"seq": 3, "time": 0, "kind": "next", "subscription": 0, "value": "a", "replayed": false}"#]),
                   line: 12, column: 31, "was already disposed"),
    MalformedTrace("a second dispose",
                   document(events: [signalEvent, subscribeEvent,
                                     #"{"seq": 2, "time": 0, "kind": "dispose", "subscription": 0}"#,
                                     #"{"seq": 3, "time": 0, "kind": "dispose", "subscription": 0}"#]),
                   line: 12, column: 31, "was already disposed"),
    MalformedTrace("a subscription used before its subscribe event",
                   document(events: [signalEvent,
                                     #"{"seq": 1, "time": 0, "kind": "next", "subscription": 0, "value": "a", "replayed": false}"#,
                                     #"{"seq": 2, "time": 0, "kind": "subscribe", "subscription": 0}"#]),
                   line: 10, column: 55, "used before its 'subscribe' event"),
    MalformedTrace("a subscription made before its signal's 'signal' event",
                   document(events: [#"{"seq": 0, "time": 0, "kind": "subscribe", "subscription": 0}"#,
                                     #"{"seq": 1, "time": 0, "kind": "signal", "signal": 0}"#]),
                   line: 9, column: 60, "before its 'signal' event"),

    // MARK: Strings
    MalformedTrace("invalid UTF-8: a lead byte followed by ASCII", bytes: signalNamed([UInt8(ascii: "s"), 0xC3, 0x28]),
                   line: 3, column: 40, "not valid UTF-8"),
    MalformedTrace("invalid UTF-8 after a two-byte character", bytes: signalNamed([0xC3, 0xA9, 0xFF]),
                   line: 3, column: 40, "not valid UTF-8"),
    MalformedTrace("invalid UTF-8: a lone continuation byte", bytes: signalNamed([0x80]), line: 3, column: 39, "not valid UTF-8"),
    MalformedTrace("invalid UTF-8: an encoded surrogate", bytes: signalNamed([0xED, 0xA0, 0x80]), line: 3, column: 39, "not valid UTF-8"),
    MalformedTrace("invalid UTF-8: an overlong encoding", bytes: signalNamed([0xC0, 0xAF]), line: 3, column: 39, "not valid UTF-8"),
    MalformedTrace("invalid UTF-8: a truncated sequence", bytes: signalNamed([0xE2, 0x82]), line: 3, column: 39, "not valid UTF-8"),
    MalformedTrace("invalid UTF-8 after an escape", bytes: signalNamed(Array(#"\n"#.utf8) + [0xFF]), line: 3, column: 41, "not valid UTF-8"),
    MalformedTrace("a control character in a string", bytes: signalNamed([UInt8(ascii: "a"), 0x01, UInt8(ascii: "b")]),
                   line: 3, column: 40, "a control character (0x1) must be escaped"),
    MalformedTrace("a raw newline in a string", bytes: signalNamed([UInt8(ascii: "a"), 0x0A, UInt8(ascii: "b")]),
                   line: 3, column: 40, "a control character (0xa) must be escaped"),
    MalformedTrace("a raw tab in a string with escapes", bytes: signalNamed(Array(#"\n"#.utf8) + [0x09]),
                   line: 3, column: 41, "a control character (0x9) must be escaped"),
    MalformedTrace("an unknown escape", bytes: signalNamed(Array(#"\x41"#.utf8)), line: 3, column: 39, #"an unknown escape '\x'"#),
    MalformedTrace("an unpaired surrogate escape", bytes: signalNamed(Array(#"\ud800"#.utf8)), line: 3, column: 39, "unpaired surrogate"),
    MalformedTrace("a lone low surrogate escape", bytes: signalNamed(Array(#"\udc00x"#.utf8)), line: 3, column: 39, "unpaired surrogate"),
    MalformedTrace("a bad hex digit in an escape", bytes: signalNamed(Array(#"\u12G4"#.utf8)), line: 3, column: 43, "expected four hex digits"),

    // MARK: Deep nesting
    MalformedTrace("deep nesting as the document", String(repeating: "[", count: 100_000), line: 1, column: 1,
                   "expected an object, found an array"),
    MalformedTrace("deep nesting as the title", headLine + #" "title": "# + String(repeating: "[", count: 100_000),
                   line: 1, column: 51, "expected a string, found an array"),
    MalformedTrace("deep nesting in an unknown field",
                   #"{"deep": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}",
                   line: 1, column: 2, "unknown field 'deep' in the trace"),
    MalformedTrace("deep nesting as a subscriber's label",
                   document(subscriptions: [#"{"id": 0, "signal": 0, "subscriber": {"label": "# + String(repeating: #"{"label": "#, count: 50_000)]),
                   line: 6, column: 48, "expected a string, found an object"),
]

@Suite struct DecodingErrorTests {
    @Test("a malformed trace is rejected with a TraceFormatError at the offending token", arguments: malformedTraces)
    func rejects(_ malformed: MalformedTrace) {
        let error = #expect(throws: TraceFormatError.self) { try Trace(json: Data(malformed.bytes)) }
        guard let error else { return }
        #expect(error.line == malformed.line, "\(error)")
        #expect(error.column == malformed.column, "\(error)")
        #expect(error.message.contains(malformed.message), "\(error)")
        #expect(error.description == "line \(error.line), column \(error.column): \(error.message)")
    }

    @Test("a well-formed document of the same layout is accepted, so each case fails for its own reason")
    func control() throws {
        let trace = try Trace(json: Data(document().utf8))
        #expect(trace == Trace(
            signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("L"))],
            events: [event(0, .signal(0)), event(0, .subscribe(0))]))
        let named = try Trace(json: Data(signalNamed(Array("é\\n\\u00e9".utf8))))
        #expect(named.signals.first?.name == "é\n\u{E9}")
    }

    @Test("of several fields not allowed for an event's kind, the first in the text is reported")
    func firstDisallowedField() {
        let fields = [
            #""subscription": 0"#, #""value": "x""#, #""message": "m""#, #""replayed": true"#, #""first": true"#,
        ]
        let names = ["subscription", "value", "message", "replayed", "first"]
        for a in fields.indices {
            for b in fields.indices where b != a {
                let line = #"{"seq": 0, "time": 0, "kind": "signal", "signal": 0, "# + fields[a] + ", " + fields[b] + "}"
                let text = document(events: [line, subscribeEvent])
                let error = #expect(throws: TraceFormatError.self) { try Trace(json: Data(text.utf8)) }
                // Both are wrong; the error must name the first, every time.
                let message = error?.message ?? ""
                #expect(message.contains("no field '\(names[a])'"), "fields \(names[a]) then \(names[b]): \(message)")
            }
        }
    }

    @Test("a trace with more events than the limit is refused before any event is read: at the first one past it, though an earlier one is malformed")
    func eventLimitBeforeDecoding() throws {
        // Strings holding brackets, braces, commas and escaped quotes do not count as elements.
        let tricky = #"{"seq": 1, "time": 0, "kind": "next", "subscription": 0, "value": "],{[\",\\", "replayed": false}"#
        let broken = #"{"seq": 2, "time": 0, "kind": "next", "subscription": 0, "unknown": 1}"#
        let events = [signalEvent, tricky, broken, subscribeEvent, subscribeEvent]
        let error = #expect(throws: TraceFormatError.self) {
            try Trace(json: Data(document(events: events).utf8), maximumEvents: 4)
        }
        #expect(error?.message == "the trace has more than 4 events, the limit (sigviz --max-events sets it)")
        #expect(error?.line == 13 && error?.column == 1, "at the fifth event, the first past the limit")
        // At the limit, the events are read, and the malformed one is found.
        let read = #expect(throws: TraceFormatError.self) {
            try Trace(json: Data(document(events: events).utf8), maximumEvents: 5)
        }
        #expect(read?.message.contains("unknown") == true && read?.line == 11, "\(String(describing: read))")
        // Nested arrays and objects inside an event are one element.
        let nested = #"{"seq": 1, "time": 0, "kind": "signal", "signal": 0, "x": [[1, 2], {"a": [3, 4]}]}"#
        let one = #expect(throws: TraceFormatError.self) {
            try Trace(json: Data(document(events: [signalEvent, nested]).utf8), maximumEvents: 2)
        }
        #expect(one?.message.contains("more than") == false, "\(String(describing: one))")
    }

    @Test("every prefix of a valid trace is rejected without crashing, at or before its end")
    func everyPrefix() throws {
        let small = Array(document().utf8)
        let tiny = [UInt8](tinyTrace().json())
        // Every prefix of a small document; every 7th of a larger one (not the
        // whole document without its final newline, which is valid).
        let prefixes = (0..<small.count).map { small[..<$0] } + stride(from: 0, to: tiny.count - 1, by: 7).map { tiny[..<$0] }
        for prefix in prefixes {
            let error = #expect(throws: TraceFormatError.self) { try Trace(json: Data(prefix)) }
            guard let error else { continue }
            let lines = prefix.split(separator: 0x0A, omittingEmptySubsequences: false)
            #expect(error.line <= lines.count, "prefix of \(prefix.count) bytes: \(error)")
            #expect(error.line >= 1 && error.column >= 1)
        }
    }
}

// MARK: - Validation

@Suite struct ValidationTests {
    private static let subject = TraceSignal(id: 0, kind: .subject, name: "s")
    private static let cold = TraceSignal(id: 0, kind: .cold, name: "c")
    private static let subscription = TraceSubscription(id: 0, signal: 0, subscriber: .label("L"))

    private func path(of trace: Trace) -> String? {
        do {
            try trace.validate()
            return nil
        } catch {
            return error.path
        }
    }

    @Test("a valid hand-built trace validates")
    func valid() throws {
        try tinyTrace().validate()
        try Trace().validate()
    }

    @Test("validate() names the entry and field at fault")
    func paths() {
        let s = Self.subject, l = Self.subscription
        let basics = [event(0, .signal(0)), event(0, .subscribe(0))]
        #expect(path(of: Trace(signals: [TraceSignal(id: 1, kind: .subject, name: "s")])) == "signals[0].id")
        #expect(path(of: Trace(signals: [s, TraceSignal(id: 1, kind: .replaySubject(capacity: -1), name: "r")])) == "signals[1].capacity")
        #expect(path(of: Trace(signals: [TraceSignal(id: 0, kind: .connection, name: "c")])) == "signals[0]")
        #expect(path(of: Trace(signals: [TraceSignal(id: 0, kind: .connection, name: "c", subject: 5)])) == "signals[0].subject")
        #expect(path(of: Trace(signals: [Self.cold, TraceSignal(id: 1, kind: .connection, name: "c", subject: 0)])) == "signals[1].subject")
        #expect(path(of: Trace(signals: [s, TraceSignal(id: 1, kind: .connection, name: "c", source: 7, subject: 0)])) == "signals[1].source")
        #expect(path(of: Trace(signals: [TraceSignal(id: 0, kind: .subject, name: "s", source: 0)])) == "signals[0].source")
        #expect(path(of: Trace(signals: [s], subscriptions: [TraceSubscription(id: 3, signal: 0, subscriber: .anonymous)])) == "subscriptions[0].id")
        #expect(path(of: Trace(signals: [s], subscriptions: [TraceSubscription(id: 0, signal: 2, subscriber: .anonymous)])) == "subscriptions[0].signal")
        #expect(path(of: Trace(signals: [s], subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .signal(4))])) == "subscriptions[0].subscriber")
        #expect(path(of: Trace(signals: [s], subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .subscription(0))])) == "subscriptions[0].subscriber")
        #expect(path(of: Trace(signals: [s], subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .anonymous, parent: 0)])) == "subscriptions[0].parent")
        #expect(path(of: Trace(signals: [s], subscriptions: [l, TraceSubscription(id: 1, signal: 0, subscriber: .anonymous, parent: 9)])) == "subscriptions[1].parent")
        #expect(path(of: Trace(signals: [s], subscriptions: [l], events: basics + [event(-1, completed(0))])) == "events[2].time")
        #expect(path(of: Trace(signals: [s], subscriptions: [l], events: basics + [event(.nan, completed(0))])) == "events[2].time")
        #expect(path(of: Trace(signals: [s], subscriptions: [l], events: basics + [event(.infinity, completed(0))])) == "events[2].time")
        #expect(path(of: Trace(signals: [s], subscriptions: [l], events: [event(1, .signal(0)), event(0.5, .subscribe(0))])) == "events[1].time")
        #expect(path(of: Trace(signals: [s], subscriptions: [l], events: [event(0, .signal(0)), event(0, .subscribe(0), cause: 1)])) == "events[1].cause")
        #expect(path(of: Trace(signals: [s], subscriptions: [l], events: [event(0, .signal(0)), event(0, .subscribe(0), cause: -1)])) == "events[1].cause")
        #expect(path(of: Trace(signals: [s], subscriptions: [l], events: [event(0, .signal(0)), event(0, .signal(0))])) == "events[1].signal")
        #expect(path(of: Trace(signals: [s], subscriptions: [l], events: basics + [event(0, .subscribe(0))])) == "events[2].subscription")
        #expect(path(of: Trace(signals: [s], subscriptions: [l], events: basics + [event(0, completed(0)), event(0, next(0, "late"))])) == "events[3].kind")
        #expect(path(of: Trace(signals: [s], subscriptions: [l], events: basics + [event(0, .dispose(0)), event(0, completed(0))])) == "events[3].kind")
        #expect(path(of: Trace(signals: [s], subscriptions: [l], events: basics + [event(0, .didSubscribe(0)), event(0, .didSubscribe(0))])) == "events[3].kind")
        #expect(path(of: Trace(signals: [s], subscriptions: [l], events: [event(0, .signal(0)), event(0, next(0, "early"))])) == "events[1].subscription")
        #expect(path(of: Trace(signals: [Self.cold], subscriptions: [l], events: [event(0, .signal(0)), event(0, .send(signal: 0, value: "v"))])) == "events[1].signal")
        #expect(path(of: Trace(signals: [s], subscriptions: [l], events: [event(0, .signal(0)), event(0, .connect(signal: 0, first: true))])) == "events[1].signal")
        #expect(path(of: Trace(signals: [s, s.with(id: 1)], subscriptions: [l], events: basics)) == "signals[1]")
        #expect(path(of: Trace(signals: [s], subscriptions: [l, l.with(id: 1)], events: basics)) == "subscriptions[1]")
    }

    @Test("a disconnect names a connection, at most once")
    func disconnects() {
        let source = TraceSignal(id: 0, kind: .cold, name: "source")
        let subject = TraceSignal(id: 1, kind: .subject, name: "subject")
        let connection = TraceSignal(id: 2, kind: .connection, name: "connection", source: 0, subject: 1)
        let created = [event(0, .signal(0)), event(0, .signal(1)), event(0, .signal(2))]
        func error(_ events: [TraceEvent]) -> TraceValidationError? {
            #expect(throws: TraceValidationError.self) {
                try Trace(signals: [source, subject, connection], subscriptions: [], events: created + events).validate()
            }
        }
        #expect(error([event(1, .disconnect(signal: 1))])?.message == "signal 1 is not a connection")
        #expect(error([event(1, .disconnect(signal: 2)), event(2, .disconnect(signal: 2))])?.message == "connection 2 is disposed twice")
        #expect(error([event(1, .disconnect(signal: 2)), event(2, .disconnect(signal: 2))])?.path == "events[4].signal")
        #expect(throws: Never.self) {
            try Trace(signals: [source, subject, connection], subscriptions: [],
                      events: created + [event(1, .disconnect(signal: 2)), event(2, .connect(signal: 2, first: false))]).validate()
        }
    }

    @Test("a drop names a subscription that exists, after its subscribe; it may follow the subscription's disposal")
    func drops() {
        let subject = TraceSignal(id: 0, kind: .subject, name: "s")
        let subscription = TraceSubscription(id: 0, signal: 0, subscriber: .label("L"))
        let made = [event(0, .signal(0)), event(0, .subscribe(0))]
        func error(_ events: [TraceEvent]) -> TraceValidationError? {
            #expect(throws: TraceValidationError.self) {
                try Trace(signals: [subject], subscriptions: [subscription], events: events).validate()
            }
        }
        let unknown = error(made + [event(1, .drop(subscription: 7, value: "s"))])
        #expect(unknown?.message == "there is no subscription 7")
        #expect(unknown?.path == "events[2].subscription")
        let early = error([event(0, .signal(0)), event(0, .drop(subscription: 0, value: "s")), event(0, .subscribe(0))])
        #expect(early?.message == "subscription 0 is used before its 'subscribe' event")
        #expect(throws: Never.self) {
            try Trace(signals: [subject], subscriptions: [subscription],
                      events: made + [event(1, .dispose(0)), event(1, .drop(subscription: 0, value: "s"))]).validate()
        }
    }

    @Test("a hop names a subscription that is made and not terminated or disposed, and a scheduler's name a label's length at most")
    func hops() {
        let s = Self.subject, l = Self.subscription
        let basics = [event(0, .signal(0)), event(0, .subscribe(0))]
        func error(_ events: [TraceEvent]) -> TraceValidationError? {
            #expect(throws: TraceValidationError.self) { try Trace(signals: [s], subscriptions: [l], events: events).validate() }
        }
        let unknown = error(basics + [event(1, .hop(subscription: 3, scheduler: "background"))])
        #expect(unknown?.path == "events[2].subscription")
        #expect(unknown?.message == "there is no subscription 3")
        #expect(error([event(0, .signal(0)), event(0, .hop(subscription: 0, scheduler: "main"))])?.message
            == "subscription 0 is used before its 'subscribe' event")
        #expect(error(basics + [event(1, .dispose(0)), event(1, .hop(subscription: 0, scheduler: "main"))])?.message
            == "subscription 0 was already disposed")
        #expect(error(basics + [event(1, completed(0)), event(1, .hop(subscription: 0, scheduler: "main"))])?.message
            == "subscription 0 already received its error or completed")
        let long = error(basics + [event(1, .hop(subscription: 0, scheduler: String(repeating: "q", count: traceLabelLimit + 1)))])
        #expect(long?.path == "events[2].scheduler")
        #expect(throws: Never.self) {
            try Trace(signals: [s], subscriptions: [l], events: basics + [
                event(1, .hop(subscription: 0, scheduler: String(repeating: "q", count: traceLabelLimit))),
                event(1, next(0, "a"), cause: 2),
                event(2, .hop(subscription: 0, scheduler: "")),
                event(2, completed(0), cause: 4),
            ]).validate()
        }
    }

    @Test("a validation error describes itself by its path and message")
    func description() {
        let trace = Trace(signals: [Self.subject], subscriptions: [Self.subscription],
                          events: [event(0, .signal(0)), event(0, .subscribe(0)), event(0, .dispose(99))])
        let error = #expect(throws: TraceValidationError.self) { try trace.validate() }
        #expect(error?.table == .events)
        #expect(error?.index == 2)
        #expect(error?.field == "subscription")
        #expect(error?.path == "events[2].subscription")
        #expect(error?.description.hasPrefix("events[2].subscription: ") == true)
        #expect(error?.message.contains("99") == true)
    }
}

extension TraceSignal {
    func with(id: Int) -> TraceSignal { TraceSignal(id: id, kind: kind, name: name, source: source, subject: subject) }
}

extension TraceSubscription {
    func with(id: Int) -> TraceSubscription { TraceSubscription(id: id, signal: signal, subscriber: subscriber, parent: parent) }
}
