import Foundation
import Testing
@testable import sigviz

// `sigviz docs` stages its diagrams without flushing each one, then flushes them all at once (one
// syncfs per file system on Linux) before it puts them in place: the same guarantee as a flush per
// file (a crash after a rename finds the new bytes) at one flush for a folder of thousands.

@Suite("docs flushes its staged files at once, before it puts them in place")
struct StagedFlushTests {
    @Test("files staged unflushed, then flushed together, commit with their bytes; two folders, one flush each device")
    func stageFlushCommit() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let inner = root.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        let targets = [root.appendingPathComponent("a.svg").path, inner.appendingPathComponent("b.svg").path]
        let staged = try targets.map { try AtomicFile.stage(Data("<svg>\($0)</svg>".utf8), for: $0, flushing: false) }
        try AtomicFile.flush(staged)
        for (temporary, target) in zip(staged, targets) {
            try AtomicFile.commit(temporary, to: target)
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "<svg>\(target)</svg>")
        }
        try AtomicFile.flush([])  // nothing staged: nothing to flush
    }

    @Test("a flush that fails names the folder it failed in, and Staging then removes what it staged")
    func failureNamesTheFolder() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let staging = Staging()
        try staging.createFolder(out.path)
        let temporary = try staging.stage(Data("x".utf8), for: out.appendingPathComponent("a.svg").path)
        #expect(FileManager.default.fileExists(atPath: temporary))
        // The folder goes away between staging and flushing.
        let moved = root.appendingPathComponent("moved")
        try FileManager.default.moveItem(at: out, to: moved)

        #expect {
            try AtomicFile.flush([temporary])
        } throws: { error in
            (error as? AtomicFile.FlushFailure)?.path == out.path
        }
        #expect {
            try staging.flush()
        } throws: { error in
            let message = "\(error)"
            return message.contains("cannot flush the files written in \(out.path) to the disk")
                && message.contains("nothing was written")
        }
        // Its staged file (now in the moved folder) was not put in place, and the created folder
        // is gone from where it was.
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
