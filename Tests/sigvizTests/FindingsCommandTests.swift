import Foundation
import Testing

/// A scenario file whose cold signal runs twice (a repeated side effect) and whose expectations hold.
private let twice = """
    title "Twice"
    frame 0.5
    cold c: +1 next "A", +2 completed
    subscribe "S" to c
    subscribe "T" to c
    expect "S" to c "--A-|"
    """

/// A scenario file with nothing wrong in it: one subscription to a cold signal.
private let once = """
    title "Once"
    frame 0.5
    cold c: +1 next "A", +2 completed
    subscribe "S" to c
    expect "S" to c "--A-|"
    """

private func write(_ text: String, named name: String, in directory: URL) throws -> URL {
    let file = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file
}

private func read(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
}

@Suite("Findings in check, render, report and docs")
struct FindingsCommandTests {
    @Test("check prints each finding as a warning after the file's expectations, and exits as without them")
    func checkWarns() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try write(twice, named: "twice.sigviz", in: directory)
        let clean = try write(once, named: "once.sigviz", in: directory)
        let run = try sigviz("check", file.path, clean.path)
        #expect(run.status == 0, "findings never fail check")
        #expect(run.errors.isEmpty)
        #expect(run.output == """
            \(file.path):6: ok "S" to c
            \(file.path):3:1: warning: repeated side effect: c's didSubscribe ran 2 times, once per subscription: \
            S → c at 0 s; T → c at 0 s. Every run delivered the same values ("A"): one shared run would do.
                suggestion: Share one run: put `| replayLazily` after c and subscribe to that instead (its 2 \
            subscriptions then receive one run's values, replayed to those that come later).
            \(clean.path):5: ok "S" to c
            2 expectations passed, 0 failed

            """)
        // --quiet leaves out what passed, not the warnings.
        let quiet = try sigviz("check", "--quiet", file.path)
        #expect(quiet.status == 0)
        #expect(quiet.output.hasPrefix("\(file.path):3:1: warning: repeated side effect: "))
        #expect(quiet.output.hasSuffix("1 expectation passed, 0 failed\n"))
        // A failed expectation still fails, with the warning beside it.
        let failing = try write(twice + "\nexpect \"T\" to c \"--A--|\"\n", named: "failing.sigviz", in: directory)
        let failed = try sigviz("check", failing.path)
        #expect(failed.status == 1)
        #expect(failed.output.contains("\(failing.path):3:1: warning: repeated side effect: "))
        #expect(failed.output.hasSuffix("1 expectation passed, 1 failed\n"))
        // No finding, no warning.
        let none = try sigviz("check", clean.path)
        #expect(!none.output.contains("warning"))
        #expect(none.output.hasSuffix("1 expectation passed, 0 failed\n"))
    }

    @Test("check shows a finding's labels with control and bidi characters escaped")
    func checkEscapes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try write(twice.replacingOccurrences(of: "\"T\"", with: "\"T\u{202E}x\""), named: "bidi.sigviz", in: directory)
        let run = try sigviz("check", file.path)
        #expect(run.status == 0)
        #expect(run.output.contains("T\\u{202E}x → c at 0 s"))
        #expect(!run.output.contains("\u{202E}"))
    }

    @Test("render --findings badges the marks and lists the findings under the diagram; without it the SVG is unchanged")
    func renderFindings() throws {
        let plain = try sigviz("render", "fetchdata")
        let marked = try sigviz("render", "fetchdata", "--findings")
        #expect(plain.status == 0 && marked.status == 0)
        #expect(!plain.output.contains("finding"))
        #expect(marked.output.contains(">Findings</text>"))
        #expect(marked.output.contains("<text class=\"finding-text\" x=\"44\" y=\""))
        #expect(marked.output.contains(">Repeated side effect: fetchData&apos;s didSubscribe ran 6 times, once per subscription: "))
        #expect(marked.output != plain.output)
        #expect(try sigviz("render", "fetchdata", "--findings").output == marked.output, "deterministic")
        // A scenario with none says so; --expect and --findings go together.
        let none = try sigviz("render", "replay", "--findings")
        #expect(none.output.contains(">No findings.</text>"))
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try write(twice, named: "twice.sigviz", in: directory)
        let both = try sigviz("render", file.path, "--expect", "--findings")
        #expect(both.status == 0)
        #expect(both.output.contains(">Repeated side effect: c&apos;s didSubscribe ran 2 times"))
        #expect(both.output.contains("expected-row"))
        #expect(try sigviz("render", "--help").output.contains("--findings"))
    }

    @Test("report shows each scenario's findings on its page and counts them on the index")
    func reportFindings() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try write(twice, named: "twice.sigviz", in: directory)
        let site = directory.appendingPathComponent("site")
        let run = try sigviz("report", file.path, "replay", "-o", site.path)
        #expect(run.status == 0, "\(run.errors)")
        let index = try read(site.appendingPathComponent("index.html"))
        #expect(index.contains("<a class=\"r-findings-count\" href=\"scenarios/twice.html#findings\">1</a>"))
        #expect(index.contains("1 finding in 1 scenario, each listed on its scenario's page."))
        let page = try read(site.appendingPathComponent("scenarios/twice.html"))
        #expect(page.contains("<strong>Repeated side effect:</strong> c&#39;s didSubscribe ran 2 times, once per subscription: "))
        #expect(try read(site.appendingPathComponent("scenarios/replay.html")).contains("<p>No findings.</p>"))
    }

    @Test("docs lists each scenario's findings under its diagrams, or says there are none; --check agrees with what it wrote")
    func docsFindings() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        _ = try write(twice, named: "twice.sigviz", in: scenarios)
        _ = try write(once, named: "once.sigviz", in: scenarios)
        let docs = directory.appendingPathComponent("docs")
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path).status == 0)
        let page = try read(docs.appendingPathComponent("scenarios.md"))
        #expect(page.contains("""
            ![Subscription graph of Twice](twice-graph.svg)

            **Findings:**

            1. **Repeated side effect:** c's didSubscribe ran 2 times, once per subscription: \
            S → c at 0 s; T → c at 0 s. Every run delivered the same values ("A"): one shared run would do.

            """))
        #expect(page.contains("![Subscription graph of Once](once-graph.svg)\n\nNo findings.\n"))
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path, "--check").status == 0)
    }

    @Test("render --findings and docs show a suggestion only as proven: one that would not help the late subscriber is left out")
    func unhelpfulSuggestionLeftOut() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenarios = directory.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        // A filter drops the value a replay subject would give Late: the suggestion is no fix.
        let filtered = try write("""
            subject s
            send s "a"
            at 1 send s "b"
            let onlyA = s | filter "a"
            at 2 subscribe "Late" to onlyA
            """, named: "filtered.sigviz", in: scenarios)
        let check = try sigviz("check", filtered.path)
        #expect(check.output.contains("warning: missed values: "))
        #expect(!check.output.contains("suggestion"))
        for arguments in [["render", filtered.path, "--findings"], ["render", filtered.path, "--findings", "--expect"]] {
            let svg = try sigviz(arguments + ["-o", "-"])
            #expect(svg.status == 0)
            #expect(svg.output.contains("Missed values: "), "\(arguments)")
            #expect(!svg.output.contains("Suggestion: "), "\(arguments)")
        }
        let docs = directory.appendingPathComponent("docs")
        #expect(try sigviz("docs", scenarios.path, "-o", docs.path).status == 0)
        let page = try read(docs.appendingPathComponent("scenarios.md"))
        #expect(page.contains("Missed values"))
        #expect(!page.contains("Suggestion: "))
    }
}
