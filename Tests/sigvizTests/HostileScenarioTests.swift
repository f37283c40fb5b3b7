import Foundation
import Scenarios
import Testing

/// Scenario and trace files that are valid, and hostile to run or draw: what fuzzing and the
/// malformed corpus found beyond parse errors. Each must end with a diagram or a clear error,
/// without crashing, hanging or using more than 512 MB.
@Suite("Malformed input: valid files that are hostile to run or draw")
struct HostileScenarioTests {
    static let memory = 512 << 20

    /// Runs `sigviz render` on `text` and checks it ends cleanly: a diagram (0) or an error naming the file (1).
    private func expectClean(_ text: String, name: String, addressSpace: Int = addressSpaceCap, known: String?) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        let run = try measuredSigviz(["render", file.path, "-o", directory.appendingPathComponent("out.svg").path],
                                     timeout: 120, addressSpace: addressSpace)
        let check = {
            #expect(!run.crashed, "crashed: \(run.summary)")
            #expect(!run.timedOut, "hung: \(run.summary)")
            #expect(run.status == 0 || (run.status == 1 && run.errors.hasPrefix("Error: \(file.path)")), "\(run.summary)")
            #expect(run.peakMemory <= memoryBound(Self.memory), "peak \(run.megabytes) MB")
        }
        if let known { withKnownIssue(Comment(rawValue: known), isIntermittent: underSanitizer) { check() } } else { check() }
    }

    @Test("a chain of 3,000 pipelines, each mapping the one before; and of 60,000, past the bound", arguments: [3_000, 60_000])
    func deepChain(levels: Int) throws {
        // ThreadSanitizer's shadow stack holds 65,536 calls, and 1,800 nested maps (about 40 calls
        // each) go past it: under it (the .ci/run race pass) the shallow case runs 1,000 levels.
        let levels = underSanitizer && levels <= ScenarioFile.maximumNesting ? 1_000 : levels
        var lines = ["cold c0: +1 next \"a\", +2 completed"]
        for index in 1..<levels { lines.append("let c\(index) = c\(index - 1) | map \"{}\"") }
        lines.append("subscribe \"A\" to c\(levels - 1)")
        // Scenarios run on a 256 MB stack (Scenario.stackSize): 3,000 levels take about 18 MB of it;
        // past ScenarioFile.maximumNesting (10,000) levels the file is refused before it runs.
        try expectClean(lines.joined(separator: "\n"), name: "deep-chain.sigviz", known: nil)
        if levels > ScenarioFile.maximumNesting {
            let error = #expect(throws: ScenarioFileError.self) {
                try ScenarioFile(parsing: lines.joined(separator: "\n"), file: "deep-chain.sigviz")
            }
            #expect(error?.message.hasPrefix("pipelines nest at most 10000 levels deep") == true, "\(String(describing: error))")
        }
    }

    @Test("one pipeline of 1,200 operators on one line")
    func longPipeline() throws {
        let text = "cold s: +1 next \"a\", +2 completed\nlet p = s" + String(repeating: " | map \"{}\"", count: 900) + "\nsubscribe \"A\" to p\n"
        try expectClean(text, name: "long-pipeline.sigviz", known: nil)
    }

    @Test("30 pipelines, each merging the one before with itself (a name that doubles 30 times)",
          .enabled(if: !underSanitizer, "needs the address-space cap, which a sanitizer cannot run under"))
    func selfMerges() throws {
        var lines = ["cold s: +1 next \"a\", +2 completed", "let x0 = s"]
        for index in 1...30 { lines.append("let x\(index) = x\(index - 1) | merge x\(index - 1)") }
        // A cap of 1 GB on its address space, so that a name that doubled again would end quickly.
        // Names are cut at 256 characters (signalNameLimit), so this takes next to nothing.
        try expectClean(lines.joined(separator: "\n"), name: "self-merges.sigviz", addressSpace: 1 << 30, known: nil)
    }

    @Test("a valid trace whose last event is late (10⁹ s to the largest double) draws and exports without crashing or hanging",
          .enabled(if: !underSanitizer, "runs in the plain pass"),
          arguments: ["1e9", "1e12", "1e15", "1e18", "1e300", "1.7976931348623157e308"])
    func lateTimes(time: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("late.json")
        try Data("""
            {"version": 1, "signals": [{"id": 0, "kind": "subject", "name": "s"}],
             "subscriptions": [{"id": 0, "signal": 0, "subscriber": {"label": "A"}}],
             "events": [{"seq": 0, "time": 0, "kind": "signal", "signal": 0},
             {"seq": 1, "time": 0, "kind": "subscribe", "subscription": 0},
             {"seq": 2, "time": \(time), "kind": "next", "subscription": 0, "value": "late", "replayed": false}]}
            """.utf8).write(to: file)
        // What breaks where, today (the first time at which each command fails, in a debug build): nothing since
        // hardening bug 3 was fixed (render, trace --format marbles and --format perfetto trapped or hung).
        let known: [String: (from: Double, issue: String)] = [:]
        for command in ["render", "graph", "trace", "trace --format marbles", "trace --format perfetto"] {
            let words = command.split(separator: " ").map(String.init)
            let run = try measuredSigviz([words[0], file.path] + words.dropFirst(), timeout: 20)
            let check = {
                #expect(!run.crashed && !run.timedOut, "\(command) at \(time) s: \(run.summary)")
                // Marbles may refuse a frame too fine for the trace, as a usage error.
                #expect(run.status == 0 || (command.hasSuffix("marbles") && run.status == 64), "\(command) at \(time) s: \(run.summary)")
            }
            if let issue = known[command], Double(time)! >= issue.from {
                withKnownIssue(Comment(rawValue: issue.issue), isIntermittent: true) { check() }
            } else {
                check()
            }
        }
    }
}
