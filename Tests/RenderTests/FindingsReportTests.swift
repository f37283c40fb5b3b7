import Foundation
import Render
import Scenarios
import Testing
import Findings
import Tracer

/// The fetchdata trace and a finding of its repeated didSubscribe runs that names their events (a
/// finding made by hand: the tracer's may or may not name its events yet).
func fetchdataWithRunsFinding(sentence: String = "fetchData ran 6 times.", suggestion: Suggestion? = nil) throws -> (Trace, Finding) {
    let trace = Catalog.scenario(named: "fetchdata")!.trace()
    let fetchData = try #require(trace.signal(named: "fetchData")).id
    let runs = trace.sideEffectRuns().filter { $0.signal == fetchData }
    #expect(runs.count == 6)
    let finding = Finding(
        kind: .repeatedSideEffect, signals: [fetchData], subscriptions: runs.map(\.subscription), times: runs.map(\.time),
        events: runs.map(\.event), sentence: sentence, suggestion: suggestion)
    return (trace, finding)
}

/// The HTML of the page at `path` of `site`.
private func page(_ path: String, of site: [(path: String, contents: Data)]) throws -> String {
    String(decoding: try #require(site.first { $0.path == path }).contents, as: UTF8.self)
}

@Suite("The report's findings")
struct FindingsReportTests {
    @Test("a scenario page lists its findings' sentences under the timeline; a page with none says No findings.")
    func pageListsFindings() throws {
        let entries = ["fetchdata", "replay"].map { name in
            let scenario = Catalog.scenario(named: name)!
            return RecordedScenario(name: name, title: scenario.title, about: scenario.summary, trace: scenario.trace())
        }
        let findings = entries[0].trace.findings()
        #expect(!findings.isEmpty && entries[1].trace.findings().isEmpty)
        #expect(entries[0].explanations.map(\.finding) == findings, "by default, the trace's findings")
        let site = ReportBuilder().build(entries)
        let fetchdata = try page("scenarios/fetchdata.html", of: site)
        #expect(fetchdata.contains("<h2 id=\"findings\">Findings</h2>"))
        for finding in findings {
            #expect(fetchdata.contains("<strong>Repeated side effect:</strong> \(escapedHTML(finding.sentence))</p>"))
        }
        #expect(!fetchdata.contains("No findings."))
        // Right after the timeline, before what the scenario shows.
        let timeline = try #require(fetchdata.range(of: "id=\"timeline\""))
        let list = try #require(fetchdata.range(of: "id=\"findings\""))
        let about = try #require(fetchdata.range(of: "id=\"about\""))
        #expect(timeline.lowerBound < list.lowerBound && list.lowerBound < about.lowerBound)
        let replay = try page("scenarios/replay.html", of: site)
        #expect(replay.contains("<h2 id=\"findings\">Findings</h2>\n<p>No findings.</p>"))
    }

    @Test("the index counts each scenario's findings, linked to them, and all of them")
    func indexCounts() throws {
        let entries = ["fetchdata", "subject-vs-replay", "replay"].map { name in
            let scenario = Catalog.scenario(named: name)!
            return RecordedScenario(name: name, title: scenario.title, about: scenario.summary, trace: scenario.trace())
        }
        let counts = entries.map(\.explanations.count)
        #expect(counts[0] > 0 && counts[1] > 0 && counts[2] == 0)
        let index = try page("index.html", of: ReportBuilder().build(entries))
        #expect(index.contains("<th scope=\"col\" class=\"r-number\">Findings</th>"))
        #expect(index.contains("<a class=\"r-findings-count\" href=\"scenarios/fetchdata.html#findings\">\(counts[0])</a>"))
        #expect(index.contains("<a class=\"r-findings-count\" href=\"scenarios/subject-vs-replay.html#findings\">\(counts[1])</a>"))
        #expect(index.contains("<td class=\"r-number\"><span class=\"r-muted\">none</span></td></tr>"))
        #expect(index.contains("<p class=\"r-findings-total\">\(counts[0] + counts[1]) findings in 2 scenarios, each listed on its scenario's page.</p>"))
        let none = try page("index.html", of: ReportBuilder().build([entries[2]]))
        #expect(none.contains("<p class=\"r-findings-total\">No findings.</p>"))
    }

    @Test("a finding names its events for the hover, links their rows, shows its suggestion, and its text is escaped")
    func findingItem() throws {
        let hostile = "<script>alert('x')</script> & \"q\""
        let (trace, finding) = try fetchdataWithRunsFinding(
            sentence: "ran " + hostile,
            suggestion: Suggestion(change: .share(signal: 0, through: .replayLazily), sentence: "share it " + hostile))
        let site = ReportBuilder().build([
            RecordedScenario(name: "fetchdata", title: "fetchData", about: "", trace: trace,
                        explanations: [Explanation(finding: finding)]),
        ])
        let html = try page("scenarios/fetchdata.html", of: site)
        #expect(html.contains("<li class=\"r-finding\" id=\"finding-1\" data-finding-events=\"\(finding.events.map(String.init).joined(separator: " "))\">"))
        for event in finding.events { #expect(html.contains("<a href=\"#event-\(event)\">#\(event)</a>")) }
        #expect(html.contains("ran &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;</p>"))
        #expect(html.contains("<p><strong>Suggestion:</strong> share it &lt;script&gt;"))
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("id=\"r-findings-hint\" hidden=\"hidden\""), "the hover hint shows only with the script")
        // Without the script, style rules highlight the same marks and rows while the finding is hovered.
        let marks = finding.events.map { "svg [data-event=\"\($0)\"]" }.joined(separator: ",")
        #expect(html.contains("body:has(#finding-1:hover) :is(\(marks)) :is(circle,path,rect,line){stroke:var(--hl);stroke-width:3px}\n"))
        #expect(html.contains("body:has(#finding-1:hover) :is(\(finding.events.map { "#event-\($0)" }.joined(separator: ","))) td{background:var(--hl-main)}\n"))
        let scan = PageScan(Data(html.utf8))
        #expect(scan.parsed, "\(scan.error)")
        try expectValidXML(html, "fetchdata.html")
        // The page is the same every time.
        #expect(ReportBuilder().build([
            RecordedScenario(name: "fetchdata", title: "fetchData", about: "", trace: trace,
                        explanations: [Explanation(finding: finding)]),
        ]).map(\.contents) == site.map(\.contents))
        // A suggestion without a proof says why.
        var unproven = Explanation(finding: finding)
        unproven.unproven = "a trace file has nothing to run again"
        let unprovenSite = ReportBuilder().build([
            RecordedScenario(name: "fetchdata", title: "fetchData", about: "", trace: trace, explanations: [unproven]),
        ])
        #expect(try page("scenarios/fetchdata.html", of: unprovenSite)
            .contains(" <span class=\"r-muted\">(Not proven: a trace file has nothing to run again.)</span></p>"))
    }

    @Test("a proven fix shows its edit, the runs before → after, each labelled subscriber unchanged or what changed, and both runs on one axis")
    func provenFix() throws {
        let (before, finding) = try fetchdataWithRunsFinding()
        var after = Catalog.scenario(named: "fetchdata-replaylazily")!.trace()
        // One delivery made different, so that one subscriber's events change.
        let changed = try #require(after.events.lastIndex { if case .next = $0.kind { true } else { false } })
        guard case .next(let subscription, _, let replayed) = after.events[changed].kind else { return }
        after.events[changed].kind = .next(subscription: subscription, value: "other <value>", replayed: replayed)
        let outcome = FixOutcome(finding: finding, before: before, after: after)
        #expect(outcome.runs.map { "\($0.before) → \($0.after)" } == ["6 → 1"])
        let fix = ProvenFix(edit: "after line 11, add \"let shared = fetchData | replayLazily\"", source: "", after: after, outcome: outcome)
        let site = ReportBuilder().build([
            RecordedScenario(name: "fetchdata", title: "fetchData", about: "", trace: before,
                        explanations: [Explanation(finding: finding, fix: fix)]),
        ])
        let html = try page("scenarios/fetchdata.html", of: site)
        #expect(html.contains("<pre class=\"r-marbles\"><code>after line 11, add &quot;let shared = fetchData | replayLazily&quot;</code></pre>"))
        #expect(html.contains("<p>fetchData's didSubscribe: 6 → 1</p>"))
        let unchanged = outcome.subscribers.filter(\.isUnchanged)
        #expect(!unchanged.isEmpty && outcome.changed.count == 1)
        for subscriber in unchanged { #expect(html.contains("<li><code>\(escapedHTML(subscriber.label))</code>: unchanged</li>")) }
        let different = try #require(outcome.changed.first)
        let lost = try #require(different.before?.last(where: { $0.event.hasPrefix("\"") }))
        #expect(html.contains("<li><code>\(escapedHTML(different.label))</code>: lost \(escapedHTML(lost.description)); "
            + "gained &quot;other &lt;value&gt;&quot; at \(escapedHTML(SecondsFormat.forPeople.format(lost.time)))</li>"))
        // The comparison: two panels, before and after, whose marks the page's script does not reach.
        #expect(html.contains("id=\"finding-1-svg-title\">Before and after the change</title>"))
        #expect(html.contains(">Before: \(escapedHTML(before.title ?? ""))</text>"))
        #expect(html.contains(">After: "))
        let scan = PageScan(Data(html.utf8))
        #expect(scan.parsed, "\(scan.error)")
        #expect(scan.elements["svg"] == 3)
        let plain = ReportBuilder().build([
            RecordedScenario(name: "fetchdata", title: "fetchData", about: "", trace: before, explanations: []),
        ])
        let plainMarks = PageScan(Data(try page("scenarios/fetchdata.html", of: plain).utf8)).marks
        #expect(scan.marks == plainMarks, "only the timeline's marks name events")
        #expect(Set(scan.ids).count == scan.ids.count)
        try expectValidXML(html, "fetchdata.html")
    }
}

/// `text` escaped as the report escapes it (the characters these tests use).
func escapedHTML(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        .replacingOccurrences(of: "'", with: "&#39;")
}
