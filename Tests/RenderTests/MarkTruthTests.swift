import Foundation
import Scenarios
import Testing
import Tracer
@testable import Render

// Marks that say what happened where a reader looks (issue 14): an error's message drawn beside
// it; a completion at the instant of a value on the lane's line, not dropped below it; a value's
// label drawn once, at the send it came from.

@Suite("Marks: error messages drawn, terminal events on their lane, labels once")
struct MarkTruthTests {
    private func svg(_ text: String) throws -> String {
        let trace = try ScenarioFile(parsing: text, file: "marks.sigviz").scenario(named: "marks").trace()
        return TimelineRenderer().render(trace)
    }

    /// The `<g>` of the event whose tooltip is `title`.
    private func group(titled title: String, in svg: String) -> Substring? {
        guard let start = svg.range(of: "<title>\(title)</title>") else { return nil }
        return svg[start.upperBound...].prefix { $0 != "\n" }.split(separator: "</g>", maxSplits: 1).first
    }

    private func number(_ attribute: String, in text: Substring) -> Double? {
        guard let range = text.range(of: " \(attribute)=\"") else { return nil }
        return Double(text[range.upperBound...].prefix { $0 != "\"" })
    }

    @Test("an error's message is drawn beside its cross, not only in the tooltip")
    func errorMessage() throws {
        let svg = try svg("""
            cold request: +1 error "timeout after 30 s"
            subscribe "screen" to request
            """)
        #expect(svg.contains("<title>error timeout after 30 s at t=1 s</title>"))
        #expect(svg.contains(">timeout after 30 s</text>"))
    }

    @Test("a completion at the instant of a value is drawn on the lane's line, through the marble, taller")
    func completionOnTheLine() throws {
        let svg = try svg("""
            cold request: +1 next "a", +1 completed
            subscribe "screen" to request
            """)
        let value = try #require(group(titled: "next a at t=1 s", in: svg))
        let completion = try #require(group(titled: "completed at t=1 s", in: svg))
        let cy = try #require(number("cy", in: value))
        let y1 = try #require(number("y1", in: completion)), y2 = try #require(number("y2", in: completion))
        #expect((y1 + y2) / 2 == cy, "the bar is centered on the marble's lane")
        #expect(y2 - y1 > 2 * 9, "the bar shows past the marble")
    }

    @Test("a short label of a value at the instant of a terminal event is drawn beside the marble, where the bar does not hide it")
    func shortLabelBesideTheBar() throws {
        let svg = try svg("""
            cold request: +1 next "a", +1 completed
            cold other: +1 next "c"
            subscribe "screen" to request
            subscribe "other" to other
            """)
        let crossed = try #require(group(titled: "next a at t=1 s", in: svg))
        #expect(crossed.contains("class=\"small label\""), "beside: \(crossed)")
        #expect(!crossed.contains("class=\"marble-text\""))
        // Without a terminal event at its instant, a short label stays inside the marble.
        let alone = try #require(group(titled: "next c at t=1 s", in: svg))
        #expect(alone.contains("class=\"marble-text\""), "inside: \(alone)")
    }

    @Test("a value's label is drawn once, at the send it came from; the subscribers' marbles keep it in their tooltips")
    func labelsOnce() throws {
        let svg = try svg("""
            subject s
            subscribe "A" to s
            subscribe "B" to s
            at 1 send s "send package 1"
            """)
        #expect(svg.components(separatedBy: ">send package 1</text>").count - 1 == 1)
        #expect(svg.contains("<title>next send package 1 at t=1 s</title>"))
        // Not echoed when the send is not drawn: --only the subscribers' lanes.
        let trace = try ScenarioFile(parsing: """
            subject s
            subscribe "A" to s
            at 1 send s "send package 1"
            """, file: "marks.sigviz").scenario(named: "marks").trace()
        let alone = TimelineRenderer(lanes: LaneOptions(only: ["A"])).render(trace)
        #expect(alone.contains(">send package 1</text>"))
    }

