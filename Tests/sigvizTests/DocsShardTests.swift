import Foundation
import Testing

// `sigviz docs --shard i/n`: a CI matrix splits the scenario files, and the shards' outputs
// together are byte for byte those of one run.

/// The example scenario files of the repository.
private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/scenarios")
    .resolvingSymlinksInPath()

/// A folder `scenarios` in `directory` with the first `count` example scenario files (by name).
private func someExamples(_ count: Int, into directory: URL) throws -> (folder: URL, names: [String]) {
    let folder = directory.appendingPathComponent("scenarios")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let names = try FileManager.default.contentsOfDirectory(atPath: examples.path)
        .filter { $0.hasSuffix(".sigviz") }.sorted().prefix(count)
    for name in names {
        try FileManager.default.copyItem(at: examples.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    return (folder, names.map { String($0.dropLast(".sigviz".count)) })
}

/// Every file directly in `directory`, by name, with its bytes.
private func contents(of directory: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
        result[name] = try Data(contentsOf: directory.appendingPathComponent(name))
    }
    return result
}

@Suite("docs --shard: a CI matrix's parts make one run's files")
struct DocsShardTests {
    @Test("each shard in its own folder, as a CI matrix's jobs: together, byte for byte the files of one run; no file twice",
          arguments: [1, 2, 3])
    func unionIsOneRun(count: Int) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (scenarios, names) = try someExamples(5, into: directory)
        let whole = directory.appendingPathComponent("whole")
        let run = try sigviz("docs", scenarios.path, "-o", whole.path, "-j", "1")
        #expect(run.status == 0, "\(run.errors)")
        let expected = try contents(of: whole)
        #expect(expected.count == 2 * names.count + 1)

        var union: [String: Data] = [:]
        for index in 1...count {
            let part = directory.appendingPathComponent("part-\(index)")
            let run = try sigviz("docs", scenarios.path, "-o", part.path, "--shard", "\(index)/\(count)", "-j", "2")
            #expect(run.status == 0, "\(run.errors)")
            let files = try contents(of: part)
            // Only the first shard writes the page.
            #expect(files.keys.contains("scenarios.md") == (index == 1))
            // Part I of N: the scenarios from (I - 1) × 5 / N up to I × 5 / N, in name order.
            let drawn = names[((index - 1) * names.count / count)..<(index * names.count / count)]
            #expect(Set(files.keys.filter { $0.hasSuffix(".svg") }) == Set(drawn.flatMap { ["\($0).svg", "\($0)-graph.svg"] }))
            for (name, data) in files {
                #expect(union.updateValue(data, forKey: name) == nil, "\(name) written by two shards")
            }
        }
        #expect(union == expected)
    }

    @Test("the shards write into one folder one after another: the same files as one run, and each --check passes")
    func oneFolder() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (scenarios, _) = try someExamples(5, into: directory)
        let whole = directory.appendingPathComponent("whole"), shared = directory.appendingPathComponent("shared")
        #expect(try sigviz("docs", scenarios.path, "-o", whole.path).status == 0)
        for index in 1...3 {
            #expect(try sigviz("docs", scenarios.path, "-o", shared.path, "--shard", "\(index)/3").status == 0)
        }
        #expect(try contents(of: shared) == contents(of: whole))
        for index in 1...3 {
            let check = try sigviz("docs", scenarios.path, "-o", shared.path, "--check", "--shard", "\(index)/3")
            #expect(check.status == 0, "\(check.errors)")
            #expect(check.output.hasSuffix("up to date\n"), "\(check.output)")
        }
    }

    @Test("--check per shard: a changed scenario fails the shard that draws it and the first (its page), not the others")
    func checkPerShard() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (scenarios, names) = try someExamples(6, into: directory)
        let docs = directory.appendingPathComponent("docs")
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path).status == 0)
        // The last scenario, in part 3 of 3: its title changes its timeline and the page.
        let last = scenarios.appendingPathComponent(names[5] + ".sigviz")
        let lines = try String(contentsOf: last, encoding: .utf8).components(separatedBy: "\n")
        #expect(lines.contains { $0.hasPrefix("title ") })
        try lines.map { $0.hasPrefix("title ") ? "title \"Renamed\"" : $0 }.joined(separator: "\n")
            .write(to: last, atomically: true, encoding: .utf8)
        // A diagram no scenario draws: named by the first shard only.
        try Data(contentsOf: docs.appendingPathComponent(names[0] + ".svg")).write(to: docs.appendingPathComponent("gone.svg"))

        let first = try sigviz("docs", scenarios.path, "-o", docs.path, "--check", "--shard", "1/3")
        #expect(first.status == 1)
        #expect(first.output == """
            stale: \(docs.path)/scenarios.md
            left over: \(docs.path)/gone.svg (no scenario produces it; delete it)

            """)
        let second = try sigviz("docs", scenarios.path, "-o", docs.path, "--check", "--shard", "2/3")
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output == "4 files in \(docs.path) are up to date\n")
        let third = try sigviz("docs", scenarios.path, "-o", docs.path, "--check", "--shard", "3/3")
        #expect(third.status == 1)
        #expect(third.output.contains("stale: \(docs.path)/\(names[5]).svg\n"), "\(third.output)")
        #expect(!third.output.contains("scenarios.md") && !third.output.contains("gone.svg"))
        #expect(third.errors.contains("of 4 files are missing or stale"), "\(third.errors)")
    }

    @Test("a bad --shard is a usage error naming the flag (exit status 64), and nothing is written",
          arguments: ["0/2", "3/2", "a/b", "1/0", "1/", "/2", "1/2/3", "-1/2", "", "1 / 2"])
    func badShard(value: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (scenarios, _) = try someExamples(1, into: directory)
        let docs = directory.appendingPathComponent("docs")
        let run = try sigviz(["docs", scenarios.path, "-o", docs.path, "--shard", value])
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("Error: --shard "), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: docs.path))
    }

    @Test("more shards than files: the extra shards draw nothing and succeed")
    func moreShardsThanFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (scenarios, _) = try someExamples(2, into: directory)
        let docs = directory.appendingPathComponent("docs")
        let run = try sigviz("docs", scenarios.path, "-o", docs.path, "--shard", "3/4")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "0 written, 0 unchanged in \(docs.path)\n")
    }
}
