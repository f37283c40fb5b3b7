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
        var page = head(title: title, description: "An index of \(pages.count) reactive signal scenarios")
        page += "<header class=\"r-header\"><h1>\(escaped(title, for: .html))</h1>\n"
        page += "<p class=\"r-lead\">What the ReactiveCocoa 2.5 runtime did, on virtual time: "
            + "\(pages.count) scenario\(pages.count == 1 ? "" : "s"), each with its timeline, subscription graph "
            + "and every recorded event.</p>\n"
        page += failingExpectationsAlert(pages)
        page += findingsTotal(pages)
        page += "</header>\n<main>\n"
        if let headline, !headline.traces.isEmpty {
            page += "<section aria-labelledby=\"headline\">\n<h2 id=\"headline\">\(escaped(headline.title, for: .html))</h2>\n"
            if let caption = headline.caption { page += "<p>\(escaped(caption, for: .html))</p>\n" }
            let svg = ComparisonRenderer(theme: .auto, title: headline.title).render(headline.traces, form: .inPage(idPrefix: "headline-svg"))
            page += "<figure class=\"r-figure\">\n" + svg + "</figure>\n</section>\n"
        }
        page += "<section aria-labelledby=\"scenarios\">\n<h2 id=\"scenarios\">Scenarios</h2>\n"
        if pages.isEmpty {
            page += "<p>No scenarios.</p>\n"
        } else {
            page += "<table class=\"r-table r-index\">\n<thead><tr><th scope=\"col\">Scenario</th>"
                + "<th scope=\"col\">What it shows</th><th scope=\"col\">didSubscribe runs</th>"
                + "<th scope=\"col\" class=\"r-number\">Findings</th></tr></thead>\n<tbody>\n"
            for link in pages {
                page += "<tr><td><a class=\"r-scenario-link\" href=\"\(link.path)\">\(escaped(link.entry.title, for: .html))</a>"
                    + "<br/><code class=\"r-name\">\(escaped(link.entry.name, for: .html))</code>"
                    + (link.entry.expectations.failed.isEmpty ? "" : "<br/><span class=\"r-badge-failed\">✗ \(link.entry.expectations.summary)</span>")
                    + "</td>"
                    + "<td>\(escaped(firstSentence(link.entry.about), for: .html))</td>"
                    + "<td>\(countsSummary(link.entry.trace))</td>"
                    + "<td class=\"r-number\">\(findingsCount(link))</td></tr>\n"
            }
            page += "</tbody>\n</table>\n"
        }
        page += "</section>\n</main>\n"
        page += footer()
        page += "</body>\n</html>\n"
        return page
    }

    /// The index's alert naming the scenarios whose expectations failed, linked to their pages; empty when none did.
    static func failingExpectationsAlert(_ pages: [Link]) -> String {
        let failing = pages.filter { !$0.entry.expectations.failed.isEmpty }
        guard !failing.isEmpty else { return "" }
        let links = failing.map { "<a href=\"\($0.path)\">\(escaped($0.entry.title, for: .html))</a> (\($0.entry.expectations.summary))" }
        return "<p class=\"r-alert\">✗ Expectations failed in \(failing.count) scenario\(failing.count == 1 ? "" : "s"): "
            + links.joined(separator: ", ") + ". The runtime did not do what "
            + "\(failing.count == 1 ? "its scenario file says" : "their scenario files say").</p>\n"
    }

    /// The index's line counting the findings of every scenario: "7 findings in 3 scenarios", or "No findings.".
    static func findingsTotal(_ pages: [Link]) -> String {
        let counts = pages.map(\.entry.explanations.count)
        let total = counts.reduce(0, +)
        guard total > 0 else { return "<p class=\"r-findings-total\">No findings.</p>\n" }
        let scenarios = counts.filter { $0 > 0 }.count
        return "<p class=\"r-findings-total\">\(count(total)) in \(scenarios) scenario\(scenarios == 1 ? "" : "s"), "
            + "each listed on its scenario's page.</p>\n"
    }

    /// A scenario's count of findings, linked to them on its page; "none" when it has none.
    static func findingsCount(_ link: Link) -> String {
        let count = link.entry.explanations.count
        guard count > 0 else { return "<span class=\"r-muted\">none</span>" }
        return "<a class=\"r-findings-count\" href=\"\(link.path)#findings\">\(count)</a>"
    }

    /// "fetchData × 6" per cold signal, separated by line breaks; "none" when there is no cold signal.
    static func countsSummary(_ trace: Trace) -> String {
        let counts = coldSignals(trace)
        guard !counts.isEmpty else { return "<span class=\"r-muted\">none</span>" }
        return counts.map { "\(escaped($0.name, for: .html)) × \($0.count)" }.joined(separator: "<br/>")
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
        var page = head(title: entry.title + " · " + siteTitle, description: firstSentence(entry.about),
                        style: findingsStyle(entry.explanations, of: trace))
        page += "<nav class=\"r-nav\" aria-label=\"Scenarios\"><a href=\"../index.html\">All scenarios</a>"
        if let previous {
            page += " <span class=\"r-muted\">·</span> <a href=\"../\(previous.path)\" rel=\"prev\">Previous: \(escaped(previous.entry.title, for: .html))</a>"
        }
        if let next {
            page += " <span class=\"r-muted\">·</span> <a href=\"../\(next.path)\" rel=\"next\">Next: \(escaped(next.entry.title, for: .html))</a>"
        }
        page += "</nav>\n"
        page += "<header class=\"r-header\"><h1>\(escaped(entry.title, for: .html))</h1>\n<p class=\"r-muted\">Scenario <code class=\"r-name\">"
            + "\(escaped(entry.name, for: .html))</code> · \(trace.events.count) event\(trace.events.count == 1 ? "" : "s") over \(SecondsFormat(precision: .decimals(6), unit: .seconds).format(trace.duration))"
        let failed = entry.expectations.failed
        if !entry.expectations.isEmpty {
            page += failed.isEmpty
                ? " · ✓ \(entry.expectations.summary)"
                : " · <a class=\"r-failed\" href=\"#expectations\">✗ \(entry.expectations.summary)</a>"
        }
        page += "</p></header>\n<main>\n"
        // Failed expectations stay right under the title, then comes the timeline: the page is about it.
        // After it, what went wrong in it (the findings, whose events hovering lights on it); what it shows in words; the didSubscribe runs (the timeline's diamonds, counted,
        // each with the binding that caused it); the graph of who subscribed to whom (those chains,
        // drawn); the source that made it all; and last the longest part, every event, which
        // hovering reaches into.
        if !failed.isEmpty { page += expectationsSection(entry.expectations, hint: hints.failedExpectations) }
        page += timelineSection(trace, failed: failed)
        page += findingsSection(entry.explanations, of: trace)
        page += aboutSection(entry.about)
        page += runsSection(trace)
        page += "<section aria-labelledby=\"graph\">\n<h2 id=\"graph\">Subscription graph</h2>\n"
        page += "<figure class=\"r-figure\">\n" + GraphRenderer(theme: .auto).render(trace, form: .inPage(idPrefix: "graph-svg"))
            + "</figure>\n</section>\n"
        if let source = entry.source {
            page += "<section aria-labelledby=\"source\">\n<h2 id=\"source\">Source</h2>\n"
            page += "<pre class=\"r-source\"><code>\(escaped(source, for: .preformattedHTML))</code></pre>\n</section>\n"
        }
        page += "<section aria-labelledby=\"events-heading\">\n<h2 id=\"events-heading\">Events</h2>\n"
        page += "<p>Everything the runtime did, in order. The cause is the event during which this one happened "
            + "(a subject's deliveries name its send); a didSubscribe run names the chain of subscriptions that led to it.</p>\n"
        page += eventsTable(trace, hint: hints.allEvents)
        page += "</section>\n</main>\n"
        page += footer()
        page += "<script>//<![CDATA[\n" + script + "//]]></script>\n"
        page += "</body>\n</html>\n"
        return page
    }

    /// The timeline: the page's first section after the title (and any failed expectations), with
    /// the hint that the script shows and the line where it describes the hovered event.
    static func timelineSection(_ trace: Trace, failed: [ExpectationOutcome]) -> String {
        var section = "<section aria-labelledby=\"timeline\">\n<h2 id=\"timeline\">Timeline</h2>\n"
        section += "<p class=\"r-hint\" id=\"r-hint\" hidden=\"hidden\">Hover a mark to highlight its event and the events "
            + "connected to it by their causes; click it to go to its row.</p>\n"
        if !failed.isEmpty {
            section += "<p>The failing expectations are drawn under their subscribers' lanes, hollow and dashed, "
                + "with a line at the first difference.</p>\n"
        }
        let drawn = failed.compactMap(\.timelineExpectation)
        section += "<figure class=\"r-figure\">\n" + TimelineRenderer(theme: .auto).render(trace, expectations: drawn, form: .inPage(idPrefix: "timeline-svg"))
            + "</figure>\n<p class=\"r-status\" id=\"r-status\" aria-live=\"polite\"></p>\n</section>\n"
        return section
    }

    /// "What it shows": the explanation's paragraphs.
    static func aboutSection(_ explanation: String) -> String {
        var section = "<section aria-labelledby=\"about\">\n<h2 id=\"about\">What it shows</h2>\n"
        let paragraphs = paragraphs(explanation)
        section += paragraphs.isEmpty ? "<p class=\"r-muted\">No explanation given.</p>\n" : paragraphs.map { "<p>\(escaped($0, for: .html))</p>\n" }.joined()
        return section + "</section>\n"
    }

    /// How many times each cold signal's didSubscribe ran, and then each run: when, and which
    /// binding caused it (its ``SubscriptionChain``), linked to its row of the events table.
    static func runsSection(_ trace: Trace) -> String {
        var section = "<section aria-labelledby=\"counts\">\n<h2 id=\"counts\">didSubscribe runs</h2>\n"
        let counts = coldSignals(trace)
        guard !counts.isEmpty else {
            return section + "<p>No cold signal: nothing here has a didSubscribe of its own to run.</p>\n</section>\n"
        }
        section += "<p>How many times each cold signal's didSubscribe ran: its side effects, such as network requests.</p>\n"
        section += "<table class=\"r-table r-counts\">\n<thead><tr><th scope=\"col\">cold signal</th><th scope=\"col\" class=\"r-number\">runs</th></tr></thead>\n<tbody>\n"
        for count in counts {
            section += "<tr><td>\(escaped(count.name, for: .html))</td><td class=\"r-number\">\(count.count)</td></tr>\n"
        }
        section += "</tbody>\n</table>\n"
        let runs = self.runs(trace)
        guard !runs.isEmpty else { return section + "</section>\n" }
        section += "<p>Which binding caused each run: the chain of subscriptions from the subscriber down to the cold signal, "
            + "numbered as on the timeline's diamonds.</p>\n"
        section += "<table class=\"r-table r-runs\">\n<thead><tr><th scope=\"col\">cold signal</th><th scope=\"col\" class=\"r-number\">run</th>"
            + "<th scope=\"col\" class=\"r-number\">time (s)</th><th scope=\"col\">caused by</th>"
            + "<th scope=\"col\" class=\"r-number\">event</th></tr></thead>\n<tbody>\n"
        for run in runs {
            section += "<tr><td>\(escaped(run.signal, for: .html))</td><td class=\"r-number\">\(run.number)</td>"
                + "<td class=\"r-number\">\(SecondsFormat(precision: .decimals(6)).format(run.time))</td>"
                + "<td>\(escaped(shortened(run.chain.text, to: cellLimit), for: .html))</td>"
                + "<td class=\"r-number\">\(eventReference(run.event))</td></tr>\n"
        }
        return section + "</tbody>\n</table>\n</section>\n"
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
        var section = "<section class=\"r-expectations\" aria-labelledby=\"expectations\">\n"
            + "<h2 id=\"expectations\">✗ \(expectations.summary)</h2>\n"
            + "<p>What the runtime did is not what the scenario file's <code>expect</code> lines say"
            + (hint.map { " (" + $0.html + ")" } ?? "") + ".</p>\n"
        for (number, expectation) in expectations.failed.enumerated() {
            guard number < ExpectationOutcome.failuresShownWithMarbles else {
                // The rest by line alone: a page in proportion to the file, however many failed.
                let rest = expectations.failed.dropFirst(number)
                section += "<p>Also failed: " + rest.map { "line \($0.line)" }.joined(separator: ", ") + ".</p>\n"
                break
            }
            section += "<div class=\"r-expectation\"><p><strong>Line \(expectation.line)</strong>, "
                + "<code>\(escaped(shortened(expectation.subject, to: cellLimit), for: .html))</code>: "
                + "\(escaped(expectation.problem ?? "", for: .html))</p>\n"
            if let comparison = expectation.comparison {
                let lines = comparison.sideBySide.enumerated().map { index, line in
                    index < 2 ? escaped(line, for: .html) : "<span class=\"r-caret\">\(escaped(line, for: .html))</span>"
                }
                section += "<pre class=\"r-marbles\"><code>\(lines.joined(separator: "\n"))</code></pre>\n"
            } else {
                section += "<p>Expected: <code>\(escaped(expectation.expected.text, for: .html))</code></p>\n"
            }
            section += "</div>\n"
        }
        let held = expectations.filter(\.passed)
        if !held.isEmpty {
            section += "<p class=\"r-muted\">✓ Held: " + held.map {
                "line \($0.line), <code>\(escaped(shortened($0.subject, to: cellLimit), for: .html))</code>"
            }.joined(separator: "; ") + ".</p>\n"
        }
        return section + "</section>\n"
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
    static func eventReference(_ index: Int) -> String {
        index < eventTableLimit ? "<a href=\"#event-\(index)\">#\(index)</a>" : "#\(index)"
    }

    /// The events table: a row per event, the first `limit` of them when there are more, under a
    /// line that says how many are shown, and then `hint` (how to get them all).
    static func eventsTable(_ trace: Trace, limit: Int = eventTableLimit, hint: Hint? = nil) -> String {
        let shown = min(trace.events.count, max(limit, 0))
        var table = ""
        if shown < trace.events.count {
            table += "<p class=\"r-cap\" id=\"events-cap\"><strong>Showing the first \(grouped(shown)) of \(grouped(trace.events.count)) events.</strong> "
                + "The table stops there so that the page stays small." + (hint.map { " " + $0.html } ?? "") + "</p>\n"
        }
        table += "<table class=\"r-table r-events\" id=\"events\">\n<thead><tr><th scope=\"col\" class=\"r-number\">#</th><th scope=\"col\" class=\"r-number\">time (s)</th>"
            + "<th scope=\"col\">event</th><th scope=\"col\">subscription or signal</th><th scope=\"col\">value</th>"
            + "<th scope=\"col\">replayed</th><th scope=\"col\">cause</th></tr></thead>\n<tbody>\n"
        for (index, event) in trace.events[..<shown].enumerated() {
            let (kind, about, said) = words(event.kind, in: trace)
            var value = said
            if case .didSubscribe(let subscription) = event.kind {
                // Which binding caused the run, unless the subscription column says it already (a
                // binding's own subscription); the hover line under the timeline reads it from this cell.
                let chain = SubscriptionChain(leadingTo: subscription, in: trace)
                if chain.hasCause, chain.text != about { value = "caused by " + chain.text }
            }
            var row = "<tr id=\"event-\(index)\" data-event=\"\(index)\""
            if let cause = event.cause { row += " data-cause=\"\(cause)\"" }
            row += " class=\"r-kind-\(kind)\">"
            row += "<td class=\"r-number\">\(index)</td><td class=\"r-number\">\(SecondsFormat(precision: .decimals(6)).format(event.time))</td>"
            row += "<td><code>\(kind)</code></td><td>\(escaped(shortened(about, to: cellLimit), for: .html))</td>"
                + "<td>\(escaped(shortened(value, to: cellLimit), for: .html))</td>"
            row += "<td>\(event.kind.isReplayed ? "replayed" : "")</td>"
            if let cause = event.cause {
                // A cause past the table's last row has no row to link to.
                let valid = cause >= 0 && cause < shown
                row += valid ? "<td><a href=\"#event-\(cause)\">#\(cause)</a></td>" : "<td>#\(cause)</td>"
            } else {
                row += "<td></td>"
            }
            table += row + "</tr>\n"
        }
        table += "</tbody>\n</table>\n"
        return table
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
        """
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="color-scheme" content="light dark"/>
        <meta name="generator" content="sigviz"/>
        <meta name="description" content="\(escaped(description, for: .html))"/>
        <title>\(escaped(title, for: .html))</title>
        <style>\(styleSheet)\(style)</style>
        </head>
        <body>

        """
    }

    static func footer() -> String {
        "<footer class=\"r-footer\">Made by sigviz from recorded traces of the ReactiveCocoa 2.5 runtime on virtual time.</footer>\n"
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
