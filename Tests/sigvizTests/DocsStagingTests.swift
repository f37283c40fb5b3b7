import Foundation
import Testing

// `sigviz docs` writes each scenario's diagrams to temporary files beside their places as soon as
// they are drawn (memory does not grow with the files), and puts them in place only when every
// scenario has run: a failure part way leaves nothing behind.

@Suite("docs stages each scenario's diagrams, and a failure part way leaves nothing")
struct DocsStagingTests {
    private static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/scenarios").resolvingSymlinksInPath()

    @Test("a scenario past --max-events after others were drawn: no diagram, no temporary file, not even the folder; over docs already there, nothing changes")
    func failureAfterOthers() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        for name in ["cold", "fetchdata", "replay"] {
            try FileManager.default.copyItem(at: Self.examples.appendingPathComponent(name + ".sigviz"),
                                             to: scenarios.appendingPathComponent(name + ".sigviz"))
        }
        // Drawn last (by name), and never ends.
        let forever = scenarios.appendingPathComponent("zz-forever.sigviz")
        try Data("let clock = interval 1\nsubscribe \"A\" to clock\n".utf8).write(to: forever)

        let docs = directory.appendingPathComponent("site/docs")
        let run = try sigviz("docs", scenarios.path, "-o", docs.path, "-j", "1", "--max-events", "5000")
        #expect(run.status == 1)
        #expect(run.errors.contains("zz-forever.sigviz"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("site").path))

        // Over docs already there: the scenario changed, the failure leaves the old files and no temporary one.
        try FileManager.default.removeItem(at: forever)
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted()
        let cold = try Data(contentsOf: docs.appendingPathComponent("cold.svg"))
        let coldFile = scenarios.appendingPathComponent("cold.sigviz")
        try (String(contentsOf: coldFile, encoding: .utf8) + "\nsubscribe \"Late\" to source\n").write(to: coldFile, atomically: true, encoding: .utf8)
        try Data("let clock = interval 1\nsubscribe \"A\" to clock\n".utf8).write(to: forever)
        let again = try sigviz("docs", scenarios.path, "-o", docs.path, "-j", "1", "--max-events", "5000")
        #expect(again.status == 1)
        #expect(again.errors.contains("zz-forever.sigviz"), "\(again.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted() == before)
        #expect(try Data(contentsOf: docs.appendingPathComponent("cold.svg")) == cold)
    }
}
