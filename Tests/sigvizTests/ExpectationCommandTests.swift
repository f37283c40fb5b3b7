import Foundation
import Testing

/// A scenario file whose line 6 holds and whose line 7 expects T's completion a frame late.
private let broken = """
    title "Broken"
    frame 0.5
    cold c: +1 next "A", +2 completed
    subscribe "S" to c
    subscribe "T" to c
    expect "S" to c "--A-|"
    expect "T" to c "--A--|"
    """

/// `broken` with line 7 mended.
private let mended = broken.replacingOccurrences(of: "\"--A--|\"", with: "\"--A-|\"")

private func read(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
}

@Suite("A failed expectation fails report and docs, which still write everything, showing it")
struct ExpectationCommandTests {
    @Test("report writes the whole site, marks the failure on the index and the page, names the expect line on standard error and exits 1")
    func report() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("broken.sigviz")
        try Data(broken.utf8).write(to: file)
        let site = directory.appendingPathComponent("site")
        let run = try sigviz("report", file.path, "cold", "-o", site.path)
        #expect(run.status == 1)
        let index = site.appendingPathComponent("index.html")
        #expect(run.output == "wrote 3 files to \(site.path); open \(index.path)\n")
        #expect(run.errors == """
            \(file.path):7: FAILED "T" to c: the events differ
            Error: 1 of 4 expectations failed; the report shows them: \(index.path)

            """)
        #expect(try read(index).contains("<span class=\"r-badge-failed\">✗ 1 of 2 expectations failed</span>"))
        let page = try read(site.appendingPathComponent("scenarios/broken.html"))
        #expect(page.contains("<h2 id=\"expectations\">✗ 1 of 2 expectations failed</h2>"))
        #expect(page.contains("^ first difference at frame 4 (2 s): expected nothing, received completed"))
        // The built-in scenario's expectations are checked too, and hold.
        #expect(try read(site.appendingPathComponent("scenarios/cold.html")).contains(" · ✓ 2 expectations pass</p>"))

        try Data(mended.utf8).write(to: file)
        let again = try sigviz("report", file.path, "cold", "-o", site.path)
        #expect(again.status == 0)
        #expect(again.errors.isEmpty)
        #expect(!(try read(index)).contains("class=\"r-badge-failed\""))
        #expect(try read(site.appendingPathComponent("scenarios/broken.html")).contains(" · ✓ 2 expectations pass</p>"))
    }

    @Test("docs writes every file, the page showing the failure, and exits 1; --check fails on it too, even when the files are up to date")
    func docs() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        let file = scenarios.appendingPathComponent("broken.sigviz")
        try Data(broken.utf8).write(to: file)
        let docs = directory.appendingPathComponent("docs")
        let page = docs.appendingPathComponent("scenarios.md")
        let failure = "\(file.path):7: FAILED \"T\" to c: the events differ\n"

        let run = try sigviz("docs", scenarios.path, "-o", docs.path)
        #expect(run.status == 1)
        #expect(run.output.hasSuffix("3 written, 0 unchanged in \(docs.path)\n"), "\(run.output)")
        #expect(run.errors == failure + "Error: 1 of 2 expectations failed; \(page.path) shows them\n")
        #expect(try read(page).contains("**✗ 1 of 2 expectations failed:**"))
        #expect(try read(page).contains("\n```text\nexpected: --A--|\nactual:   --A-|\n"))

        // The files match what docs writes, but the expectation still fails.
        let check = try sigviz("docs", scenarios.path, "-o", docs.path, "--check")
        #expect(check.status == 1)
        #expect(check.output == "3 files in \(docs.path) are up to date\n")
        #expect(check.errors == failure + "Error: 1 of 2 expectations failed\n")

        // Mended, the page is stale until docs writes it; then both pass.
        try Data(mended.utf8).write(to: file)
        let stale = try sigviz("docs", scenarios.path, "-o", docs.path, "--check")
        #expect(stale.status == 1)
        #expect(stale.output == "stale: \(page.path)\n")
        #expect(!stale.errors.contains("FAILED"), "\(stale.errors)")
        let update = try sigviz("docs", scenarios.path, "-o", docs.path)
        #expect(update.status == 0, "\(update.errors)")
        #expect(try read(page).contains("✓ 2 expectations pass."))
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path, "--check").status == 0)
    }
}

@Suite("Thousands of failed expectations")
struct ManyFailedExpectationsTests {
    @Test("1,000 failing expect lines against a 400-frame lane: check, report and docs write in proportion to the file")
    func bounded() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = "let t = interval 1 | take 400\nsubscribe \"A\" to t\n" + String(repeating: "expect \"A\" to t \"-x\"\n", count: 1_000)
        let file = folder.appendingPathComponent("many.sigviz")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let check = try sigviz("check", file.path)
        #expect(check.status == 1)
        #expect(check.output.utf8.count < 10 * text.utf8.count, "\(check.output.utf8.count) bytes")
        #expect(check.output.components(separatedBy: "first difference at frame").count - 1 == 20)
        #expect(check.output.contains("(the marbles of the first 20 failed expectations of a file are shown"))
        // The docs page: 20 failures with their marbles, the rest by line.
        let docs = try sigviz("docs", folder.path, "-o", directory.appendingPathComponent("out").path)
        #expect(docs.status == 1)
        let page = try String(contentsOf: directory.appendingPathComponent("out/scenarios.md"), encoding: .utf8)
        #expect(page.components(separatedBy: "first difference at frame").count - 1 == 20)
        #expect(page.contains("Also failed: line 23, line 24"))
        #expect(page.utf8.count < 10 * text.utf8.count)
        // The report's page: the same, in HTML.
        let report = try sigviz("report", file.path, "-o", directory.appendingPathComponent("site").path)
        #expect(report.status == 1)
        let html = try String(contentsOf: directory.appendingPathComponent("site/scenarios/many.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<pre class=\"r-marbles\">").count - 1 == 20)
        #expect(html.contains("Also failed: line 23, line 24"))
    }
}
