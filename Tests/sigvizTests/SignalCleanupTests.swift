import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Quick scenarios first, in name order, each diagram staged as soon as it is drawn; then `slow`.
private func scenarioFolder(in root: URL, slow: String) throws -> URL {
    let scenarios = root.appendingPathComponent("scenarios")
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    for index in 0..<5 {
        try Data("cold s \"-a-b|\"\nsubscribe \"A\" to s\n".utf8).write(to: scenarios.appendingPathComponent("quick\(index).sigviz"))
    }
    try Data(slow.utf8).write(to: scenarios.appendingPathComponent("slow.sigviz"))
    return scenarios
}

/// The `.sigviz-*` temporary files under `folder`.
private func temporaries(in folder: URL) -> [String] {
    let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { ($0 as NSString).lastPathComponent.hasPrefix(".sigviz-") }
}

@Suite("A run ended by a signal leaves no temporary file")
struct SignalCleanupTests {
    @Test("docs that crashes in a worker (out of memory while it runs a scenario) removes the diagrams it staged and the folders it created, and still ends by the crash",
          .enabled(if: !underSanitizer, "needs an address-space cap, which ThreadSanitizer's reservations exceed"))
    func crashInAWorker() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        // Three subscribers to a million ticks: far more memory than the cap allows.
        let scenarios = try scenarioFolder(
            in: root, slow: "let t = interval 1 | take 1000000\nsubscribe \"A\" to t\nsubscribe \"B\" to t\nsubscribe \"C\" to t\n")
        let output = root.appendingPathComponent("made/by/docs")
        let run = try measuredSigviz(
            ["docs", scenarios.path, "-o", output.path, "-j", "1", "--max-events", "100000000"], timeout: 120, addressSpace: 600 << 20)
        #expect(run.crashed, "\(run.summary)")
        #expect(run.errors.contains("failed to allocate"), "the crash is the worker's: \(run.errors.prefix(300))")
        #expect(temporaries(in: root).isEmpty, "left behind: \(temporaries(in: root))")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("made").path),
                "the folders docs created, empty again, are removed")
    }

    @Test("docs stopped by a trap's signal (SIGILL, SIGTRAP), Ctrl-C, a hang-up or SIGTERM while diagrams are staged removes them and the folders it created, and ends by that signal",
          .enabled(if: !underSanitizer, "runs in the plain pass: ThreadSanitizer's runtime takes signals over with handlers of its own"),
          arguments: [SIGILL, SIGTRAP, SIGINT, SIGHUP, SIGTERM])
    func stagedFilesRemoved(signal number: Int32) throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let scenarios = try scenarioFolder(in: root, slow: "let t = interval 1 | take 300000\nsubscribe \"A\" to t\n")
        let output = root.appendingPathComponent("made/by/docs")
        let status = try runAndSignal(
            ["docs", scenarios.path, "-o", output.path, "-j", "1", "--max-events", "100000000"], signal: number) {
                temporaries(in: output).count >= 5
            }
        #expect(status == number, "ended by status \(status)")
        #expect(temporaries(in: root).isEmpty, "left behind: \(temporaries(in: root))")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("made").path),
                "the folders docs created, empty again, are removed")
    }

    @Test("trace -o stopped by SIGTERM while it writes leaves no temporary file beside the output, and no output",
          .enabled(if: !underSanitizer, "runs in the plain pass: ThreadSanitizer's runtime takes signals over with handlers of its own"))
    func streamedOutputRemoved() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let input = root.appendingPathComponent("slow.sigviz")
        // About 700,000 events: a JSON file of about 100 MB, streamed while the signal lands.
        try Data("let t = interval 1 | take 100000\nsubscribe \"A\" to t\n".utf8).write(to: input)
        let output = root.appendingPathComponent("out.json")
        let status = try runAndSignal(["trace", input.path, "-o", output.path, "--max-events", "100000000"], signal: SIGTERM) {
            !temporaries(in: root).isEmpty
        }
        #expect(status == SIGTERM, "ended by status \(status)")
        #expect(temporaries(in: root).isEmpty, "left behind: \(temporaries(in: root))")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("a signal ignored when sigviz started (SIGTERM under `trap '' TERM`, SIGINT of a background job) stays ignored: the run ends normally, its output written",
          .enabled(if: !underSanitizer, "runs in the plain pass: ThreadSanitizer's runtime takes signals over with handlers of its own"))
    func ignoredSignalStaysIgnored() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let input = root.appendingPathComponent("slow.sigviz")
        try Data("let t = interval 1 | take 100000\nsubscribe \"A\" to t\n".utf8).write(to: input)
        let output = root.appendingPathComponent("out.json")
        let command = ["/bin/sh", "-c", "trap '' TERM; exec \"$0\" \"$@\"", sigvizExecutable.path,
                       "trace", input.path, "-o", output.path, "--max-events", "100000000"]
        let status = try runAndSignal(command: command, signal: SIGTERM) { !temporaries(in: root).isEmpty }
        #expect(status == 1000, "ended by status \(status)")
        #expect(FileManager.default.fileExists(atPath: output.path))
        #expect(temporaries(in: root).isEmpty)
    }

    /// Starts sigviz with no signal blocked or ignored (the test runner blocks some, and a child
    /// inherits that; a command may ignore one itself), waits (by the files, not a clock) until `ready`, sends `signal`, and returns
    /// the signal that ended it, or 1000 plus its exit status if it exited.
    private func runAndSignal(_ arguments: [String], signal number: Int32, ready: () -> Bool) throws -> Int32 {
        try runAndSignal(command: [sigvizExecutable.path] + arguments, signal: number, ready: ready)
    }

    /// ``runAndSignal(_:signal:ready:)`` for a whole command line: a program's path and its arguments.
    private func runAndSignal(command: [String], signal number: Int32, ready: () -> Bool) throws -> Int32 {
        let pid = try spawn(command) { actions, attributes in
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            var none = sigset_t(), all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        }
        var status: Int32 = 0
        var signalled = false
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0, errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
            if !signalled, ready() {
                kill(pid, number)
                signalled = true
            }
            usleep(10_000)
        }
        #expect(signalled, "the run ended before it was ready for the signal")
        let terminating = status & 0x7F
        return terminating == 0 ? 1000 + ((status >> 8) & 0xFF) : terminating
    }
}
