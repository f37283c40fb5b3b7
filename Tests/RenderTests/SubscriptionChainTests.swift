import Foundation
import Scenarios
import Testing
import Tracer
@testable import Render

// Which binding caused each didSubscribe run: the chain of subscriptions from the labelled
// subscriber down to the cold signal, on the timeline's diamonds and in the report (issue 14).

/// The trace of a scenario file's text.
private func trace(_ text: String, name: String = "chain") throws -> Trace {
    try ScenarioFile(parsing: text, file: name + ".sigviz").scenario(named: name).trace()
}

/// The didSubscribe events of the cold signal called `name`, in order, with their subscriptions.
private func runs(of name: String, in trace: Trace) throws -> [(event: Int, subscription: Int)] {
    let signal = try #require(trace.signal(named: name)).id
    return trace.events.indices.compactMap { index in
        guard case .didSubscribe(let subscription) = trace.events[index].kind,
              trace.subscriptions[subscription].signal == signal else { return nil }
        return (index, subscription)
    }
}

/// The tooltips of the timeline's didSubscribe diamonds, in drawing order.
private func diamondTooltips(_ svg: String) -> [String] {
    svg.matches(of: /<title>(didSubscribe run \d+ at [^<]*: a side effect[^<]*)<\/title>/).map { String($0.output.1) }
}

/// A search box: each query typed is a request, once per binding of the results.
private let searchBox = """
    title "Search box"
    subject query
    cold searchRequest: +0.5 next "results", +0.6 completed
    let results = query | flattenMap searchRequest
    subscribe "list" to results
    subscribe "count" to results
    at 1 send query "s"
    at 2 send query "sw"
    """

@Suite("The chain of subscriptions behind each didSubscribe run")
struct SubscriptionChainTests {
    @Test("fetchdata: the run someLabel caused names someLabel → someLabelText → catchTo of title → title → fetchData, on its diamond")
    func fetchdata() throws {
        let trace = Catalog.scenario(named: "fetchdata")!.trace()
        let runs = try runs(of: "fetchData", in: trace)
        #expect(runs.count == 6)
        let chains = runs.map { SubscriptionChain(leadingTo: $0.subscription, in: trace) }
        #expect(chains[0].names == ["someLabel", "someLabelText", "catchTo of title", "title", "fetchData"])
        #expect(!chains[0].isCut)
        // Every run starts at a binding and ends at fetchData: three views and alert's three.
        #expect(chains.map { $0.names.first! } == ["someLabel", "originTextView", "renderedTextView", "alert", "alert", "alert"])
        #expect(chains.allSatisfy { $0.names.last == "fetchData" })
        #expect(chains[2].text == "renderedTextView → renderedText → catchTo of renderedDesc → renderedDesc → desc → fetchData")
        #expect(chains[3].text == "alert → errors → title → fetchData")

        let svg = TimelineRenderer(theme: .light).render(trace)
        let tooltips = diamondTooltips(svg)
        #expect(tooltips.count == 6)
        #expect(tooltips.first == "didSubscribe run 1 at t=0 s: a side effect, caused by someLabel → someLabelText → catchTo of title → title → fetchData")
        for (number, chain) in chains.enumerated() {
            #expect(tooltips[number] == "didSubscribe run \(number + 1) at t=0 s: a side effect, caused by \(escaped(chain.text, for: .svg))")
        }
    }

