import Scenarios
import Testing
import Tracer
@testable import Render

// A timeline draws at most TimelineModel.maximumLanes lanes (issue 26): a 63 KB file of 2,800
// subscribers made a 46 MB SVG and a 150 MB report page. The picture says how many it left out.

@Suite("A timeline draws at most 200 lanes, and says how many it left out")
struct LaneCapTests {
    /// A cold signal and `count` labelled subscribers, L0 first.
    private func trace(subscribers count: Int) throws -> Trace {
        let lines = ["cold c \"-a|\""] + (0..<count).map { "subscribe \"L\($0)\" to c" }
        return try ScenarioFile(parsing: lines.joined(separator: "\n"), file: "lanes.sigviz").scenario(named: "lanes").trace()
    }

    @Test("past the cap, the first lanes are drawn; the header and the description say how many of how many")
    func capped() throws {
        let trace = try trace(subscribers: 250)
        let model = TimelineModel(trace)
        #expect(model.lanes.count == TimelineModel.maximumLanes)
        #expect(model.lanesLeftOut == 251 - TimelineModel.maximumLanes, "250 subscribers and the cold signal's runs")
        #expect(model.lanes.last?.title == "L198")
        let svg = TimelineRenderer().render(trace)
        #expect(svg.contains("the first 200 of 251 lanes are drawn"))
        #expect(svg.components(separatedBy: "the first 200 of 251 lanes are drawn").count == 3, "in the header and the description")
        #expect(!svg.contains(">L199<"), "a lane left out is not drawn")
    }

    @Test("a lane left out can be picked with only; every name can still be picked")
    func pickedPastTheCap() throws {
        let trace = try trace(subscribers: 250)
        #expect(TimelineRenderer.laneNames(of: trace).contains("L249"))
        let model = TimelineModel(trace, lanes: LaneOptions(only: ["L249"]))
        #expect(model.lanes.map(\.title) == ["L249"])
        #expect(model.lanesLeftOut == 0)
    }

    @Test("at the cap, nothing is left out and nothing is said")
    func atTheCap() throws {
        let trace = try trace(subscribers: TimelineModel.maximumLanes - 1)
        #expect(TimelineModel(trace).lanesLeftOut == 0)
        #expect(!TimelineRenderer().render(trace).contains("lanes are drawn"))
    }

    @Test("a comparison panel past the cap says so in its title")
    func comparison() throws {
        let svg = ComparisonRenderer(title: "two").render([try trace(subscribers: 250), try trace(subscribers: 2)])
        #expect(svg.contains("200 of 251 lanes drawn"))
        #expect(svg.components(separatedBy: "lanes drawn").count == 2, "only the panel past the cap")
    }
}
