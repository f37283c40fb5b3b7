import Foundation
import Testing
import Tracer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether to run the long variants (SIGVIZ_SOAK=1): the full 10,000,000-event file on disk, the
/// default limits of 1,000,000 events reached for real.
private let soak = ProcessInfo.processInfo.environment["SIGVIZ_SOAK"] != nil

/// A Python program that writes a trace of `count` events (a subject sending to nobody), one event
/// a line from line 4, to the file or FIFO `path`, and stops quietly when the reader goes away.
/// In sigviz's layout an event takes about 73 bytes; `compact` ones (no spaces), about 52.
private let traceWriter = """
    import sys
    path, count, compact = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "compact"
    indent = "" if compact else "    "
    event = '{"seq":%d,"time":0,"kind":"send","signal":0,"value":"v"}' if compact else \\
        '{"seq": %d, "time": 0.0, "kind": "send", "signal": 0, "value": "v"}'
    try:
        with open(path, "w") as out:
            out.write('{"format": "sigviz-trace", "version": 1, "signals": [{"id": 0, "kind": "subject", "name": "s"}],\\n')
            out.write(' "subscriptions": [],\\n "events": [\\n' + indent + '{"seq": 0, "time": 0.0, "kind": "signal", "signal": 0}')
            chunk = []
            for seq in range(1, count):
                chunk.append(',\\n' + indent + event % seq)
                if len(chunk) == 10000:
                    out.write("".join(chunk))
                    chunk = []
            out.write("".join(chunk) + "\\n  ]\\n}\\n")
    except BrokenPipeError:
        pass
    """

/// Writes a trace of `count` events to `path` (a file, or a FIFO: then in the background). Returns the writer.
@discardableResult
private func writeTrace(events count: Int, to path: String, compact: Bool = false, wait: Bool = true) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", traceWriter, path, String(count), compact ? "compact" : "layout"]
    try process.run()
    if wait { process.waitUntilExit() }
    return process
}

/// The line and column of the start of event `seq` in a trace written by `traceWriter`: one event a line, from line 4.
private func positionOfEvent(_ seq: Int, compact: Bool = false) -> (line: Int, column: Int) { (seq + 4, compact ? 1 : 5) }

/// A scenario whose events multiply: each level subscribes to the 10-value source once per value of
/// the level before it. 6 levels make 62,945 events; 12 levels, about 15,000,000.
private func runawayText(levels: Int) -> String {
    var lines = ["title \"Runaway\"", "cold s \"aaaaaaaaaa|\"", "let x0 = s"]
    for level in 1...levels { lines.append("let x\(level) = x\(level - 1) | flattenMap s") }
    lines.append("subscribe \"A\" to x\(levels)")
    return lines.joined(separator: "\n") + "\n"
}

@Suite("Limits")
struct LimitTests {
    // MARK: Events in a trace file

