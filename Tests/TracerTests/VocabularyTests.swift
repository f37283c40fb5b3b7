import Foundation
import Reactive
import Testing
@testable import Tracer

/// A payload for `tag` whose every slot the kind has is set: the id 7, the text "t" and `flag`.
private func samplePayload(_ tag: TraceEvent.Tag, flag: Bool = true) -> TraceEvent.Payload {
    let definition = tag.definition
    return TraceEvent.Payload(
        id: 7, text: definition.has(.text) ? "t" : "", flag: definition.has(.flag) ? flag : false)
}

/// The keys of a JSON object written on one line, in order.
private func keys(ofLine line: Substring) -> [String] {
    line.matches(of: #/"(\w+)": /#).map { String($0.output.1) }
}

/// A signal kind's position in `SignalKind.all`, by an exhaustive switch: a kind added to the
/// runtime fails to compile here until it is given a place (and a row in the table).
private func position(_ kind: SignalKind) -> Int {
    switch kind {
    case .cold: 0
    case .operator: 1
    case .empty: 2
    case .return: 3
    case .error: 4
    case .never: 5
    case .subject: 6
    case .behaviorSubject: 7
    case .replaySubject: 8
    case .groupedSignal: 9
    case .channelTerminal: 10
    case .connection: 11
    }
}

/// docs/trace-format.md.
private func traceFormatDocument() throws -> String {
    let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/trace-format.md")
    return try String(contentsOf: url, encoding: .utf8)
}

/// The rows of the Markdown table whose header is `header` in `document`, as cells.
private func tableRows(under header: String, in document: String) throws -> [[String]] {
    let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0 == header })
    let table = lines[start...].prefix { $0.hasPrefix("|") }
    return table.dropFirst(2).map { row in
        row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

/// Names in backticks in a table cell: "`subscription`, `value`" gives ["subscription", "value"].
private func quotedNames(_ cell: String) -> [String] {
    cell.matches(of: #/`(\w+)`/#).map { String($0.output.1) }
}

@Suite struct VocabularyTests {
    // MARK: The table

    @Test("the vocabulary has one row per kind of event, in the order of the tags, each with its own name")
    func oneRowPerKind() {
        #expect(TraceEvent.vocabulary.map(\.tag) == TraceEvent.Tag.allCases)
        let names = TraceEvent.vocabulary.map(\.name)
        #expect(Set(names).count == names.count)
        for tag in TraceEvent.Tag.allCases {
            #expect(TraceEvent.Tag(name: tag.definition.name) == tag)
            #expect(!tag.definition.word.isEmpty && !tag.definition.summary.isEmpty)
        }
        #expect(TraceEvent.Tag(name: "nxt") == nil)
    }

    @Test("a row makes the kind whose parts give back its tag and payload", arguments: TraceEvent.Tag.allCases)
    func makeAndPartsAreInverses(tag: TraceEvent.Tag) {
        for flag in [true, false] {
            let payload = samplePayload(tag, flag: flag)
            let kind = TraceEvent.Kind(tag, payload)
            #expect(kind.parts.tag == tag)
            #expect(kind.parts.payload == payload)
            #expect(kind.name == tag.definition.name)
        }
    }

    @Test("each kind's fields start with the id it is about and use each slot at most once", arguments: TraceEvent.Tag.allCases)
    func fieldsFitThePayload(tag: TraceEvent.Tag) {
        let fields = tag.definition.fields
        #expect([TraceEvent.Field.subscription, .signal].contains(fields.first))
        #expect(fields.filter { $0.slot == .id }.count == 1)
        #expect(Set(fields.map(\.slot)).count == fields.count)
    }

    @Test("the derived questions agree with the roles: deliveries, terminal ones, replayed history, the subscription")
    func derivedProperties() {
        for tag in TraceEvent.Tag.allCases {
            let kind = TraceEvent.Kind(tag, samplePayload(tag))
            let role = tag.definition.role
            #expect(kind.isDelivery == [.delivers(.next), .delivers(.error), .delivers(.completed)].contains(role))
            #expect(kind.isTerminal == [.delivers(.error), .delivers(.completed)].contains(role))
            #expect(kind.isReplayed == tag.definition.fields.contains(.replayed))
            #expect(kind.subscription == (tag.definition.about == .subscription ? 7 : nil))
        }
        #expect(TraceEvent.Kind.next(subscription: 1, value: "a", replayed: false).replayed()
            == .next(subscription: 1, value: "a", replayed: true))
        #expect(TraceEvent.Kind.connect(signal: 1, first: false).replayed() == .connect(signal: 1, first: false))
    }

    // MARK: The JSON format

    @Test("every kind is written with exactly its row's fields, in order, and reads back the same")
    func everyKindRoundTrips() throws {
        let trace = tinyTrace()
        #expect(Set(trace.events.map(\.kind.parts.tag)) == Set(TraceEvent.Tag.allCases), "tinyTrace has every kind")
        let json = String(decoding: trace.json(), as: UTF8.self)
        let lines = json.split(separator: "\n").filter { $0.contains(#""seq": "#) }
        try #require(lines.count == trace.events.count)
        for (line, event) in zip(lines, trace.events) {
            let definition = event.kind.definition
            let expected = ["seq", "time", "kind"] + definition.fields.map(\.name) + (event.cause == nil ? [] : ["cause"])
            #expect(keys(ofLine: line) == expected)
            #expect(line.contains(#""kind": "\#(definition.name)""#))
        }
        #expect(try Trace(json: trace.json()) == trace)
        #expect(try JSONDecoder().decode(Trace.self, from: JSONEncoder().encode(trace)) == trace)
    }

    @Test("the reader wants every field of a kind's row, and no field of another row", arguments: TraceEvent.Tag.allCases)
    func readerFollowsTheRows(tag: TraceEvent.Tag) throws {
        let definition = tag.definition
        func document(_ fields: [(String, String)]) -> Data {
            let event = ([("seq", "0"), ("time", "0"), ("kind", "\"\(definition.name)\"")] + fields)
                .map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
            return Data(#"{"version": 1, "signals": [], "subscriptions": [], "events": [{\#(event)}]}"#.utf8)
        }
        func json(_ field: TraceEvent.Field) -> String {
            switch field.slot {
            case .id: "0"
            case .text: "\"t\""
            case .flag: "true"
            }
        }
        let all = definition.fields.map { ($0.name, json($0)) }
        for (index, missing) in definition.fields.enumerated() {
            var fields = all
            fields.remove(at: index)
            do {
                _ = try Trace(json: document(fields))
                Issue.record("a '\(definition.name)' event without '\(missing.name)' was read")
            } catch {
                #expect(error.message == "events[0] ('\(definition.name)') has no '\(missing.name)'")
            }
        }
        for other in TraceEvent.Field.allCases where !definition.fields.contains(other) {
            do {
                _ = try Trace(json: document(all + [(other.name, json(other))]))
                Issue.record("a '\(definition.name)' event with '\(other.name)' was read")
            } catch {
                #expect(error.message == "a '\(definition.name)' event has no field '\(other.name)'")
            }
        }
    }

    @Test("an unknown kind of event or signal is refused with every known name, sorted, as before the table")
    func unknownKinds() {
        let event = #"{"version": 1, "signals": [], "subscriptions": [], "events": [{"seq": 0, "time": 0, "kind": "nxt"}]}"#
        #expect(throws: TraceFormatError(line: 1, column: 93, message: "unknown event kind 'nxt'; expected one of completed, "
            + "connect, didSubscribe, disconnect, dispose, drop, error, hop, next, send, sendCompleted, sendError, signal, subscribe")) {
            try Trace(json: Data(event.utf8))
        }
        let signal = #"{"version": 1, "signals": [{"id": 0, "kind": "hot", "name": "s"}], "subscriptions": [], "events": []}"#
        #expect(throws: TraceFormatError(line: 1, column: 46, message: "unknown signal kind 'hot'; expected one of behaviorSubject, "
            + "channelTerminal, cold, connection, empty, error, groupedSignal, never, operator, replaySubject, return, subject")) {
            try Trace(json: Data(signal.utf8))
        }
    }

    @Test("docs/trace-format.md lists every kind of event with its row's fields and meaning")
    func documentedEvents() throws {
        let rows = try tableRows(under: "| kind | fields | meaning |", in: traceFormatDocument())
        #expect(rows.map { quotedNames($0[0]).first ?? "" } == TraceEvent.vocabulary.map(\.name))
        for (row, definition) in zip(rows, TraceEvent.vocabulary) {
            #expect(quotedNames(row[1]) == definition.fields.map(\.name), "\(definition.name)")
            #expect(row[2] == definition.summary, "\(definition.name)")
        }
    }

    // MARK: Signal kinds

    @Test("every signal kind is in the table once, with its own name and prose, and reads back by its name")
    func signalKinds() {
        #expect(SignalKind.all.map(position) == Array(0..<12))
        #expect(Set(SignalKind.all.map(\.name)).count == SignalKind.all.count)
        for kind in SignalKind.all {
            #expect(SignalKind.byName[kind.name] == kind)
            #expect(!kind.prose.isEmpty)
        }
        #expect(SignalKind.replaySubject(capacity: 3).name == "replaySubject")
        #expect(SignalKind.replaySubject(capacity: 3).prose == "replay subject (capacity 3)")
        #expect(SignalKind.all.filter(\.isHot) == [.subject, .behaviorSubject, .replaySubject(capacity: nil), .groupedSignal, .channelTerminal])
    }

    @Test("a trace with a signal of every kind reads back the same, through json() and Codable")
    func everySignalKindRoundTrips() throws {
        let signals = SignalKind.all.enumerated().map { id, kind in
            kind == .connection
                ? TraceSignal(id: id, kind: kind, name: "c", source: 0, subject: position(.subject))
                : TraceSignal(id: id, kind: kind, name: kind.name)
        }
        let trace = Trace(signals: signals, events: signals.map { TraceEvent(time: 0, kind: .signal($0.id)) })
        try trace.validate()
        #expect(try Trace(json: trace.json()) == trace)
        #expect(try JSONDecoder().decode(Trace.self, from: JSONEncoder().encode(trace)) == trace)
    }

    @Test("docs/trace-format.md lists every signal kind")
    func documentedSignalKinds() throws {
        let rows = try tableRows(under: "| kind | what it is |", in: traceFormatDocument())
        #expect(rows.flatMap { quotedNames($0[0]) } == SignalKind.all.map(\.name))
    }

    // MARK: Exports

    @Test("every kind has its place in the Chrome trace: an instant event named by its word on its track, or the subscription's span")
    func chromeMapping() throws {
        let trace = tinyTrace()
        let top = try #require(try JSONSerialization.jsonObject(with: trace.chromeTraceJSON()) as? [String: Any])
        let exported = try #require(top["traceEvents"] as? [[String: Any]])
        let instants = exported.filter { $0["ph"] as? String == "i" }
        let spans = exported.filter { $0["ph"] as? String == "X" }
        #expect(spans.count == trace.subscriptions.count)
        for (index, event) in trace.events.enumerated() {
            let (tag, payload) = event.kind.parts
            let matching = instants.filter { (($0["args"] as? [String: Any])?["seq"] as? Int) == index }
            switch tag.definition.role {
            case .subscribes, .disposes:
                #expect(matching.isEmpty, "\(tag) is part of the span")
            default:
                try #require(matching.count == 1, "\(tag) has an instant event")
                let instant = matching[0]
                #expect((instant["name"] as? String)?.hasPrefix(tag.definition.word) == true)
                #expect((instant["cat"] as? String)?.isEmpty == false)
                #expect(instant["pid"] as? Int == (tag.definition.about == .subscription ? 1 : 2))
                #expect(instant["tid"] as? Int == payload.id + 1)
                let args = try #require(instant["args"] as? [String: Any])
                #expect((args["value"] as? String) == (tag.definition.has(.text) ? payload.text : nil))
                #expect((args["replayed"] as? Bool) == (tag.definition.fields.contains(.replayed) ? payload.flag : nil))
            }
        }
    }

    @Test("every delivery is a marble: a value by its letter, an error #, completion |")
    func marbleMapping() throws {
        let trace = Trace(
            signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
            subscriptions: (0..<2).map { TraceSubscription(id: $0, signal: 0, subscriber: .label("L\($0)")) },
            events: [
                TraceEvent(time: 0, kind: .signal(0)), TraceEvent(time: 0, kind: .subscribe(0)), TraceEvent(time: 0, kind: .subscribe(1)),
                TraceEvent(time: 1, kind: .next(subscription: 0, value: "v", replayed: false)),
                TraceEvent(time: 1, kind: .next(subscription: 1, value: "v", replayed: true)),
                TraceEvent(time: 2, kind: .error(subscription: 0, message: "boom", replayed: false)),
                TraceEvent(time: 2, kind: .completed(subscription: 1, replayed: true)),
                TraceEvent(time: 3, kind: .dispose(0)),
            ])
        #expect(try trace.eventsMarble(of: 0, frame: 1, symbols: [:]) == "-v#")
        #expect(try trace.eventsMarble(of: 1, frame: 1, symbols: [:]) == "-v|")
        let text = try trace.marbles(frame: 1)
        #expect(text.contains("subscription: ^--!"))
        #expect(text.contains("replayed:     -a|"))
        #expect(text.contains(#"# = "boom""#))
    }
}
