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
        var html = MarkupWriter(capacity: 4096, context: .html)
        openSection(&html, id: "findings", heading: "Findings")
        guard !explanations.isEmpty else {
            html.line("p", text: "No findings.")
            html.close("section")
            html.newline()
            return html.text
        }
        html.open("p")
        html.write("What went wrong, read from the trace: \(count(explanations.count)).")
        html.element("span", [("class", "r-hint"), ("id", "r-findings-hint"), ("hidden", "hidden")],
                     text: " Hover a finding to highlight its events on the timeline and in the events table.")
        html.close("p")
        html.newline()
        html.open("ol", [("class", "r-findings")])
        html.newline()
        for (index, explanation) in explanations.enumerated() {
            finding(&html, explanation, number: index + 1, of: trace)
        }
        html.close("ol")
        html.newline()
        html.close("section")
        html.newline()
        return html.text
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
    private static func finding(_ html: inout MarkupWriter, _ explanation: Explanation, number: Int, of trace: Trace) {
        let finding = explanation.finding
        let events = finding.events.filter { trace.events.indices.contains($0) }
        html.open("li", [("class", "r-finding"), ("id", "finding-\(number)")]
            + (events.isEmpty ? [] : [("data-finding-events", events.map(String.init).joined(separator: " "))]))
        html.newline()
        html.open("p")
        html.element("strong", text: sentenceCase(finding.kind.words) + ":")
        html.write(" " + finding.sentence)
        html.close("p")
        html.newline()
        if !events.isEmpty {
            let listed = events.prefix(eventListLimit)
            html.open("p", [("class", "r-finding-events r-muted")])
            html.write("Its events: ")
            for (position, event) in listed.enumerated() {
                if position > 0 { html.write(", ") }
                eventReference(&html, event)
            }
            if events.count > listed.count { html.write(", and \(grouped(events.count - listed.count)) more") }
            html.close("p")
            html.newline()
        }
        if let suggestion = finding.suggestion {
            html.open("p")
            html.element("strong", text: "Suggestion:")
            html.write(" " + suggestion.sentence)
            if let unproven = explanation.unproven {
                html.write(" ")
                html.element("span", [("class", "r-muted")], text: "(Not proven: \(unproven).)")
            }
            html.close("p")
            html.newline()
        }
        if let fix = explanation.fix { proven(&html, fix, number: number, before: trace) }
        html.close("li")
        html.newline()
    }

    /// The proof of a fix: the edit, the runs before → after, each labelled subscriber, whether the
    /// finding is gone, and the runs before and after the change stacked on one time axis.
    private static func proven(_ html: inout MarkupWriter, _ fix: ProvenFix, number: Int, before trace: Trace) {
        let outcome = fix.outcome
        html.open("div", [("class", "r-fix")])
        html.newline()
        html.open("p")
        html.element("strong", text: "Proven fix.")
        html.write(" The suggestion, made to the scenario file and run again on the same virtual times: "
            + (outcome.removesFinding ? "the finding is gone." : "the finding is still there."))
        html.close("p")
        html.newline()
        html.open("pre", [("class", "r-marbles")])
        html.open("code")
        html.write(fix.edit, as: .preformattedHTML)
        html.close("code")
        html.close("pre")
        html.newline()
        if !outcome.runs.isEmpty {
            html.open("p")
            for (index, runs) in outcome.runs.enumerated() {
                if index > 0 { html.empty("br", []) }
                html.write(runs.name)
                html.raw("'s didSubscribe: ")
                html.write("\(runs.before) → \(runs.after)")
            }
            html.close("p")
            html.newline()
        }
        if !outcome.subscribers.isEmpty {
            html.open("ul", [("class", "r-fix-subscribers")])
            html.newline()
            for subscriber in outcome.subscribers {
                html.open("li")
                html.element("code", text: shortened(subscriber.label, to: cellLimit))
                html.write(": " + shortened(subscriber.summary, to: cellLimit * 2))
                html.close("li")
                html.newline()
            }
            html.close("ul")
            html.newline()
        }
        var before = trace, after = fix.after
        before.title = "Before: " + (trace.title ?? "the scenario")
        after.title = "After: " + (fix.after.title ?? trace.title ?? "the scenario")
        // The marks would name events of two traces, not the page's: the page's script must not reach them.
        figure(&html, ComparisonRenderer(theme: .auto, title: "Before and after the change")
            .render([before, after], form: .inPage(idPrefix: "finding-\(number)-svg", marksEvents: false)))
        html.close("div")
        html.newline()
    }

    /// `text` with its first letter capitalized: "Repeated side effect".
    static func sentenceCase(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
