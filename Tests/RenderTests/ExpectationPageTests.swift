import Foundation
import Render
import Scenarios
import Testing
import Tracer

/// A scenario file's trace and how its `expect` lines came out, as `sigviz report` and `sigviz docs` give them to the pages.
private func checked(_ text: String, name: String = "broken") throws -> (trace: Trace, outcomes: [ExpectationOutcome]) {
    let file = try ScenarioFile(parsing: text, file: name + ".sigviz")
    let (trace, results) = file.check(named: name)
    let outcomes = results.map {
        ExpectationOutcome(
            line: $0.expectation.line, label: $0.expectation.label, signal: $0.expectation.signal, expected: $0.expectation.expected,
            subscription: $0.subscription, comparison: $0.comparison, problem: $0.problem)
    }
    return (trace, outcomes)
}

/// Two subscribers of a cold signal: line 6 holds, line 7 expects T's completion a frame late, line 8 names no subscriber.
private let brokenFile = """
    title "Broken"
    frame 0.5
    cold c: +1 next "A", +2 completed
    subscribe "S" to c
    subscribe "T" to c
    expect "S" to c "--A-|"
    expect "T" to c "--A--|"
    expect "U" to c "--A|"
    """

/// The same signal, every expectation holding.
private let holdingFile = """
    title "Holding"
    frame 0.5
    cold c: +1 next "A", +2 completed
    subscribe "S" to c
    expect "S" to c "--A-|"
    expect "S" to c "--A-|----"
    """

