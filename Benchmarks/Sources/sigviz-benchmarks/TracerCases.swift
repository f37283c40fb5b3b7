import Foundation
import Reactive
import Tracer

// The tracer cases: recording, the trace JSON, and memory.

/// Subscribes 4 labelled subscribers to a new subject and sends it `sends`
/// values, with `scheduler` current; the deliveries are counted into `counter`.
/// Recorded, each send is 5 events (the send and 4 deliveries).
func fanOut(sends: Int, on scheduler: TestScheduler, counter: Counter) -> Subject<Int> {
    scheduler.perform {
        let subject = Subject<Int>().named("subject")
        for index in 1...4 { subject.subscribe(label: "Subscriber \(index)", next: { _ in counter.add() }) }
        for value in 0..<sends { subject.sendNext(value) }
        return subject
    }
}

/// A recorder that holds the hot fan-out of `sends` sends.
func recordedFanOut(sends: Int) -> TraceRecorder {
    let recorder = TraceRecorder()
    let scheduler = TestScheduler()
    let counter = Counter()
    Instrumentation.withInstrument(recorder, clock: scheduler) {
        _ = fanOut(sends: sends, on: scheduler, counter: counter)
    }
    return recorder
}

/// The tracer cases at `1 / scale` of their size, by id, each made when it is about to run.
func tracingCases(scale: Int) -> [(id: String, make: () -> Case)] {
    let sends = 1_000_000 / scale
    return [
        ("tracing-recorder", { recording(sends: sends) }),
        ("tracing-no-recorder", { notRecording(sends: sends) }),
        ("json-encode", { traceEncoding(events: 1_000_000 / scale) }),
        ("json-decode", { traceDecoding(events: 1_000_000 / scale) }),
    ]
}

func recording(sends: Int) -> Case {
    // The reports of a fan-out with no sends: the subject, its name, the subscriptions, their disposal.
    let setup = recordedFanOut(sends: 0).count
    let sigviz = Workload(units: setup + 5 * sends) {
        let recorder = TraceRecorder()
        let scheduler = TestScheduler()
        let counter = Counter()
        return {
            Instrumentation.withInstrument(recorder, clock: scheduler) {
                _ = fanOut(sends: sends, on: scheduler, counter: counter)
            }
            precondition(counter.value == 4 * sends, "the recorded fan-out delivered \(counter.value)")
            return recorder.count
        }
    }
    return Case(
        title: "tracing: hot fan-out (4 subscribers, \(sends.grouped) sends) with a TraceRecorder installed",
        unit: "recorded events/s", sigviz: sigviz, peer: nil, floor: nil,
        target: Target(text: "≥ 20 M recorded events/s") { $0.sigviz >= 20e6 },
        notes: ["Tracing: each send records 5 events (the send and 4 deliveries), on a TestScheduler clock; "
            + "the rate is of recording only, not of assembling the trace."])
}

func notRecording(sends: Int) -> Case {
    Case(
        title: "tracing: the same hot fan-out with no recorder installed",
        unit: "deliveries/s",
        sigviz: subjectFanOut(subscribers: 4, sends: sends), peer: nil,
        floor: floorWorkload(closures: 4, sends: sends),
        target: .reported("within 5% of a build without the hook (not measurable here)"),
        notes: ["No recorder: the runtime has no build without the instrumentation hook, so the 5% figure cannot be "
            + "measured from this package; this row is the hot fan-out again, to read against the floor."])
}

/// A recorded trace of the hot fan-out, sends 0.1 s apart, cut to exactly `events` events
/// (the last ones cut are disposals, so the trace stays valid).
func fanOutTrace(events: Int) -> Trace {
    let sends = events / 5
    let scheduler = TestScheduler()
    var trace = Trace.record(title: "hot fan-out", clock: scheduler) {
        let subject = scheduler.perform {
            let subject = Subject<Int>().named("subject")
            for index in 1...4 { subject.subscribe(label: "Subscriber \(index)", next: { _ in }) }
            return subject
        }
        for value in 0..<sends {
            scheduler.schedule(after: Double(value + 1) / 10) { subject.sendNext(value) }
        }
        scheduler.stepAll()
    }
    trace.events.removeLast(max(0, trace.events.count - events))
    return trace
}

func traceEncoding(events: Int) -> Case {
    let trace = fanOutTrace(events: events)
    let count = trace.events.count
    // Every event takes more than one byte, whoever encodes it.
    let sigviz = Workload(units: count) { trace.json().count > count ? count : 0 }
    let peer = Workload(units: count) {
        let encoder = JSONEncoder()
        return (try! encoder.encode(trace)).count > count ? count : 0
    }
    return Case(
        title: "trace JSON: encode a \(count.grouped)-event trace, `trace.json()` vs Foundation JSONEncoder",
        unit: "events/s", sigviz: sigviz, peerName: "Foundation", peer: peer, floor: nil,
        target: .ratio(atLeast: 3, "≥ 3x Foundation JSONEncoder"),
        notes: ["Trace JSON: the trace is a recorded hot fan-out (4 subscribers, sends 0.1 s apart) cut to the event count; "
            + "Foundation encodes and decodes it through `Trace`'s Codable conformance (the same format); "
            + "both decoders read the bytes of `trace.json()` and validate the trace."])
}

func traceDecoding(events: Int) -> Case {
    let json = fanOutTrace(events: events).json()
    let count = try! Trace(json: json).events.count
    let sigviz = Workload(units: count) { try! Trace(json: json).events.count }
    let peer = Workload(units: count) { try! JSONDecoder().decode(Trace.self, from: json).events.count }
    return Case(
        title: "trace JSON: decode a \(count.grouped)-event trace, `Trace(json:)` vs Foundation JSONDecoder",
        unit: "events/s", sigviz: sigviz, peerName: "Foundation", peer: peer, floor: nil,
        target: .ratio(atLeast: 3, "≥ 3x Foundation JSONDecoder"))
}

// MARK: - Memory

func memoryCases(scale: Int) -> [MemoryCase] {
    let sends = 1_000_000 / scale
    return [
        MemoryCase(
            id: "memory-trace-event",
            title: "memory: recorded trace events, a TraceRecorder holding the hot fan-out of \(sends.grouped) sends",
            unit: "bytes per event",
            target: "≤ 64", limit: 64,
            measure: {
                bytesPerItem {
                    let recorder = recordedFanOut(sends: sends)
                    return (recorder, recorder.count)
                }
            },
            notes: ["Memory: resident memory delta (/proc/self/statm) over the work while its result is alive, "
                + "after `malloc_trim(0)` on both sides; the heap figure is glibc's `mallinfo2` "
                + "(uordblks + hblkhd) delta."]),
        MemoryCase(
            id: "memory-trace", title: "memory: the assembled `Trace` of the same recording (`recorder.trace()`)",
            unit: "bytes per event",
            target: "reported", limit: nil,
            measure: {
                let recorder = recordedFanOut(sends: sends)
                return bytesPerItem {
                    let trace = recorder.trace()
                    return (trace, trace.events.count)
                }
            }),
        MemoryCase(
            id: "memory-replay-value",
            title: "memory: an unbounded `ReplaySubject<Int>` buffering \(sends.grouped) values (4 subscribers)",
            unit: "bytes per buffered value",
            target: "reported", limit: nil,
            measure: {
                bytesPerItem {
                    let subject = ReplaySubject<Int>()
                    synchronously {
                        for _ in 0..<4 { subject.subscribe(next: { _ in }) }
                    }
                    for value in 0..<sends { subject.sendNext(value) }
                    return (subject, sends)
                }
            }),
    ]
}