    @Test("a subject between the binding and the source is named: replayLazily's multicast subject")
    func throughSubject() throws {
        let trace = Catalog.scenario(named: "fetchdata-replaylazily")!.trace()
        let run = try #require(try runs(of: "fetchData", in: trace).first)
        #expect(SubscriptionChain(leadingTo: run.subscription, in: trace).text
            == "someLabel → someLabelText → catchTo of title → title → shared → multicast of fetchData → fetchData")
    }

    @Test("a user's search box: each request names the binding whose flattenMap made it, on the diamond and in the report")
    func searchBoxChain() throws {
        let trace = try trace(searchBox, name: "search")
        let runs = try runs(of: "searchRequest", in: trace)
        #expect(runs.count == 4, "two queries, two bindings")
        let texts = runs.map { SubscriptionChain(leadingTo: $0.subscription, in: trace).text }
        #expect(texts == ["list → results → searchRequest", "count → results → searchRequest",
                          "list → results → searchRequest", "count → results → searchRequest"])
        let tooltips = diamondTooltips(TimelineRenderer(theme: .light).render(trace))
        // Each binding's requests are drawn under it, as inner subscriptions: list's, then count's.
        #expect(tooltips == [
            "didSubscribe run 1 at t=1 s: a side effect, caused by list → results → searchRequest",
            "didSubscribe run 3 at t=2 s: a side effect, caused by list → results → searchRequest",
            "didSubscribe run 2 at t=1 s: a side effect, caused by count → results → searchRequest",
            "didSubscribe run 4 at t=2 s: a side effect, caused by count → results → searchRequest",
        ])
        // The report: the run's row in the events table (which the hover line reads) and the runs table.
        let site = ReportBuilder().build([RecordedScenario(name: "search", title: "Search box", about: "", source: searchBox, trace: trace)])
        let page = String(decoding: try #require(site.last).contents, as: UTF8.self)
        let first = runs[0]
        #expect(page.contains("<tr id=\"event-\(first.event)\" data-event=\"\(first.event)\"")
            && page.contains("<td><code>didSubscribe</code></td><td>subscription \(first.subscription) → searchRequest</td>"
                + "<td>caused by list → results → searchRequest</td>"))
        #expect(page.contains("<tr><td>searchRequest</td><td class=\"r-number\">1</td><td class=\"r-number\">1</td>"
            + "<td>list → results → searchRequest</td><td class=\"r-number\"><a href=\"#event-\(first.event)\">#\(first.event)</a></td></tr>"))
        #expect(page.contains("<tr><td>searchRequest</td><td class=\"r-number\">4</td><td class=\"r-number\">2</td>"
            + "<td>count → results → searchRequest</td>"))
    }

    @Test("a binding's own subscription is named by the binding, and the events table does not say it twice")
    func directSubscription() throws {
        let trace = Catalog.scenario(named: "cold")!.trace()
        let run = try #require(try runs(of: "source", in: trace).first)
        #expect(SubscriptionChain(leadingTo: run.subscription, in: trace).names == ["A", "source"])
        #expect(diamondTooltips(TimelineRenderer(theme: .light).render(trace)).first == "didSubscribe run 1 at t=0.5 s: a side effect, caused by A → source")
        let page = String(decoding: ReportBuilder().build([RecordedScenario(name: "cold", title: "cold", about: "", trace: trace)])[1].contents, as: UTF8.self)
        #expect(page.contains("<td><code>didSubscribe</code></td><td>A → source</td><td></td>"))
    }

    @Test("a connection's subscription names its subject, and a subscription without a subscriber or parent names no cause")
    func uncaused() throws {
        let publish = Catalog.scenario(named: "publish")!.trace()
        let run = try #require(try runs(of: "source", in: publish).first)
        #expect(SubscriptionChain(leadingTo: run.subscription, in: publish).text == "published → source")
        let lonely = Trace(
            signals: [TraceSignal(id: 0, kind: .cold, name: "c")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .anonymous)],
            events: [TraceEvent(time: 0, kind: .signal(0)), TraceEvent(time: 0, kind: .subscribe(0)), TraceEvent(time: 0, kind: .didSubscribe(0))])
        let chain = SubscriptionChain(leadingTo: 0, in: lonely)
        #expect(chain.names == ["c"] && !chain.hasCause)
        #expect(diamondTooltips(TimelineRenderer(theme: .light).render(lonely)) == ["didSubscribe run 1 at t=0 s: a side effect"])
        #expect(SubscriptionChain(leadingTo: 7, in: lonely).text == "subscription 7")
    }

    @Test("the walk is bounded: a cycle of parents and a chain longer than 64 are cut, and say so")
    func bounded() {
        let signals = (0..<100).map { TraceSignal(id: $0, kind: .operator, name: "s\($0)") }
        // Subscription i was made by subscription i + 1: a chain of 100 from s99 down to s0.
        let long = Trace(signals: signals, subscriptions: (0..<100).map {
            TraceSubscription(id: $0, signal: $0, subscriber: .anonymous, parent: $0 < 99 ? $0 + 1 : nil)
        })
        let chain = SubscriptionChain(leadingTo: 0, in: long)
        #expect(chain.isCut)
        #expect(chain.names.count == SubscriptionChain.maximumDepth + 1)
        #expect(chain.names.first == "s64" && chain.names.last == "s0")
        #expect(chain.text.hasPrefix("… → s64 → s63"))
        // 0 made by 1, 1 made by 2, 2 fed into 0's subscriber: a loop.
        let loop = Trace(signals: Array(signals.prefix(3)), subscriptions: [
            TraceSubscription(id: 0, signal: 0, subscriber: .anonymous, parent: 1),
            TraceSubscription(id: 1, signal: 1, subscriber: .anonymous, parent: 2),
            TraceSubscription(id: 2, signal: 2, subscriber: .subscription(0)),
        ])
        let cycle = SubscriptionChain(leadingTo: 0, in: loop)
        #expect(cycle.isCut && cycle.names == ["s2", "s1", "s0"])
        // A parent that does not exist ends the walk.
        let dangling = Trace(signals: Array(signals.prefix(1)), subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .anonymous, parent: 9)])
        #expect(SubscriptionChain(leadingTo: 0, in: dangling).names == ["s0"])
        #expect(SubscriptionChain(leadingTo: 0, in: long) == chain, "the same trace gives the same chain")
    }
}
