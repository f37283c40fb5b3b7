import Foundation
import Reactive
import Testing
@testable import Tracer

/// A signal kind's position in `SignalKind.all`, by an exhaustive switch: a kind added to the
/// runtime fails to compile here until it is given a place (and a row in the table).
private func position(_ kind: SignalKind) -> Int {
    switch kind {
    case .cold: 0
    case .operator: 1
    case .empty: 2
    case .return: 3
    case .error: 4
    case .subject: 5
    case .behaviorSubject: 6
    case .replaySubject: 7
    case .groupedSignal: 8
    case .channelTerminal: 9
    case .connection: 10
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
    @Test("an unknown kind of event or signal is refused with every known name, sorted, as before the table")
    func unknownKinds() {
        let event = #"{"version": 1, "signals": [], "subscriptions": [], "events": [{"seq": 0, "time": 0, "kind": "nxt"}]}"#
        #expect(throws: TraceFormatError(line: 1, column: 93, message: "unknown event kind 'nxt'; expected one of completed, "
            + "connect, didSubscribe, dispose, error, next, send, sendCompleted, sendError, signal, subscribe")) {
            try Trace(json: Data(event.utf8))
        }
        let signal = #"{"version": 1, "signals": [{"id": 0, "kind": "hot", "name": "s"}], "subscriptions": [], "events": []}"#
        #expect(throws: TraceFormatError(line: 1, column: 46, message: "unknown signal kind 'hot'; expected one of behaviorSubject, "
            + "channelTerminal, cold, connection, empty, error, groupedSignal, operator, replaySubject, return, subject")) {
            try Trace(json: Data(signal.utf8))
        }
    }

    // MARK: Signal kinds

    @Test("every signal kind is in the table once, with its own name and prose, and reads back by its name")
    func signalKinds() {
        #expect(SignalKind.all.map(position) == Array(0..<11))
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
}
