import Tracer

/// The report's index: every scenario, its didSubscribe counts and findings, under the headline comparison.
extension ReportPage {
    static func index(title: String, headline: ReportBuilder.Headline?, pages: [Link]) -> String {
        var html = MarkupWriter(capacity: 16_384, context: .html)
        html.raw(head(title: title, description: "An index of \(pages.count) reactive signal scenarios"))
        html.open("header", [("class", "r-header")])
        html.line("h1", text: title)
        html.line("p", [("class", "r-lead")], text: "What the ReactiveCocoa 2.5 runtime did, on virtual time: "
            + "\(pages.count) scenario\(pages.count == 1 ? "" : "s"), each with its timeline, subscription graph "
            + "and every recorded event.")
        html.raw(failingExpectationsAlert(pages))
        html.raw(findingsTotal(pages))
        html.close("header")
        html.newline()
        html.open("main")
        html.newline()
        if let headline, !headline.traces.isEmpty {
            html.open("section", [("aria-labelledby", "headline")])
            html.newline()
            html.line("h2", [("id", "headline")], text: headline.title)
            if let caption = headline.caption { html.line("p", text: caption) }
            figure(&html, ComparisonRenderer(theme: .auto, title: headline.title).render(headline.traces, form: .inPage(idPrefix: "headline-svg")))
            html.close("section")
            html.newline()
        }
        html.open("section", [("aria-labelledby", "scenarios")])
        html.newline()
        html.line("h2", [("id", "scenarios")], text: "Scenarios")
        if pages.isEmpty {
            html.line("p", text: "No scenarios.")
        } else {
            html.open("table", [("class", "r-table r-index")])
            html.newline()
            headings(&html, [("Scenario", nil), ("What it shows", nil), ("didSubscribe runs", nil), ("Findings", "r-number")])
            for link in pages {
                html.open("tr")
                html.open("td")
                html.element("a", [("class", "r-scenario-link"), ("href", link.path)], text: link.entry.title)
                html.empty("br", [])
                html.element("code", [("class", "r-name")], text: link.entry.name)
                if !link.entry.expectations.failed.isEmpty {
                    html.empty("br", [])
                    html.element("span", [("class", "r-badge-failed")], text: "✗ \(link.entry.expectations.summary)")
                }
                html.close("td")
                html.element("td", text: firstSentence(link.entry.about))
                html.open("td")
                countsSummary(&html, link.entry.trace)
                html.close("td")
                html.open("td", [("class", "r-number")])
                findingsCount(&html, link)
                html.close("td")
                html.close("tr")
                html.newline()
            }
            html.raw("</tbody>\n</table>\n")
        }
        html.raw("</section>\n</main>\n")
        html.raw(footer())
        html.raw("</body>\n</html>\n")
        return html.text
    }

    /// The index's alert naming the scenarios whose expectations failed, linked to their pages; empty when none did.
    static func failingExpectationsAlert(_ pages: [Link]) -> String {
        let failing = pages.filter { !$0.entry.expectations.failed.isEmpty }
        guard !failing.isEmpty else { return "" }
        var html = MarkupWriter(capacity: 1024, context: .html)
        html.open("p", [("class", "r-alert")])
        html.write("✗ Expectations failed in \(failing.count) scenario\(failing.count == 1 ? "" : "s"): ")
        for (index, link) in failing.enumerated() {
            if index > 0 { html.write(", ") }
            html.element("a", [("href", link.path)], text: link.entry.title)
            html.write(" (\(link.entry.expectations.summary))")
        }
        html.write(". The runtime did not do what \(failing.count == 1 ? "its scenario file says" : "their scenario files say").")
        html.close("p")
        html.newline()
        return html.text
    }

    /// The index's line counting the findings of every scenario: "7 findings in 3 scenarios", or "No findings.".
    static func findingsTotal(_ pages: [Link]) -> String {
        let counts = pages.map(\.entry.explanations.count)
        let total = counts.reduce(0, +)
        var html = MarkupWriter(capacity: 128, context: .html)
        guard total > 0 else {
            html.line("p", [("class", "r-findings-total")], text: "No findings.")
            return html.text
        }
        let scenarios = counts.filter { $0 > 0 }.count
        html.open("p", [("class", "r-findings-total")])
        html.write("\(count(total)) in \(scenarios) scenario\(scenarios == 1 ? "" : "s"), ")
        html.raw("each listed on its scenario's page.")
        html.close("p")
        html.newline()
        return html.text
    }

    /// A scenario's count of findings, linked to them on its page; "none" when it has none.
    static func findingsCount(_ html: inout MarkupWriter, _ link: Link) {
        let count = link.entry.explanations.count
        guard count > 0 else { return html.element("span", [("class", "r-muted")], text: "none") }
        html.element("a", [("class", "r-findings-count"), ("href", link.path + "#findings")], text: String(count))
    }

    /// "fetchData × 6" per cold signal, separated by line breaks; "none" when there is no cold signal.
    static func countsSummary(_ html: inout MarkupWriter, _ trace: Trace) {
        let counts = coldSignals(trace)
        guard !counts.isEmpty else { return html.element("span", [("class", "r-muted")], text: "none") }
        for (index, count) in counts.enumerated() {
            if index > 0 { html.empty("br", []) }
            html.write("\(count.name) × \(count.count)")
        }
    }

    /// Every signal whose subscriptions run a block of its user's (a cold signal made by
    /// `Signal.create`, a `defer`: ``TraceSignal/runsBlockPerSubscription``) and how many times
    /// it ran, in signal order.
    static func coldSignals(_ trace: Trace) -> [(id: Int, name: String, count: Int)] {
        trace.sideEffectSources().map { ($0.id, $0.name, trace.didSubscribeCount(of: $0.id)) }
    }
}
