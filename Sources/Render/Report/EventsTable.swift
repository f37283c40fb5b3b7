import Tracer

/// A scenario page's table of every event, and the references to its rows.
extension ReportPage {
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
}
