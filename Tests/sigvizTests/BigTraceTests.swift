import Foundation
import Testing
import Tracer

/// A valid trace of a subject sending `count` values to one subscriber: `2 + 2 × count` events,
/// with labels that need escaping, so that its JSON goes out in many chunks.
private func manyDeliveries(_ count: Int) -> Trace {
    var events = [TraceEvent(time: 0, kind: .signal(0)), TraceEvent(time: 0, kind: .subscribe(0))]
    for index in 0..<count {
        let value = "v\"\(index)\"\\\u{2028}é"
        events.append(TraceEvent(time: Double(index) / 10, kind: .send(signal: 0, value: value)))
        events.append(TraceEvent(time: Double(index) / 10, kind: .next(subscription: 0, value: value, replayed: false),
                                 cause: events.count - 1))
    }
    return Trace(title: "many", signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
                 subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("A"))], events: events)
}

/// The `trace` command's JSON and Perfetto outputs are streamed to their file as they are made
/// (issue 17), and a trace file is mapped rather than read, within a size limit that follows --max-events.
@Suite struct BigTraceTests {
    @Test("trace --format json and perfetto stream to the file the bytes the library writes: a trace file written again is the same bytes")
    func streamedOutput() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = manyDeliveries(20_000)
        let input = directory.appendingPathComponent("in.json")
        try trace.json().write(to: input)
        let json = directory.appendingPathComponent("out.json"), perfetto = directory.appendingPathComponent("out.perfetto.json")
        let first = try sigviz("trace", input.path, "-o", json.path)
        #expect(first.status == 0, "\(first.errors)")
        #expect(try Data(contentsOf: json) == Data(contentsOf: input))
        let second = try sigviz("trace", input.path, "--format", "perfetto", "-o", perfetto.path)
        #expect(second.status == 0, "\(second.errors)")
        #expect(try Data(contentsOf: perfetto) == trace.chromeTraceJSON())
        // To standard output, the same bytes.
        let standard = try sigviz("trace", input.path)
        #expect(standard.status == 0 && standard.data == trace.json())
    }

    @Test("a streamed output that cannot be written (a full device) is an error naming it, exit status 1",
          arguments: ["json", "perfetto"])
    func fullDevice(format: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.json")
        try manyDeliveries(20_000).json().write(to: input)
        let run = try sigviz("trace", input.path, "--format", format, "-o", "/dev/full")
        #expect(run.status == 1)
        #expect(run.errors == "Error: cannot write /dev/full: no space left on the device (--output)\n", "\(run.errors)")
    }

    @Test("a streamed output that fails part way (past the file size limit) leaves the file it would replace as it was, and no temporary file",
          .enabled(if: !underSanitizer, "runs in the plain pass: ThreadSanitizer's runtime faults under a file size limit"),
          arguments: ["json", "perfetto"])
    func failsPartWay(format: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.json")
        try manyDeliveries(20_000).json().write(to: input)  // about 2 MB: many chunks
        let output = directory.appendingPathComponent("out.json")
        try Data("old".utf8).write(to: output)
        let run = try sigviz(["trace", input.path, "--format", format, "-o", output.path],
                             standardOutput: .file(directory.appendingPathComponent("stdout").path), fileSizeLimit: 200_000)
        #expect(run.status == 1)
        #expect(run.errors == "Error: cannot write \(output.path): it would be larger than the file size limit (--output)\n", "\(run.errors)")
        #expect(try Data(contentsOf: output) == Data("old".utf8))
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == ["in.json", "out.json", "stdout"])
    }

    @Test("a trace file may take 256 MB per million events of --max-events, at least 64 MB: a larger one is refused by its size, without being read")
    func traceFileLimit() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A sparse file: 65 MB long, nothing stored.
        let file = directory.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        let refused = try measuredSigviz(["render", file.path, "--max-events", "100000"], timeout: 60)
        #expect(refused.status == 1 && !refused.crashed, "\(refused.summary)")
        #expect(refused.errors == "Error: cannot read \(file.path): it is 65 MB; sigviz reads trace files up to 64 MB at --max-events 100000 "
                    + "(256 MB per million events, and at least 64 MB); a larger --max-events reads larger files\n", "\(refused.errors)")
        #expect(refused.peakMemory <= memoryBound(64 << 20), "peak \(refused.megabytes) MB: it read the file")
        // At the default 1,000,000 events (256 MB) it is read, mapped: its first byte is refused, and the
        // rest never enters memory.
        let read = try measuredSigviz(["render", file.path], timeout: 60)
        #expect(read.status == 1 && !read.crashed, "\(read.summary)")
        #expect(read.errors.hasPrefix("Error: \(file.path):1:1: "), "\(read.errors)")
        #expect(read.peakMemory <= memoryBound(64 << 20), "peak \(read.megabytes) MB: it read the file")
    }
}
