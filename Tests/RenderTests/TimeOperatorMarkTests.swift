import Foundation
import Scenarios
import Testing
import Tracer
@testable import Render

// Time operators in the timeline (issue 15, "the diagrams"): a value an operator drops is drawn as
// dropped, on the one labelled lane whose chain of subscriptions received it, and nowhere else; a
// delayed value's connector starts at the send it came from, so the shift shows.

@Suite("Time operators: dropped values drawn as dropped on the one lane they belong to, delays shown by their connector")
struct TimeOperatorMarkTests {
    private static let throttled = """
        subject typed
        let queries = typed | throttle 0.5
        subscribe "Q" to queries
        subscribe "plain" to typed
        at 1 send typed "s"
        at 1.25 send typed "sw"
        """

    /// What the SVG draws after the tooltip `title`, up to the end of its line: the mark's drawing.
    private func drawing(after title: String, in svg: String) throws -> Substring {
        try #require(svg.range(of: title).map { svg[$0.upperBound...].prefix { $0 != "\n" } })
    }

    private func trace(_ text: String) throws -> Trace {
        try ScenarioFile(parsing: text, file: "drops.sigviz").scenario(named: "drops").trace()
    }

    /// The dropped marks of the model's lanes, by lane title.
    private func drops(in model: TimelineModel) -> [String: [(time: Double, label: String, by: String)]] {
        var result: [String: [(time: Double, label: String, by: String)]] = [:]
        for lane in model.lanes {
            for mark in lane.marks {
                if case .dropped(let label, let by) = mark.kind { result[lane.title, default: []].append((mark.time, label, by)) }
            }
        }
        return result
    }

    @Test("throttle's dropped value lands on its subscriber's lane, at the time it was dropped, named and by whom")
    func markOnTheRightLane() throws {
        let model = TimelineModel(try trace(Self.throttled))
        let found = drops(in: model)
        #expect(found.keys.sorted() == ["Q"], "only the lane whose chain dropped it")
        let marks = try #require(found["Q"])
        try #require(marks.count == 1)
        #expect(marks[0].time == 1.25)
        #expect(marks[0].label == "s")
        #expect(marks[0].by == "queries")
    }

    @Test("the mark is a hollow dashed circle, its label struck through, with a tooltip in words, and the legend explains it")
    func drawnAsDropped() throws {
        let svg = TimelineRenderer().render(try trace(Self.throttled))
        try expectValidXML(svg, "drops")
        let title = "<title>&quot;s&quot; dropped by queries at t=1.25 s: received, and never sent on</title>"
        #expect(occurrences(of: title, in: svg) == 1)
        let group = try drawing(after: title, in: svg)
        #expect(group.hasPrefix(#"<circle class="disposed""#))
        #expect(group.contains(#"stroke-dasharray="2 2""#))
        #expect(group.contains(#"text-decoration="line-through">s</text>"#))
        #expect(svg.contains("value dropped by an operator, never delivered"))
    }

    @Test("a longer label goes beside the mark, struck through by a line of its own, not a text decoration its halo would hide")
    func longLabelStruck() throws {
        let svg = TimelineRenderer().render(try trace("""
            subject typed
            let queries = typed | throttle 0.5
            subscribe "Q" to queries
            at 1 send typed "swift"
            at 1.25 send typed "sw"
            """))
        try expectValidXML(svg, "drops")
        let title = "<title>&quot;swift&quot; dropped by queries at t=1.25 s: received, and never sent on</title>"
        let group = try drawing(after: title, in: svg)
        #expect(group.contains(#"<text class="small label" x="#))
        #expect(group.contains(">swift</text><line class=\"strike\""))
        #expect(!group.contains("text-decoration"))
        #expect(svg.contains(".strike{stroke:"))
    }

    @Test("the legend has no dropped value when nothing was dropped")
    func legendOnlyWhenPresent() throws {
        let svg = TimelineRenderer().render(try trace("""
            subject typed
            let queries = typed | throttle 0.5
            subscribe "Q" to queries
            at 1 send typed "s"
            """))
        #expect(!svg.contains("dropped"))
    }

    @Test("a trace read from JSON with drops draws them the same")
    func fromJSON() throws {
        let recorded = try trace(Self.throttled)
        #expect(recorded.events.contains { if case .drop = $0.kind { true } else { false } })
        let read = try Trace(json: recorded.json())
        #expect(TimelineRenderer().render(read) == TimelineRenderer().render(recorded))
    }

