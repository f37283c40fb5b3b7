import Scenarios
import Testing
import Tracer
@testable import Render

// Subscriber lanes grouped by the signal subscribed to, so that a subject's figure and a replay
// subject's read apart; the order of subscription kept as an option; a subset of lanes (issue 14).

@Suite("Lanes are grouped by the signal subscribed to, and can be picked")
struct LaneOptionsTests {
    private let interleaved = """
        subject hot
        replay history
        subscribe "A" to hot
        subscribe "A" to history
        at 1 subscribe "B" to hot
        at 1 subscribe "B" to history
        at 0.5 send hot "x"
        at 0.5 send history "x"
        """

    private func lanes(_ options: LaneOptions) throws -> [String] {
        let trace = try ScenarioFile(parsing: interleaved, file: "lanes.sigviz").scenario(named: "lanes").trace()
        return TimelineModel(trace, lanes: options).lanes.map { "\($0.title) \($0.detail)" }
    }

    @Test("by default, subscriber lanes are grouped by the signal subscribed to, groups in the order of their first subscription")
    func grouped() throws {
        #expect(try lanes(LaneOptions()) == [
            "hot sent to this subject", "history sent to this replaySubject",
            "A → hot", "B → hot", "A → history", "B → history",
        ])
    }

    @Test("--lane-order subscription keeps the order they subscribed in")
    func bySubscription() throws {
        #expect(try lanes(LaneOptions(order: .subscription)) == [
            "hot sent to this subject", "history sent to this replaySubject",
            "A → hot", "A → history", "B → hot", "B → history",
        ])
    }

    @Test("only: a signal's name picks its lanes and its subscribers'; a label picks that subscriber's lanes")
    func only() throws {
        #expect(try lanes(LaneOptions(only: ["history"])) == ["history sent to this replaySubject", "A → history", "B → history"])
        #expect(try lanes(LaneOptions(only: ["B"])) == ["B → hot", "B → history"])
        #expect(try lanes(LaneOptions(only: ["nothing"])) == [])
    }

    @Test("the names lanes can be picked by are the labels and the signals' names, sorted")
    func names() throws {
        let trace = try ScenarioFile(parsing: interleaved, file: "lanes.sigviz").scenario(named: "lanes").trace()
        #expect(TimelineRenderer.laneNames(of: trace) == ["A", "B", "history", "hot"])
    }
}
