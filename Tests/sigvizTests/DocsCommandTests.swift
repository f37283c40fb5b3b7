import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import Render
import Scenarios
import Testing

/// The example scenario files of the repository.
private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/scenarios")
    .resolvingSymlinksInPath()  // Examples/scenarios links to the Scenarios module's resources

/// The names of the example scenario files, without `.sigviz`, sorted.
private func exampleNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: examples.path)
        .filter { $0.hasSuffix(".sigviz") }.map { String($0.dropLast(".sigviz".count)) }.sorted()
}

/// What `sigviz docs` writes for scenarios with these names.
private func expectedFiles(_ names: [String]) -> Set<String> {
    Set(names.flatMap { ["\($0).svg", "\($0)-graph.svg"] } + ["scenarios.md"])
}

/// Every file under `directory`, by path relative to it, with its bytes (a symbolic link's target's bytes).
private func files(in directory: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [:] }
    for case let path as String in enumerator {
        let url = directory.appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
        result[path] = try Data(contentsOf: url)
    }
    return result
}

/// A copy of the example scenario files in a new folder `scenarios` of `directory`.
private func copyExamples(into directory: URL) throws -> URL {
    let copy = directory.appendingPathComponent("scenarios")
    try FileManager.default.copyItem(at: examples, to: copy)
    return copy
}

private func modificationDate(_ url: URL) throws -> Date {
    try #require(FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
}

/// A time long ago, so that a rewrite cannot go unnoticed however coarse the file system's clock.
private let longAgo = Date(timeIntervalSince1970: 1_000_000_000)

private func replace(_ old: String, with new: String, in file: URL) throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(old), "\(file.lastPathComponent) should contain \(old)")
    try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
}

@Suite("sigviz docs")
struct DocsCommandTests {
    /// What docs writes for the examples: a timeline and a graph per built-in scenario, and the page.
    private let docsFileCount = 2 * Catalog.scenarios.count + 1

    @Test("docs DIR -o DOCS writes a timeline and a graph per scenario file and one page, creating DOCS")
    func writesTheFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let docs = directory.appendingPathComponent("out/docs")
        let run = try sigviz("docs", examples.path, "-o", docs.path)
        #expect(run.status == 0, "\(run.errors)")
        let names = try exampleNames()
        #expect(names.count == Catalog.scenarios.count)
        let written = try files(in: docs)
        #expect(Set(written.keys) == expectedFiles(names))
        #expect(run.output.hasSuffix("\(docsFileCount) written, 0 unchanged in \(docs.path)\n"), "\(run.output)")
        // Nothing outside DOCS, and no temporary files left in it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: docs.deletingLastPathComponent().path) == ["docs"])

        // The diagrams are what `render` and `graph` draw for the same file.
        let fetchdata = examples.appendingPathComponent("fetchdata.sigviz").path
        #expect(written["fetchdata.svg"] == (try sigviz("render", fetchdata)).data)
        #expect(written["fetchdata-graph.svg"] == (try sigviz("graph", fetchdata)).data)
        for name in names {
            let svg = String(decoding: try #require(written["\(name).svg"]), as: UTF8.self)
            #expect(svg.hasPrefix("<?xml") && svg.contains("<svg"))
        }

        // The page: a title, then per scenario its title, about paragraph, counts and both images by relative link.
        let page = String(decoding: try #require(written["scenarios.md"]), as: UTF8.self)
        #expect(page.hasPrefix("# Scenarios\n"))
        for name in names {
            let file = try ScenarioFile(
                parsing: String(contentsOf: examples.appendingPathComponent("\(name).sigviz"), encoding: .utf8), file: name)
            // The about paragraph as Markdown that reads as itself (`&&` as `\&\&`).
            #expect(page.contains("\n## \(try #require(file.title))\n\n\(DocsPage.markdownText(file.about))\n\n"), "\(name)")
            #expect(page.contains("](\(name).svg)"), "\(name)")
            #expect(page.contains("](\(name)-graph.svg)"), "\(name)")
            #expect(page.contains("Scenario file `\(name).sigviz`"), "\(name)")
        }
        #expect(page.contains("\n## fetchData: one request, six subscriptions\n"))
        #expect(page.contains("each derived signal subscribes to fetchData again: its didSubscribe runs six times, six identical requests for one screen of data."))
        #expect(page.contains("didSubscribe runs: `fetchData` × 6\n"))
        #expect(page.contains("didSubscribe runs: `fetchData` × 1\n"), "fetchdata-replaylazily")
        #expect(page.contains("didSubscribe runs: `source` × 2\n"), "cold")
        #expect(page.contains("didSubscribe runs: none\n"), "subject-vs-replay has no cold signal")
        // Sections in file-name order.
        let order = names.compactMap { page.range(of: "](\($0).svg)")?.lowerBound }
        #expect(order == order.sorted())
    }

    @Test("a second run rewrites nothing, and a run after one output changed rewrites only that one")
    func unchangedOutputsAreNotRewritten() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let docs = directory.appendingPathComponent("docs")
        #expect(try sigviz("docs", examples.path, "-o", docs.path).status == 0)
        let before = try files(in: docs)
        for name in before.keys {
            try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: docs.appendingPathComponent(name).path)
        }

