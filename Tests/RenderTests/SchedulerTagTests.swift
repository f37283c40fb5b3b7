import Scenarios
import Testing
import Tracer
@testable import Render

// Which scheduler each delivery and didSubscribe run ran on after a deliverOn or subscribeOn hop
// (issue 15): named under the mark, only for what the hop did in its instant.

@Suite("A timeline names the scheduler a mark ran on after a hop")
struct SchedulerTagTests {
    private func trace(_ text: String) throws -> Trace {
        try ScenarioFile(parsing: text, file: "hops.sigviz").scenario(named: "hops").trace()
    }

    /// The schedulers of a lane's marks of one kind, in order.
    private func schedulers(_ model: TimelineModel, lane title: String, _ keep: (TimelineModel.MarkKind) -> Bool) -> [String?] {
        model.lanes.first { $0.title == title }?.marks.filter { keep($0.kind) }.map(\.scheduler) ?? []
    }

    private func isValue(_ kind: TimelineModel.MarkKind) -> Bool {
        if case .value = kind { true } else { false }
    }

    private func isRun(_ kind: TimelineModel.MarkKind) -> Bool {
        if case .effect = kind { true } else { false }
    }

    @Test("deliveron-main: results on main after deliverOn, the request's run on background after subscribeOn, nothing else named")
    func catalogScenario() throws {
        let trace = try #require(Catalog.scenario(named: "deliveron-main")).trace()
        let model = TimelineModel(trace)
        #expect(schedulers(model, lane: "direct", isValue) == [nil])
        #expect(schedulers(model, lane: "deliverOn main", isValue) == ["main"])
        #expect(schedulers(model, lane: "subscribeOn + deliverOn", isValue) == ["main"])
        #expect(schedulers(model, lane: "request", isRun) == [nil, nil, "background"])
        let svg = TimelineRenderer().render(trace)
        #expect(svg.contains(">on main</text>") && svg.contains(">on background</text>"))
        #expect(svg.contains("<title>ran on the scheduler main at t=1 s, after a deliverOn or subscribeOn hop</title>"))
        #expect(svg.contains(">on NAME: ran on that scheduler, after deliverOn or subscribeOn</text>"))
    }

    @Test("work scheduled for later after a hop (a delay) is not said to run on the hop's scheduler")
    func onlyInTheHopsInstant() throws {
        let model = TimelineModel(try trace("""
            scheduler main
            subject typed
            let now = typed | deliverOn main
            let later = typed | deliverOn main | delay 1
            subscribe "now" to now
            subscribe "later" to later
            at 1 send typed "a"
            """))
        #expect(schedulers(model, lane: "now", isValue) == ["main"])
        #expect(schedulers(model, lane: "later", isValue) == [nil])
    }

    @Test("a command's executing changes on main, as RAC's main thread scheduler")
    func command() throws {
        let trace = try #require(Catalog.scenario(named: "command-while-executing")).trace()
        let spinner = schedulers(TimelineModel(trace), lane: "Spinner", isValue)
        #expect(spinner.first == .some(nil), "the first false is the command's own, replayed at once")
        #expect(spinner.dropFirst().allSatisfy { $0 == "main" }, "\(spinner)")
    }

    @Test("no hop, no names: a timeline without deliverOn or subscribeOn has no scheduler row or legend entry")
    func none() throws {
        let trace = try #require(Catalog.scenario(named: "search-box")).trace()
        #expect(TimelineModel(trace).lanes.allSatisfy { $0.marks.allSatisfy { $0.scheduler == nil } })
        #expect(!TimelineRenderer().render(trace).contains("on NAME"))
    }
}
