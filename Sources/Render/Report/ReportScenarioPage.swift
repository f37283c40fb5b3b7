import Tracer

/// A scenario's page: its failed expectations, timeline, findings, what it shows, didSubscribe
/// runs, subscription graph, source and events.
extension ReportPage {
    static func scenario(_ link: Link, siteTitle: String, hints: ReportBuilder.Hints, previous: Link?, next: Link?) -> String {
        let entry = link.entry
        let trace = entry.trace
        var html = MarkupWriter(capacity: 65_536, context: .html)
        html.raw(head(title: entry.title + " · " + siteTitle, description: firstSentence(entry.about),
                      style: findingsStyle(entry.explanations, of: trace)))
        html.open("nav", [("class", "r-nav"), ("aria-label", "Scenarios")])
        html.element("a", [("href", "../index.html")], text: "All scenarios")
        for (neighbour, relation, word) in [(previous, "prev", "Previous"), (next, "next", "Next")] {
            guard let neighbour else { continue }
            html.write(" ")
            html.element("span", [("class", "r-muted")], text: "·")
            html.write(" ")
            html.element("a", [("href", "../" + neighbour.path), ("rel", relation)], text: "\(word): \(neighbour.entry.title)")
        }
        html.close("nav")
        html.newline()
        html.open("header", [("class", "r-header")])
        html.line("h1", text: entry.title)
        html.open("p", [("class", "r-muted")])
        html.write("Scenario ")
        html.element("code", [("class", "r-name")], text: entry.name)
        html.write(" · \(trace.events.count) event\(trace.events.count == 1 ? "" : "s") over "
            + SecondsFormat(precision: .decimals(6), unit: .seconds).format(trace.duration))
        let failed = entry.expectations.failed
        if !entry.expectations.isEmpty {
            if failed.isEmpty {
                html.write(" · ✓ \(entry.expectations.summary)")
            } else {
                html.write(" · ")
                html.element("a", [("class", "r-failed"), ("href", "#expectations")], text: "✗ \(entry.expectations.summary)")
            }
        }
        html.close("p")
        html.close("header")
        html.newline()
        html.open("main")
        html.newline()
        // Failed expectations stay right under the title, then comes the timeline: the page is about it.
        // After it, what went wrong in it (the findings, whose events hovering lights on it); what it shows in words; the didSubscribe runs (the timeline's diamonds, counted,
        // each with the binding that caused it); the graph of who subscribed to whom (those chains,
        // drawn); the source that made it all; and last the longest part, every event, which
        // hovering reaches into.
        if !failed.isEmpty { html.raw(expectationsSection(entry.expectations, hint: hints.failedExpectations)) }
        html.raw(timelineSection(trace, failed: failed))
        html.raw(findingsSection(entry.explanations, of: trace))
        html.raw(aboutSection(entry.about))
        html.raw(runsSection(trace))
        openSection(&html, id: "graph", heading: "Subscription graph")
        figure(&html, GraphRenderer(theme: .auto).render(trace, form: .inPage(idPrefix: "graph-svg")))
        html.close("section")
        html.newline()
        if let source = entry.source {
            openSection(&html, id: "source", heading: "Source")
            html.open("pre", [("class", "r-source")])
            html.open("code")
            html.write(source, as: .preformattedHTML)
            html.close("code")
            html.close("pre")
            html.newline()
            html.close("section")
            html.newline()
        }
        openSection(&html, id: "events-heading", heading: "Events")
        html.raw("<p>Everything the runtime did, in order. The cause is the event during which this one happened "
            + "(a subject's deliveries name its send); a didSubscribe run names the chain of subscriptions that led to it.</p>\n")
        html.raw(eventsTable(trace, hint: hints.allEvents))
        html.raw("</section>\n</main>\n")
        html.raw(footer())
        html.raw("<script>//<![CDATA[\n" + script + "//]]></script>\n")
        html.raw("</body>\n</html>\n")
        return html.text
    }

    /// The timeline: the page's first section after the title (and any failed expectations), with
    /// the hint that the script shows and the line where it describes the hovered event.
    static func timelineSection(_ trace: Trace, failed: [ExpectationOutcome]) -> String {
        var html = MarkupWriter(capacity: 65_536, context: .html)
        openSection(&html, id: "timeline", heading: "Timeline")
        html.line("p", [("class", "r-hint"), ("id", "r-hint"), ("hidden", "hidden")], text: "Hover a mark to highlight its event and the events "
            + "connected to it by their causes; click it to go to its row.")
        if !failed.isEmpty {
            html.raw("<p>The failing expectations are drawn under their subscribers' lanes, hollow and dashed, "
                + "with a line at the first difference.</p>\n")
        }
        let drawn = failed.compactMap(\.timelineExpectation)
        figure(&html, TimelineRenderer(theme: .auto).render(trace, expectations: drawn, form: .inPage(idPrefix: "timeline-svg")))
        html.element("p", [("class", "r-status"), ("id", "r-status"), ("aria-live", "polite")], text: "")
        html.newline()
        html.close("section")
        html.newline()
        return html.text
    }

    /// "What it shows": the explanation's paragraphs.
    static func aboutSection(_ explanation: String) -> String {
        var html = MarkupWriter(capacity: 1024, context: .html)
        openSection(&html, id: "about", heading: "What it shows")
        let paragraphs = paragraphs(explanation)
        if paragraphs.isEmpty { html.line("p", [("class", "r-muted")], text: "No explanation given.") }
        for paragraph in paragraphs {
            html.open("p")
            html.writeLinkingAddresses(paragraph)
            html.close("p")
            html.newline()
        }
        html.close("section")
        html.newline()
        return html.text
    }

