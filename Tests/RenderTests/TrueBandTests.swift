import Scenarios
import Testing
import Tracer
@testable import Render

// A lane of true and false values (a command's executing) drawn as a band where it was true
// (issue 15), and no band for any other lane.

@Suite("A lane of true and false values shows a band where its latest value was true")
struct TrueBandTests {
    private func model(_ text: String) throws -> TimelineModel {
        TimelineModel(try ScenarioFile(parsing: text, file: "band.sigviz").scenario(named: "band").trace())
    }

    private func spans(_ lane: TimelineModel.Lane) -> [String] {
        lane.trueSpans.map { "\($0.start)-\($0.end.map { String($0) } ?? "open")" }
    }

    @Test("the spans run from each true to the next false, a repeated true extending its span, the last open")
    func spans() throws {
        let model = try model("""
            subject busy
            subscribe "Spinner" to busy
            at 0 send busy "false"
            at 1 send busy "true"
            at 2 send busy "true"
            at 3 send busy "false"
            at 4 send busy "true"
            """)
        let lane = try #require(model.lanes.first { $0.role == .subscriber })
        #expect(spans(lane) == ["1.0-3.0", "4.0-open"])
    }

    @Test("a lane with any other value, or with no true, has no band")
    func noBand() throws {
        let model = try model("""
            subject busy
            subject other
            subscribe "Mixed" to busy
            subscribe "Never true" to other
            at 1 send busy "true"
            at 2 send busy "maybe"
            at 1 send other "false"
            """)
        #expect(model.lanes.allSatisfy { $0.trueSpans.isEmpty })
    }

    @Test("the command scenario's Spinner shows two bands, with tooltips and a legend entry")
    func commandScenario() throws {
        let trace = try #require(Catalog.scenario(named: "command-while-executing")).trace()
        let spinner = try #require(TimelineModel(trace).lanes.first { $0.title == "Spinner" })
        #expect(spans(spinner) == ["1.0-3.0", "4.0-6.0"])
        let svg = TimelineRenderer().render(trace)
        #expect(svg.contains("<title>true from t=1 s to t=3 s</title>"))
        #expect(svg.contains(">true (from a true value to a false one)</text>"))
    }
}
