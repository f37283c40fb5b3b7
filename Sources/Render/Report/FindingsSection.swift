import Foundation
import Findings
import Tracer

extension ReportPage {
    /// A scenario page's Findings: "No findings.", or a numbered list of what went wrong, each
    /// finding with its sentence, links to the rows of its events, its suggestion and, when the
    /// suggestion was proven, the change, the runs before → after, what each labelled subscriber
    /// received differently (or "unchanged"), and both runs drawn on one time axis.
    ///
    /// Each item names its events in `data-finding-events`: hovering it highlights them on the
    /// timeline and in the events table (the page's script); without the script, the links reach them.
    static func findingsSection(_ explanations: [Explanation], of trace: Trace) -> String {
        var section = "<section aria-labelledby=\"findings\">\n<h2 id=\"findings\">Findings</h2>\n"
        guard !explanations.isEmpty else { return section + "<p>No findings.</p>\n</section>\n" }
        section += "<p>What went wrong, read from the trace: \(count(explanations.count)).<span class=\"r-hint\" "
            + "id=\"r-findings-hint\" hidden=\"hidden\"> Hover a finding to highlight its events on the timeline "
            + "and in the events table.</span></p>\n<ol class=\"r-findings\">\n"
        for (index, explanation) in explanations.enumerated() {
            section += finding(explanation, number: index + 1, of: trace)
        }
        return section + "</ol>\n</section>\n"
    }

    /// Style rules that highlight, while a finding is hovered, its events' marks on the timeline and
    /// their rows, as the script does: for a reader without JavaScript, in a browser with `:has()`.
    /// Empty when no finding names an event.
    static func findingsStyle(_ explanations: [Explanation], of trace: Trace) -> String {
        var style = ""
        for (index, explanation) in explanations.enumerated() {
            let events = explanation.finding.events.filter { trace.events.indices.contains($0) }
            guard !events.isEmpty else { continue }
            let hovered = "body:has(#finding-\(index + 1):hover)"
            style += "\(hovered) :is(\(events.map { "svg [data-event=\"\($0)\"]" }.joined(separator: ","))) "
                + ":is(circle,path,rect,line){stroke:var(--hl);stroke-width:3px}\n"
            style += "\(hovered) :is(\(events.map { "#event-\($0)" }.joined(separator: ","))) td{background:var(--hl-main)}\n"
        }
        return style
    }

    /// The most events a finding lists by number; the rest are counted ("and 1,234 more").
    static let eventListLimit = 50

    /// "1 finding", "3 findings".
    static func count(_ findings: Int) -> String {
        "\(findings) finding\(findings == 1 ? "" : "s")"
    }

    /// One finding's list item.
    private static func finding(_ explanation: Explanation, number: Int, of trace: Trace) -> String {
        let finding = explanation.finding
        let events = finding.events.filter { trace.events.indices.contains($0) }
        var item = "<li class=\"r-finding\" id=\"finding-\(number)\""
        if !events.isEmpty { item += " data-finding-events=\"\(events.map(String.init).joined(separator: " "))\"" }
        item += ">\n<p><strong>\(escaped(sentenceCase(finding.kind.words), for: .html)):</strong> "
            + "\(escaped(finding.sentence, for: .html))</p>\n"
        if !events.isEmpty {
            let listed = events.prefix(eventListLimit)
            item += "<p class=\"r-finding-events r-muted\">Its events: "
                + listed.map(eventReference).joined(separator: ", ")
                + (events.count > listed.count ? ", and \(grouped(events.count - listed.count)) more" : "") + "</p>\n"
        }
        if let suggestion = finding.suggestion {
            item += "<p><strong>Suggestion:</strong> \(escaped(suggestion.sentence, for: .html))"
                + (explanation.unproven.map { " <span class=\"r-muted\">(Not proven: \(escaped($0, for: .html)).)</span>" } ?? "")
                + "</p>\n"
        }
        if let fix = explanation.fix { item += proven(fix, number: number, before: trace) }
        return item + "</li>\n"
    }

    /// The proof of a fix: the edit, the runs before → after, each labelled subscriber, whether the
    /// finding is gone, and the runs before and after the change stacked on one time axis.
    private static func proven(_ fix: ProvenFix, number: Int, before trace: Trace) -> String {
        let outcome = fix.outcome
        var proof = "<div class=\"r-fix\">\n<p><strong>Proven fix.</strong> The suggestion, made to the scenario file "
            + "and run again on the same virtual times: \(outcome.removesFinding ? "the finding is gone." : "the finding is still there.")</p>\n"
        proof += "<pre class=\"r-marbles\"><code>\(escaped(fix.edit, for: .preformattedHTML))</code></pre>\n"
        if !outcome.runs.isEmpty {
            proof += "<p>" + outcome.runs.map {
                "\(escaped($0.name, for: .html))'s didSubscribe: \($0.before) → \($0.after)"
            }.joined(separator: "<br/>") + "</p>\n"
        }
        if !outcome.subscribers.isEmpty {
            proof += "<ul class=\"r-fix-subscribers\">\n"
            for subscriber in outcome.subscribers {
                proof += "<li><code>\(escaped(shortened(subscriber.label, to: cellLimit), for: .html))</code>: "
                    + escaped(shortened(subscriber.summary, to: cellLimit * 2), for: .html) + "</li>\n"
            }
            proof += "</ul>\n"
        }
        var before = trace, after = fix.after
        before.title = "Before: " + (trace.title ?? "the scenario")
        after.title = "After: " + (fix.after.title ?? trace.title ?? "the scenario")
        // The marks would name events of two traces, not the page's: the page's script must not reach them.
        let svg = ComparisonRenderer(theme: .auto, title: "Before and after the change")
            .render([before, after], form: .inPage(idPrefix: "finding-\(number)-svg", marksEvents: false))
        proof += "<figure class=\"r-figure\">\n" + svg + "</figure>\n"
        return proof + "</div>\n"
    }

    /// `text` with its first letter capitalized: "Repeated side effect".
    static func sentenceCase(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
