import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a run of the sigviz executable ended, what it printed, its peak memory and its time:
/// what the hostile-input tests check about every run.
struct MeasuredRun: Sendable {
    /// The exit status, when it exited.
    var status: Int32?
    /// The signal that ended it, when one did (a crash, or the kill after a timeout).
    var signal: Int32?
    /// Whether it was killed for running longer than its time limit.
    var timedOut: Bool
    var output: Data
    var errors: String
    /// The peak resident memory of the process, in bytes (getrusage's ru_maxrss, for this child only).
    var peakMemory: Int
    var seconds: Double

    /// Whether it crashed or trapped: a signal that was not our timeout kill, or a Swift runtime failure.
    var crashed: Bool {
        (signal != nil && !timedOut) || errors.contains("Fatal error") || errors.contains("Precondition failed")
            || errors.contains("Assertion failed") || errors.contains("Program crashed")
    }

    var megabytes: Int { peakMemory >> 20 }

    /// A summary for failure messages.
    var summary: String {
        let end = timedOut ? "timed out" : signal.map { "killed by signal \($0)" } ?? "exited \(status ?? -1)"
        return "\(end) after \(String(format: "%.2f", seconds)) s, peak \(megabytes) MB; stderr: \(errors.prefix(400))"
    }
}

/// Whether the tests (and so the sigviz built beside them) run under a sanitizer, as `.ci/run`'s
/// `swift test --sanitize=thread` does: ThreadSanitizer reserves terabytes of address space and
/// multiplies memory use, so the memory bounds and the address-space cap apply only without one.
let underSanitizer: Bool = ["__tsan_init", "__asan_init"].contains { name in name.withCString { dlsym(nil, $0) != nil } }

/// `bytes`, the bound a test states, or no bound under a sanitizer.
func memoryBound(_ bytes: Int) -> Int { underSanitizer ? .max : bytes }

/// A cap on the address space of every measured run (RLIMIT_AS): a safety net, so that a run
/// that would exhaust memory fails on its own instead of taking the machine with it. The bounds
/// the tests check are far below it.
let addressSpaceCap = 4 << 30

/// Starts sigviz for ``measuredSigviz``. The measurement needs a small parent: Linux carries a
/// process's peak memory over fork and exec, so sigviz spawned by the test process (hundreds of
/// MB) would report the test's peak. This forks it from python3 (about 10 MB; the browser tests
/// need python3 too), caps its address space, waits for it and writes its wait status and peak
/// memory (wait4's ru_maxrss) to a file.
private let launcher = """
    import os, resource, sys
    report, cap = sys.argv[1], int(sys.argv[2])
    pid = os.fork()
    if pid == 0:
        if cap > 0:
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        os.execv(sys.argv[3], sys.argv[3:])
    _, status, usage = os.wait4(pid, 0)
    with open(report, "w") as file:
        file.write("%d %d\\n" % (status, usage.ru_maxrss))
    """

/// Runs `sigviz arguments...` with its standard input from `input` (a path; /dev/null when nil),
/// its output in temporary files, and kills it after `timeout` seconds. Its memory is that of
/// sigviz alone, even when tests run in parallel.
func measuredSigviz(
    _ arguments: [String], input: String? = nil, timeout: Double = 60, addressSpace: Int = addressSpaceCap,
    environment extra: [String: String] = [:]
) throws -> MeasuredRun {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outputPath = directory.appendingPathComponent("stdout").path
    let errorsPath = directory.appendingPathComponent("stderr").path
    let reportPath = directory.appendingPathComponent("report").path

    let cap = underSanitizer ? 0 : addressSpace
    let command = ["/usr/bin/env", "python3", "-c", launcher, reportPath, String(cap), sigvizExecutable.path] + arguments
    let start = Date()
    let pid = try spawn(command, environment: extra) { actions, attributes in
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Its own process group, so that a timeout kills python3 and sigviz together.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
    }

    var status: Int32 = 0
    var timedOut = false
    while true {
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { break }
        if result < 0, errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
        if Date().timeIntervalSince(start) > timeout, !timedOut {
            timedOut = true
            kill(-pid, SIGKILL)
        }
        usleep(5_000)
    }
    let seconds = Date().timeIntervalSince(start)
    let report = ((try? String(contentsOfFile: reportPath, encoding: .utf8)) ?? "").split(separator: " ").compactMap {
        Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    if !timedOut, report.count != 2 {
        Issue.record("the launcher did not report: status \(status), stderr \((try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "")")
    }
    let child = report.first ?? (9 as Int32)  // no report: killed
    let signalled = child & 0x7F
    let errors = (try? Data(contentsOf: URL(fileURLWithPath: errorsPath))) ?? Data()
    return MeasuredRun(
        status: signalled == 0 ? (child >> 8) & 0xFF : nil,
        signal: signalled == 0 ? nil : signalled,
        timedOut: timedOut,
        output: (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) ?? Data(),
        errors: String(decoding: errors, as: UTF8.self),
        peakMemory: peakMemory(kilobytes: Int(report.last ?? 0)),
        seconds: seconds)
}

/// ru_maxrss in bytes: Linux counts kilobytes, macOS bytes.
private func peakMemory(kilobytes value: Int) -> Int {
    #if canImport(Darwin)
    value
    #else
    value * 1024
    #endif
}

/// Characters that must never reach a terminal raw in an error message: C0 and C1 controls
/// other than newline and tab (an escape sequence can rewrite the screen or the window title),
/// bidi controls and invisible characters (they can make the text read differently from what it is).
func unsafeCharacters(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029, 0xFEFF, 0x061C: true
        default: false
        }
    }
}