private func html(_ site: [(path: String, contents: Data)], _ path: String) throws -> String {
    String(decoding: try #require(site.first { $0.path == path }).contents, as: UTF8.self)
}

@Suite("Failed expectations on the report's pages")
struct ExpectationReportTests {
    static func site() throws -> [(path: String, contents: Data)] {
        let failing = try checked(brokenFile), passing = try checked(holdingFile, name: "holding")
        return ReportBuilder().build([
            RecordedScenario(name: "broken", title: "Broken", about: "", source: brokenFile, trace: failing.trace, expectations: failing.outcomes),
            RecordedScenario(name: "holding", title: "Holding", about: "", source: holdingFile, trace: passing.trace, expectations: passing.outcomes),
        ])
    }

    @Test("the index marks the row of a scenario whose expectations failed with a badge, and names it at the top, linked")
    func index() throws {
        let index = try html(try Self.site(), "index.html")
        let rows = index.components(separatedBy: "<tr>").dropFirst(2)  // the header's row, then one per scenario
        #expect(rows.count == 2)
        #expect(rows.first?.contains("<span class=\"r-badge-failed\">✗ 2 of 3 expectations failed</span>") == true)
        #expect(rows.last?.contains("r-badge-failed") == false, "the scenario whose expectations hold has no badge")
        #expect(index.contains(
            "<p class=\"r-alert\">✗ Expectations failed in 1 scenario: <a href=\"scenarios/broken.html\">Broken</a> (2 of 3 expectations failed)."))
        // Before the scenarios, so that it is seen first.
        #expect(try #require(index.range(of: "r-alert")).lowerBound < (try #require(index.range(of: "id=\"scenarios\""))).lowerBound)
        try expectValidXML(index, "index")
    }

    @Test("the page opens with each failed expectation: its line, why, and the marbles lined up with the first difference")
    func page() throws {
        let page = try html(try Self.site(), "scenarios/broken.html")
        #expect(page.contains("· <a class=\"r-failed\" href=\"#expectations\">✗ 2 of 3 expectations failed</a></p></header>"))
        let section = try #require(page.range(of: "<section class=\"r-expectations\" aria-labelledby=\"expectations\">"))
        #expect(section.lowerBound < (try #require(page.range(of: "id=\"about\""))).lowerBound, "before everything else")
        #expect(page.contains("<h2 id=\"expectations\">✗ 2 of 3 expectations failed</h2>"))
        #expect(page.contains("""
            <p><strong>Line 7</strong>, <code>&quot;T&quot; to c</code>: the events differ</p>
            <pre class="r-marbles"><code>expected: --A--|
            actual:   --A-|
            <span class="r-caret">              ^ first difference at frame 4 (2 s): expected nothing, received completed</span></code></pre>
            """))
        #expect(page.contains("""
            <p><strong>Line 8</strong>, <code>&quot;U&quot; to c</code>: no subscriber &quot;U&quot; subscribed to c</p>
            <p>Expected: <code>--A|</code></p>
            """))
        #expect(page.contains("<p class=\"r-muted\">✓ Held: line 6, <code>&quot;S&quot; to c</code>.</p>"))
        // The timeline draws the failed expectation of a subscriber that exists under its lane, with the first difference.
        #expect(occurrences(of: ">expected</text>", in: page) == 2)  // its row and the legend
        #expect(occurrences(of: "class=\"divergence\"", in: page) == 1)
        try expectValidXML(page, "broken.html")
        let scan = PageScan(Data(page.utf8))
        #expect(scan.parsed && Set(scan.ids).count == scan.ids.count)
    }

    @Test("expectations that hold are a note in the page's header, and change nothing else")
    func holding() throws {
        let passing = try checked(holdingFile, name: "holding")
        let with = RecordedScenario(name: "holding", title: "Holding", about: "", trace: passing.trace, expectations: passing.outcomes)
        var without = with
        without.expectations = []
        let (a, b) = (ReportBuilder().build([with]), ReportBuilder().build([without]))
        #expect(try html(a, "index.html") == (try html(b, "index.html")))
        let page = try html(a, "scenarios/holding.html")
        #expect(page.contains(" · ✓ 2 expectations pass</p></header>"))
        #expect(page.replacingOccurrences(of: " · ✓ 2 expectations pass", with: "") == (try html(b, "scenarios/holding.html")))
    }

    @Test("the file's labels, names and marbles are escaped on the pages, and the site is the same bytes every time")
    func hostile() throws {
        let label = #"</code><script>alert(1)</script>\u{202E}"#
        let text = """
            frame 0.5
            cold c: +1 next "<", +2 completed
            subscribe "\(label)" to c
            expect "\(label)" to c "--<--|"
            expect "\(label)" to c "--x|" values x = "</pre><b>"
            """
        let (trace, outcomes) = try checked(text, name: "hostile")
        let entries = [RecordedScenario(name: "hostile", title: "hostile", about: "", trace: trace, expectations: outcomes)]
        let site = ReportBuilder().build(entries)
        #expect(site.map(\.contents) == ReportBuilder().build(entries).map(\.contents))
        let page = try html(site, "scenarios/hostile.html")
        try expectValidXML(page, "hostile.html")
        #expect(occurrences(of: "<script", in: page) == 1, "only the page's own script")
        #expect(!page.contains("<b>") && !page.contains("\u{202E}"))
        #expect(page.contains("<code>&quot;&lt;/code&gt;&lt;script&gt;alert(1)&lt;/script&gt;\\u{202E}&quot; to c</code>"))
        #expect(page.contains("expected: --&lt;--|\nactual:   --&lt;-|\n"))
        #expect(page.contains("expected next &quot;&lt;/pre&gt;&lt;b&gt;&quot;, received next &quot;&lt;&quot;"))
    }
}

@Suite("Expectations on the docs page")
struct ExpectationDocsTests {
    private func page(_ text: String, name: String) throws -> String {
        let (trace, outcomes) = try checked(text, name: name)
        let builder = DocsBuilder(theme: .light)
        let section = builder.section(for: RecordedScenario(name: name, title: name, about: "", trace: trace, expectations: outcomes))
        return String(decoding: try #require(builder.files(for: [section]).last).contents, as: UTF8.self)
    }

    @Test("a failed expectation shows under its scenario's heading: its line, why, and the marbles in a code block")
    func failed() throws {
        let markdown = try page(brokenFile, name: "broken")
        #expect(markdown.contains("""
            Scenario file `broken.sigviz` · didSubscribe runs: `c` × 2

            **✗ 2 of 3 expectations failed:** what the runtime did is not what `broken.sigviz` expects.

            Line 7, `"T" to c`: the events differ

            ```text
            expected: --A--|
            actual:   --A-|
                          ^ first difference at frame 4 (2 s): expected nothing, received completed
            ```

            Line 8, `"U" to c`: no subscriber "U" subscribed to c

            Expected: `--A|`

            ![Timeline of broken](broken.svg)
            """))
    }

    @Test("expectations that hold are one line; a scenario without any says nothing of them")
    func holding() throws {
        #expect(try page(holdingFile, name: "holding").contains("didSubscribe runs: `c` × 1\n\n✓ 2 expectations pass.\n\n![Timeline"))
        let none = try page("cold c: +1 next \"A\"\nsubscribe \"S\" to c", name: "none")
        #expect(!none.contains("expectation"))
    }

    @Test("backticks in a marble get a longer fence, so the code block holds")
    func fence() throws {
        let markdown = try page("""
            frame 0.5
            cold c: +1 next "`", +2 completed
            subscribe "S" to c
            expect "S" to c "--```|"
            """, name: "ticks")
        #expect(markdown.contains("\n````text\nexpected: --```|\nactual:   --`-|\n"))
        #expect(markdown.contains("\n````\n\n"))
    }
}
