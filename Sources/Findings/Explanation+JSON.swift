import Tracer
import Foundation

extension Explanation {
    /// The explanations of several inputs as JSON, as docs/findings.md describes field by field:
    /// `{"inputs": [{"input": …, "findings": [...]}]}`, each finding with its kind, sentence, place
    /// in the file, signals (id and name), subscriptions, times, events, suggestion and proven fix.
    /// The same explanations always give the same bytes.
    public static func json(_ inputs: [(input: String, trace: Trace, explanations: [Explanation])]) -> Data {
        var writer = JSONWriter()
        writer.raw("{\"inputs\": [")
        for (index, entry) in inputs.enumerated() {
            writer.raw(index == 0 ? "\n  " : ",\n  ")
            writer.raw("{\"input\": ")
            writer.string(entry.input)
            writer.raw(", \"findings\": [")
            for (position, explanation) in entry.explanations.enumerated() {
                writer.raw(position == 0 ? "\n    " : ",\n    ")
                explanation.write(to: &writer, trace: entry.trace)
            }
            writer.raw(entry.explanations.isEmpty ? "]}" : "\n  ]}")
        }
        writer.raw(inputs.isEmpty ? "]}\n" : "\n]}\n")
        return Data(writer.bytes)
    }

    private func write(to writer: inout JSONWriter, trace: Trace) {
        writer.raw("{\"kind\": ")
        writer.string(finding.kind.rawValue)
        writer.raw(", \"sentence\": ")
        writer.string(finding.sentence)
        writer.raw(", \"line\": ")
        Self.optional(line, to: &writer)
        writer.raw(", \"column\": ")
        Self.optional(column, to: &writer)
        if let site {
            writer.raw(", \"site\": ")
            writer.string(site)
        }
        writer.raw(", \"signals\": [")
        for (index, signal) in finding.signals.enumerated() {
            if index > 0 { writer.raw(", ") }
            writer.raw("{\"id\": ")
            writer.int(signal)
            writer.raw(", \"name\": ")
            writer.string(trace.signals.indices.contains(signal) ? trace.signals[signal].name : "")
            writer.byte(UInt8(ascii: "}"))
        }
        writer.raw("], \"subscriptions\": ")
        Self.list(finding.subscriptions, to: &writer) { $1.int($0) }
        writer.raw(", \"times\": ")
        Self.list(finding.times, to: &writer) { $1.double($0) }
        writer.raw(", \"events\": ")
        Self.list(finding.events, to: &writer) { $1.int($0) }
        writer.raw(", \"suggestion\": ")
        if let suggestion = finding.suggestion {
            suggestion.write(to: &writer)
        } else {
            writer.raw("null")
        }
        writer.raw(", \"fix\": ")
        if let fix {
            fix.write(to: &writer)
        } else {
            writer.raw("null")
        }
        writer.byte(UInt8(ascii: "}"))
    }

    static func optional(_ value: Int?, to writer: inout JSONWriter) {
        if let value { writer.int(value) } else { writer.raw("null") }
    }

    static func list<T>(_ values: [T], to writer: inout JSONWriter, _ write: (T, inout JSONWriter) -> Void) {
        writer.byte(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { writer.raw(", ") }
            write(value, &writer)
        }
        writer.byte(UInt8(ascii: "]"))
    }
}

extension Suggestion {
    fileprivate func write(to writer: inout JSONWriter) {
        writer.raw("{\"change\": ")
        switch change {
        case .share(let signal, let sharing):
            writer.raw("\"share\", \"signal\": ")
            writer.int(signal)
            writer.raw(", \"operator\": ")
            writer.string(sharing.rawValue)
        case .replaySubject(let signal, let capacity):
            writer.raw("\"replaySubject\", \"signal\": ")
            writer.int(signal)
            writer.raw(", \"capacity\": ")
            Explanation.optional(capacity, to: &writer)
        case .switchToLatest(let signal):
            writer.raw("\"switchToLatest\", \"signal\": ")
            writer.int(signal)
        case .catchInner(let signal):
            writer.raw("\"catchInner\", \"signal\": ")
            writer.int(signal)
        case .deliverOnMain(let signal):
            writer.raw("\"deliverOnMain\", \"signal\": ")
            writer.int(signal)
        case .connectOnDemand(let signal):
            writer.raw("\"connectOnDemand\", \"signal\": ")
            writer.int(signal)
        case .endWithOwner(let signal, let owner):
            writer.raw("\"endWithOwner\", \"signal\": ")
            writer.int(signal)
            writer.raw(", \"owner\": ")
            writer.int(owner)
        }
        writer.raw(", \"sentence\": ")
        writer.string(sentence)
        writer.byte(UInt8(ascii: "}"))
    }
}

extension ProvenFix {
    /// The most subscribers a fix's JSON lists.
    static let listedSubscribers = 100
    /// The most events a fix's JSON lists a changed subscriber received in each run.
    static let listedEvents = 50

    fileprivate func write(to writer: inout JSONWriter) {
        writer.raw("{\"edit\": ")
        writer.string(edit)
        writer.raw(", \"source\": ")
        writer.string(source)
        writer.raw(", \"removesFinding\": ")
        writer.bool(outcome.removesFinding)
        writer.raw(", \"runs\": ")
        Explanation.list(outcome.runs, to: &writer) { runs, writer in
            writer.raw("{\"signal\": ")
            writer.string(runs.name)
            writer.raw(", \"before\": ")
            writer.int(runs.before)
            writer.raw(", \"after\": ")
            writer.int(runs.after)
            writer.byte(UInt8(ascii: "}"))
        }
        // Bounded whatever the run: the changed subscribers first, each with at most
        // `listedEvents` events before and after; the unchanged ones (whose events are the same in
        // both runs) by label; at most `listedSubscribers` in all, and how many were left out.
        let ordered = outcome.subscribers.filter { !$0.isUnchanged } + outcome.subscribers.filter(\.isUnchanged)
        let listed = ordered.prefix(Self.listedSubscribers)
        writer.raw(", \"subscribers\": ")
        Explanation.list(Array(listed), to: &writer) { subscriber, writer in
            writer.raw("{\"label\": ")
            writer.string(subscriber.label)
            writer.raw(", \"unchanged\": ")
            writer.bool(subscriber.isUnchanged)
            guard !subscriber.isUnchanged else {
                writer.byte(UInt8(ascii: "}"))
                return
            }
            for (key, events) in [("before", subscriber.before), ("after", subscriber.after)] {
                writer.raw(", \"")
                writer.raw(key)
                writer.raw("\": ")
                guard let events else {
                    writer.raw("null")
                    continue
                }
                Explanation.list(Array(events.prefix(Self.listedEvents)), to: &writer) { received, writer in
                    writer.raw("{\"time\": ")
                    writer.double(received.time)
                    writer.raw(", \"event\": ")
                    writer.string(received.event)
                    writer.raw(", \"replayed\": ")
                    writer.bool(received.replayed)
                    writer.byte(UInt8(ascii: "}"))
                }
                writer.raw(", \"")
                writer.raw(key)
                writer.raw("Count\": ")
                writer.int(events.count)
            }
            writer.byte(UInt8(ascii: "}"))
        }
        writer.raw(", \"subscribersLeftOut\": ")
        writer.int(ordered.count - listed.count)
        writer.byte(UInt8(ascii: "}"))
    }
}
