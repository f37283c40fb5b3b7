import Foundation
import Testing

/// A scenario file of about 64 KB of blocks: a subject, a pipeline of `source` over it, and `count`
/// pipelines that filter it with `block`, each subscribed to, then `sends` values sent.
private func blocksFile(source: String, block: String, count: Int, sends: [String]) -> String {
    var lines = ["subject s", "let source = s\(source)"]
    for index in 1...count { lines.append("let p\(index) = source | filter { \(block) }") }
    for index in 1...count { lines.append("subscribe \"S\(index)\" to p\(index)") }
    for (index, value) in sends.enumerated() { lines.append("at \(index + 1) send s \"\(value)\"") }
    return lines.joined(separator: "\n") + "\n"
}

@Suite("64 KB of blocks stays within the run's limits")
struct BlockLimitTests {
    @Test("a 64 KB file of blocks, each 30 conditions deep, runs in bounded time and memory")
    func manyBlocks() throws {
        let block = (1...30).map { "$0.contains(\"\($0)\")" }.joined(separator: " || ")
        let text = blocksFile(source: "", block: block, count: 140, sends: (1...20).map { "value \($0)@example.com" })
        #expect(text.utf8.count >= 64_000)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("blocks.sigviz").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try measuredSigviz(["trace", path, "--format", "marbles"], timeout: MalformedBounds.timeout)
        #expect(run.status == 0, "\(run.errors.prefix(300))")
        #expect(!run.timedOut)
        #expect(run.peakMemory <= memoryBound(256 << 20), "peak \(run.megabytes) MB")
    }

    @Test("64 KB of blocks that read a 60 KB value 60 times each is refused at the operator that goes past the run's steps")
    func tooMuchWork() throws {
        // Each evaluation reads 60 × 60,000 bytes: the sixth block to run takes the run past 20,000,000 steps.
        let block = Array(repeating: "$0.count", count: 60).joined(separator: " + ") + " > 0"
        let text = blocksFile(source: " | map \"{}{}{}{}{}{}{}{}{}{}\"", block: block, count: 110,
                              sends: [String(repeating: "x", count: 6_000)])
        #expect(text.utf8.count >= 64_000)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("work.sigviz").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try measuredSigviz(["render", path, "-o", directory.appendingPathComponent("out.svg").path],
                                     timeout: MalformedBounds.timeout)
        #expect(run.status == 1)
        #expect(!run.timedOut)
        // p6 is on line 8; its filter's '|' is at column 17.
        #expect(run.errors.hasPrefix("Error: \(path):8:17: 'p6' would take the work of the run's blocks past 20000000 steps "
            + "here, the most a run may do"), "\(run.errors.prefix(300))")
        #expect(run.peakMemory <= memoryBound(256 << 20), "peak \(run.megabytes) MB")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.svg").path))
    }
}
