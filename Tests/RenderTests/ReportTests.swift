import Foundation
import Reactive
import Render
import Scenarios
import Testing
import Findings
import Tracer

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The report of the whole catalog, with the headline comparison, as the command makes it.
func catalogReport() -> [(path: String, contents: Data)] {
    let entries = Catalog.scenarios.map {
        RecordedScenario(name: $0.name, title: $0.title, about: $0.summary, trace: $0.trace())
    }
    let headline = ["cold", "publish", "replay", "replaylast", "replaylazily"].map { Catalog.scenario(named: $0)!.trace() }
    return ReportBuilder(headline: .init(traces: headline)).build(entries)
}

/// A page of the report, parsed as XML (the pages are polyglot HTML): its ids, its references to ids, its links and its text.
final class PageScan: NSObject, XMLParserDelegate {
    var ids: [String] = []
    var labelledBy: [String] = []
    var hrefs: [String] = []
    var sources: [String] = []
    var elements: [String: Int] = [:]
    var text = ""
    var eventRows: [String] = []
    var marks: [Int] = []
    var causes: [Int] = []
    private(set) var parsed = false
    private(set) var error = ""

    init(_ data: Data) {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        parsed = parser.parse()
        error = parser.parserError.map(String.init(describing:)) ?? ""
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements[name, default: 0] += 1
        if let id = attributes["id"] { ids.append(id) }
        if let ids = attributes["aria-labelledby"] { labelledBy += ids.split(separator: " ").map(String.init) }
        if let href = attributes["href"] { hrefs.append(href) }
        if let source = attributes["src"] { sources.append(source) }
        if name == "tr", let id = attributes["id"], id.hasPrefix("event-") {
            eventRows.append(id)
            if let cause = attributes["data-cause"].flatMap(Int.init) { causes.append(cause) }
        } else if let event = attributes["data-event"].flatMap(Int.init) {
            marks.append(event)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
}

@Suite("The HTML report")
struct ReportTests {
    @Test("the site is index.html and one page per scenario, every scenario linked from the index with its title")
    func everyScenarioLinked() throws {
        let site = catalogReport()
        #expect(site.map(\.path) == ["index.html"] + Catalog.scenarios.map { "scenarios/\($0.name).html" }.sorted())
        #expect(site.map(\.path) == site.map(\.path).sorted())
        let index = PageScan(site[0].contents)
        #expect(index.parsed, "\(index.error)")
        for scenario in Catalog.scenarios {
            #expect(index.hrefs.filter { $0 == "scenarios/\(scenario.name).html" }.count == 1, "\(scenario.name)")
            #expect(index.text.contains(scenario.title))
            #expect(index.text.contains(scenario.name))
        }
        let fetchdata = Catalog.scenario(named: "fetchdata")!.trace()
        let fetchData = try #require(fetchdata.signal(named: "fetchData"))
        #expect(index.text.contains("fetchData × \(fetchdata.didSubscribeCount(of: fetchData.id))"))
        #expect(index.text.contains("fetchData × 6"))
        // Every page links back to the index and to its neighbours, and every link stays in the site.
        let paths = Set(site.map(\.path))
        for file in site where file.path != "index.html" {
            let page = PageScan(file.contents)
            #expect(page.hrefs.contains("../index.html"))
            for href in page.hrefs where !href.hasPrefix("#") {
                #expect(href.hasPrefix("../") && paths.contains(String(href.dropFirst(3))), "\(file.path): \(href)")
            }
        }
    }

    @Test("every page is well-formed, with every SVG inline, no XML declaration inside and no duplicate id")
    func everySVGPresent() throws {
        let site = catalogReport()
        for file in site {
            let html = String(decoding: file.contents, as: UTF8.self)
            let page = PageScan(file.contents)
            #expect(page.parsed, "\(file.path): \(page.error)")
            try expectValidXML(html, file.path)
            #expect(html.hasPrefix("<!DOCTYPE html>\n"))
            #expect(!html.contains("<?xml"), "\(file.path)")
            // Self-contained: nothing loaded from anywhere.
            #expect(page.sources.isEmpty && page.elements["link"] == nil && page.elements["img"] == nil)
            let local = html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
                .replacingOccurrences(of: "http://www.w3.org/1999/xhtml", with: "")
            #expect(!local.contains("http:") && !local.contains("https:") && !local.contains("url(") && !local.contains("@import"))
            #expect(Set(page.ids).count == page.ids.count, "\(file.path): duplicate ids \(page.ids.filter { id in page.ids.count { $0 == id } > 1 })")
            #expect(page.labelledBy.allSatisfy(page.ids.contains), "\(file.path): aria-labelledby names a missing id")
            let svgs = page.elements["svg"] ?? 0
            if file.path == "index.html" {
                #expect(svgs == 1, "the headline comparison")
                #expect(html.contains("Comparison of 5 traces on one time axis"))
                #expect(page.ids.contains("headline-svg-title"))
                #expect(page.elements["script"] == nil, "the index needs no script")
            } else {
                #expect(svgs == 2, "\(file.path): timeline and graph")
                #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
                #expect(page.ids.contains("timeline-svg-title") && page.ids.contains("graph-svg-title"))
                #expect(html.contains(": subscription graph</title>"))
                #expect(page.elements["script"] == 1)
            }
        }
        // The SVGs are the renderers' own, less the declaration and with their ids renamed.
        let cold = Catalog.scenario(named: "cold")!.trace()
        let page = String(decoding: try #require(site.first { $0.path == "scenarios/cold.html" }).contents, as: UTF8.self)
        let timeline = TimelineRenderer(theme: .auto).render(cold)
            .replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", with: "")
            .replacingOccurrences(of: "sigviz-title", with: "timeline-svg-title")
            .replacingOccurrences(of: "sigviz-desc", with: "timeline-svg-desc")
        #expect(page.contains(timeline))
    }

    @Test("a scenario page lists its didSubscribe counts, its explanation, and its source only when it has one")
    func scenarioPage() throws {
        let trace = Catalog.scenario(named: "fetchdata")!.trace()
        let entry = RecordedScenario(name: "fetchdata", title: "fetchData", about: "First paragraph.\n\nSecond paragraph.",
                                source: "cold fetchData: +1 next \"data\"\n\tindented <b>", trace: trace)
        let site = ReportBuilder().build([entry, RecordedScenario(name: "bare", title: "Bare", about: "", trace: trace)])
        let page = String(decoding: site.first { $0.path == "scenarios/fetchdata.html" }!.contents, as: UTF8.self)
        #expect(page.contains("<tr><td>fetchData</td><td class=\"r-number\">6</td></tr>"))
        #expect(page.contains("<p>First paragraph.</p>\n<p>Second paragraph.</p>"))
        #expect(page.contains("<pre class=\"r-source\"><code>cold fetchData: +1 next &quot;data&quot;\n\tindented &lt;b&gt;</code></pre>"))
        let bare = String(decoding: site.first { $0.path == "scenarios/bare.html" }!.contents, as: UTF8.self)
        #expect(!bare.contains("<pre"))
        #expect(bare.contains("Previous: fetchData"))
        #expect(page.contains("Next: Bare"))
        // Without a headline the index has no SVG.
        #expect(!String(decoding: site[0].contents, as: UTF8.self).contains("<svg"))
    }

    @Test("the events table has one row per trace event, in order, with causes linking to rows and every mark naming a row",
          arguments: Catalog.scenarios.map(\.name))
    func eventsTable(name: String) throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let trace = scenario.trace()
        let site = ReportBuilder().build([RecordedScenario(name: name, title: scenario.title, about: scenario.summary, trace: trace)])
        let page = PageScan(try #require(site.last).contents)
        #expect(page.eventRows == trace.events.indices.map { "event-\($0)" })
        #expect(page.causes == trace.events.compactMap(\.cause))
        // The didSubscribe runs table links each run of a cold signal to its row; then the events table links each cause.
        let runs = trace.sideEffectRuns().map(\.event)
        // The findings come first, under the timeline: each links the rows of its events.
        let findings = trace.findings().flatMap { $0.events.filter(trace.events.indices.contains) }
        #expect(page.hrefs.filter { $0.hasPrefix("#event-") } == (findings + runs + trace.events.compactMap(\.cause)).map { "#event-\($0)" })
        #expect(!page.marks.isEmpty || trace.events.isEmpty)
        #expect(page.marks.allSatisfy(trace.events.indices.contains))
    }

    @Test("event rows say what happened in words, with times rounded to the microsecond")
    func eventWords() throws {
        let trace = Trace(
            title: "words",
            signals: [TraceSignal(id: 0, kind: .replaySubject(capacity: 1), name: "latest")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("late"))],
            events: [
                TraceEvent(time: 0, kind: .signal(0)),
                TraceEvent(time: 0.1 + 0.2, kind: .send(signal: 0, value: "v")),
                TraceEvent(time: 2.5, kind: .subscribe(0)),
                TraceEvent(time: 2.5, kind: .next(subscription: 0, value: "v", replayed: true), cause: 2),
                TraceEvent(time: 1e-7, kind: .dispose(0)),
            ])
        let site = ReportBuilder().build([RecordedScenario(name: "words", title: "Words", about: "", trace: trace)])
        let page = String(decoding: site[1].contents, as: UTF8.self)
        #expect(page.contains("<tr id=\"event-0\" data-event=\"0\" class=\"r-kind-created\"><td class=\"r-number\">0</td><td class=\"r-number\">0</td>"
            + "<td><code>created</code></td><td>latest</td><td>replay subject (capacity 1)</td><td></td><td></td></tr>"))
        #expect(page.contains("<td class=\"r-number\">0.3</td><td><code>send</code></td><td>latest</td><td>v</td>"))
        #expect(page.contains("<tr id=\"event-3\" data-event=\"3\" data-cause=\"2\" class=\"r-kind-next\">"
            + "<td class=\"r-number\">3</td><td class=\"r-number\">2.5</td><td><code>next</code></td><td>late → latest</td>"
            + "<td>v</td><td>replayed</td><td><a href=\"#event-2\">#2</a></td></tr>"))
        #expect(page.contains("<td class=\"r-number\">4</td><td class=\"r-number\">0</td><td><code>dispose</code></td>"))
    }

    @Test("every kind of event has a row in words, as its row of the vocabulary says")
    func everyKindInWords() throws {
        let events = TraceEvent.Tag.allCases.map { tag in
            let definition = tag.definition
            let payload = TraceEvent.Payload(id: 0, text: definition.has(.text) ? "t" : "", flag: true)
            return TraceEvent(time: 0, kind: TraceEvent.Kind(tag, payload))
        }
        let trace = Trace(
            signals: [TraceSignal(id: 0, kind: .replaySubject(capacity: 1), name: "latest")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("late"))],
            events: events)
        let site = ReportBuilder().build([RecordedScenario(name: "kinds", title: "Kinds", about: "", trace: trace)])
        let page = String(decoding: site[1].contents, as: UTF8.self)
        for (index, event) in events.enumerated() {
            let definition = event.kind.definition
            let about = definition.about == .subscription ? "late → latest" : "latest"
            let value = switch definition.detail {
            case .none: ""
            case .label: "t"
            case .signalKind: "replay subject (capacity 1)"
            case .flag(let ifTrue, _): ifTrue
            }
            #expect(page.contains("<tr id=\"event-\(index)\" data-event=\"\(index)\" class=\"r-kind-\(definition.word)\">"))
            #expect(page.contains("<td><code>\(definition.word)</code></td><td>\(about)</td><td>\(value)</td>"), "\(definition.name)")
        }
        #expect(page.contains("<td><code>connect</code></td><td>latest</td><td>subscribes the subject to the source</td>"))
    }

    @Test("hostile labels come out escaped everywhere: names, titles, explanations, sources, signals, values", arguments: [
        "</script><script>alert(1)</script>", "\" onmouseover=\"alert(1)", "<!-- a comment", "]]><x/>",
        "</style><style>*{display:none}", "\u{202E}gnp.exe", "a\u{0}b\u{7}c\u{85}", "&amp; &lt;", "../../etc/passwd",
        "emoji 🧪🔥 and עברית", String(repeating: "long ", count: 2000),
    ])
    func hostileLabels(label: String) throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(title: label, clock: scheduler) {
            let subject = Subject<String>().named(label)
            scheduler.perform { subject.subscribe(label: label) }
            scheduler.schedule(after: 1) { subject.sendNext(label) }
            scheduler.stepAll()
            return subject
        }
        let entry = RecordedScenario(name: label, title: label, about: label, source: label, trace: trace)
        let site = ReportBuilder(title: label, headline: .init(title: label, caption: label, traces: [trace, trace])).build([entry, entry])
        #expect(site.count == 3)
        for file in site {
            #expect(file.path.wholeMatch(of: /index\.html|scenarios\/[a-z0-9]+(-[a-z0-9]+)*\.html/) != nil, "\(file.path)")
            let html = String(decoding: file.contents, as: UTF8.self)
            try expectValidXML(html, "hostile \(file.path)")
            let page = PageScan(file.contents)
            #expect(page.parsed, "\(page.error)")
            #expect(page.elements["script"] == (file.path == "index.html" ? nil : 1))
            #expect(occurrences(of: "<script", in: html) == page.elements["script"] ?? 0)
            #expect(occurrences(of: "</script>", in: html) == page.elements["script"] ?? 0)
            #expect(!html.contains("<!--"))
            #expect(!html.contains("onmouseover=\""))
            #expect(!html.contains("<x/>"))
            #expect(!html.contains("</style><style>"))
            #expect(!html.contains("\u{202E}"))
            #expect(!html.contains("\u{0}"))
            #expect(!html.contains("\u{85}"))
            #expect(page.elements["style"] == 1 + (page.elements["svg"] ?? 0), "one style sheet per page and per SVG")
            #expect(Set(page.ids).count == page.ids.count)
            if !label.unicodeScalars.contains(where: { $0.value < 0x20 || (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" }) {
                #expect(page.text.contains(shortened(label)), "the label reads as text")
            }
        }
    }

    @Test("the same entries give the same bytes, even recorded again")
    func deterministic() {
        let first = catalogReport(), second = catalogReport()
        #expect(first.map(\.path) == second.map(\.path))
        for (a, b) in zip(first, second) {
            #expect(a.contents == b.contents, "\(a.path)")
        }
    }

    @Test("slugs are lowercase letters, digits and single hyphens, never empty, never a path, and unique")
    func slugs() {
        #expect(ReportBuilder.slug("subject-vs-replay") == "subject-vs-replay")
        #expect(ReportBuilder.slug("Fetch Data!") == "fetch-data")
        #expect(ReportBuilder.slug("../../etc/passwd") == "etc-passwd")
        #expect(ReportBuilder.slug("..") == "scenario")
        #expect(ReportBuilder.slug("/") == "scenario")
        #expect(ReportBuilder.slug("") == "scenario")
        #expect(ReportBuilder.slug("日本語") == "scenario")
        #expect(ReportBuilder.slug("a\u{0}b\u{202E}c") == "a-b-c")
        #expect(ReportBuilder.slug("__cold__  ") == "cold")
        #expect(ReportBuilder.slug(String(repeating: "ab-", count: 100)).count <= 64)
        #expect(!ReportBuilder.slug(String(repeating: "ab-", count: 100)).hasSuffix("-"))
        #expect(ReportBuilder.slugs(for: ["a", "a", "A", "a-2"]) == ["a", "a-2", "a-3", "a-2-2"])
        let names = ["..", "/", "", "Cold", "cold", "cold", "../cold", "日本", "x/y", String(repeating: "z", count: 300)]
        let slugs = ReportBuilder.slugs(for: names)
        #expect(Set(slugs).count == names.count)
        for slug in slugs {
            #expect(slug.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(slug)")
        }
        let trace = Catalog.scenario(named: "cold")!.trace()
        let site = ReportBuilder().build(names.map { RecordedScenario(name: $0, title: $0, about: "", trace: trace) })
        #expect(Set(site.map(\.path)).count == names.count + 1)
        #expect(site.allSatisfy { !$0.path.contains("..") && !$0.path.hasPrefix("/") })
    }
}

/// `text` as the pages show it in a table cell: at most 500 characters.
private func shortened(_ text: String) -> String {
    text.count > 500 ? String(text.prefix(499)) : text
}
