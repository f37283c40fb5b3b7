import Foundation
import Testing
@testable import sigviz
@testable import SigvizApp

@Suite("OutputDirectory: the one writer of report and docs")
struct OutputDirectoryTests {
    private func folder(_ url: URL, what: String = "the report", verb: String = "is") -> OutputDirectory {
        OutputDirectory(path: url.path, what: what, verb: verb)
    }

    private func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("a plan writes nothing; applying it writes every file, folders included, and lists them")
    func planThenApply() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let files = [("index.html", Data("i".utf8)), ("scenarios/a.html", Data("a".utf8))].map { (path: $0.0, contents: $0.1) }
        let plan = try folder(out).plan(files, protecting: InputFiles([]), skippingUnchanged: false)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(plan.changes.map(\.path) == ["index.html", "scenarios/a.html"])
        var seen: [String] = []
        let written = try folder(out).apply(plan, pending: nil) { display, _ in seen.append(display) }
        #expect(written == ["index.html", "scenarios/a.html"])
        #expect(seen == [out.appendingPathComponent("index.html").path, out.appendingPathComponent("scenarios/a.html").path])
        #expect(try Data(contentsOf: out.appendingPathComponent("scenarios/a.html")) == Data("a".utf8))
    }

    @Test("skipping unchanged files: only the new and the changed are planned")
    func skipsUnchanged() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("same".utf8).write(to: root.appendingPathComponent("a.svg"))
        try Data("old".utf8).write(to: root.appendingPathComponent("b.svg"))
        let files = [("a.svg", "same"), ("b.svg", "new"), ("c.svg", "new")].map { (path: $0.0, contents: Data($0.1.utf8)) }
        let plan = try folder(root).plan(files, protecting: InputFiles([]), skippingUnchanged: true)
        #expect(plan.changes.map(\.path) == ["b.svg", "c.svg"])
        #expect(plan.changes.map { $0.change == .create } == [false, true])
        #expect(plan.fresh == 1 && plan.total == 3)
    }

    @Test("paths that leave the folder, symbolic links, non-files and inputs are refused before anything is written",
          arguments: ["../x", "/abs", "a/../b", "a//b", "link/x", "file-link", "dir", "input.sigviz"])
    func refusals(path: String) throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("dir"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("link"), withDestinationURL: root)
        try Data("x".utf8).write(to: root.appendingPathComponent("target"))
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("file-link"),
                                                   withDestinationURL: root.appendingPathComponent("target"))
        let input = out.appendingPathComponent("input.sigviz")
        try Data("subject s".utf8).write(to: input)
        let files = [(path: "first.svg", contents: Data()), (path: path, contents: Data("new".utf8))]
        let message = try #require(failure {
            _ = try folder(out).plan(files, protecting: InputFiles([input.path]), skippingUnchanged: false)
        })
        let expected = switch path {
        case "link/x", "file-link": "it is a symbolic link, and the report is written only inside \(out.path)"
        case "dir": "it exists and is not a regular file"
        case "input.sigviz": "it is one of the input files"
        default: "not a plain relative path"
        }
        #expect(message.contains(expected), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("first.svg").path))
        #expect(try Data(contentsOf: input) == Data("subject s".utf8))
    }

    @Test("a folder that is a file is refused, naming what would have been written")
    func folderIsAFile() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("docs")
        try Data().write(to: file)
        let message = failure {
            _ = try folder(file, what: "the docs", verb: "are").plan([], protecting: InputFiles([]), skippingUnchanged: true)
        }
        #expect(message == "cannot write the docs to \(file.path): it is a file, not a directory")
    }

    @Test("a write that fails names the file and lists what was written before it")
    func failureListsWhatWasWritten() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [("a.html", "a"), ("scenarios/b.html", "b")].map { (path: $0.0, contents: Data($0.1.utf8)) }
        let plan = try folder(root).plan(files, protecting: InputFiles([]), skippingUnchanged: false)
        // After the plan, something takes the place of the folder the second file needs.
        try Data().write(to: root.appendingPathComponent("scenarios"))
        let message = try #require(failure { try folder(root).apply(plan, pending: nil) })
        #expect(message.hasPrefix("cannot create \(root.appendingPathComponent("scenarios").path): "), "\(message)")
        #expect(message.hasSuffix("; 1 file was written before it: a.html"), "\(message)")
    }
}
