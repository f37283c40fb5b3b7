import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SigvizApp
@testable import Render
@testable import sigviz
import Testing

/// What a run told its ``PendingFiles``, in order.
private final class RecordedPendingFiles: PendingFiles, @unchecked Sendable {
    // @unchecked: `entries` is only touched with `lock` held.
    private let lock = NSLock()
    private var entries: [(path: String, isFolder: Bool, remembered: Bool)] = []

    func remember(_ path: String, isFolder: Bool) { lock.withLock { entries.append((path, isFolder, true)) } }
    func forget(_ path: String) { lock.withLock { entries.append((path, false, false)) } }

    /// The paths remembered, files and folders.
    var remembered: [(path: String, isFolder: Bool)] { lock.withLock { entries.filter(\.remembered).map { ($0.path, $0.isFolder) } } }
    /// The paths remembered and not forgotten since.
    var outstanding: Set<String> {
        lock.withLock {
            var paths = Set<String>()
            for entry in entries { if entry.remembered { paths.insert(entry.path) } else { paths.remove(entry.path) } }
            return paths
        }
    }
}

/// Text written from any thread, kept in order.
private final class Transcript: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func append(_ more: String) { lock.withLock { text += more } }
    var all: String { lock.withLock { text } }
}

/// A console keeping its output and messages in `output` and `messages`.
private func console(output: Transcript = Transcript(), messages: Transcript = Transcript(), progressColumns: Int? = nil,
                     pendingFiles: (any PendingFiles)? = nil) -> Console {
    Console(output: { output.append(String(decoding: $0, as: UTF8.self)) }, messages: { messages.append($0) },
            progressColumns: progressColumns, pendingFiles: pendingFiles)
}

private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/scenarios").resolvingSymlinksInPath()

@Suite("The pipelines, run in-process on a console")
struct PipelineTests {
    @Test("docs tells the console's pending files every temporary file and folder it makes, before it exists, and forgets each once in place")
    func docsTellsPendingFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        for name in ["cold", "publish"] {
            try FileManager.default.copyItem(at: examples.appendingPathComponent(name + ".sigviz"), to: scenarios.appendingPathComponent(name + ".sigviz"))
        }
        let pending = RecordedPendingFiles()
        let output = directory.appendingPathComponent("made/docs").path
        try DocsPipeline(scenarios: scenarios.path, output: output, jobs: 2).run(on: console(pendingFiles: pending))
        let folders = pending.remembered.filter(\.isFolder).map(\.path)
        #expect(folders == [directory.appendingPathComponent("made").path, output], "outer first: \(folders)")
        let files = pending.remembered.filter { !$0.isFolder }.map(\.path)
        #expect(files.count == 5, "four diagrams and the page: \(files)")
        #expect(files.allSatisfy { ($0 as NSString).lastPathComponent.hasPrefix(".sigviz-") && $0.hasPrefix(output + "/") }, "\(files)")
        #expect(pending.outstanding.isEmpty, "not forgotten: \(pending.outstanding)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted()
                    == ["cold-graph.svg", "cold.svg", "publish-graph.svg", "publish.svg", "scenarios.md"])
    }

    @Test("report and -o tell the console's pending files their temporary files, and forget them once in place")
    func reportAndOutputTellPendingFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pending = RecordedPendingFiles()
        let site = directory.appendingPathComponent("site").path
        try ReportPipeline(inputs: ["cold"], output: site).run(on: console(pendingFiles: pending))
        var render = RenderPipeline(input: "cold")
        render.output = directory.appendingPathComponent("cold.svg").path
        try render.run(on: console(pendingFiles: pending))
        let files = pending.remembered.map(\.path)
        #expect(files.count == 3, "the index, the page and the SVG: \(files)")
        #expect(files.allSatisfy { ($0 as NSString).lastPathComponent.hasPrefix(".sigviz-") }, "\(files)")
        #expect(pending.outstanding.isEmpty, "not forgotten: \(pending.outstanding)")
    }

    @Test("a progress line goes to the console's messages only when it has a terminal's width, cut to it, and is cleared")
    func progressOnTheConsole() {
        let messages = Transcript()
        let progress = ProgressLine(total: 2, on: console(messages: messages, progressColumns: 20))
        progress.step("cold")
        progress.step("fetchdata-replaylazily.sigviz")
        progress.finish()
        progress.finish()
        #expect(messages.all == "\r[1/2] cold" + "\r[2/2] fetchdata-rep…" + "\r" + String(repeating: " ", count: 20) + "\r")

        let none = Transcript()
        ProgressLine(total: 2, on: console(messages: none)).step("cold")
        ProgressLine(total: 1, on: console(messages: none, progressColumns: 80)).step("cold")
        #expect(none.all.isEmpty, "no terminal, or a single input: \(none.all)")
    }

    @Test("a run whose output's reader has gone ends as a broken pipe; another failed write is an error with status 1")
    func outputFailures() {
        let broken = Console(output: { _ in throw StandardOutputError(code: EPIPE) }, messages: { _ in })
        #expect(SigViz.run(["list"], on: broken) == .brokenPipe)
        let messages = Transcript()
        let full = Console(output: { _ in throw StandardOutputError(code: ENOSPC) }, messages: { messages.append($0) })
        #expect(SigViz.run(["trace", "cold", "--format", "marbles"], on: full) == .status(1))
        #expect(messages.all.hasPrefix("Error: cannot write standard output: "), "\(messages.all)")
    }

    @Test("help goes to the output with status 0, a usage error to the messages with status 64, a failure with 1")
    func endings() {
        let output = Transcript(), messages = Transcript()
        #expect(SigViz.run(["docs", "--help"], on: console(output: output, messages: messages)) == .status(0))
        #expect(output.all.contains("USAGE: sigviz docs"), "\(output.all)")
        #expect(messages.all.isEmpty)

        let usage = Transcript()
        #expect(SigViz.run(["render", "coldd"], on: console(messages: usage)) == .status(64))
        #expect(usage.all.hasPrefix("Error: unknown scenario 'coldd'; did you mean 'cold'?\nUsage: sigviz render"), "\(usage.all)")

        let failure = Transcript()
        #expect(SigViz.run(["render", "/nonexistent/x.json"], on: console(messages: failure)) == .status(1))
        #expect(failure.all == "Error: cannot read /nonexistent/x.json: no such file\n", "\(failure.all)")
    }
}

