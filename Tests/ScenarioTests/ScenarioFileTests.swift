import Foundation
import Scenarios
import Testing
import Tracer

/// The example scenario files, next to the package: a link to the folder that the Scenarios
/// module bundles, whose files are the built-in scenarios.
let examplesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/scenarios")

/// A folder of scenario files that holds none.
struct NoScenarioFiles: Error, CustomStringConvertible {
    let folder: URL
    var description: String { "no .sigviz file in \(folder.path)" }
}

/// The names of the example scenario files, sorted. Throws if the folder cannot be read or holds
/// none, so that a test taking its cases from here fails rather than running no case at all.
func exampleFiles() throws -> [String] {
    let files = try FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)
        .filter { $0.hasSuffix(".sigviz") }.sorted()
    guard !files.isEmpty else { throw NoScenarioFiles(folder: examplesDirectory) }
    return files
}

@Suite("The catalog is the bundled scenario files")
struct CatalogFileTests {
    @Test("Examples/scenarios is the folder the Scenarios module bundles, it can be read, and it holds scenario files")
    func folder() throws {
        let bundled = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Scenarios/Resources/scenarios")
        #expect(examplesDirectory.resolvingSymlinksInPath().path == bundled.resolvingSymlinksInPath().path)
        let files = try exampleFiles()
        #expect(files.count >= 18, "every experiment of the articles has its scenario files")
    }

    @Test("the catalog lists every bundled scenario file once, and every name it lists has a bundled file")
    func tableOfContents() throws {
        let bundled = try exampleFiles().map { String($0.dropLast(".sigviz".count)) }.sorted()
        let listed = Catalog.scenarios.map(\.name)
        let unbundled = Set(listed).subtracting(bundled).sorted(), unlisted = Set(bundled).subtracting(listed).sorted()
        #expect(listed.sorted() == bundled, "listed but not bundled: \(unbundled); bundled but not listed: \(unlisted)")
        #expect(Set(listed).count == listed.count, "a name is listed twice")
        for name in listed {
            #expect(Catalog.scenarioFile(named: name) != nil, "no bundled file for \(name)")
        }
    }

    @Test("each built-in scenario is its bundled file: its text is the file in Examples/scenarios, its name, title, experiment, summary and trace that file's",
          arguments: try exampleFiles())
    func builtInIsItsFile(file: String) throws {
        let name = String(file.dropLast(".sigviz".count))
        let builtIn = try #require(Catalog.scenario(named: name), "no built-in scenario named \(name)")
        let onDisk = try String(contentsOf: examplesDirectory.appendingPathComponent(file), encoding: .utf8)
        #expect(Catalog.scenarioFile(named: name) == onDisk)
        let parsed = try ScenarioFile(parsing: onDisk, file: file)
        let title = try #require(parsed.title, "\(file) has no title line")
        #expect(builtIn.name == name)
        #expect(builtIn.title == title)
        #expect(builtIn.experiment == parsed.experiment)
        // The articles' experiments come first, each naming its experiment; the scenarios after them name none.
        let fromArticles = Catalog.scenarios.prefix { $0.experiment != 0 }.contains { $0.name == name }
        #expect(fromArticles ? (1...6).contains(parsed.experiment) : parsed.experiment == 0, "\(file): experiment \(parsed.experiment)")
        #expect(builtIn.summary == parsed.about)
        #expect(builtIn.trace() == parsed.scenario(named: name).trace())
    }

    @Test("there is no scenario file for a name that is not built in")
    func unknown() {
        #expect(Catalog.scenarioFile(named: "nope") == nil)
        #expect(Catalog.scenarioFile(named: "../Package") == nil)
        #expect(Catalog.scenarioFile(named: "cold.sigviz") == nil)
        #expect(Catalog.scenario(named: "cold.sigviz") == nil)
    }
}

@Suite("The scenario format's documentation")
struct ScenarioDocumentationTests {
    @Test("every sigviz example in docs/scenario-format.md parses, runs and meets its expectations")
    func documentedExamples() throws {
        let url = examplesDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/scenario-format.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let blocks = text.components(separatedBy: "```sigviz\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(!blocks.isEmpty)
        for block in blocks {
            let file = try ScenarioFile(parsing: block, file: "scenario-format.md")
            let (trace, results) = file.check(named: "documented")
            #expect(!results.isEmpty)
            let failed = results.filter { !$0.passed }
            #expect(failed.isEmpty, "\(failed)")
            #expect(throws: Never.self) { try trace.validate() }
        }
    }

    @Test("every example file's expectations hold")
    func exampleExpectations() throws {
        for name in try exampleFiles() {
            let text = try String(contentsOf: examplesDirectory.appendingPathComponent(name), encoding: .utf8)
            let (_, results) = try ScenarioFile(parsing: text, file: name).check(named: name)
            let failed = results.filter { !$0.passed }
            #expect(failed.isEmpty, "\(name): \(failed)")
        }
    }
}
