import Foundation
import Testing
@testable import sigviz

// `sigviz docs` stages its diagrams without flushing each one, then flushes them all at once (one
// syncfs per file system on Linux) before it puts them in place: the same guarantee as a flush per
// file (a crash after a rename finds the new bytes) at one flush for a folder of thousands.

@Suite("docs flushes its staged files at once, before it puts them in place")
struct StagedFlushTests {
    @Test("files staged unflushed, then flushed together, commit with their bytes: by folder watchers and file by file",
          arguments: [true, false])
    func stageFlushCommit(watching: Bool) throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let inner = root.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        var watchers: [String: Int32] = [:]
        if watching {
            for folder in [root.path, inner.path] { watchers[folder] = try #require(AtomicFile.openWatcher(of: folder)) }
        }
        defer { for descriptor in watchers.values { close(descriptor) } }
        let targets = [root.appendingPathComponent("a.svg").path, inner.appendingPathComponent("b.svg").path]
        let staged = try targets.map { try AtomicFile.stage(Data("<svg>\($0)</svg>".utf8), for: $0, flushing: false) }
        try AtomicFile.flush(staged, watchers: watchers)
        for (temporary, target) in zip(staged, targets) {
            try AtomicFile.commit(temporary, to: target)
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "<svg>\(target)</svg>")
        }
        try AtomicFile.flush([], watchers: [:])  // nothing staged: nothing to flush
    }

    @Test("Staging flushes what it staged, then puts it in place; a folder it cannot watch is flushed file by file")
    func staging() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let staging = Staging()
        try staging.createFolder(out.path)
        let target = out.appendingPathComponent("a.svg").path
        let temporary = try staging.stage(Data("x".utf8), for: target)
        try staging.flush()
        try AtomicFile.commit(temporary, to: target)
        staging.committed(temporary)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "x")
        #expect(AtomicFile.openWatcher(of: root.appendingPathComponent("missing").path) == nil)
    }

    @Test("a flush that fails names the folder it failed in")
    func failureNamesTheFolder() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let temporary = try AtomicFile.stage(Data("x".utf8), for: out.appendingPathComponent("a.svg").path, flushing: false)
        // The folder goes away between staging and flushing: its file cannot be opened to be flushed.
        try FileManager.default.moveItem(at: out, to: root.appendingPathComponent("moved"))
        #expect {
            try AtomicFile.flush([temporary], watchers: [:])
        } throws: { error in
            (error as? AtomicFile.FlushFailure)?.path == out.path
        }
    }
}
