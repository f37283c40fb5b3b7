import Scenarios
import Testing
import Tracer
@testable import Render

// Inner subscriptions drawn under their subscriber (issue 15): a higher-order operator's requests
// on lanes of their own, from the subscription to its end, so switchToLatest's disposal of the
// previous request and flatten(1)'s queue are seen, and two pipelines' same-named requests are
// told apart.

@Suite("A timeline draws a higher-order operator's inner subscriptions under their subscriber")
struct InnerLaneTests {
    private func model(_ text: String, lanes options: LaneOptions = LaneOptions()) throws -> TimelineModel {
        let trace = try ScenarioFile(parsing: text, file: "inner.sigviz").scenario(named: "inner").trace()
        return TimelineModel(trace, lanes: options)
    }

    private func svg(_ text: String) throws -> String {
        let trace = try ScenarioFile(parsing: text, file: "inner.sigviz").scenario(named: "inner").trace()
        return TimelineRenderer().render(trace)
    }

    /// Each lane as "role title", in order.
    private func outline(_ model: TimelineModel) -> [String] {
        model.lanes.map { "\($0.role) \($0.title)" }
    }

    private let searchBox = """
        subject typed
        cold request: +1.5 next "results for {}", +1.5 completed
        let stale = typed | flattenMap request
        let latest = typed | map request | switchToLatest
        subscribe "flattenMap" to stale
        subscribe "switchToLatest" to latest
        at 1 send typed "sw"
        at 2 send typed "swift"
        """

    @Test("each pipeline's requests are drawn under its own subscriber, not on shared same-named signal lanes")
    func underTheirSubscriber() throws {
        let model = try model(searchBox)
        // switchToLatest's own publish subject and connection are its plumbing: no lanes that read as the user's code.
        #expect(outline(model) == [
            "sends typed",
            "subscriber flattenMap", "inner request(\"sw\")", "inner request(\"swift\")",
            "subscriber switchToLatest", "inner request(\"sw\")", "inner request(\"swift\")",
        ])
        #expect(!model.lanes.contains { $0.role == .sideEffects }, "every run is drawn on an inner lane")
        #expect(model.sideEffects.map(\.count) == [1, 1, 1, 1], "the subtitle still counts every run")
    }

    @Test("switchToLatest's previous request ends disposed when the next starts; flattenMap's runs to its completion")
    func endings() throws {
        let model = try model(searchBox)
        let inner = model.lanes.filter { $0.role == .inner }
        #expect(inner.map(\.start) == [1, 2, 1, 2])
        #expect(inner.map(\.end) == [2.5, 3.5, 2, 3.5])
        #expect(inner.map(\.ending) == [.completed, .completed, .disposed, .completed])
        #expect(inner[0].marks.map(\.kind) == [.effect(number: 1), .value("results for sw", replayed: false), .completed(replayed: false)])
        #expect(inner[2].marks.map(\.kind) == [.effect(number: 1)], "the disposed request sent nothing")
        #expect(inner.allSatisfy { $0.waitingSince == nil }, "each request is subscribed as soon as it is made")
    }

    private let flattenOne = """
        subject typed
        cold request: +2 next "results for {}", +2 completed
        let queued = typed | map request | flatten 1
        subscribe "view" to queued
        at 1 send typed "a"
        at 2 send typed "b"
        """

    @Test("flatten 1 makes the second request wait: its lane shows when it was made and when it was subscribed")
    func queue() throws {
        let model = try model(flattenOne)
        let inner = model.lanes.filter { $0.role == .inner }
        #expect(inner.map(\.title) == ["request(\"a\")", "request(\"b\")"])
        #expect(inner.map(\.start) == [1, 3])
        #expect(inner.map(\.waitingSince) == [nil, 2])
        let svg = try svg(flattenOne)
        #expect(svg.contains("<title>request(&quot;b&quot;) was made at t=2 s and waited until t=3 s to be subscribed</title>"))
        #expect(svg.contains(">made, waiting to be subscribed</text>"), "the legend explains the dashed wait")
    }

    @Test("a cold signal subscribed directly keeps its own lane: no inner lanes without an operator's inner subscription")
    func directSubscriptionsStay() throws {
        let model = try model("""
            cold request: +1 next "a", +1 completed
            subscribe "A" to request
            subscribe "B" to request
            """)
        #expect(!model.lanes.contains { $0.role == .inner })
        #expect(model.lanes.filter { $0.role == .sideEffects }.map(\.marks.count) == [4])
    }

    @Test("a run shared through a multicast stays on its signal's lane: the drawing never guesses whose it is")
    func sharedRunsStay() throws {
        let model = try model("""
            subject typed
            cold request: +1 next "results for {}", +1 completed
            let shared = typed | flattenMap request | publish | autoconnect
            subscribe "A" to shared
            subscribe "B" to shared
            at 1 send typed "sw"
            """)
        #expect(!model.lanes.contains { $0.role == .inner })
        #expect(model.lanes.contains { $0.role == .sideEffects && $0.title == "request(\"sw\")" })
    }

    @Test("picking a subscriber with --only keeps its inner lanes")
    func onlyKeepsInnerLanes() throws {
        let model = try model(searchBox, lanes: LaneOptions(only: ["switchToLatest"]))
        #expect(outline(model) == ["subscriber switchToLatest", "inner request(\"sw\")", "inner request(\"swift\")"])
    }

    @Test("more inner runs than a subscriber gets lanes for stay on their signals' lanes")
    func tooManyInnerRuns() throws {
        let count = InnerSubscriptions.maximumPerSubscriber + 1
        let sends = (1...count).map { "at \($0) send typed \"q\($0)\"" }.joined(separator: "\n")
        let model = try model("""
            subject typed
            cold request: +0.5 next "results for {}", +0.5 completed
            let results = typed | flattenMap request
            subscribe "view" to results
            """ + "\n" + sends)
        #expect(!model.lanes.contains { $0.role == .inner })
        #expect(model.lanes.filter { $0.role == .sideEffects }.count == count)
    }

    @Test("the inner lane is drawn indented under its subscriber, with a hook, and its line only from subscription to end")
    func drawing() throws {
        let svg = try svg(searchBox)
        #expect(svg.contains("class=\"hook\""))
        #expect(svg.contains(">inner subscription</text>"))
        #expect(svg.contains("class=\"lane inner-lane\""))
        #expect(!svg.contains("waiting to be subscribed"), "nothing waited, so the legend does not say so")
    }
}
