import Foundation
import Tracer

// The scale case (issue 17): the release-built sigviz on trace files of 1,000,000 and 10,000,000
// events, as a subprocess, measured by its peak resident memory (wait4's ru_maxrss) and wall time.

let scaleRowIDs = ["scale-trace-json", "scale-perfetto", "scale-render", "scale-report"]

/// The trace file of the hot fan-out cut to `events` events (``fanOutTrace(events:)``), written
/// with `trace.json()`, kept under the temporary directory between runs (`sigviz-scale/fanout-N.json`,
/// made again when missing), and the bytes per event of the decoded `Trace` (the trace's own size).
func scaleTraceFile(events: Int) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-scale")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("fanout-\(events).json")
    if !FileManager.default.fileExists(atPath: file.path) {
        log("scale: recording a \(events.grouped)-event trace into \(file.path)")
        let partial = folder.appendingPathComponent(".fanout-\(events).json.partial")
        try! fanOutTrace(events: events).json().write(to: partial)
        try! FileManager.default.moveItem(at: partial, to: file)
    }
    return file
}

/// The peak resident memory (bytes) and wall time of one run of `binary` with `arguments`, its
/// output to /dev/null; traps if it fails.
///
/// Measured by GNU time (`/usr/bin/time -f %M`, from Debian's `time` package), which forks the run:
/// the `ru_maxrss` of a child that `posix_spawn` starts begins at this process's own peak (Linux
/// carries the high-water mark of the memory the child shared until its exec), which the recording
/// of a 10,000,000-event trace puts at gigabytes.
func peakMemoryAndTime(_ binary: URL, _ arguments: [String]) -> (bytes: Double, seconds: Double) {
    let time = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: time) else {
        fatalError("the scale rows measure peak memory with GNU time: install it (apt-get install time)")
    }
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-scale-time-\(getpid())").path
    defer { unlink(report) }
    let seconds = run(URL(fileURLWithPath: time), ["-f", "%M", "-o", report, binary.path] + arguments)
    let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    guard let kilobytes = text.split(separator: "\n").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) else {
        fatalError("GNU time reported no peak memory: '\(text)'")
    }
    return (kilobytes * 1024, seconds)
}

/// Peak memory of `sigviz trace --format json|perfetto` and `sigviz render` on the 1 M and 10 M-event
/// traces, how it grows per event from one to the other against the decoded trace's own bytes per
/// event, and the size and time of `sigviz report` of the 10 M-event trace.
func scaleRows(scale: Int, isSelected: (String) -> Bool) -> (rows: [Row], notes: [String]) {
    let binary = sigvizBinary()
    let small = 1_000_000 / scale, large = 10_000_000 / scale
    let files = [small: scaleTraceFile(events: small), large: scaleTraceFile(events: large)]
    // The trace's own size: what the decoded `Trace` of the small file keeps, per event.
    let own = bytesPerItem {
        let trace = try! Trace(json: Data(contentsOf: files[small]!), maximumEvents: small)
        return (trace, trace.events.count)
    }.heap
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-benchmarks-scale-\(getpid())")
    try! FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let limit = ["--max-events", String(large)]

    var rows: [Row] = []
    let commands: [(id: String, name: String, arguments: (URL, URL) -> [String])] = [
        ("scale-trace-json", "sigviz trace TRACE.json --format json -o FILE", { ["trace", $0.path, "--format", "json", "-o", $1.path] }),
        ("scale-perfetto", "sigviz trace TRACE.json --format perfetto -o FILE", { ["trace", $0.path, "--format", "perfetto", "-o", $1.path] }),
        ("scale-render", "sigviz render TRACE.json -o FILE", { ["render", $0.path, "-o", $1.path] }),
    ]
    for command in commands where isSelected(command.id) {
        log("scale: \(command.name) at \(small.grouped) and \(large.grouped) events")
        var peaks: [Int: Double] = [:]
        for events in [small, large] {
            let output = scratch.appendingPathComponent("out-\(events)")
            peaks[events] = peakMemoryAndTime(binary, command.arguments(files[events]!, output) + limit).bytes
            try? FileManager.default.removeItem(at: output)
        }
        let growth = (peaks[large]! - peaks[small]!) / Double(large - small)
        for events in [small, large] {
            rows.append(Row(id: "\(command.id)-\(events / 1_000_000)m", name: "scale: `\(command.name)`, \(events.grouped) events: peak memory",
                            unit: "bytes", value: peaks[events]!, display: megabytes(peaks[events]!), target: "reported", met: nil))
        }
        // "Memory that does not grow with the event count beyond the trace itself": each event more costs
        // at most the decoded trace's bytes per event (with a quarter for the allocator's rounding).
        rows.append(Row(id: "\(command.id)-growth", name: "scale: `\(command.name)`, peak memory per event from \(small.grouped) to \(large.grouped) events, "
                            + "against the decoded trace's own \(format(own)) bytes per event",
                        unit: "x the trace's own", value: growth / own, display: format(growth) + " B/event = " + format(growth / own) + "x",
                        target: "≤ 1.25x the trace's own", met: growth / own <= 1.25))
    }
    if isSelected("scale-report") {
        log("scale: sigviz report of \(large.grouped) events")
        let directory = scratch.appendingPathComponent("report")
        let (peak, seconds) = peakMemoryAndTime(binary, ["report", files[large]!.path, "-o", directory.path] + limit)
        let bytes = (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []).reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(path).path)[.size] as? Int) ?? 0)
        }
        rows += [
            Row(id: "scale-report-bytes", name: "scale: `sigviz report TRACE.json -o DIR` of \(large.grouped) events: the site's size",
                unit: "bytes", value: Double(bytes), display: megabytes(Double(bytes)), target: "bounded: the event table capped", met: nil),
            Row(id: "scale-report-time", name: "scale: the same report's wall time (peak memory \(megabytes(peak)))",
                unit: "wall time", value: seconds, display: duration(seconds), target: "reported", met: nil),
        ]
    }
    let notes = [
        "Scale: the release-built `sigviz` (as for the CLI rows) on the hot fan-out trace (TracerCases `fanOutTrace`) cut to 1,000,000 and "
            + "10,000,000 events and written with `trace.json()` (kept in $TMPDIR/sigviz-scale), each run with `--max-events 10000000`; "
            + "peak memory is the run's maximum resident set size as GNU time (`/usr/bin/time -f %M`) reports it; the trace's own size is the heap that the decoded `Trace` of the 1,000,000-event "
            + "file keeps, per event.",
    ]
    return (rows, notes)
}

/// `12.3 MB`.
func megabytes(_ bytes: Double) -> String { format(bytes / 1e6) + " MB" }
