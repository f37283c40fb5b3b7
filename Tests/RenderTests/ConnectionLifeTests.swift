import Scenarios
import Testing
import Tracer
@testable import Render

// A connection's life on the timeline (issue 14): the end of each source subscription on its
// source's lane, the connection's disposal, and a connect on a disposed connection as its own mark.

@Suite("A timeline draws a connection's life: source subscriptions' ends, the connection's disposal, connects that do nothing")
struct ConnectionLifeTests {
    private func trace(_ text: String) throws -> Trace {
        try ScenarioFile(parsing: text, file: "life.sigviz").scenario(named: "life").trace()
    }

    /// A price feed shared with `publish | autoconnect` whose last subscriber leaves before a new one arrives.
    private let priceFeed = """
        title "Price feed"
        cold feed: +1 next "100", +2 next "101", +3 next "102", +10 completed
        let prices = feed | publish | autoconnect
        subscribe "ticker" to prices until 2.5
        at 4 subscribe "chart" to prices
        """

    private func marks(_ model: TimelineModel, _ role: TimelineModel.Lane.Role) -> [(Double, TimelineModel.MarkKind)] {
        model.lanes.filter { $0.role == role }.flatMap(\.marks).map { ($0.time, $0.kind) }
    }

    @Test("autoconnect: the source run ends disposed at 2.5 s, the connection is disposed then, and the connect at 4 s is one after disposal")
    func autoconnectReconnects() throws {
        let model = TimelineModel(try trace(priceFeed))
        let effects = marks(model, .sideEffects)
        #expect(effects.count == 2)
        #expect(effects.first.map { $0.0 == 0 && $0.1 == .effect(number: 1) } == true)
        #expect(effects.last.map { $0.0 == 2.5 && $0.1 == .runEnded(number: 1, ending: .disposed) } == true)
        let connects = marks(model, .connects)
        #expect(connects.map(\.1) == [.connect(.subscribes), .disconnect, .connect(.afterDisposal(since: 2.5))])
        #expect(connects.map(\.0) == [0, 2.5, 4])
        #expect(model.sideEffects.map(\.count) == [1], "the run's end is not a second run")

        let svg = TimelineRenderer().render(try trace(priceFeed))
        #expect(svg.contains("<title>connection disposed at t=2.5 s: the source subscription ends, and the connection never connects again</title>"))
        #expect(svg.contains("<title>connect at t=4 s: the connection was disposed at t=2.5 s; RAC 2.5 does not reconnect, so nothing is subscribed</title>"))
        #expect(svg.contains("<title>didSubscribe run 1&apos;s subscription disposed at t=2.5 s: the source is no longer subscribed</title>"))
        #expect(!svg.contains("already connected, nothing happens"), "the connect after disposal drawn as already connected")
        #expect(svg.contains(">connect after the connection&apos;s disposal (RAC 2.5 does not reconnect)</text>"))
        #expect(svg.contains(">connection disposed</text>"))
    }

    @Test("a connect while connected is still 'already connected'; a source that completes ends its run with completion")
    func alreadyConnectedAndCompleted() throws {
        let model = TimelineModel(try trace("""
            cold source: +1 next "a", +2 completed
            let connection = source | publish
            connect connection
            at 1 connect connection
            subscribe "A" to connection
            """))
        #expect(marks(model, .connects).map(\.1) == [.connect(.subscribes), .connect(.alreadyConnected)])
        #expect(marks(model, .sideEffects).map(\.1) == [.effect(number: 1), .runEnded(number: 1, ending: .completed)])
    }

    @Test("a cold source's runs each end on its lane with how they ended: completed, error")
    func runEnds() throws {
        let model = TimelineModel(try trace("""
            cold fine: +1 completed
            cold broken: +2 error "boom"
            subscribe "A" to fine
            subscribe "B" to broken
            at 1 subscribe "C" to fine
            """))
        let fine = try #require(model.lanes.first { $0.title == "fine" })
        #expect(fine.marks.map(\.kind) == [.effect(number: 1), .runEnded(number: 1, ending: .completed), .effect(number: 2),
                                          .runEnded(number: 2, ending: .completed)])
        #expect(fine.marks.map(\.time) == [0, 1, 1, 2])
        let broken = try #require(model.lanes.first { $0.title == "broken" })
        #expect(broken.marks.map(\.kind) == [.effect(number: 1), .runEnded(number: 1, ending: .error)])
        #expect(broken.marks.map(\.time) == [0, 2])
    }
}