    /// A hand-made trace: a subject, an operator `op` over it, and `subscriptions`, with a drop on subscription 0.
    private func handMade(_ subscriptions: [TraceSubscription]) -> Trace {
        Trace(
            signals: [TraceSignal(id: 0, kind: .subject, name: "source"), TraceSignal(id: 1, kind: .operator, name: "op")],
            subscriptions: subscriptions,
            events: [TraceEvent(time: 0, kind: .signal(0)), TraceEvent(time: 0, kind: .signal(1))]
                + subscriptions.indices.reversed().map { TraceEvent(time: 0, kind: .subscribe($0)) }
                + [TraceEvent(time: 1, kind: .drop(subscription: 0, value: "v"))])
    }

    @Test("a drop whose chain reaches two labelled subscribers, or none, is drawn nowhere")
    func neverGuessed() throws {
        // Subscription 0 was made by A's subscription and feeds B's: two lanes could claim it.
        let two = handMade([
            TraceSubscription(id: 0, signal: 0, subscriber: .subscription(2), parent: 1),
            TraceSubscription(id: 1, signal: 1, subscriber: .label("A")),
            TraceSubscription(id: 2, signal: 1, subscriber: .label("B")),
        ])
        try two.validate()
        #expect(LabelledOwners(two).only(above: 0) == nil)
        #expect(drops(in: TimelineModel(two)).isEmpty)
        // No labelled subscriber above it at all.
        let none = handMade([
            TraceSubscription(id: 0, signal: 0, subscriber: .anonymous),
            TraceSubscription(id: 1, signal: 1, subscriber: .label("A")),
        ])
        try none.validate()
        #expect(drops(in: TimelineModel(none)).isEmpty)
        // One, through the subscription it feeds: drawn there, the dropper named by the parent (none: "an operator").
        let one = handMade([
            TraceSubscription(id: 0, signal: 0, subscriber: .subscription(1)),
            TraceSubscription(id: 1, signal: 1, subscriber: .label("A")),
        ])
        let found = drops(in: TimelineModel(one))
        #expect(found.keys.sorted() == ["A"])
        #expect(found["A"]?.first?.by == "an operator")
    }

    @Test("through a multicast: a drop in a source two subscribers share is drawn on neither; in switchToLatest's own publish, on its one subscriber")
    func throughMulticast() throws {
        let shared = TimelineModel(try trace("""
            subject typed
            let queries = typed | throttle 0.5 | publish | autoconnect
            subscribe "A" to queries
            subscribe "B" to queries
            at 1 send typed "s"
            at 1.25 send typed "sw"
            """))
        #expect(drops(in: shared).isEmpty, "A connected the source, but B shares it: neither lane may claim the drop")
        let own = TimelineModel(try trace("""
            subject typed
            cold request: +1 next "results for {}", +1 completed
            let latest = typed | throttle 0.5 | map request | switchToLatest
            subscribe "View" to latest
            at 1 send typed "s"
            at 1.25 send typed "sw"
            """))
        #expect(drops(in: own)["View"]?.map(\.label) == ["s"])
    }

    @Test("a value a command's machinery drops (its executing's distinctUntilChanged) is not drawn on the user's lane")
    func plumbingDropsNotDrawn() throws {
        let trace = try #require(Catalog.scenario(named: "command-while-executing")).trace()
        #expect(trace.events.contains { if case .drop = $0.kind { true } else { false } }, "the machinery did drop a value")
        #expect(drops(in: TimelineModel(trace)).isEmpty)
    }

    @Test("delay's shift is visible: the delayed value's connector starts at the send it came from, half a second earlier")
    func delayShift() throws {
        let trace = try trace("""
            subject clicks
            let later = clicks | delay 0.5
            subscribe "later" to later
            at 1 send clicks "a"
            """)
        let model = TimelineModel(trace)
        let lane = try #require(model.lanes.first { $0.title == "later" })
        let mark = try #require(lane.marks.first)
        #expect(mark.time == 1.5)
        let cause = try #require(model.cause(of: mark.event))
        #expect(trace.events[cause].kind == .send(signal: 0, value: "a"))
        #expect(trace.events[cause].time == 1)
        let svg = TimelineRenderer().render(trace)
        #expect(occurrences(of: "class=\"connector\"", in: svg) == 1)
    }
}
