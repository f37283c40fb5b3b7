import Foundation
@testable import Render
import Testing
import Tracer

/// A trace of a subject and one subscriber that receives `count` values, each caused by its send:
/// `2 + 2 × count` events.
private func deliveries(_ count: Int) -> Trace {
    var events = [TraceEvent(time: 0, kind: .signal(0)), TraceEvent(time: 0, kind: .subscribe(0))]
    for index in 0..<count {
        events.append(TraceEvent(time: Double(index), kind: .send(signal: 0, value: "v\(index)")))
        events.append(TraceEvent(time: Double(index), kind: .next(subscription: 0, value: "v\(index)", replayed: false),
                                 cause: events.count - 1))
    }
    return Trace(title: "many", signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
                 subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("A"))], events: events)
}

/// The ids of the rows of an events table.
private func rows(_ table: String) -> [String] {
    table.components(separatedBy: "<tr id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
}

@Suite struct EventTableCapTests {
    @Test("a trace over the cap shows exactly the first N rows under a line that states N, the total and the caller's hint to get every event")
    func overTheCap() {
        let trace = deliveries(10)  // 22 events
        let table = ReportPage.eventsTable(trace, limit: 7, hint: [.text("All of them: "), .code("tool <trace> & more"), .text(".")])
        #expect(rows(table) == (0..<7).map { "event-\($0)" })
        #expect(table.contains("<p class=\"r-cap\" id=\"events-cap\"><strong>Showing the first 7 of 22 events.</strong> "
            + "The table stops there so that the page stays small. All of them: <code>tool &lt;trace&gt; &amp; more</code>.</p>"))
        // Render names no tool of its own: without a hint, the line ends there.
        #expect(ReportPage.eventsTable(trace, limit: 7).contains("The table stops there so that the page stays small.</p>"))
        // The line comes before the table, and no row links to a row that is not there.
        #expect(table.range(of: "r-cap")!.lowerBound < table.range(of: "<table")!.lowerBound)
        #expect(!table.contains("href=\"#event-7\""))
    }

    @Test("a trace at or under the cap shows every row and no line", arguments: [22, 23, 10_000])
    func underTheCap(limit: Int) {
        let trace = deliveries(10)
        let table = ReportPage.eventsTable(trace, limit: limit)
        #expect(rows(table) == trace.events.indices.map { "event-\($0)" })
        #expect(!table.contains("r-cap"))
        #expect(table == ReportPage.eventsTable(trace))
    }

    @Test("the report's page of a trace over 10,000 events has 10,000 rows and says so; the cap is stated with the thousands grouped")
    func reportPage() throws {
        let trace = deliveries(5_100)  // 10,202 events
        let site = ReportBuilder().build([RecordedScenario(name: "many", title: "Many", about: "Many values.", trace: trace)])
        let page = String(decoding: try #require(site.last).contents, as: UTF8.self)
        #expect(rows(page).count == ReportPage.eventTableLimit)
        #expect(ReportPage.eventTableLimit == 10_000)
        #expect(page.contains("Showing the first 10,000 of 10,202 events."))
        // Deterministic: the same trace gives the same bytes.
        #expect(site.map(\.contents) == ReportBuilder().build([RecordedScenario(name: "many", title: "Many", about: "Many values.", trace: trace)]).map(\.contents))
    }

    @Test("a reference to an event past the table's cap is plain text, not a link to a row that is not there")
    func referencesPastTheCap() throws {
        #expect(ReportPage.eventReference(9_999) == "<a href=\"#event-9999\">#9999</a>")
        #expect(ReportPage.eventReference(ReportPage.eventTableLimit) == "#10000")
        let trace = deliveries(5_100)
        let site = ReportBuilder().build([RecordedScenario(name: "many", title: "Many", about: "Many values.", trace: trace)])
        let page = String(decoding: try #require(site.last).contents, as: UTF8.self)
        let ids = Set(page.matches(of: /id="event-(\d+)"/).map { Int($0.1)! })
        let targets = page.matches(of: /href="#event-(\d+)"/).map { Int($0.1)! }
        #expect(!targets.isEmpty)
        #expect(targets.allSatisfy { ids.contains($0) })
    }

    @Test("numbers are grouped by thousands", arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (10_000_000, "10,000,000"), (-1234, "-1,234")])
    func grouping(number: Int, text: String) {
        #expect(ReportPage.grouped(number) == text)
    }
}