    /// How many times each cold signal's didSubscribe ran, and then each run: when, and which
    /// binding caused it (its ``SubscriptionChain``), linked to its row of the events table.
    static func runsSection(_ trace: Trace) -> String {
        var html = MarkupWriter(capacity: 4096, context: .html)
        openSection(&html, id: "counts", heading: "didSubscribe runs")
        let counts = coldSignals(trace)
        guard !counts.isEmpty else {
            html.line("p", text: "No cold signal: nothing here has a didSubscribe of its own to run.")
            html.close("section")
            html.newline()
            return html.text
        }
        html.raw("<p>How many times each cold signal's didSubscribe ran: its side effects, such as network requests.</p>\n")
        html.open("table", [("class", "r-table r-counts")])
        html.newline()
        headings(&html, [("cold signal", nil), ("runs", "r-number")])
        for count in counts {
            html.open("tr")
            html.element("td", text: count.name)
            html.element("td", [("class", "r-number")], text: String(count.count))
            html.close("tr")
            html.newline()
        }
        html.raw("</tbody>\n</table>\n")
        let runs = self.runs(trace)
        guard !runs.isEmpty else {
            html.close("section")
            html.newline()
            return html.text
        }
        html.raw("<p>Which binding caused each run: the chain of subscriptions from the subscriber down to the cold signal, "
            + "numbered as on the timeline's diamonds.</p>\n")
        html.open("table", [("class", "r-table r-runs")])
        html.newline()
        headings(&html, [("cold signal", nil), ("run", "r-number"), ("time (s)", "r-number"), ("caused by", nil), ("event", "r-number")])
        for run in runs {
            html.open("tr")
            html.element("td", text: run.signal)
            html.element("td", [("class", "r-number")], text: String(run.number))
            html.element("td", [("class", "r-number")], text: SecondsFormat(precision: .decimals(6)).format(run.time))
            html.element("td", text: shortened(run.chain.text, to: cellLimit))
            html.open("td", [("class", "r-number")])
            eventReference(&html, run.event)
            html.close("td")
            html.close("tr")
            html.newline()
        }
        html.raw("</tbody>\n</table>\n</section>\n")
        return html.text
    }

    /// Every didSubscribe run of a cold signal, in trace order: the signal's name, the run's number
    /// for that signal (as the timeline numbers its diamonds), its time, its event and its chain.
    static func runs(_ trace: Trace) -> [(signal: String, number: Int, time: Double, event: Int, chain: SubscriptionChain)] {
        var numbers: [Int: Int] = [:]
        return trace.sideEffectRuns().map { run in
            numbers[run.signal, default: 0] += 1
            return (trace.signals[run.signal].name, numbers[run.signal]!, run.time, run.event,
                    SubscriptionChain(leadingTo: run.subscription, in: trace))
        }
    }

    /// The section at the top of a page whose expectations failed: each failing one with its line,
    /// what it is about, why it failed, and the expected and actual marbles lined up with the first
    /// difference marked (``MarbleComparison/sideBySide``); then the ones that held. `hint` says, in
    /// parentheses, what else reports them.
    static func expectationsSection(_ expectations: [ExpectationOutcome], hint: Hint? = nil) -> String {
        var html = MarkupWriter(capacity: 4096, context: .html)
        openSection(&html, id: "expectations", heading: "✗ \(expectations.summary)", class: "r-expectations")
        html.raw("<p>What the runtime did is not what the scenario file's <code>expect</code> lines say")
        if let hint {
            html.write(" (")
            hint.write(to: &html)
            html.write(")")
        }
        html.raw(".</p>\n")
        for (number, expectation) in expectations.failed.enumerated() {
            guard number < ExpectationOutcome.failuresShownWithMarbles else {
                // The rest by line alone: a page in proportion to the file, however many failed.
                let rest = expectations.failed.dropFirst(number)
                html.line("p", text: "Also failed: " + rest.map { "line \($0.line)" }.joined(separator: ", ") + ".")
                break
            }
            html.open("div", [("class", "r-expectation")])
            html.open("p")
            html.element("strong", text: "Line \(expectation.line)")
            html.write(", ")
            html.element("code", text: shortened(expectation.subject, to: cellLimit))
            html.write(": " + (expectation.problem ?? ""))
            html.close("p")
            html.newline()
            if let comparison = expectation.comparison {
                html.open("pre", [("class", "r-marbles")])
                html.open("code")
                for (index, line) in comparison.sideBySide.enumerated() {
                    if index > 0 { html.raw("\n") }
                    if index < 2 { html.write(line) } else { html.element("span", [("class", "r-caret")], text: line) }
                }
                html.close("code")
                html.close("pre")
                html.newline()
            } else {
                html.open("p")
                html.write("Expected: ")
                html.element("code", text: expectation.expected.text)
                html.close("p")
                html.newline()
            }
            html.close("div")
            html.newline()
        }
        let held = expectations.filter(\.passed)
        if !held.isEmpty {
            html.open("p", [("class", "r-muted")])
            html.write("✓ Held: ")
            for (index, expectation) in held.enumerated() {
                if index > 0 { html.write("; ") }
                html.write("line \(expectation.line), ")
                html.element("code", text: shortened(expectation.subject, to: cellLimit))
            }
            html.write(".")
            html.close("p")
            html.newline()
        }
        html.close("section")
        html.newline()
        return html.text
    }

    /// The explanation's paragraphs: blank-line separated, whitespace runs joined.
    static func paragraphs(_ text: String) -> [String] {
        var result: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { result.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { result.append(current.joined(separator: " ")) }
        return result.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.filter { !$0.isEmpty }
    }
}
