import Foundation
import Testing

/// A scenario file whose one expectation holds.
private let validScenario = """
    cold c: +1 next "a", +2 completed
    subscribe "S" to c
    expect "S" to c "-a|"
    """

/// A file that `sigviz check` cannot take: how it is made in a folder, and what the error says.
struct UncheckableFile: Sendable, CustomTestStringConvertible {
    let name: String
    /// Makes the path to give sigviz in `directory` (leaving nothing there for a missing file).
    let make: @Sendable (URL) throws -> URL
    /// What the error line says after `Error: `, given the path.
    let message: @Sendable (String) -> String

    var testDescription: String { name }

    static let all: [UncheckableFile] = [
        UncheckableFile(name: "a malformed file", make: { directory in
            let file = directory.appendingPathComponent("typo.sigviz")
            try Data("cold c: +1 nxt \"a\"\n".utf8).write(to: file)
            return file
        }, message: { "\($0):1:12: expected next, completed or error, found 'nxt'" }),
        UncheckableFile(name: "a missing file", make: { directory in
            directory.appendingPathComponent("missing.sigviz")
        }, message: { "cannot read \($0): no such file" }),
        UncheckableFile(name: "a directory", make: { directory in
            let folder = directory.appendingPathComponent("folder.sigviz")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }, message: { "cannot read \($0): it is a directory" }),
        UncheckableFile(name: "a file that is not UTF-8", make: { directory in
            let file = directory.appendingPathComponent("latin1.sigviz")
            try Data("cold c: +1 next \"caf".utf8 + [0xE9] + Data("\"\n".utf8)).write(to: file)
            return file
        }, message: { "\($0):1:21: the file is not valid UTF-8: byte 0xE9" }),
    ]
}

/// Whether the tests run as root, for whom a file's mode does not stop reading it.
private let runningAsRoot = geteuid() == 0

@Suite("check exits 1 on a file it cannot read or parse, alone or among valid files")
struct CheckInputFailureTests {
    @Test("alone: exit 1, the error on standard error, and the summary counts the file", arguments: UncheckableFile.all)
    func alone(_ item: UncheckableFile) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try item.make(directory).path
        let run = try sigviz("check", path)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.errors.hasPrefix("Error: \(item.message(path))"), "\(run.errors)")
        #expect(run.output == "0 expectations passed, 0 failed, 1 file could not be read\n")
    }

    @Test("among valid files: exit 1, and the valid files before and after it are still checked and reported",
          arguments: UncheckableFile.all)
    func amongValidFiles(_ item: UncheckableFile) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("first.sigviz"), last = directory.appendingPathComponent("last.sigviz")
        try Data(validScenario.utf8).write(to: first)
        try Data(validScenario.utf8).write(to: last)
        let path = try item.make(directory).path
        let run = try sigviz("check", first.path, path, last.path)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output == """
            \(first.path):3: ok "S" to c
            \(last.path):3: ok "S" to c
            2 expectations passed, 0 failed, 1 file could not be read

            """)
        #expect(run.errors.hasPrefix("Error: \(item.message(path))"), "\(run.errors)")
    }

    @Test("--quiet still exits 1 on a file it cannot read, among valid files")
    func quiet() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let valid = directory.appendingPathComponent("valid.sigviz")
        try Data(validScenario.utf8).write(to: valid)
        let run = try sigviz("check", "--quiet", valid.path, directory.appendingPathComponent("missing.sigviz").path)
        #expect(run.status == 1)
        #expect(run.output == "1 expectation passed, 0 failed, 1 file could not be read\n")
    }

    @Test("a file without read permission: exit 1, the valid file still reported",
          .enabled(if: !runningAsRoot, "root reads a file whatever its mode; the missing, directory and non-UTF-8 cases stand in"))
    func unreadable() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let valid = directory.appendingPathComponent("valid.sigviz"), locked = directory.appendingPathComponent("locked.sigviz")
        try Data(validScenario.utf8).write(to: valid)
        try Data(validScenario.utf8).write(to: locked)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        let run = try sigviz("check", valid.path, locked.path)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output.hasPrefix("\(valid.path):3: ok \"S\" to c\n"))
        #expect(run.errors.hasPrefix("Error: cannot read \(locked.path): "), "\(run.errors)")
    }
}
