import Foundation
import Scenarios
import Testing
import Tracer

/// Every file under `directory`, by relative path, with its bytes.
private func files(in directory: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let base = directory.resolvingSymlinksInPath().path
    let enumerator = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]))
    for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
        let path = url.resolvingSymlinksInPath().path
        result[String(path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
    }
    return result
}

@Suite("sigviz report")
struct ReportCommandTests {
    @Test("report -o DIR writes the index and one page per built-in scenario, creating DIR")
    func writesTheSite() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let site = directory.appendingPathComponent("out/site")
        let run = try sigviz("report", "-o", site.path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("index.html"))
        let written = try files(in: site)
        #expect(Set(written.keys) == Set(["index.html"] + Catalog.scenarios.map { "scenarios/\($0.name).html" }))
        let index = String(decoding: try #require(written["index.html"]), as: UTF8.self)
        #expect(index.contains("<svg"), "the headline comparison")
        #expect(index.contains("Comparison of 5 traces"))
        for scenario in Catalog.scenarios {
            #expect(index.contains("href=\"scenarios/\(scenario.name).html\""))
        }
        // Nothing but the site, and no temporary files left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out"])
    }

    @Test("two runs give byte-identical sites, and a second run into the same DIR replaces the files")
    func deterministic() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("first"), second = directory.appendingPathComponent("second")
        #expect(try sigviz("report", "-o", first.path).status == 0)
        #expect(try sigviz("report", "--output", second.path).status == 0)
        let a = try files(in: first), b = try files(in: second)
        #expect(a.count == Catalog.scenarios.count + 1)
        #expect(a == b)
        #expect(try sigviz("report", "-o", first.path).status == 0)
        #expect(try files(in: first) == a)
    }

    @Test("the arguments choose the scenarios; without all five conversions there is no headline")
    func chosenScenarios() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("my trace.json")
        try Catalog.scenario(named: "replay")!.trace().json().write(to: trace)
        let site = directory.appendingPathComponent("site")
        let run = try sigviz("report", "fetchdata", trace.path, "-o", site.path)
        #expect(run.status == 0, "\(run.errors)")
        let written = try files(in: site)
        #expect(Set(written.keys) == ["index.html", "scenarios/fetchdata.html", "scenarios/my-trace.html"])
        let index = String(decoding: written["index.html"]!, as: UTF8.self)
        #expect(!index.contains("<svg"))
        #expect(index.contains("fetchData × 6"))
    }

    @Test("a scenario file's page has its title, its explanation and its text as the source")
    func scenarioFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Examples/scenarios/cold-to-hot-multicast.sigviz").standardizedFileURL
        let text = try String(contentsOf: file, encoding: .utf8)
        let site = directory.appendingPathComponent("site")
        let run = try sigviz("report", file.path, "-o", site.path)
        #expect(run.status == 0, "\(run.errors)")
        let page = try String(contentsOf: site.appendingPathComponent("scenarios/cold-to-hot-multicast.html"), encoding: .utf8)
        #expect(page.contains("<pre class=\"r-source\"><code>"))
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
        #expect(page.contains(escaped))
        #expect(page.contains("<h1>Cold to hot with multicast and connect</h1>"))
    }

    @Test("pages are written before index.html; a write that fails (past a file size limit, as on a full disk) names the file and lists what was written, and no index links to missing pages",
          .enabled(if: !underSanitizer, "runs in the plain pass: ThreadSanitizer's runtime faults under a file size limit"))
    func indexLastAndFailures() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The sizes of the files, from a run without a limit.
        let whole = directory.appendingPathComponent("whole")
        #expect(try sigviz("report", "cold", "fetchdata", "-o", whole.path).status == 0)
        let sizes = try files(in: whole).mapValues(\.count)
        let cold = try #require(sizes["scenarios/cold.html"]), fetchdata = try #require(sizes["scenarios/fetchdata.html"])
        let index = try #require(sizes["index.html"])
        try #require(cold < fetchdata && index < fetchdata, "\(sizes)")
        // A limit that lets every file but fetchdata.html be written: the second page, before the index.
        let site = directory.appendingPathComponent("site")
        let run = try sigviz(["report", "cold", "fetchdata", "-o", site.path],
                             standardOutput: .file(directory.appendingPathComponent("stdout").path), fileSizeLimit: max(cold, index))
        #expect(run.status == 1, "\(run.summary)")
        #expect(run.errors == "Error: cannot write \(site.path)/scenarios/fetchdata.html: it would be larger than the file size limit; "
                    + "1 file was written before it: scenarios/cold.html\n", "\(run.errors)")
        #expect(try Set(files(in: site).keys) == ["scenarios/cold.html"], "no index.html, no temporary file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("scenarios").path) == ["cold.html"])
    }

    @Test("an output path that is an existing file is refused, and the file is left alone")
    func refusesAFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("report")
        try Data("keep me".utf8).write(to: file)
        let run = try sigviz("report", "cold", "-o", file.path)
        #expect(run.status == 1)
        #expect(run.errors.contains("is a file, not a directory"))
        #expect(try Data(contentsOf: file) == Data("keep me".utf8))
    }

    @Test("an input file where a page would go is never overwritten")
    func neverOverwritesAnInput() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("site/scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        // A trace file named like the page that the report would write for it.
        let input = scenarios.appendingPathComponent("cold.html")
        let bytes = Catalog.scenario(named: "cold")!.trace().json()
        try bytes.write(to: input)
        let run = try sigviz("report", input.path, "-o", directory.appendingPathComponent("site").path)
        #expect(run.status == 1)
        #expect(run.errors.contains("it is one of the input files"))
        #expect(try Data(contentsOf: input) == bytes)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("site/index.html").path))
    }

    @Test("a scenarios folder that is a symlink out of DIR is refused: nothing is written outside DIR")
    func nothingOutside() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outside = directory.appendingPathComponent("outside")
        let site = directory.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: site.appendingPathComponent("scenarios"), withDestinationURL: outside)
        let run = try sigviz("report", "cold", "-o", site.path)
        #expect(run.status == 1)
        #expect(run.errors.contains("symbolic link"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test("an unknown scenario exits 64, naming it, and writes nothing")
    func unknownScenario() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let site = directory.appendingPathComponent("site")
        let run = try sigviz("report", "cold", "publsh", "-o", site.path)
        #expect(run.status == 64)
        #expect(run.errors.contains("unknown scenario 'publsh'"))
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    @Test("usage errors exit 64: no output directory, an empty one")
    func usageErrors() throws {
        for arguments in [["report"], ["report", "cold", "-o", ""]] {
            let run = try sigviz(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.errors.contains("--output"), "\(arguments): \(run.errors)")
        }
    }

    @Test("report --help explains the site and gives examples; sigviz --help lists report")
    func help() throws {
        let run = try sigviz("report", "--help")
        #expect(run.status == 0)
        #expect(run.output.contains("sigviz report -o report"))
        #expect(run.output.contains("index.html"))
        #expect(try sigviz("--help").output.contains("report"))
    }
}
