import Foundation
@testable import Render
import Scenarios
import Testing
import Findings
import Tracer

/// The `height` attribute of an SVG document.
private func height(of svg: String) throws -> Double {
    let match = try #require(svg.firstMatch(of: /<svg [^>]* height="([0-9.]+)"/))
    return try #require(Double(match.output.1))
}

@Suite("Findings drawn on a timeline (render --findings)")
struct FindingBadgeTests {
    @Test("without findings the timeline is byte-identical to the one drawn before they existed", arguments: ["fetchdata", "subject-vs-replay", "cold"])
    func unchangedWithout(name: String) {
        let trace = Catalog.scenario(named: name)!.trace()
        let renderer = TimelineRenderer(theme: .auto)
        #expect(renderer.render(trace, expectations: [], findings: nil) == renderer.render(trace))
        #expect(!renderer.render(trace).contains("finding"))
    }

    @Test("each finding's marks are ringed and badged with its number, and the numbered findings are listed under the legend")
    func badges() throws {
        let (trace, first) = try fetchdataWithRunsFinding(
            suggestion: Suggestion(change: .share(signal: 0, through: .replayLazily), sentence: "Share fetchData."))
        // A second finding naming two of the same marks: their badges sit side by side.
        let second = Finding(kind: .missedValues, signals: [], subscriptions: [], times: [], events: Array(first.events.prefix(2)),
                             sentence: "The second finding.")
        let renderer = TimelineRenderer(theme: .auto)
        let plain = renderer.render(trace)
        let svg = renderer.render(trace, expectations: [], findings: [first, second])
        try expectValidXML(svg, "fetchdata with findings")
        #expect(occurrences(of: "<circle class=\"finding-ring\"", in: svg) == 6, "one ring per mark")
        // 6 + 2 badges on the marks, one in the legend, and one per finding in the list.
        #expect(occurrences(of: "<circle class=\"finding-badge\"", in: svg) == 6 + 2 + 1 + 2)
        #expect(occurrences(of: "<text class=\"finding-badge-text\"", in: svg) == 11)
        #expect(occurrences(of: ">1</text>", in: svg) > occurrences(of: ">1</text>", in: plain))
        #expect(occurrences(of: "<title>finding 2: missed values</title>", in: svg) == 2)
        #expect(svg.contains(">Findings</text>"))
        #expect(svg.contains(">Repeated side effect: fetchData ran 6 times.</text>"))
        #expect(svg.contains("<text class=\"finding-text muted\" x=\"44\""), "the suggestion, muted")
        #expect(svg.contains(">Suggestion: Share fetchData.</text>"))
        #expect(svg.contains(">Missed values: The second finding.</text>"))
        #expect(svg.contains("2 findings, numbered.</desc>"))
        #expect(svg.contains(">finding, numbered as listed below</text>"), "in the legend")
        #expect(try height(of: svg) > height(of: plain))
        // The marks are the same: only rings, badges and the list are added.
        #expect(occurrences(of: "data-event=", in: svg) == occurrences(of: "data-event=", in: plain))
        #expect(renderer.render(trace, expectations: [], findings: [first, second]) == svg, "deterministic")
    }

    @Test("a long sentence wraps inside the diagram, at most ten lines ending in … after a whole word, and the canvas is tall enough for it")
    func longSentencesWrap() throws {
        let words = (1...400).map { "word\($0)" }.joined(separator: " ")
        let (trace, finding) = try fetchdataWithRunsFinding(
            sentence: words + " " + String(repeating: "x", count: 500),
            suggestion: Suggestion(change: .switchToLatest(signal: 0), sentence: "A short suggestion."))
        let svg = TimelineRenderer(theme: .auto).render(trace, expectations: [], findings: [finding])
        try expectValidXML(svg, "long findings")
        let widthMatch = try #require(svg.firstMatch(of: /<svg [^>]* width="([0-9.]+)"/))
        let width = try #require(Double(widthMatch.output.1))
        let lines = svg.matches(of: /<text class="finding-text( muted)?" x="([0-9.]+)" y="([0-9.]+)">([^<]*)<\/text>/)
        #expect(lines.count == FindingBadges.maximumLines + 1, "ten of the sentence, one of the suggestion")
        let last = lines[FindingBadges.maximumLines - 1].output.4
        #expect(last.hasSuffix(" …"))
        let lastWord = try #require(last.dropLast(2).split(separator: " ").last)
        #expect(words.split(separator: " ").contains(lastWord), "cut after a whole word: \(last)")
        for line in lines {
            let x = try #require(Double(line.output.2)), y = try #require(Double(line.output.3))
            #expect(x + TextWidth.of(String(line.output.4), fontSize: FindingBadges.fontSize) <= width - 16, "\(line.output.4)")
            #expect(y + 6 <= (try height(of: svg)), "inside the canvas")
        }
        // A word longer than a line is cut to fit.
        let cut = TextWidth.lines(of: String(repeating: "y", count: 300), fittingIn: 200, fontSize: 12)
        #expect(cut.count == 1 && TextWidth.of(cut[0], fontSize: 12) <= 200 && cut[0].hasSuffix("…"))
        #expect(TextWidth.lines(of: "a b c", fittingIn: 200, fontSize: 12) == ["a b c"])
    }

    @Test("a subscription named by its subscribe (never ended) is ringed where its lane starts, on the lane")
    func subscriptionAtLaneStart() throws {
        let file = try ScenarioFile(parsing: """
            subject notifications
            owner screen until 2
            at 1 subscribe "Screen" to notifications owned by screen
            at 3 send notifications "late"
            """, file: "outlived.sigviz")
        let trace = try file.scenario(named: "outlived").trace(maximumEvents: Trace.defaultMaximumEvents)
        let finding = try #require(trace.findings().first { $0.kind == .neverEnded })
        #expect(finding.events.allSatisfy { if case .subscribe = trace.events[$0].kind { true } else { false } })
        let svg = TimelineRenderer(theme: .auto).render(trace, expectations: [], findings: [finding])
        try expectValidXML(svg, "never ended")
        // One ring, at 1 s (the lane's start), on the Screen lane's line.
        let ring = try #require(svg.firstMatch(of: /<circle class="finding-ring" cx="([0-9.]+)" cy="([0-9.]+)"/))
        #expect(occurrences(of: "<circle class=\"finding-ring\"", in: svg) == 1)
        let line = try #require(svg.firstMatch(of: /<line class="lane" x1="([0-9.]+)" y1="([0-9.]+)"/))
        #expect(ring.output.1 == line.output.1 && ring.output.2 == line.output.2, "\(ring.output.0) vs \(line.output.0)")
    }

    @Test("an empty list says No findings.; text is escaped")
    func emptyAndEscaped() throws {
        let trace = Catalog.scenario(named: "replay")!.trace()
        let none = TimelineRenderer(theme: .dark).render(trace, expectations: [], findings: [])
        try expectValidXML(none, "no findings")
        #expect(none.contains(">No findings.</text>"))
        #expect(!none.contains("<circle class=\"finding-ring\""))
        #expect(!none.contains("numbered as listed below"), "no badge, no legend entry")
        let hostile = Finding(kind: .missedValues, signals: [], subscriptions: [], times: [], events: [10_000, -1],
                              sentence: "<script>alert('x')</script> & \"q\"")
        let svg = TimelineRenderer(theme: .light).render(trace, expectations: [], findings: [hostile])
        try expectValidXML(svg, "hostile finding")
        #expect(svg.contains("&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; &amp; &quot;q&quot;"))
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("<circle class=\"finding-ring\""), "events that are not drawn get no badge")
    }
}