@Suite("What the pages say of sigviz's commands comes from the pipelines")
struct PipelineHintTests {
    @Test("report's pages point at sigviz trace for every event and at sigviz check for failed expectations; docs names sigviz docs")
    func hints() throws {
        #expect(ReportPipeline.hints.allEvents?.html == "Every event is in the trace: <code>sigviz trace INPUT -o trace.json</code> writes them all "
            + "(INPUT: the scenario, scenario file or trace file given to <code>sigviz report</code>, and its <code>--max-events</code>), "
            + "and <code>sigviz trace INPUT --format perfetto -o trace.perfetto.json</code> a file to browse them in at ui.perfetto.dev.")
        #expect(ReportPipeline.hints.failedExpectations?.html == "<code>sigviz check</code> reports the same")

        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try Data("cold s \"-a|\"\nsubscribe \"A\" to s\nexpect \"A\" to s \"-b|\"\n".utf8).write(to: scenarios.appendingPathComponent("failing.sigviz"))
        let site = directory.appendingPathComponent("site").path
        #expect(throws: CommandFailure.self) { try ReportPipeline(inputs: [scenarios.appendingPathComponent("failing.sigviz").path], output: site).run(on: console()) }
        let page = try String(contentsOfFile: site + "/scenarios/failing.html", encoding: .utf8)
        #expect(page.contains("lines say (<code>sigviz check</code> reports the same).</p>"))

        let docs = directory.appendingPathComponent("docs").path
        #expect(throws: CommandFailure.self) { try DocsPipeline(scenarios: scenarios.path, output: docs, jobs: 1).run(on: console()) }
        let markdown = try String(contentsOfFile: docs + "/scenarios.md", encoding: .utf8)
        #expect(markdown.contains("on virtual time. Generated by `sigviz docs`: edit the scenario files and run it again instead of editing this page.\n"))
    }
}

@Suite("Work done several at a time, results by number")
struct ConcurrentWorkTests {
    private struct Refused: Error {}

    @Test("stopping at the first failure begins no item after it (one at a time: exactly those up to it run); without, every item runs")
    func firstFailure() {
        let calls = Transcript()
        let stopped = ConcurrentWork.results(count: 5, jobs: 1, stoppingAtFirstFailure: true) { index throws -> Int in
            calls.append("\(index)")
            if index == 2 { throw Refused() }
            return index
        }
        #expect(calls.all == "012")
        #expect(stopped.map { $0.map { (try? $0.get()) ?? -1 } } == [0, 1, -1, nil, nil])

        let everyCall = Transcript()
        let all = ConcurrentWork.results(count: 5, jobs: 3, stoppingAtFirstFailure: false) { index throws -> Int in
            everyCall.append("\(index)")
            if index == 2 { throw Refused() }
            return index * 10
        }
        #expect(everyCall.all.count == 5)
        #expect(all.map { $0.map { (try? $0.get()) ?? -1 } } == [0, 10, -1, 30, 40])
    }
}