    @Test("Trace(json:maximumEvents:) refuses the first event past the limit, at its line and column; the default is 1,000,000")
    func libraryLimit() throws {
        #expect(Trace.defaultMaximumEvents == 1_000_000)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("trace.json")
        try writeTrace(events: 2_000, to: file.path)
        let data = try Data(contentsOf: file)
        #expect(try Trace(json: data).events.count == 2_000)
        #expect(try Trace(json: data, maximumEvents: 2_000).events.count == 2_000)
        #expect(throws: TraceFormatError(line: positionOfEvent(1_000).line, column: 5,
                                         message: "the trace has more than 1000 events, the limit (sigviz --max-events sets it)")) {
            try Trace(json: data, maximumEvents: 1_000)
        }
        #expect(throws: TraceFormatError.self) { try Trace(json: data, maximumEvents: 0) }
    }

    @Test("--max-events N: a trace file with more events is refused at the first one past N, with its position",
          arguments: ["render", "graph", "trace", "compare"])
    func fileLimit(command: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("trace.json")
        try writeTrace(events: 20_000, to: file.path)
        let output = directory.appendingPathComponent("out")
        let inputs = command == "compare" ? ["cold", file.path] : [file.path]
        let run = try measuredSigviz([command] + inputs + ["--max-events", "10000", "-o", output.path])
        let (line, column) = positionOfEvent(10_000)
        #expect(run.status == 1 && !run.crashed, "\(run.summary)")
        #expect(run.errors == "Error: \(file.path):\(line):\(column): the trace has more than 10000 events, the limit (sigviz --max-events sets it)\n")
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing is written")
        #expect(try measuredSigviz([command] + inputs + ["--max-events", "20000", "-o", output.path]).status == 0)
    }

    @Test("a scenario whose virtual time runs past the limit is refused by every command that runs it, naming the file, writing nothing",
          arguments: [["trace"], ["check"], ["explain"], ["graph"], ["render"], ["report"]])
    func virtualTimeLimit(command: [String]) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("daily.sigviz")
        try "let t = interval 86400 | take 200000\nsubscribe \"S\" to t\n".write(to: file, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("out")
        let run = try sigviz(command + [file.path] + (["check", "explain"].contains(command[0]) ? [] : ["-o", output.path]))
        #expect(run.status == 1, "\(run.errors)")
        #expect(run.errors.contains("daily.sigviz: the scenario's work goes on past 1000000000 s of virtual time, the limit"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("--max-events must be from 1 to 100,000,000", arguments: ["0", "-1", "100000001", "many"])
    func badLimit(value: String) throws {
        let run = try sigviz("render", "cold", "--max-events", value)
        #expect(run.status == 64, "\(run.errors)")
        #expect(run.errors.contains("--max-events"))
    }

    // MARK: A 10,000,000-event trace

    @Test("a 10,000,000-event trace streamed through a pipe is refused after 64 MB, within 200 MB, even with --max-events 100000000",
          .enabled(if: !underSanitizer, "runs in the plain pass"))
    func tenMillionEventsThroughAPipe() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("trace.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // The writer blocks until sigviz opens the FIFO, and stops when sigviz closes it.
        let writer = try writeTrace(events: 10_000_000, to: fifo, wait: false)
        let run = try measuredSigviz(["render", fifo, "--max-events", "100000000"], timeout: 120)
        writer.waitUntilExit()
        #expect(run.status == 1 && !run.crashed && !run.timedOut, "\(run.summary)")
        #expect(run.errors == "Error: cannot read \(fifo): it is more than 64 MB; sigviz reads files up to 64 MB\n", "\(run.errors)")
        #expect(run.peakMemory <= memoryBound(200 << 20), "peak \(run.megabytes) MB")
    }

    @Test("a trace file of 10,000,000 events (1,300,000 unless SIGVIZ_SOAK is set) over 256 MB per million events of --max-events is refused by its size, without being read",
          .enabled(if: !underSanitizer, "runs in the plain pass"))
    func tenMillionEventsInAFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("trace.json")
        let count = soak ? 10_000_000 : 1_300_000
        try writeTrace(events: count, to: file.path)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(size > 64 << 20)
        // A quarter of its events allow about 67 bytes for each of its events, fewer than it has (about 73).
        let limit = count / 4
        let run = try measuredSigviz(["render", file.path, "--max-events", String(limit)], timeout: 60)
        #expect(run.status == 1 && !run.crashed, "\(run.summary)")
        #expect(run.errors == "Error: cannot read \(file.path): it is \((size + (1 << 20) - 1) >> 20) MB; sigviz reads trace files up to \(max(64 << 20, limit * (256 << 20) / 1_000_000) >> 20) MB "
                    + "at --max-events \(limit) (256 MB per million events, and at least 64 MB); a larger --max-events reads larger files\n", "\(run.errors)")
        #expect(run.peakMemory <= memoryBound(64 << 20), "peak \(run.megabytes) MB: it read the file")
        #expect(run.seconds < 10, "\(run.seconds) s")
    }

    @Test("a trace file of 1,000,001 events under 64 MB is refused at its millionth event by the default limit (SIGVIZ_SOAK)",
          .enabled(if: soak, "a soak: SIGVIZ_SOAK=1"))
    func defaultLimitInAFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("trace.json")
        try writeTrace(events: 1_000_001, to: file.path, compact: true)
        let run = try measuredSigviz(["render", file.path], timeout: 300)
        let (line, column) = positionOfEvent(1_000_000, compact: true)
        #expect(run.status == 1 && !run.crashed, "\(run.summary)")
        #expect(run.errors.hasPrefix("Error: \(file.path):\(line):\(column): the trace has more than 1000000 events"), "\(run.errors)")
        #expect(run.peakMemory <= memoryBound(512 << 20), "peak \(run.megabytes) MB")
        print("the default event limit on a 1,000,001-event file: \(run.summary)")
    }

    // MARK: Scenarios that make too many events

    @Test("a runaway scenario is stopped at --max-events with an error naming it, nothing written, within 256 MB",
          arguments: ["render", "trace", "check", "report", "docs"])
    func runawayScenario(command: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        let file = scenarios.appendingPathComponent("runaway.sigviz")
        try Data(runawayText(levels: 6).utf8).write(to: file)
        let output = directory.appendingPathComponent("out")
        let arguments: [String] = switch command {
        case "check": ["check", file.path]
        case "docs": ["docs", scenarios.path, "-o", output.path]
        default: [command, file.path, "-o", output.path]
        }
        let run = try measuredSigviz(arguments + ["--max-events", "20000"], timeout: 120)
        #expect(run.status == 1 && !run.crashed && !run.timedOut, "\(run.summary)")
        // docs names the file with its folder, as given, like every other command.
        #expect(run.errors.contains("Error: \(file.path): the scenario made more than 20000 events, the limit; nothing was written."),
                "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing is written")
        #expect(run.peakMemory <= memoryBound(256 << 20), "peak \(run.megabytes) MB")
        // Within the limit it runs.
        if command == "render" {
            #expect(try measuredSigviz(arguments + ["--max-events", "1000000"], timeout: 300).status == 0)
        }
    }

    @Test("the scenarios of a command over three inputs or more share twice --max-events equally: one past its share is refused, naming the share; two get the whole limit each",
          arguments: ["check", "explain", "report", "compare", "docs"])
    func eventsSharedBetweenInputs(command: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        // 709 events each: within --max-events 1000 alone or by two, past 2000 / 3 = 666 by three.
        let files = try ["a", "b", "c"].map { name in
            let file = scenarios.appendingPathComponent("\(name).sigviz")
            try Data("let t = interval 1 | take 100\nsubscribe \"A\" to t\n".utf8).write(to: file)
            return file.path
        }
        let output = directory.appendingPathComponent("out")
        func arguments(_ inputs: [String]) -> [String] {
            switch command {
            case "check", "explain": [command] + inputs
            case "docs": ["docs", scenarios.path, "-o", output.path]
            default: [command] + inputs + ["-o", output.path]
            }
        }
        let run = try measuredSigviz(arguments(files) + ["--max-events", "1000"], timeout: 120)
        #expect(run.status == 1 && !run.crashed && !run.timedOut, "\(run.summary)")
        #expect(run.errors.contains(
            "Error: \(files[0]): the scenario made more than 666 events, its share of the 2000 events (2 times --max-events) "
                + "the 3 inputs of this command may make in all; nothing was written."), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing is written")
        // Two inputs get the whole limit each, as one does.
        try FileManager.default.removeItem(atPath: files[2])
        let two = try measuredSigviz(arguments(Array(files.prefix(2))) + ["--max-events", "1000"], timeout: 120)
        #expect(two.status == 0, "\(two.summary)")
    }

    @Test("a subject fed by its own values, a loop without end, is stopped at --max-events: exit 1, the error, nothing written")
    func selfFeedingSubject() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("loop.sigviz")
        try Data("subject s\nlet loop = s | map \"{}\"\nsubscribe s to loop\nsubscribe \"A\" to s\nat 1 send s \"x\"\n".utf8)
            .write(to: file)
        let output = directory.appendingPathComponent("loop.svg")
        let run = try measuredSigviz(["render", file.path, "-o", output.path, "--max-events", "20000"], timeout: 120)
        #expect(run.status == 1 && !run.crashed && !run.timedOut, "\(run.summary)")
        #expect(run.errors.contains("Error: \(file.path): the scenario made more than 20000 events, the limit; nothing was written."),
                "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("a channel whose clean-up completion feeds a subject cycle ends: the clean-up is held to --max-events too")
    func channelCleanUpCycle() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cycle.sigviz")
        try Data("""
            channel a b
            subject s
            let loop = s | map "{}"
            subscribe s to loop
            let v = return "v"
            let t = a | then v
            subscribe s to t
            subscribe "A" to t

            """.utf8).write(to: file)
        let output = directory.appendingPathComponent("cycle.svg")
        let run = try measuredSigviz(["render", file.path, "-o", output.path, "--max-events", "20000"], timeout: 120)
        #expect(run.status == 0 && !run.crashed && !run.timedOut, "\(run.summary)")
        #expect(FileManager.default.fileExists(atPath: output.path))
    }

    @Test("a scenario that would make billions of events is stopped at the default 1,000,000 (SIGVIZ_SOAK)",
          .enabled(if: soak, "a soak: SIGVIZ_SOAK=1"))
    func runawayAtTheDefaultLimit() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("runaway.sigviz")
        try Data(runawayText(levels: 12).utf8).write(to: file)
        let run = try measuredSigviz(["render", file.path], timeout: 300)
        #expect(run.status == 1 && !run.crashed, "\(run.summary)")
        #expect(run.errors.contains("the scenario made more than 1000000 events"), "\(run.errors)")
        #expect(run.peakMemory <= memoryBound(3 << 29), "peak \(run.megabytes) MB")
        print("a runaway scenario at the default limit: \(run.summary)")
    }
}
