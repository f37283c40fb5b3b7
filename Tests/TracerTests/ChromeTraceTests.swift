import Foundation
import Testing
import Tracer

/// A number in parsed JSON, whatever Foundation made of it.
private func number(_ value: Any?) -> Double? {
    (value as? NSNumber)?.doubleValue
}

private struct ChromeEvent {
    let object: [String: Any]
    var name: String? { object["name"] as? String }
    var ph: String? { object["ph"] as? String }
    var pid: Double? { number(object["pid"]) }
    var tid: Double? { number(object["tid"]) }
    var ts: Double? { number(object["ts"]) }
    var dur: Double? { number(object["dur"]) }
    var args: [String: Any] { object["args"] as? [String: Any] ?? [:] }
}

private func parse(_ data: Data) throws -> (top: [String: Any], events: [ChromeEvent]) {
    let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let events = try #require(top["traceEvents"] as? [[String: Any]])
    return (top, events.map(ChromeEvent.init))
}

@Suite struct ChromeTraceTests {
    @Test("the scenario behind these tests records the hand-written events")
    func scenario() {
        let trace = Scenario.chrome()
        #expect(trace.signals.withoutSites == [
            TraceSignal(id: 0, kind: .cold, name: "source"),
            TraceSignal(id: 1, kind: .subject, name: "subject", operation: .publish, receiver: 0),
            TraceSignal(id: 2, kind: .connection, name: "connection", source: 0, subject: 1),
        ])
        #expect(trace.subscriptions.withoutSites == [
            TraceSubscription(id: 0, signal: 1, subscriber: .label("Subscriber 1")),
            TraceSubscription(id: 1, signal: 0, subscriber: .signal(1)),
            TraceSubscription(id: 2, signal: 1, subscriber: .label("Subscriber 2")),
        ])
        #expect(trace.events == [
            event(0, .signal(0)), event(0, .signal(1)), event(0, .signal(2)),
            event(0, .subscribe(0)),
            event(0, .connect(signal: 2, first: true)),
            event(0, .subscribe(1), cause: 4),
            event(0, .didSubscribe(1), cause: 4),
            event(0.3, .subscribe(2)),
            event(1.1, next(1, "x")),
            event(1.1, .send(signal: 1, value: "x"), cause: 8),
            event(1.1, next(0, "x"), cause: 9),
            event(1.1, next(2, "x"), cause: 9),
            event(1.1, completed(1)),
            event(1.1, .sendCompleted(signal: 1), cause: 12),
            event(1.1, .dispose(1), cause: 13),
            event(1.1, completed(0), cause: 13),
            event(1.1, .dispose(0), cause: 15),
            event(1.1, completed(2), cause: 13),
            event(1.1, .dispose(2), cause: 17),
        ])
    }

    @Test("the output is JSON with a traceEvents array, and every event has name, ph, pid, tid and, unless metadata, ts")
    func shape() throws {
        let (top, events) = try parse(Scenario.chrome().chromeTraceJSON())
        #expect(top["displayTimeUnit"] as? String == "ms")
        let other = top["otherData"] as? [String: Any]
        #expect(other?["title"] as? String == "chrome")
        #expect(other?["format"] as? String == "sigviz-trace")
        #expect(!events.isEmpty)
        for event in events {
            #expect(event.name != nil, "\(event.object)")
            #expect(event.ph != nil, "\(event.object)")
            #expect(event.pid != nil, "\(event.object)")
            #expect(event.tid != nil, "\(event.object)")
            if event.ph == "M" {
                #expect(event.args["name"] is String || event.args["sort_index"] != nil, "\(event.object)")
                #expect(["process_name", "process_sort_index", "thread_name", "thread_sort_index"].contains(event.name ?? ""))
            } else {
                #expect(event.ts != nil, "\(event.object)")
                #expect(["X", "i"].contains(event.ph ?? ""), "\(event.object)")
            }
        }
    }

    @Test("one process for subscriptions and one for signals, with a named track per subscription and per signal")
    func tracks() throws {
        let (_, events) = try parse(Scenario.chrome().chromeTraceJSON())
        let processNames = events.filter { $0.name == "process_name" }.map { [String(Int($0.pid ?? -1)), $0.args["name"] as? String ?? "?"] }
        #expect(processNames == [["1", "Subscriptions"], ["2", "Signals"]])
        let threads = events.filter { $0.name == "thread_name" }.map {
            "\(Int($0.pid ?? -1))/\(Int($0.tid ?? -1)): \($0.args["name"] as? String ?? "?")"
        }
        #expect(threads == [
            "1/1: Subscriber 1 → subject",
            "1/2: subject → source",
            "1/3: Subscriber 2 → subject",
            "2/1: source",
            "2/2: subject",
            "2/3: connection",
        ])
        let sortIndices = events.filter { $0.name == "thread_sort_index" }.map { number($0.args["sort_index"]) }
        #expect(sortIndices == [0, 1, 2, 0, 1, 2])
    }

    @Test("each subscription is one complete event spanning subscribe to dispose, in microseconds")
    func spans() throws {
        let (_, events) = try parse(Scenario.chrome().chromeTraceJSON())
        let spans = events.filter { $0.ph == "X" }
        #expect(spans.map(\.name) == ["Subscriber 1 → subject", "subject → source", "Subscriber 2 → subject"])
        #expect(spans.map(\.pid) == [1, 1, 1])
        #expect(spans.map(\.tid) == [1, 2, 3])
        // 1.1 s is 1 100 000 µs exactly; 0.3 s is 300 000 µs.
        #expect(spans.map(\.ts) == [0, 0, 300_000])
        #expect(spans.map(\.dur) == [1_100_000, 1_100_000, 800_000])
        #expect(spans.map { number($0.args["subscription"]) } == [0, 1, 2])
        #expect(spans.map { number($0.args["signal"]) } == [1, 0, 1])
        #expect(spans.map { $0.args["disposed"] as? Bool } == [true, true, true])
        #expect(spans.allSatisfy { $0.args["parent"] == nil })
        let text = String(decoding: Scenario.chrome().chromeTraceJSON(), as: UTF8.self)
        #expect(text.contains(#""ts": 0.0, "dur": 1100000.0"#))
    }

    @Test("next, completed, didSubscribe, connect, send and creation are instant events with the trace's sequence number")
    func instants() throws {
        let (_, events) = try parse(Scenario.chrome().chromeTraceJSON())
        let instants = events.filter { $0.ph == "i" }
        #expect(instants.allSatisfy { $0.object["s"] as? String == "t" })
        #expect(instants.map { number($0.args["seq"]) } == [0, 1, 2, 4, 6, 8, 9, 10, 11, 12, 13, 15, 17])
        #expect(instants.map(\.name) == [
            "created", "created", "created", "connect", "didSubscribe",
            "next x", "send x", "next x", "next x", "completed", "sendCompleted", "completed", "completed",
        ])
        #expect(instants.map { $0.object["cat"] as? String } == [
            "signal", "signal", "signal", "connect", "sideEffect",
            "next", "send", "next", "next", "completed", "send", "completed", "completed",
        ])
        #expect(instants.map(\.pid) == [2, 2, 2, 2, 1, 1, 2, 1, 1, 1, 2, 1, 1])
        #expect(instants.map(\.tid) == [1, 2, 3, 3, 2, 2, 2, 1, 3, 2, 2, 1, 3])
        #expect(instants.map(\.ts) == [0, 0, 0, 0, 0] + Array(repeating: 1_100_000, count: 8))
        #expect(instants.map { number($0.args["cause"]) } == [nil, nil, nil, nil, 4, nil, 8, 9, 9, nil, 12, 13, 13])
        #expect(instants.map { $0.args["value"] as? String } == [nil, nil, nil, nil, nil, "x", "x", "x", "x", nil, nil, nil, nil])
    }

    @Test("replayed deliveries are marked in their name and args")
    func replayed() throws {
        let (_, events) = try parse(Scenario.replayGroups().chromeTraceJSON())
        let replayed = events.filter { $0.args["replayed"] as? Bool == true }
        #expect(replayed.map(\.name) == ["next a (replayed)", "next b (replayed)"])
        #expect(replayed.map(\.tid) == [2, 2])
        #expect(replayed.map(\.ts) == [2_000_000, 2_000_000])
        let errors = events.filter { $0.object["cat"] as? String == "error" }
        #expect(errors.map(\.name) == ["error boom", "error boom"])
    }

    @Test("a subscription never disposed spans to the end of the trace")
    func undisposed() throws {
        let trace = Trace(
            signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("L"), parent: nil),
                            TraceSubscription(id: 1, signal: 0, subscriber: .anonymous, parent: 0)],
            events: [event(0, .signal(0)), event(0.25, .subscribe(0)), event(0.5, .subscribe(1)),
                     event(2.75, .send(signal: 0, value: "v"))])
        let (_, events) = try parse(trace.chromeTraceJSON())
        let spans = events.filter { $0.ph == "X" }
        #expect(spans.map(\.ts) == [250_000, 500_000])
        #expect(spans.map(\.dur) == [2_500_000, 2_250_000])
        #expect(spans.map { $0.args["disposed"] as? Bool } == [false, false])
        #expect(spans.map { number($0.args["parent"]) } == [nil, 0])
        #expect(spans.map(\.name) == ["L → s", "subscription 1 → s"])
    }

    @Test("the export is deterministic: the same trace, or the same scenario recorded twice, gives the same bytes")
    func deterministic() {
        let trace = Scenario.chrome()
        #expect(trace.chromeTraceJSON() == trace.chromeTraceJSON())
        #expect(Scenario.chrome().chromeTraceJSON() == Scenario.chrome().chromeTraceJSON())
        #expect(Scenario.replayLazily().chromeTraceJSON() == Scenario.replayLazily().chromeTraceJSON())
    }

    @Test("hostile labels stay valid JSON and come back as the same text")
    func hostile() throws {
        let trace = hostileTrace()
        let (top, events) = try parse(trace.chromeTraceJSON())
        let title = (top["otherData"] as? [String: Any])?["title"] as? String
        #expect(title?.unicodeScalars.elementsEqual((hostileStrings[0] + hostileStrings[1]).unicodeScalars) == true)
        let values = events.filter { $0.object["cat"] as? String == "send" }.compactMap { $0.args["value"] as? String }
        #expect(values.count == hostileStrings.count + 1)
        for (value, expected) in zip(values, hostileStrings) {
            let same = value.unicodeScalars.elementsEqual(expected.unicodeScalars)
            #expect(same, "\(value.debugDescription) should be \(expected.debugDescription)")
        }
        let threadName = events.first { $0.name == "thread_name" && $0.pid == 1 }?.args["name"] as? String
        let expectedName = hostileStrings[2] + " → " + hostileStrings[4]
        #expect(threadName?.unicodeScalars.elementsEqual(expectedName.unicodeScalars) == true)
    }

    @Test("times whose microseconds overflow a double (from about 1.8e302 s) are written as the largest double: JSON has no infinity",
          arguments: [1e299, 1e300, 1e303, Double.greatestFiniteMagnitude])
    func lateTimes(time: Double) throws {
        let trace = Trace(
            signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("A"))],
            events: [event(0, .signal(0)), event(0, .subscribe(0)), event(time, next(0, "late"))])
        let (_, events) = try parse(trace.chromeTraceJSON())
        let expected = min(time * 1e6, .greatestFiniteMagnitude)
        let late = try #require(events.first { $0.name == "next late" }?.ts)
        #expect(late.isFinite && abs(late - expected) <= expected * 1e-12, "ts \(late), expected \(expected)")
        let span = try #require(events.first { $0.ph == "X" })
        #expect(span.ts == 0)
        #expect(span.dur.map { $0.isFinite && abs($0 - expected) <= expected * 1e-12 } == true, "dur \(String(describing: span.dur))")
    }

    @Test("an empty trace exports only the process metadata")
    func empty() throws {
        let (_, events) = try parse(Trace().chromeTraceJSON())
        #expect(events.map(\.name) == ["process_name", "process_sort_index", "process_name", "process_sort_index"])
    }
}
