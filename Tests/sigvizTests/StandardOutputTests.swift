import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The example scenario files of the repository.
private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/scenarios").resolvingSymlinksInPath()

/// Every command line that writes to standard output; `$TMP` is a new folder holding
/// `scenarios/cold.sigviz` and `fresh`, the docs of that folder, up to date.
private let writers: [[String]] = [
    ["list"], ["list", "--verbose"],
    ["trace", "cold"], ["trace", "cold", "-f", "marbles"], ["trace", "cold", "-f", "perfetto"], ["trace", "cold", "-o", "-"],
    ["render", "cold"], ["render", "cold", "-o", "-"], ["graph", "cold"], ["graph", "cold", "-o", "-"],
    ["compare", "cold", "publish"], ["compare", "cold", "publish", "-o", "-"],
    ["check", examples.appendingPathComponent("cold.sigviz").path],
    ["report", "cold", "-o", "$TMP/site"],
    ["docs", "$TMP/scenarios", "-o", "$TMP/docs"], ["docs", "$TMP/scenarios", "-o", "$TMP/fresh", "--check"],
    ["--help"], ["render", "--help"], ["help", "list"], ["--version"],
]

/// A folder for one run of a command of ``writers``, and its arguments with `$TMP` replaced.
private func prepare(_ arguments: [String]) throws -> (folder: URL, arguments: [String]) {
    let folder = try temporaryDirectory()
    let scenarios = folder.appendingPathComponent("scenarios")
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: examples.appendingPathComponent("cold.sigviz"), to: scenarios.appendingPathComponent("cold.sigviz"))
    if arguments.contains("--check") {
        let run = try sigviz("docs", scenarios.path, "-o", folder.appendingPathComponent("fresh").path)
        #expect(run.status == 0, "\(run.errors)")
    }
    return (folder, arguments.map { $0.replacingOccurrences(of: "$TMP", with: folder.path) })
}

@Suite("Standard output closed or full")
struct StandardOutputTests {
    @Test("every command with standard output closed exits 1 with one line saying so, and no backtrace", arguments: writers)
    func closed(arguments: [String]) throws {
        let (folder, arguments) = try prepare(arguments)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try sigviz(arguments, standardOutput: .closed)
        #expect(run.status == 1 && run.errors == "Error: cannot write standard output: it is closed\n", "\(run.summary)")
    }

    @Test("every command with standard output on a full device exits 1 with one line saying so, and no backtrace", arguments: writers)
    func full(arguments: [String]) throws {
        let (folder, arguments) = try prepare(arguments)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try sigviz(arguments, standardOutput: .device("/dev/full"))
        #expect(run.status == 1 && run.errors == "Error: cannot write standard output: no space left on the device\n", "\(run.summary)")
        #expect(isCharacterDevice("/dev/full"))
    }

    @Test("standard output past the file size limit (ulimit -f) is an error, not a kill by SIGXFSZ",
          .enabled(if: !underSanitizer, "runs in the plain pass: ThreadSanitizer's runtime faults under a file size limit"))
    func fileSizeLimit() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("out.json").path
        let run = try sigviz(["trace", "fetchdata"], standardOutput: .file(file), fileSizeLimit: 1000)
        #expect(run.status == 1 && run.errors == "Error: cannot write standard output: it would be larger than the file size limit\n",
                "\(run.summary)")
        #expect(run.output.count == 1000)
    }

    @Test("a pipe whose reader has gone before sigviz writes ends it quietly, as SIGPIPE would, whatever SIGPIPE's disposition",
          arguments: [["list"], ["trace", "cold"], ["render", "cold"], ["check", examples.appendingPathComponent("cold.sigviz").path], ["--help"]],
          [false, true])
    func readerGone(arguments: [String], ignoringSIGPIPE: Bool) throws {
        let run = try sigviz(arguments, standardOutput: .pipe(readerReads: 0), ignoringSIGPIPE: ignoringSIGPIPE)
        #expect(run.signal == SIGPIPE && run.errors.isEmpty, "\(run.summary)")
    }

    @Test("a pipe whose reader reads a little and goes (| head -c 100) ends sigviz quietly, whatever SIGPIPE's disposition",
          arguments: [["trace", "fetchdata-replaylazily"], ["trace", "fetchdata", "-f", "perfetto"], ["render", "fetchdata"]], [false, true])
    func readerLeaves(arguments: [String], ignoringSIGPIPE: Bool) throws {
        let run = try sigviz(arguments, standardOutput: .pipe(readerReads: 100), ignoringSIGPIPE: ignoringSIGPIPE)
        #expect(run.signal == SIGPIPE && run.errors.isEmpty, "\(run.summary)")
        #expect(run.output.count == 100)
    }

    @Test("standard error closed: messages are dropped, never trapped on", arguments: [
        (["trace", "replaylazily", "-f", "marbles", "--frame", "2"], 64),
        (["trace", "nowhere.json"], 1),
        (["check", "nowhere.sigviz"], 1),
    ] as [([String], Int32)])
    func standardErrorClosed(arguments: [String], status: Int32) throws {
        let run = try sigviz(arguments, standardOutput: .device("/dev/full"), closingStandardError: true)
        #expect(run.status == status && run.signal == nil, "\(run.summary)")
    }
}

/// Whether `path` is a character device (as /dev/null and /dev/full must stay).
func isCharacterDevice(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
}
