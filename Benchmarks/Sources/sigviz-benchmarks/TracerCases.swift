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
        ("tracing-discarding", { discarding(sends: sends) }),
        ("tracing-filter", { recordingFilter(values: sends / 4) }),
        ("tracing-call-sites", { recordingCallSites(subscriptions: sends / 4) }),
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

/// A recorded `filter` of `values` values: RAC builds it on `flattenMap`, so every value makes a
/// signal (`+return:` of the value, or `+empty`, whose creation and operation are reported) and
/// subscribes to it. The rate is of values filtered while recording.
func recordingFilter(values: Int) -> Case {
    let sigviz = Workload(units: values) {
        let recorder = TraceRecorder()
        let scheduler = TestScheduler()
        let counter = Counter()
        return {
            Instrumentation.withInstrument(recorder, clock: scheduler) {
                scheduler.perform {
                    let numbers = Subject<Int>().named("numbers")
                    numbers.filter { $0.isMultiple(of: 2) }.subscribe(label: "even", next: { _ in counter.add() })
                    for value in 0..<values { numbers.sendNext(value) }
                }
            }
            precondition(counter.value == (values + 1) / 2, "the recorded filter passed \(counter.value)")
            precondition(recorder.count > 7 * values, "the recorded filter recorded \(recorder.count) reports")
            return values
        }
    }
    return Case(
        title: "tracing: a recorded filter, \(values.grouped) values (a signal made and subscribed per value)",
        unit: "values/s", sigviz: sigviz, peer: nil, floor: nil,
        target: .reported("reported: what recording costs an operator that makes a signal per value"),
        notes: ["Tracing: each value makes a `+return:` or `+empty` signal, reported with its operation, and "
            + "subscribes to it, on a TestScheduler clock; the rate is of recording only, not of assembling the trace."])
}

/// A recorder behind an instrument that asks for call sites, or declines them: the two sides of
/// what recording a labelled subscription's `#fileID` and line costs, with the same forwarding.
private final class SiteChoosingRecorder: Instrument, @unchecked Sendable {
    let recorder = TraceRecorder()
    let recordsCallSites: Bool
    init(recordsCallSites: Bool) { self.recordsCallSites = recordsCallSites }
    func record(_ event: InstrumentationEvent) { recorder.record(event) }
    func recordNext<Value: Sendable>(_ value: Value, subscription: Int, replayed: Bool, sequence: Int, time: Double, cause: Int?) {
        recorder.recordNext(value, subscription: subscription, replayed: replayed, sequence: sequence, time: time, cause: cause)
    }
    func recordSentNext<Value: Sendable>(_ value: Value, signal: Int, sequence: Int, time: Double, cause: Int?) {
        recorder.recordSentNext(value, signal: signal, sequence: sequence, time: time, cause: cause)
    }
}

/// `subscriptions` labelled subscriptions to a subject, each disposed at once, recorded: with each
/// one's call site (issue 30), against the same without (the "peer" side).
func recordingCallSites(subscriptions: Int) -> Case {
    func churn(sites: Bool) -> Workload {
        Workload(units: subscriptions) {
            let instrument = SiteChoosingRecorder(recordsCallSites: sites)
            let scheduler = TestScheduler()
            return {
                Instrumentation.withInstrument(instrument, clock: scheduler) {
                    scheduler.perform {
                        let rows = Subject<Int>().named("rows")
                        for _ in 0..<subscriptions { rows.subscribe(label: "row").dispose() }
                    }
                }
                // A subject's creation and name; per subscription, its subscription and disposal, and its site.
                let expected = 2 + subscriptions * (sites ? 3 : 2) + (sites ? 1 : 0)
                precondition(instrument.recorder.count == expected, "recorded \(instrument.recorder.count), expected \(expected)")
                return subscriptions
            }
        }
    }
    return Case(
        title: "tracing: \(subscriptions.grouped) labelled subscriptions made and disposed, recorded with their call sites",
        unit: "subscriptions/s", sigviz: churn(sites: true), peerName: "without call sites", peer: churn(sites: false), floor: nil,
        target: .reported("reported: what recording each labelled subscription's #fileID and line costs"),
        notes: ["Call sites: the ratio is of the rate with sites to the rate without, both through the same forwarding "
            + "instrument into a TraceRecorder, on a TestScheduler clock."])
}

/// An instrument that keeps nothing: what observing a run costs the runtime, apart from recording.
private final class DiscardingInstrument: Instrument, @unchecked Sendable {
    func record(_ event: InstrumentationEvent) {}
    func recordNext<Value: Sendable>(_ value: Value, subscription: Int, replayed: Bool, sequence: Int, time: Double, cause: Int?) {}
    func recordSentNext<Value: Sendable>(_ value: Value, signal: Int, sequence: Int, time: Double, cause: Int?) {}
}

