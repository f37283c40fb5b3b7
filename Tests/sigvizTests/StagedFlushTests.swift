import Foundation
import Testing
@testable import sigviz
@testable import SigvizApp

// `sigviz docs` stages its diagrams without flushing each one, then flushes them all at once (one
// syncfs per file system on Linux) before it puts them in place: the same guarantee as a flush per
// file (a crash after a rename finds the new bytes) at one flush for a folder of thousands.

@Suite("docs flushes its staged files at once, before it puts them in place")
struct StagedFlushTests {
    @Test("files staged unflushed in watched folders, then flushed together, commit with their bytes")
    func stageFlushCommit() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let inner = root.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        #if os(Linux)
        // Linux 5.8 and later (syncfs reports write-back errors): every folder can be watched.
        let watchers = [root.path, inner.path].compactMap(AtomicFile.watch)
        #expect(watchers.map(\.folder) == [root.path, inner.path])
        defer { for watcher in watchers { watcher.close() } }
        let targets = [root.appendingPathComponent("a.svg").path, inner.appendingPathComponent("b.svg").path]
        let staged = try targets.map { try AtomicFile.stage(Data("<svg>\($0)</svg>".utf8), for: $0, flushing: false, pending: nil) }
        for watcher in watchers { try watcher.flush() }
        for (temporary, target) in zip(staged, targets) {
            try AtomicFile.commit(temporary, to: target, pending: nil)
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "<svg>\(target)</svg>")
        }
        #endif
        #expect(AtomicFile.watch(root.appendingPathComponent("missing").path) == nil)
    }

    @Test("Staging flushes what it staged, then it is put in place")
    func staging() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let staging = Staging(pending: nil)
        try staging.createFolder(out.path)
        let target = out.appendingPathComponent("a.svg").path
        let temporary = try staging.stage(Data("x".utf8), for: target)
        try staging.flush()
        try AtomicFile.commit(temporary, to: target, pending: nil)
        staging.committed(temporary)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "x")
    }

    #if os(Linux)
    @Test("a flush that fails names the folder of its watcher")
    func failureNamesTheFolder() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        // A watcher whose descriptor is not open (not one closed here: another test may be given its number).
        guard let watcher = AtomicFile.watch(root.path) else {
            Issue.record("no watcher for \(root.path)")
            return
        }
        watcher.close()
        let broken = AtomicFile.Watcher(folder: root.path, descriptor: -1, syncfs: watcher.syncfs)
        #expect {
            try broken.flush()
        } throws: { error in
            (error as? AtomicFile.FlushFailure)?.path == root.path
        }
    }
    #endif
}
