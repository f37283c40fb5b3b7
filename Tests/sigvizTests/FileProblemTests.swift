import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reading or writing problem and the one line sigviz must answer it with.
struct FileProblemCase: Sendable, CustomTestStringConvertible {
    /// The arguments; `$TMP` is a new folder holding the folders `dir.json`, `dir.sigviz`,
    /// `folder/index.html` and `docs/cold.svg`, the empty file `file` and `scenarios/cold.sigviz`.
    let arguments: [String]
    /// Standard error, exactly, with `$TMP` replaced.
    let message: String

    var testDescription: String { arguments.joined(separator: " ") }
}

private let cases: [FileProblemCase] = [
    // An input that is a directory.
    .init(arguments: ["render", "$TMP/dir.json"], message: "Error: cannot read $TMP/dir.json: it is a directory"),
    .init(arguments: ["graph", "$TMP/folder"], message: "Error: cannot read $TMP/folder: it is a directory"),
    .init(arguments: ["trace", "$TMP/dir.sigviz"], message: "Error: cannot read $TMP/dir.sigviz: it is a directory"),
    .init(arguments: ["compare", "cold", "$TMP/dir.json"], message: "Error: cannot read $TMP/dir.json: it is a directory"),
    .init(arguments: ["check", "$TMP/dir.sigviz"],
          message: "Error: cannot read $TMP/dir.sigviz: it is a directory"),
    .init(arguments: ["report", "$TMP/dir.sigviz", "-o", "$TMP/site"], message: "Error: cannot read $TMP/dir.sigviz: it is a directory"),
    // A missing input.
    .init(arguments: ["render", "$TMP/missing.json"], message: "Error: cannot read $TMP/missing.json: no such file"),
    .init(arguments: ["graph", "$TMP/missing.sigviz"], message: "Error: cannot read $TMP/missing.sigviz: no such file"),
    .init(arguments: ["trace", "$TMP/missing.json"], message: "Error: cannot read $TMP/missing.json: no such file"),
    .init(arguments: ["compare", "cold", "$TMP/missing.json"], message: "Error: cannot read $TMP/missing.json: no such file"),
    .init(arguments: ["check", "$TMP/missing.sigviz"],
          message: "Error: cannot read $TMP/missing.sigviz: no such file"),
    .init(arguments: ["report", "$TMP/missing.sigviz", "-o", "$TMP/site"], message: "Error: cannot read $TMP/missing.sigviz: no such file"),
    .init(arguments: ["docs", "$TMP/missing", "-o", "$TMP/docs"], message: "Error: cannot read $TMP/missing: no such directory"),
    .init(arguments: ["render", "$TMP/file/x.json"], message: "Error: cannot read $TMP/file/x.json: a folder on its path is a file"),
    // An output that is a directory.
    .init(arguments: ["render", "cold", "-o", "$TMP/folder"], message: "Error: cannot write $TMP/folder: it is a directory (--output)"),
    .init(arguments: ["graph", "cold", "-o", "$TMP/folder"], message: "Error: cannot write $TMP/folder: it is a directory (--output)"),
    .init(arguments: ["compare", "cold", "publish", "-o", "$TMP/folder"], message: "Error: cannot write $TMP/folder: it is a directory (--output)"),
    .init(arguments: ["trace", "cold", "-o", "$TMP/folder"], message: "Error: cannot write $TMP/folder: it is a directory (--output)"),
    // report and docs write into a directory: a file given is refused, as is a directory where a page goes.
    .init(arguments: ["report", "cold", "-o", "$TMP/file"], message: "Error: cannot write the report to $TMP/file: it is a file, not a directory"),
    .init(arguments: ["docs", "$TMP/scenarios", "-o", "$TMP/file"], message: "Error: cannot write the docs to $TMP/file: it is a file, not a directory"),
    .init(arguments: ["report", "cold", "-o", "$TMP/folder"], message: "Error: cannot write $TMP/folder/index.html: it exists and is not a regular file"),
    .init(arguments: ["docs", "$TMP/scenarios", "-o", "$TMP/docs"], message: "Error: cannot write $TMP/docs/cold.svg: it exists and is not a regular file"),
    // An output whose folder cannot take it.
    .init(arguments: ["render", "cold", "-o", "$TMP/missing/x.svg"],
          message: "Error: cannot write $TMP/missing/x.svg: the folder $TMP/missing does not exist (--output)"),
    .init(arguments: ["trace", "cold", "-o", "$TMP/file/x.json"], message: "Error: cannot write $TMP/file/x.json: $TMP/file is not a directory (--output)"),
    .init(arguments: ["graph", "cold", "-o", "$TMP/file/deeper/x.svg"],
          message: "Error: cannot write $TMP/file/deeper/x.svg: a folder on its path is a file (--output)"),
    .init(arguments: ["report", "cold", "-o", "$TMP/file/site"],
          message: "Error: cannot create $TMP/file/site/scenarios: a folder on its path is a file; nothing was written"),
    .init(arguments: ["docs", "$TMP/scenarios", "-o", "$TMP/file/docs"],
          message: "Error: cannot create $TMP/file/docs: $TMP/file is not a directory; nothing was written"),
]