    @Test("a value from a send lane drawn as counts keeps its own label: the counts show none")
    func labelsBesideCountedSends() throws {
        let sends = (1...400).map { "at \(Double($0) / 100) send s \"value \($0)\"" }.joined(separator: "\n")
        let svg = try svg("subject s\nsubscribe \"A\" to s until 0.035\n" + sends)
        #expect(svg.contains("events, counted per"), "the send lane is not drawn as counts")
        // The last has room for its label (the first two are too close to the next to have any).
        #expect(svg.contains(">value 3</text>"))
    }

    @Test("a compared panel where a source ran more than once, and more than another panel's, has its badge marked as repeated; others are not")
    func repeatedBadge() throws {
        let cold = try #require(Catalog.scenario(named: "cold")).trace()
        let publish = try #require(Catalog.scenario(named: "publish")).trace()
        let svg = ComparisonRenderer().render([cold, publish])
        #expect(svg.components(separatedBy: "class=\"badge badge-repeated\"").count - 1 == 1)
        #expect(svg.contains(">didSubscribe × 2: repeated</text>"))
        #expect(svg.contains(">didSubscribe × 1</text>"))
        #expect(svg.contains("<title>source&apos;s didSubscribe ran 2 times here: its side effect ran again for each subscription "
            + "(another panel&apos;s ran 1 in all)</title>"))
        let same = ComparisonRenderer().render([publish, publish])
        #expect(!same.contains("class=\"badge badge-repeated\""))
        // Two sources that ran once each did not repeat anything, though they ran more than another panel's one.
        let two = try ScenarioFile(parsing: """
            cold a: +1 completed
            cold b: +1 completed
            subscribe "A" to a
            subscribe "B" to b
            """, file: "two.sigviz").scenario(named: "two").trace()
        #expect(!ComparisonRenderer().render([two, publish]).contains("class=\"badge badge-repeated\""))
    }

    @Test("subscribing to never runs no side effect: no didSubscribe lane or diamond, and the trace says never")
    func neverIsNoSideEffect() throws {
        let text = """
            let quiet = never
            subscribe "screen" to quiet
            """
        let trace = try ScenarioFile(parsing: text, file: "marks.sigviz").scenario(named: "marks").trace()
        #expect(trace.signals.contains { $0.kind == .never })
        #expect(!trace.signals.contains { $0.kind == .cold })
        let svg = try svg(text)
        #expect(!svg.contains("<path class=\"effect\""))
        #expect(svg.contains("no didSubscribe runs"))
    }

    @Test("a comparison panel is marked repeated only when its trace has a repeated side effect, not for more runs alone")
    func repeatedOnlyWithTheFinding() throws {
        // A pipeline an error ended, and its fix: the fixed run answers one more value, so its source ran
        // once more, once per value, which is no repeated side effect.
        let ended = """
            subject b
            cold work: +0.5 next "new A", +0.5 completed
            attempt 2 of work: +0.5 error "failed"
            let a = b | flattenMap work
            subscribe "A" to a
            at 1 send b "1"
            at 2 send b "2"
            at 3 send b "3"
            """
        let fixed = ended.replacingOccurrences(of: "let a = b | flattenMap work", with: "let attempt = work | materialize\nlet a = b | flattenMap attempt")
        let before = try ScenarioFile(parsing: ended, file: "before.sigviz").scenario(named: "before").trace()
        let after = try ScenarioFile(parsing: fixed, file: "after.sigviz").scenario(named: "after").trace()
        #expect(ComparisonRenderer().render([before, after]).contains("didSubscribe × 3"))
        #expect(!ComparisonRenderer().render([before, after]).contains(": repeated"))
        // cold runs its request once per subscriber, publish once: only cold's panel is marked.
        let traces = try ["cold", "publish"].map { try #require(Catalog.scenario(named: $0)).trace() }
        #expect(ComparisonRenderer().render(traces).components(separatedBy: ": repeated").count == 2)
    }
}
