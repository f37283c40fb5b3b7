import Foundation
@testable import Render
import Testing
import Findings
import Tracer

/// A lane with more marks than its axis draws one by one is counted as its marks come: the model
/// of a timeline of millions of events holds counts per bin, not a mark per event (issue 17, a
/// render that does not grow beyond the trace).
@Suite("Dense lanes counted as they come")
struct DenseLaneTests {
    /// Subscriber "A" to subject "s": `values` nexts spread evenly up to `time`, then completed there.
    static func trace(values: Int, lastAt time: Double = 1) -> Trace {
        var events = [TraceEvent(time: 0, kind: .signal(0)), TraceEvent(time: 0, kind: .subscribe(0))]
        for index in 1...values {
            events.append(TraceEvent(time: time / Double(values) * Double(index),
                                     kind: .next(subscription: 0, value: "v\(index)", replayed: false)))
        }
        events.append(TraceEvent(time: time, kind: .completed(subscription: 0, replayed: false)))
        return Trace(
            title: "dense", signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("A"))], events: events)
    }

    @Test("a lane of as many marks as the axis draws one by one keeps them; one more, and it keeps counts instead")
    func limit() throws {
        let limit = TimeAxis(end: Self.trace(values: 1).duration, scale: nil).markLimit
        #expect(limit > 100 && limit < 250, "\(limit)")
        // The completion is a mark too: `limit - 1` values and it make `limit`.
        let kept = try #require(TimelineModel(Self.trace(values: limit - 1)).lanes.first)
        #expect(kept.counts == nil)
        #expect(kept.marks.count == limit)
        let counted = try #require(TimelineModel(Self.trace(values: limit)).lanes.first)
        #expect(counted.marks.isEmpty)
        let counts = try #require(counted.counts)
        #expect(counts.counted == limit)
        #expect(counts.nonEmpty.reduce(0) { $0 + $1.count } == limit)
        #expect(counts.terminal.map { $0.kind == .completed(replayed: false) } == true)
    }

    @Test("the model of 200,000 values holds counts per bin and no marks, and draws what it drew from marks")
    func noMarks() throws {
        let trace = Self.trace(values: 200_000)
        let model = TimelineModel(trace)
        #expect(model.lanes.allSatisfy { $0.marks.isEmpty })
        let counts = try #require(model.lanes.first?.counts)
        #expect(counts.counted == 200_000)
        // About 60 bins of 12 pixels over the fitted 720: far fewer than the values.
        #expect(counts.nonEmpty.count < 100)
        // Each event is still known to be drawn, and where: a finding's badge is placed by it.
        #expect(model.lane(of: trace.events.count - 1) == 0)
        #expect(model.lane(of: 0) == nil)
        let svg = TimelineRenderer().render(trace)
        try expectValidXML(svg, "dense")
        #expect(svg.contains("200000 events, counted per 12 px"))
    }

    @Test("an expected event after the trace's end lengthens the axis: the lanes are counted for the longer one")
    func lengthenedAxis() throws {
        // 40 values in 1 s at 100 px/s: 112 pixels, more than 0.25 marks per pixel, drawn as counts.
        let trace = Self.trace(values: 40)
        let short = TimelineRenderer(scale: 100).render(trace)
        #expect(short.contains("40 events, counted per 12 px"))
        // Expected to complete at 10 s: 1,120 pixels, room for each of them.
        let expectation = TimelineExpectation(subscription: 0, expected: try Marble(parsing: "----------|"), frame: 1)
        let long = TimelineRenderer(scale: 100).render(trace, expectations: [expectation])
        try expectValidXML(long, "lengthened")
        #expect(!long.contains("counted per"))
        #expect(occurrences(of: "<circle class=\"marble\"", in: long) == 40)
    }

    @Test("a comparison counts each panel's lanes for the shared axis, not the panel's own")
    func sharedAxis() throws {
        // 40 values in 1 s, at 100 px/s: dense on its own 112-pixel axis, not on the 1,120-pixel one it shares.
        let short = Self.trace(values: 40)
        let long = Self.trace(values: 1, lastAt: 10)
        #expect(TimelineModel(short, axis: TimeAxis(end: short.duration, scale: 100)).lanes.first?.counts != nil)
        let svg = ComparisonRenderer(scale: 100).render([short, long])
        try expectValidXML(svg, "comparison")
        #expect(!svg.contains("counted per"))
        #expect(occurrences(of: "<circle class=\"marble\"", in: svg) == 41)
    }

    @Test("the spans of true are kept as the marks come, on a lane drawn as counts as on one drawn mark by mark")
    func spans() throws {
        var spans = TrueSpans()
        let values = ["true", "true", "false", "true"]
        for (index, value) in values.enumerated() {
            spans.add(.init(time: Double(index), kind: .value(value, replayed: false), event: index, ranOn: nil))
        }
        #expect(spans.spans.map(\.start) == [0, 3])
        #expect(spans.spans.map(\.end) == [2, nil])
        spans.add(.init(time: 4, kind: .value("maybe", replayed: false), event: 4, ranOn: nil))
        #expect(spans.spans.isEmpty)
    }

    @Test("a finding's events on a lane drawn as counts are ringed once per bar, not once per event")
    func findingsOnCounts() throws {
        // A cold signal run by 3,000 subscriptions, 10 ms apart: its didSubscribe lane is drawn as counts.
        var events = [TraceEvent(time: 0, kind: .signal(0))]
        var subscriptions: [TraceSubscription] = []
        for index in 0..<3_000 {
            subscriptions.append(TraceSubscription(id: index, signal: 0, subscriber: .anonymous))
            events.append(TraceEvent(time: Double(index) / 100, kind: .subscribe(index)))
            events.append(TraceEvent(time: Double(index) / 100, kind: .didSubscribe(index), cause: events.count - 1))
        }
        let trace = Trace(title: "runs", signals: [TraceSignal(id: 0, kind: .cold, name: "fetch")],
                          subscriptions: subscriptions, events: events)
        let findings = trace.findings()
        #expect(findings.first?.kind == .repeatedSideEffect)
        let svg = TimelineRenderer().render(trace, expectations: [], findings: findings)
        try expectValidXML(svg, "findings on counts")
        let bars = occurrences(of: "<line class=\"bar\"", in: svg)
        #expect(bars > 30 && bars < 100, "\(bars) bars")
        #expect(occurrences(of: "class=\"finding-ring\"", in: svg) == bars)
        #expect(svg.utf8.count < 100_000, "\(svg.utf8.count) bytes")
    }
}
