import Tracer

/// The HTML of the report's pages. Every page is HTML5 that is also
/// well-formed XML (polyglot markup), so the tests can parse it.
enum ReportPage {
    /// An entry and the slug its page is named by.
    struct Link {
        let entry: RecordedScenario
        let slug: String

        var path: String { ReportBuilder.path(ofPageWithSlug: slug) }
    }

    // MARK: Index

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

    /// A table's head: a row of column headings (`scope="col"`), each with its class if any; then
    /// the body opens.
    static func headings(_ html: inout MarkupWriter, _ columns: [(String, String?)]) {
        html.open("thead")
        html.open("tr")
        for (heading, className) in columns {
            html.element("th", [("scope", "col")] + (className.map { [("class", $0)] } ?? []), text: heading)
        }
        html.close("tr")
        html.close("thead")
        html.newline()
        html.open("tbody")
        html.newline()
    }

    /// A diagram in its figure.
    static func figure(_ html: inout MarkupWriter, _ svg: String) {
        html.open("figure", [("class", "r-figure")])
        html.newline()
        html.raw(svg)
        html.close("figure")
        html.newline()
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

    // MARK: Scenario

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

    /// Opens a section labelled by its heading: `<section aria-labelledby="ID">` and `<h2 id="ID">`.
    static func openSection(_ html: inout MarkupWriter, id: String, heading: String, class className: String? = nil) {
        html.open("section", (className.map { [("class", $0)] } ?? []) + [("aria-labelledby", id)])
        html.newline()
        html.line("h2", [("id", id)], text: heading)
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
        for paragraph in paragraphs { html.line("p", text: paragraph) }
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

    // MARK: Events

    /// The most rows of a page's events table: a trace of millions of events shows its first 10,000,
    /// and says so above the table, so that a page stays a few megabytes whatever the trace.
    static let eventTableLimit = 10_000

    /// A reference to event `index`: a link to its row of the events table, or plain `#N` when the
    /// table stops before it (``eventTableLimit``), so that no link leads nowhere.
    static func eventReference(_ html: inout MarkupWriter, _ index: Int) {
        if index < eventTableLimit {
            html.element("a", [("href", "#event-\(index)")], text: "#\(index)")
        } else {
            html.write("#\(index)")
        }
    }

    /// ``eventReference(_:_:)`` as a piece of HTML.
    static func eventReference(_ index: Int) -> String {
        var html = MarkupWriter(capacity: 64, context: .html)
        eventReference(&html, index)
        return html.text
    }

    /// The events table: a row per event, the first `limit` of them when there are more, under a
    /// line that says how many are shown, and then `hint` (how to get them all).
    static func eventsTable(_ trace: Trace, limit: Int = eventTableLimit, hint: Hint? = nil) -> String {
        let shown = min(trace.events.count, max(limit, 0))
        var html = MarkupWriter(capacity: 256 * shown + 1024, context: .html)
        if shown < trace.events.count {
            html.open("p", [("class", "r-cap"), ("id", "events-cap")])
            html.element("strong", text: "Showing the first \(grouped(shown)) of \(grouped(trace.events.count)) events.")
            html.write(" The table stops there so that the page stays small.")
            if let hint {
                html.write(" ")
                hint.write(to: &html)
            }
            html.close("p")
            html.newline()
        }
        html.open("table", [("class", "r-table r-events"), ("id", "events")])
        html.newline()
        headings(&html, [("#", "r-number"), ("time (s)", "r-number"), ("event", nil), ("subscription or signal", nil), ("value", nil),
                         ("replayed", nil), ("cause", nil)])
        let seconds = SecondsFormat(precision: .decimals(6))
        for (index, event) in trace.events[..<shown].enumerated() {
            let (kind, about, said) = words(event.kind, in: trace)
            var value = said
            if case .didSubscribe(let subscription) = event.kind {
                // Which binding caused the run, unless the subscription column says it already (a
                // binding's own subscription); the hover line under the timeline reads it from this cell.
                let chain = SubscriptionChain(leadingTo: subscription, in: trace)
                if chain.hasCause, chain.text != about { value = "caused by " + chain.text }
            }
            html.open("tr", [("id", "event-\(index)"), ("data-event", String(index))]
                + (event.cause.map { [("data-cause", String($0))] } ?? []) + [("class", "r-kind-\(kind)")])
            html.element("td", [("class", "r-number")], text: String(index))
            html.element("td", [("class", "r-number")], text: seconds.format(event.time))
            html.open("td")
            html.element("code", text: kind)
            html.close("td")
            html.element("td", text: shortened(about, to: cellLimit))
            html.element("td", text: shortened(value, to: cellLimit))
            html.element("td", text: event.kind.isReplayed ? "replayed" : "")
            html.open("td")
            if let cause = event.cause {
                // A cause past the table's last row has no row to link to.
                if cause >= 0 && cause < shown {
                    html.element("a", [("href", "#event-\(cause)")], text: "#\(cause)")
                } else {
                    html.write("#\(cause)")
                }
            }
            html.close("td")
            html.close("tr")
            html.newline()
        }
        html.raw("</tbody>\n</table>\n")
        return html.text
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }

    /// The longest text in an events table cell, in characters: a value's description can be a megabyte.
    static let cellLimit = 500

    /// An event's kind (an identifier), what it is about, and its value, in words, as the
    /// kind's row of ``TraceEvent/vocabulary`` says.
    static func words(_ kind: TraceEvent.Kind, in trace: Trace) -> (kind: String, about: String, value: String) {
        let (tag, payload) = kind.parts
        let definition = tag.definition
        let id = payload.id
        let signal = trace.signals.indices.contains(id) ? trace.signals[id] : nil
        let about = switch definition.about {
        case .subscription: trace.describe(subscription: id)
        default: signal?.name ?? "signal \(id)"
        }
        let value = switch definition.detail {
        case .none: ""
        case .label: payload.text
        case .signalKind: signal?.kind.prose ?? "signal"
        case .flag(let ifTrue, let ifFalse): payload.flag ? ifTrue : ifFalse
        }
        return (definition.word, about, value)
    }

    // MARK: Shared parts

    /// The page's head: its title, description and style sheet, and `style`, rules of the page's own.
    static func head(title: String, description: String, style: String = "") -> String {
        var html = MarkupWriter(capacity: 8192, context: .html)
        html.raw("<!DOCTYPE html>\n")
        html.open("html", [("xmlns", "http://www.w3.org/1999/xhtml"), ("lang", "en")])
        html.newline()
        html.open("head")
        html.newline()
        for attributes in [[("charset", "utf-8")], [("name", "viewport"), ("content", "width=device-width, initial-scale=1")],
                           [("name", "color-scheme"), ("content", "light dark")], [("name", "generator"), ("content", "sigviz")],
                           [("name", "description"), ("content", description)]] {
            html.empty("meta", attributes)
            html.newline()
        }
        html.line("title", text: title)
        // The style sheet is this module's (report.css, the palette) and the page's own rules:
        // markup of its own, without `<` or `&`.
        html.open("style")
        html.raw(styleSheet + style)
        html.close("style")
        html.newline()
        html.raw("</head>\n<body>\n")
        return html.text
    }

    static func footer() -> String {
        var html = MarkupWriter(capacity: 256, context: .html)
        html.line("footer", [("class", "r-footer")], text: "Made by sigviz from recorded traces of the ReactiveCocoa 2.5 runtime on virtual time.")
        return html.text
    }

    /// The page's style sheet: the theme's colours as custom properties (from ``Palette``, as the
    /// diagrams draw them), then the rules, Resources/report.css. The inline SVGs bring their own
    /// (``Theme/auto``), whose rules apply to the whole page, so every class of report.css starts
    /// with `r-` to keep clear of them. No `<` or `&`, for XML.
    static let styleSheet = """

        :root{color-scheme:light dark;--bg:\(Palette.light.background);--panel:\(Palette.light.panel);--fg:\(Palette.light.foreground);\
        --muted:\(Palette.light.muted);--grid:\(Palette.light.grid);--link:#005a8f;--hl:#D55E00;--hl-row:#fde9c8;--hl-main:#f9c98a;--target:#d7ecf9;\
        --fail:#b34100;--fail-bg:#fdeee6}
        @media (prefers-color-scheme:dark){:root{--bg:\(Palette.dark.background);--panel:\(Palette.dark.panel);--fg:\(Palette.dark.foreground);\
        --muted:\(Palette.dark.muted);--grid:\(Palette.dark.grid);--link:#79c0ff;--hl:#F0B431;--hl-row:#3a2e12;--hl-main:#5c4516;--target:#12324a;\
        --fail:#F07A3A;--fail-bg:#3a1d0e}}

        """ + String(decoding: PackageResources.report_css, as: UTF8.self)

    /// The hover script, Resources/report.js: plain JavaScript, no libraries. It reads each row's
    /// `data-event` and `data-cause`, and on hovering anything with `data-event` (a mark or a
    /// row) highlights that event, the events in its chain of causes and the events whose chain of
    /// causes leads to it; on hovering a finding (`data-finding-events`), the finding's events.
    /// Wrapped in a commented CDATA section by the page, for XML.
    static let script = String(decoding: PackageResources.report_js, as: UTF8.self)
}
