import Foundation
import Scenarios
import Testing
import Tracer

/// The example scenario files, next to the package.
let examplesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/scenarios")

func exampleFiles() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)) ?? [])
        .filter { $0.hasSuffix(".sigviz") }.sorted()
}

@Suite("Scenario files")
struct ScenarioFileTests {
    @Test("each example file runs to exactly the trace of its built-in twin", arguments: exampleFiles())
    func exampleMatchesCatalog(file: String) throws {
        let url = examplesDirectory.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let parsed = try ScenarioFile(parsing: text, file: file)
        let name = String(file.dropLast(".sigviz".count))
        let twin = try #require(Catalog.scenario(named: name), "no built-in scenario named \(name)")
        let scenario = parsed.scenario(named: name)
        #expect(scenario.title == twin.title)
        #expect(scenario.experiment == twin.experiment)
        let trace = scenario.trace()
        let expected = twin.trace()
        #expect(trace.signals == expected.signals)
        #expect(trace.subscriptions == expected.subscriptions)
        let first = zip(trace.events, expected.events).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(first == nil, "first difference at event \(first ?? -1): \(first.map { "\(trace.events[$0]) vs \(expected.events[$0])" } ?? "")")
        #expect(trace.events.count == expected.events.count)
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
        for name in exampleFiles() {
            let text = try String(contentsOf: examplesDirectory.appendingPathComponent(name), encoding: .utf8)
            let (_, results) = try ScenarioFile(parsing: text, file: name).check(named: name)
            let failed = results.filter { !$0.passed }
            #expect(failed.isEmpty, "\(name): \(failed)")
        }
    }
}

@Suite("Built-in scenarios as files")
struct CatalogFileTests {
    @Test("every built-in scenario ships its scenario file, the same as in Examples/scenarios, and it runs to the same trace",
          arguments: Catalog.scenarios.map(\.name))
    func twin(name: String) throws {
        let text = try #require(Catalog.scenarioFile(named: name), "no scenario file for \(name)")
        let onDisk = try String(contentsOf: examplesDirectory.appendingPathComponent(name + ".sigviz"), encoding: .utf8)
        #expect(text == onDisk)
        let trace = try ScenarioFile(parsing: text, file: name).scenario(named: name).trace()
        #expect(trace == Catalog.scenario(named: name)!.trace())
    }

    @Test("there is no scenario file for a name that is not built in")
    func unknown() {
        #expect(Catalog.scenarioFile(named: "nope") == nil)
        #expect(Catalog.scenarioFile(named: "../Package") == nil)
    }
}
