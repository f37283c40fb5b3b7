import Foundation
import Reactive
import Testing
@testable import Tracer

// What a signal is travels as a typed operation (issue 25, item 2): the runtime reports it, the
// trace keeps it with its own ids, the JSON format writes and reads it, and a malformed one is
// refused where it stands.

/// One argument of every label any operation takes, of its type: enough to make each operation.
private let everyArgument: [String: SignalOperation.Value] = [
    "value": .text("v"), "message": .text("m"), "seconds": .seconds(1.5), "scheduler": .text("main"),
    "signals": .signals([0, nil, 1]), "condition": .signal(0), "then": .signal(nil), "else": .signal(1),
    "count": .count(2), "limit": .count(nil), "passingTest": .flag(true), "other": .signal(1), "trigger": .signal(0),
    "replacement": .signal(1), "sampler": .signal(0), "transform": .flag(false), "key": .text("k"),
    "input": .text("i"), "leading": .flag(true), "values": .signal(1),
]

/// One operation of each name.
private func everyOperation() throws -> [SignalOperation] {
    try SignalOperation.Name.allCases.map { name in try #require(SignalOperation(name: name, arguments: everyArgument)) }
}

/// docs/trace-format.md.
private func traceFormatDocument() throws -> String {
    let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/trace-format.md")
    return try String(contentsOf: url, encoding: .utf8)
}

/// A trace whose signal 2 has `operation` (JSON text), to read.
private func document(operation: String, version: Int = 2) -> Data {
    Data("""
        {"version": \(version), "signals": [
          {"id": 0, "kind": "subject", "name": "a"},
          {"id": 1, "kind": "subject", "name": "b"},
          {"id": 2, "kind": "operator", "name": "op", "operation": \(operation)}
        ], "subscriptions": [], "events": [
          {"seq": 0, "time": 0, "kind": "signal", "signal": 0},
          {"seq": 1, "time": 0, "kind": "signal", "signal": 1},
          {"seq": 2, "time": 0, "kind": "signal", "signal": 2}
        ]}
        """.utf8)
}

@Suite("Typed operations in the trace")
struct OperationTests {
    @Test("every operation name makes its operation from its labelled arguments, and reads back from them")
    func everyNameRoundTrips() throws {
        for (name, operation) in zip(SignalOperation.Name.allCases, try everyOperation()) {
            #expect(operation.name == name)
            let arguments = Dictionary(uniqueKeysWithValues: operation.arguments.map { ($0.label, $0.value) })
            #expect(SignalOperation(name: name, arguments: arguments) == operation)
            #expect(operation.mappingSignals { $0 } == operation)
        }
    }

    @Test("renumbering maps every signal an operation names, and an unknown one to nil")
    func mappingSignals() {
        let operation = SignalOperation.merge(signals: [3, nil, 7])
        #expect(operation.mappingSignals { $0 == 3 ? 0 : nil } == .merge(signals: [0, nil, nil]))
        #expect(SignalOperation.takeUntil(trigger: 5).mappingSignals { $0 + 1 } == .takeUntil(trigger: 6))
        #expect(SignalOperation.flatten(limit: 2).mappingSignals { _ in nil } == .flatten(limit: 2))
        #expect(SignalOperation.if(condition: 1, then: 2, else: 3).signals == [1, 2, 3])
    }

    @Test("a trace with every operation writes and reads back the same, in JSON and through Codable")
    func jsonRoundTrip() throws {
        let operations = try everyOperation()
        let signals = [TraceSignal(id: 0, kind: .subject, name: "a"), TraceSignal(id: 1, kind: .subject, name: "b")]
            + operations.enumerated().map { index, operation in
                TraceSignal(id: index + 2, kind: .operator, name: "op \(index)", operation: operation, receiver: index % 2)
            }
        let trace = Trace(signals: signals, events: signals.map { TraceEvent(time: 0, kind: .signal($0.id)) })
        try trace.validate()
        let json = trace.json()
        #expect(try Trace(json: json) == trace)
        #expect(try Trace(json: json).json() == json)
        #expect(try JSONDecoder().decode(Trace.self, from: JSONEncoder().encode(trace)) == trace)
        #expect(String(decoding: json, as: UTF8.self).contains(
            #"{"id": 2, "kind": "operator", "name": "op 0", "operation": {"name": "return", "value": "v"}, "receiver": 0}"#))
    }

    @Test("a malformed operation is refused at its line and column, saying what is wrong", arguments: [
        (#"{"name": "teleport"}"#, "line 4, column 69: unknown operation 'teleport' in signals[2]"),
        (#"{"trigger": 0}"#, "line 4, column 60: signals[2]'s operation has no 'name'"),
        (#"{"name": "takeUntil"}"#, "line 4, column 60: signals[2]'s operation 'takeUntil' is missing an argument"),
        (#"{"name": "takeUntil", "trigger": "a"}"#, "line 4, column 60: signals[2]'s operation 'takeUntil' is missing an argument"),
        (#"{"name": "map", "trigger": 0}"#, "line 4, column 76: unknown field 'trigger' in the operation 'map' of signals[2]"),
        (#"{"name": "map", "name": "map"}"#, "line 4, column 76: 'name' appears twice in signals[2]'s operation"),
        (#""[a] -map:""#, "line 4, column 60: an operation is an object with a 'name' since version 2, not text"),
        (#"{"name": "takeUntil", "trigger": 9}"#, "signals[2].operation: there is no signal 9"),
    ])
    func malformed(operation: String, message: String) {
        do {
            _ = try Trace(json: document(operation: operation))
            Issue.record("\(operation) was read")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test("a version 1 trace is read with its text operations passed over; an object there is refused")
    func versionOne() throws {
        let trace = try Trace(json: document(operation: #""[[a] -map:] -flatten: 2""#, version: 1))
        #expect(trace.signals[2].operation == nil)
        #expect(try JSONDecoder().decode(Trace.self, from: document(operation: #""[a] -map:""#, version: 1)).signals[2].operation == nil)
        #expect(throws: TraceFormatError.self) { try Trace(json: document(operation: #"{"name": "map"}"#, version: 1)) }
        let signal = #"{"id": 0, "kind": "subject", "name": "a", "receiver": 0}"#
        let selfReceiver = Data(#"{"version": 2, "signals": [\#(signal)], "subscriptions": [], "events": [{"seq": 0, "time": 0, "kind": "signal", "signal": 0}]}"#.utf8)
        #expect(try Trace(json: selfReceiver).signals[0].receiver == 0)
    }

    @Test("an operation or receiver naming a connection is refused")
    func connectionOperand() {
        let trace = Trace(
            signals: [
                TraceSignal(id: 0, kind: .subject, name: "s"),
                TraceSignal(id: 1, kind: .connection, name: "connection", subject: 0),
                TraceSignal(id: 2, kind: .operator, name: "op", operation: .sample(sampler: 1)),
                TraceSignal(id: 3, kind: .operator, name: "op", receiver: 1),
            ],
            events: (0..<4).map { TraceEvent(time: 0, kind: .signal($0)) })
        #expect(throws: TraceValidationError.self) { try trace.validate() }
        var second = trace
        second.signals[2].operation = nil
        #expect(throws: TraceValidationError.self) { try second.validate() }
        second.signals[3].receiver = 0
        #expect(throws: Never.self) { try second.validate() }
    }

    @Test("docs/trace-format.md lists every operation name, with its arguments")
    func documented() throws {
        let lines = try traceFormatDocument().split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == "| name | arguments | what made the signal |" })
        let rows = lines[start...].dropFirst(2).prefix { $0.hasPrefix("|") }.map { row in
            row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        func names(_ cell: String) -> [String] { cell.matches(of: #/`(\w+)`/#).map { String($0.output.1) } }
        var documented: [String: [String]] = [:]
        for row in rows {
            for name in names(row[0]) { documented[name] = names(row[1]) }
        }
        #expect(documented.count == rows.map { names($0[0]).count }.reduce(0, +), "a name is listed twice")
        for operation in try everyOperation() {
            #expect(documented[operation.name.rawValue] == operation.arguments.map(\.label), "\(operation.name)")
        }
        #expect(Set(documented.keys) == Set(SignalOperation.Name.allCases.map(\.rawValue)))
    }
}

@Suite("The trace fuzzer's dictionary")
struct OperationDictionaryTests {
    @Test("Fuzz/trace.dict has the operation fields, every operation name and every argument label")
    func dictionary() throws {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/trace.dict")
        let tokens = Set(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init))
        let labels = try everyOperation().flatMap { $0.arguments.map(\.label) }
        for word in ["operation", "receiver"] + SignalOperation.Name.allCases.map(\.rawValue) + labels {
            #expect(tokens.contains("\"\\\"\(word)\\\"\""), "\(word)")
        }
    }
}

@Suite("Causes of time operators")
struct TimeoutCauseTests {
    @Test("timeout's error names the didSubscribe that set its timer as its cause")
    func timeoutErrorHasACause() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) { () -> Subject<Int> in
            let subject = Subject<Int>()
            let timed = subject.timeout(1, on: scheduler)
            scheduler.perform { timed.subscribe(label: "A") }
            scheduler.stepAll()
            return subject
        }
        let error = try #require(trace.events.firstIndex { if case .error = $0.kind { true } else { false } })
        let cause = try #require(trace.events[error].cause)
        guard case .didSubscribe(let subscription) = trace.events[cause].kind else {
            Issue.record("the cause is \(trace.events[cause].kind)")
            return
        }
        #expect(trace.subscriptions[subscription].label == "A")
    }
}

@Suite("Operations through Codable")
struct OperationCodableTests {
    @Test("JSONDecoder refuses the operation form of the other version, as Trace(json:) does")
    func otherVersionsForm() throws {
        func document(_ operation: String, version: Int) -> Data {
            Data(#"{"version": \#(version), "signals": [{"id": 0, "kind": "subject", "name": "s"}, {"id": 1, "kind": "operator", "name": "m", "operation": \#(operation)}], "subscriptions": [], "events": [{"seq": 0, "time": 0, "kind": "signal", "signal": 0}, {"seq": 1, "time": 0, "kind": "signal", "signal": 1}]}"#.utf8)
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Trace.self, from: document(#""[s] -map:""#, version: 2)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Trace.self, from: document(#"{"name": "map"}"#, version: 1)) }
        #expect(try JSONDecoder().decode(Trace.self, from: document(#"{"name": "map"}"#, version: 2)).signals[1].operation == .map)
        #expect(try JSONDecoder().decode(Trace.self, from: document(#""[s] -map:""#, version: 1)).signals[1].operation == nil)
    }
}