        let second = try sigviz("docs", examples.path, "-o", docs.path)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output == "0 written, \(docsFileCount) unchanged in \(docs.path)\n")
        #expect(try files(in: docs) == before)
        for name in before.keys {
            #expect(try modificationDate(docs.appendingPathComponent(name)) == longAgo, "\(name) was rewritten")
        }

        // A damaged output is put back; the others stay untouched.
        let damaged = docs.appendingPathComponent("cold.svg")
        try Data("not a diagram".utf8).write(to: damaged)
        try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: damaged.path)
        let third = try sigviz("docs", examples.path, "-o", docs.path)
        #expect(third.status == 0, "\(third.errors)")
        #expect(third.output == "updated: \(damaged.path)\n1 written, \(docsFileCount - 1) unchanged in \(docs.path)\n")
        #expect(try files(in: docs) == before)
        for name in before.keys {
            let date = try modificationDate(docs.appendingPathComponent(name))
            #expect(name == "cold.svg" ? date != longAgo : date == longAgo, "\(name)")
        }
    }

    @Test("outputs are byte-identical across runs and across -j 1, -j 2 and the default")
    func deterministicAndParallel() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var results: [[String: Data]] = []
        for (index, jobs) in [["-j", "1"], ["-j", "2"], [], ["--jobs", "2"], ["-j", "1"], ["-j", "64"]].enumerated() {
            let docs = directory.appendingPathComponent("docs\(index)")
            let run = try sigviz(["docs", examples.path, "-o", docs.path] + jobs)
            #expect(run.status == 0, "\(jobs): \(run.errors)")
            results.append(try files(in: docs))
        }
        #expect(results[0].count == docsFileCount)
        for result in results.dropFirst() {
            #expect(result == results[0])
        }
        // Another theme draws other bytes, just as deterministically.
        let dark1 = directory.appendingPathComponent("dark1"), dark2 = directory.appendingPathComponent("dark2")
        #expect(try sigviz("docs", examples.path, "-o", dark1.path, "--theme", "dark", "-j", "1").status == 0)
        #expect(try sigviz("docs", examples.path, "-o", dark2.path, "--theme", "dark", "-j", "2").status == 0)
        let dark = try files(in: dark1)
        #expect(dark == (try files(in: dark2)))
        #expect(dark["cold.svg"] != results[0]["cold.svg"])
        #expect(dark["scenarios.md"] == results[0]["scenarios.md"])
    }

    @Test("--check passes on fresh output and writes nothing")
    func checkPassesWhenFresh() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = try copyExamples(into: directory)
        let docs = directory.appendingPathComponent("docs")
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path).status == 0)
        let before = try files(in: docs)
        let check = try sigviz("docs", scenarios.path, "-o", docs.path, "--check")
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        #expect(check.output == "\(docsFileCount) files in \(docs.path) are up to date\n")
        #expect(check.errors.isEmpty)
        #expect(try files(in: docs) == before)
        // Unrelated files in DOCS do not matter, not even SVGs that sigviz did not draw.
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: docs.appendingPathComponent("logo.svg"))
        try Data("notes".utf8).write(to: docs.appendingPathComponent("notes.txt"))
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path, "--check").status == 0)
    }

    @Test("--check fails and names the stale file after a scenario changes, writing nothing; docs then brings it up to date")
    func checkFailsAfterAChange() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = try copyExamples(into: directory)
        let docs = directory.appendingPathComponent("docs")
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path).status == 0)
        let before = try files(in: docs)

        // The request now answers after 2 s instead of 1 s, and the expectations say so: the timeline changes, nothing else does.
        let fetchdata = scenarios.appendingPathComponent("fetchdata.sigviz")
        try replace("cold fetchData: +1 next \"response\", +1 completed", with: "cold fetchData: +2 next \"response\", +2 completed", in: fetchdata)
        try replace("\"a(b|)\"", with: "\"a-(b|)\"", in: fetchdata)
        try replace("\"-(bcd|)\"", with: "\"--(bcd|)\"", in: fetchdata)
        let check = try sigviz("docs", scenarios.path, "-o", docs.path, "--check")
        #expect(check.status == 1)
        let stale = docs.appendingPathComponent("fetchdata.svg").path
        #expect(check.output == "stale: \(stale)\n", "\(check.output)")
        #expect(check.errors.contains("Error: 1 of \(docsFileCount) files are missing or stale in \(docs.path)"), "\(check.errors)")
        #expect(try files(in: docs) == before, "--check writes nothing")

        // A changed title changes both diagrams' titles and the page.
        try replace("title \"cold: the source, subscribed directly\"", with: "title \"cold, renamed\"",
                    in: scenarios.appendingPathComponent("cold.sigviz"))
        let second = try sigviz("docs", scenarios.path, "-o", docs.path, "--check")
        #expect(second.status == 1)
        for name in ["cold.svg", "cold-graph.svg", "fetchdata.svg", "scenarios.md"] {
            #expect(second.output.contains("stale: \(docs.appendingPathComponent(name).path)\n"), "\(name): \(second.output)")
        }
        #expect(!second.output.contains("fetchdata-graph.svg"))
        #expect(!second.output.contains("replay.svg"))

        // A new scenario's files are missing.
        try FileManager.default.copyItem(at: scenarios.appendingPathComponent("cold.sigviz"), to: scenarios.appendingPathComponent("zzz.sigviz"))
        let third = try sigviz("docs", scenarios.path, "-o", docs.path, "--check")
        #expect(third.status == 1)
        #expect(third.output.contains("missing: \(docs.appendingPathComponent("zzz.svg").path)\n"))
        #expect(third.output.contains("missing: \(docs.appendingPathComponent("zzz-graph.svg").path)\n"))

        // docs brings everything up to date, and --check agrees.
        let update = try sigviz("docs", scenarios.path, "-o", docs.path)
        #expect(update.status == 0, "\(update.errors)")
        #expect(update.output.hasSuffix("6 written, \(docsFileCount - 4) unchanged in \(docs.path)\n"), "\(update.output)")
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path, "--check").status == 0)
    }

    @Test("a trace file a test wrote is drawn beside the scenario files, and --check holds it to its trace")
    func traceFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: examples.appendingPathComponent("cold.sigviz"), to: scenarios.appendingPathComponent("cold.sigviz"))
        // What a test writes: a recording of its own code, as JSON.
        let recorded = try #require(Catalog.scenario(named: "replay")).trace()
        try recorded.json().write(to: scenarios.appendingPathComponent("recorded.json"))
        let docs = directory.appendingPathComponent("docs")
        let run = try sigviz("docs", scenarios.path, "-o", docs.path)
        #expect(run.status == 0, "\(run.errors)")
        let written = try files(in: docs)
        #expect(Set(written.keys) == expectedFiles(["cold", "recorded"]))
        let page = String(decoding: try #require(written["scenarios.md"]), as: UTF8.self)
        #expect(page.contains("The trace recorded in recorded.json."))
        #expect(page.contains("recorded.svg"))
        // The timeline is the one `sigviz render` draws of the trace.
        let rendered = try sigviz("render", scenarios.appendingPathComponent("recorded.json").path, "-o", directory.appendingPathComponent("r.svg").path)
        #expect(rendered.status == 0)
        #expect(try Data(contentsOf: directory.appendingPathComponent("r.svg")) == written["recorded.svg"])
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path, "--check").status == 0)
        // A new recording makes the diagram stale.
        try (try #require(Catalog.scenario(named: "replaylast")).trace()).json().write(to: scenarios.appendingPathComponent("recorded.json"))
        let check = try sigviz("docs", scenarios.path, "-o", docs.path, "--check")
        #expect(check.status == 1)
        #expect(check.output.contains("stale: \(docs.appendingPathComponent("recorded.svg").path)\n"), "\(check.output)")
        // A malformed trace is named with its line and column; a name taken twice is refused.
        try Data("{\"format\": 3}".utf8).write(to: scenarios.appendingPathComponent("recorded.json"))
        let malformed = try sigviz("docs", scenarios.path, "-o", docs.path)
        #expect(malformed.status == 1)
        #expect(malformed.errors.contains("recorded.json:1:"), "\(malformed.errors)")
        try recorded.json().write(to: scenarios.appendingPathComponent("cold.json"))
        let twice = try sigviz("docs", scenarios.path, "-o", docs.path)
        #expect(twice.status == 1)
        #expect(twice.errors.contains("cold.json and cold.sigviz would both write cold.svg") || twice.errors.contains("cold.sigviz and cold.json would both write cold.svg"),
                "\(twice.errors)")
    }

    @Test("a removed scenario's diagrams are named as left over, never deleted")
    func leftOvers() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = try copyExamples(into: directory)
        let docs = directory.appendingPathComponent("docs")
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path).status == 0)
        try FileManager.default.removeItem(at: scenarios.appendingPathComponent("cold.sigviz"))

        let check = try sigviz("docs", scenarios.path, "-o", docs.path, "--check")
        #expect(check.status == 1)
        #expect(check.output.contains("stale: \(docs.appendingPathComponent("scenarios.md").path)\n"))
        #expect(check.output.contains("left over: \(docs.appendingPathComponent("cold.svg").path)"))
        #expect(check.output.contains("left over: \(docs.appendingPathComponent("cold-graph.svg").path)"))

        let update = try sigviz("docs", scenarios.path, "-o", docs.path)
        #expect(update.status == 0)
        #expect(update.output.contains("left over: \(docs.appendingPathComponent("cold.svg").path)"))
        #expect(FileManager.default.fileExists(atPath: docs.appendingPathComponent("cold.svg").path), "never deleted")
        // Still left over, so --check still fails until they are deleted, and says to delete them:
        // running docs again would not fix it.
        let leftOnly = try sigviz("docs", scenarios.path, "-o", docs.path, "--check")
        #expect(leftOnly.status == 1)
        #expect(leftOnly.errors == "Error: 2 left over in \(docs.path); delete the files left over\n", "\(leftOnly.errors)")
        #expect(check.errors.hasSuffix("to update them and delete the files left over\n"), "\(check.errors)")
        try FileManager.default.removeItem(at: docs.appendingPathComponent("cold.svg"))
        try FileManager.default.removeItem(at: docs.appendingPathComponent("cold-graph.svg"))
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path, "--check").status == 0)
    }

    @Test("a malformed scenario file is reported with file:line:column, exits 1 and nothing is written")
    func malformedScenario() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = try copyExamples(into: directory)
        let typo = scenarios.appendingPathComponent("typo.sigviz")
        try """
            title "typo"
            cold coldSignal: +1 next "A", +2 completed
            let connection = coldSignal | multicast subjcet

            """.write(to: typo, atomically: true, encoding: .utf8)

        // Into a new directory: not even the directory is created.
        let docs = directory.appendingPathComponent("docs")
        let run = try sigviz("docs", scenarios.path, "-o", docs.path)
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("Error: \(typo.path):3:41: 'subjcet' is not declared"), "\(run.errors)")
        #expect(run.errors.contains("                                            ^\n"))
        #expect(run.errors.contains("nothing was written"))
        #expect(run.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: docs.path))

        // Over up-to-date docs: nothing changes, although the other scenarios parse.
        try FileManager.default.removeItem(at: typo)
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path).status == 0)
        let before = try files(in: docs)
        try replace("title \"cold: the source, subscribed directly\"", with: "title \"cold, renamed\"",
                    in: scenarios.appendingPathComponent("cold.sigviz"))
        try "subject s\nsend t \"x\"\n".write(to: typo, atomically: true, encoding: .utf8)
        let again = try sigviz("docs", scenarios.path, "-o", docs.path)
        #expect(again.status == 1)
        #expect(again.errors.contains("\(typo.path):2:"), "\(again.errors)")
        #expect(try files(in: docs) == before)
        // --check reports the malformed file the same way.
        let check = try sigviz("docs", scenarios.path, "-o", docs.path, "--check")
        #expect(check.status == 1)
        #expect(check.errors.contains("\(typo.path):2:"))
    }

    @Test("output stays inside DOCS: relative paths, a symbolic link in DOCS, unrelated files")
    func staysInside() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = try copyExamples(into: directory)
        let run = try sigviz(["docs", "scenarios", "-o", "site/docs"], in: directory)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("created: site/docs/cold.svg\n"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == ["scenarios", "site"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("site").path) == ["docs"])
        let docs = directory.appendingPathComponent("site/docs")
        #expect(Set(try files(in: docs).keys) == expectedFiles(try exampleNames()))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: scenarios.path)) == Set(try exampleNames().map { "\($0).sigviz" }))

        // An output that is a symbolic link (here to a file outside DOCS) is refused, before anything is written.
        let outside = directory.appendingPathComponent("outside.svg")
        try Data("mine".utf8).write(to: outside)
        let cold = docs.appendingPathComponent("cold.svg")
        try FileManager.default.removeItem(at: cold)
        try FileManager.default.createSymbolicLink(at: cold, withDestinationURL: outside)
        try replace("title \"cold: the source, subscribed directly\"", with: "title \"cold, renamed\"",
                    in: scenarios.appendingPathComponent("cold.sigviz"))
        let before = try files(in: docs)
        let refused = try sigviz(["docs", "scenarios", "-o", "site/docs"], in: directory)
        #expect(refused.status == 1)
        // The same words as report's: both write through one OutputDirectory.
        #expect(refused.errors.contains("cannot write site/docs/cold.svg: it is a symbolic link, and the docs are written only inside site/docs"),
                "\(refused.errors)")
        #expect(try Data(contentsOf: outside) == Data("mine".utf8))
        #expect(try files(in: docs) == before)
    }

    @Test("titles and explanations are escaped: the page shows them as written")
    func markdownEscaping() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try #"""
            title "<b>*x*</b> [y](z) #"
            about "1. a `list` | _not_ ![img](u) & more"
            subject s
            subscribe "A" to s

            """#.write(to: scenarios.appendingPathComponent("hostile.sigviz"), atomically: true, encoding: .utf8)
        let docs = directory.appendingPathComponent("docs")
        let run = try sigviz("docs", scenarios.path, "-o", docs.path)
        #expect(run.status == 0, "\(run.errors)")
        let page = String(decoding: try Data(contentsOf: docs.appendingPathComponent("scenarios.md")), as: UTF8.self)
        #expect(page.contains(##"""
            ## \<b\>\*x\*\</b\> \[y\](z) \#

            1\. a \`list\` \| \_not\_ \!\[img\](u) \& more

            """##), "\(page)")
        #expect(page.contains(##"![Timeline of \<b\>\*x\*\</b\> \[y\](z) \#](hostile.svg)"##))
    }

    @Test("usage and reading errors")
    func errors() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let docs = directory.appendingPathComponent("docs").path

        let jobs = try sigviz("docs", examples.path, "-o", docs, "-j", "0")
        #expect(jobs.status == 64)
        #expect(jobs.errors.contains("--jobs must be positive and at most 1024, not 0"))
        #expect(try sigviz("docs", examples.path).status == 64, "-o is required")

        let missing = try sigviz("docs", directory.appendingPathComponent("nowhere").path, "-o", docs)
        #expect(missing.status == 1)
        #expect(missing.errors.contains("nowhere: no such directory"))

        let empty = directory.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = try sigviz("docs", empty.path, "-o", docs)
        #expect(none.status == 1)
        #expect(none.errors.contains("no scenario files (*.sigviz) or trace files (*.json) in \(empty.path)"))

        // Two scenarios that would write the same file.
        let clash = directory.appendingPathComponent("clash")
        try FileManager.default.createDirectory(at: clash, withIntermediateDirectories: true)
        for name in ["a", "a-graph"] {
            try FileManager.default.copyItem(at: examples.appendingPathComponent("cold.sigviz"), to: clash.appendingPathComponent("\(name).sigviz"))
        }
        let clashing = try sigviz("docs", clash.path, "-o", docs)
        #expect(clashing.status == 1)
        #expect(clashing.errors.contains("a.sigviz and a-graph.sigviz would both write a-graph.svg"), "\(clashing.errors)")

        // DOCS is a file.
        let file = directory.appendingPathComponent("file")
        try Data().write(to: file)
        let notDirectory = try sigviz("docs", examples.path, "-o", file.path)
        #expect(notDirectory.status == 1)
        #expect(notDirectory.errors.contains("it is a file, not a directory"))
        #expect(!FileManager.default.fileExists(atPath: docs))
    }

    @Test("a scenario past --max-events is named by its path as given, folder and file (it was the file's name alone)",
          arguments: ["scenarios", "scenarios/", "./scenarios"])
    func eventLimitNamesThePath(folder: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try Data("cold s \"abcdefghij|\"\nsubscribe \"A\" to s\n".utf8).write(to: scenarios.appendingPathComponent("many.sigviz"))
        let run = try sigviz(["docs", folder, "-o", "docs", "--max-events", "5"], in: directory)
        #expect(run.status == 1)
        let path = (folder as NSString).appendingPathComponent("many.sigviz")
        #expect(run.errors.hasPrefix("Error: \(path): the scenario made more than 5 events, the limit; nothing was written."), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("docs").path))
    }

    @Test("the help describes the layout")
    func help() throws {
        let help = try sigviz("docs", "--help")
        #expect(help.status == 0)
        for text in ["NAME.svg", "NAME-graph.svg", "scenarios.md", "--check", "DocC", "-j, --jobs <n>"] {
            #expect(help.output.contains(text), "\(text)")
        }
        #expect(try sigviz("--help").output.contains("docs"))
    }
}

@Suite("docs reads only regular files")
struct DocsRegularFileTests {
    @Test("a FIFO named *.sigviz in the folder is refused by name, with or without --check, instead of blocking the read",
          arguments: [false, true])
    func fifoRefused(check: Bool) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "cold c: +1 next \"a\", +2 completed\nsubscribe \"S\" to c\n"
            .write(to: folder.appendingPathComponent("a.sigviz"), atomically: true, encoding: .utf8)
        #expect(mkfifo(folder.appendingPathComponent("pipe.sigviz").path, 0o600) == 0)
        // A generous watchdog: without the fix the read blocks for ever; with it the refusal is at once.
        let run = try measuredSigviz(["docs", folder.path, "-o", directory.appendingPathComponent("out").path] + (check ? ["--check"] : []),
                                     timeout: 120)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(run.errors.contains("pipe.sigviz: it is not a regular file (a FIFO, socket or device); docs reads only regular files"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }
}