@Suite("Reading and writing problems in plain words")
struct FileProblemTests {
    @Test("a directory as input or output, a missing input, an output folder that cannot take it: one plain sentence naming the path",
          arguments: cases)
    func plainWords(problem: FileProblemCase) throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.path
        for name in ["dir.json", "dir.sigviz", "folder/index.html", "scenarios", "docs/cold.svg"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try Data().write(to: root.appendingPathComponent("file"))
        try Data("cold s: +1 next \"a\", +2 completed\nsubscribe \"A\" to s\n".utf8)
            .write(to: root.appendingPathComponent("scenarios/cold.sigviz"))
        let arguments = problem.arguments.map { $0.replacingOccurrences(of: "$TMP", with: folder) }
        let run = try sigviz(arguments)
        #expect(run.status == 1, "\(run.errors)")
        #expect(run.errors == problem.message.replacingOccurrences(of: "$TMP", with: folder) + "\n")
        #expect(!run.errors.contains("NSCocoaErrorDomain") && !run.errors.contains("The operation could not be completed"))
    }

    #if os(Linux)
    /// Problems that Foundation left unexplained or misexplained, made with /proc: reading the
    /// process's own memory from address 0 fails (EIO), and /proc takes no new files (ENOENT, for
    /// root and other users alike).
    static let procCases: [FileProblemCase] = [
        .init(arguments: ["render", "/proc/self/mem"], message: "Error: cannot read /proc/self/mem: the device reported an input/output error"),
        .init(arguments: ["compare", "cold", "/proc/self/mem"],
              message: "Error: cannot read /proc/self/mem: the device reported an input/output error"),
        .init(arguments: ["render", "cold", "-o", "/proc/sigviz-test.svg"],
              message: "Error: cannot write /proc/sigviz-test.svg: nothing can be created in /proc (--output)"),
        .init(arguments: ["trace", "cold", "-o", "/proc/self/sigviz-test.json"],
              message: "Error: cannot write /proc/self/sigviz-test.json: nothing can be created in /proc/self (--output)"),
        .init(arguments: ["report", "cold", "-o", "/proc/sigviz-test"],
              message: "Error: cannot create /proc/sigviz-test/scenarios: nothing can be created in /proc; nothing was written"),
        .init(arguments: ["docs", "Examples/scenarios", "-o", "/proc/sigviz-test/deeper"],
              message: "Error: cannot create /proc/sigviz-test/deeper: nothing can be created in /proc; nothing was written"),
    ]

    @Test("a read that fails in the device, a folder that takes no new files: the reason in plain words, never Foundation's",
          arguments: procCases)
    func unexplainedByFoundation(problem: FileProblemCase) throws {
        let run = try sigviz(problem.arguments)
        #expect(run.status == 1, "\(run.errors)")
        #expect(run.errors == problem.message + "\n")
    }
    #endif

    @Test("an output folder without write permission: permission denied (not run as root, whom permissions do not stop)",
          .enabled(if: getuid() != 0, "root writes whatever the permissions"))
    func permissionDenied() throws {
        let root = try temporaryDirectory()
        defer {
            chmod(root.appendingPathComponent("locked").path, 0o755)
            try? FileManager.default.removeItem(at: root)
        }
        let locked = root.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        chmod(locked.path, 0o555)
        let run = try sigviz("render", "cold", "-o", locked.appendingPathComponent("x.svg").path)
        #expect(run.status == 1)
        #expect(run.errors == "Error: cannot write \(locked.appendingPathComponent("x.svg").path): permission denied (--output)\n")
    }
}