/// The recorded fan-out's run observed by an instrument that keeps nothing: the part of
/// recording that is the runtime's (stamps, causes, the delivery's checks), not the recorder's.
func discarding(sends: Int) -> Case {
    let sigviz = Workload(units: 5 * sends) {
        let instrument = DiscardingInstrument()
        let scheduler = TestScheduler()
        let counter = Counter()
        return {
            Instrumentation.withInstrument(instrument, clock: scheduler) {
                _ = fanOut(sends: sends, on: scheduler, counter: counter)
            }
            precondition(counter.value == 4 * sends, "the observed fan-out delivered \(counter.value)")
            return 5 * sends
        }
    }
    return Case(
        title: "tracing: the same hot fan-out observed by an instrument that keeps nothing",
        unit: "observed events/s", sigviz: sigviz, peer: nil, floor: nil,
        target: .reported("reported: the runtime's part of recording"),
        notes: [])
}

/// Where `hooklessBuildCommand` puts the benchmarks built without the instrumentation hook.
let hooklessBinary = URL(fileURLWithPath: #filePath)  // Benchmarks/Sources/sigviz-benchmarks/TracerCases.swift
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build-nohook/release/sigviz-benchmarks")

/// Builds the benchmarks a second time, with the runtime compiled without its instrumentation hook.
let hooklessBuildCommand = "swift build -c release --package-path Benchmarks --scratch-path Benchmarks/.build-nohook "
    + "-Xswiftc -DSIGVIZ_NO_INSTRUMENTATION"

/// A workload that `--run-workload` runs alone, for a case that compares two builds of the benchmarks.
enum HiddenWorkload: String, CaseIterable {
    /// The hot fan-out: 4 subscribers, 1,000,000 sends (`subjectFanOut`).
    case hotFanOut = "hot-fan-out"

    func workload(scale: Int) -> Workload {
        switch self {
        case .hotFanOut: subjectFanOut(subscribers: 4, sends: 1_000_000 / scale)
        }
    }
}

/// `--run-workload`: prints whether this build has the instrumentation hook (`hook: yes` or
/// `hook: no`), runs `workload` once to warm up, then prints the rate of each of `repetitions` runs.
func runAlone(_ hidden: HiddenWorkload, scale: Int, repetitions: Int) {
    print("hook: \(Instrumentation.isAvailable ? "yes" : "no")")
    let workload = hidden.workload(scale: scale)
    _ = workload.rate("\(hidden.rawValue) [warm-up]")
    for _ in 0..<repetitions { print(workload.rate(hidden.rawValue)) }
}

/// What `binary` (this one, or the hook-less build) printed for `--run-workload`: whether it
/// has the hook, and its rates.
func runAlone(
    _ hidden: HiddenWorkload, in binary: URL, scale: Int, repetitions: Int
) -> (hook: Bool, rates: [Double])? {
    let process = Process()
    process.executableURL = binary
    process.arguments = ["--run-workload", hidden.rawValue, "--repetitions", "\(repetitions)"] + (scale == 1 ? [] : ["--quick"])
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = output.split(separator: "\n")
    guard process.terminationStatus == 0, let first = lines.first, first.hasPrefix("hook: ") else { return nil }
    let rates = lines.dropFirst().compactMap { Double($0) }
    guard rates.count == repetitions else { return nil }
    return (first == "hook: yes", rates)
}

func notRecording(sends: Int) -> Case {
    let scale = 1_000_000 / sends
    let title = "tracing: the same hot fan-out with no recorder installed"
    let floor = floorWorkload(closures: 4, sends: sends)
    // A short run first, to check that the hook-less build is there and is hook-less.
    let check = FileManager.default.isExecutableFile(atPath: hooklessBinary.path)
        ? runAlone(.hotFanOut, in: hooklessBinary, scale: 100, repetitions: 1) : nil
    guard let check, !check.hook else {
        let why = check == nil ? "not built" : "built with the hook"
        return Case(
            title: title, unit: "deliveries/s", sigviz: subjectFanOut(subscribers: 4, sends: sends), peer: nil, floor: floor,
            target: .reported("within 5% of a build without the hook: not measured, the hook-less build is \(why) "
                + "(`\(hooklessBuildCommand)`)"),
            notes: ["No recorder: the hook-less build of the benchmarks (`\(hooklessBuildCommand)`) was \(why), so the "
                + "hook's cost was not measured; this row is the hot fan-out again, to read against the floor."])
    }
    // Both builds run the same way, each in a process of its own, one after the other.
    func alone(in binary: URL, hook: Bool) -> Workload {
        Workload(units: 4 * sends, measuredElsewhere: {
            guard let run = runAlone(.hotFanOut, in: binary, scale: scale, repetitions: 1), run.hook == hook else {
                fatalError("\(title): \(binary.path) failed to run the fan-out \(hook ? "with" : "without") the hook")
            }
            return run.rates[0]
        })
    }
    let own = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
    return Case(
        title: title, unit: "deliveries/s", sigviz: alone(in: own, hook: true), peerName: "no hook",
        peer: alone(in: hooklessBinary, hook: false), floor: floor,
        target: Target(text: "within 5% of a build without the hook (ratio ≥ 0.95)") { outcome in
            outcome.ratio.map { $0 >= 0.95 }
        },
        notes: ["No recorder: the hot fan-out in the runtime built with the instrumentation hook (this binary) and in "
            + "the runtime built without it (`\(hooklessBuildCommand)`, where a signal's probe is statically nil), "
            + "each run in turn as a process of its own (`--run-workload hot-fan-out`: a warm-up run, then one timed "
            + "run, whose rate it prints). The ratio is with the hook / without it."])
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

