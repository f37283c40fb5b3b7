import Scenarios
import Testing
import Tracer
@testable import Render

// Issue 25, defect 2: a `defer` runs its block on every subscription, so its runs are side effects
// like a cold signal's: drawn, counted in the graph and the report, and seen by the findings. The
// file is the one the issue names: a fetch made with defer, retried and flattened.

@Suite("defer's runs are side effects")
struct DeferRunTests {
    private static let file = """
        cold backend: +0.5 error "503"
        let fetch = defer backend | take 1 | retry 2
        subject pulls
        let feed = pulls | flattenMap fetch
        subscribe "List" to feed
        at 1 send pulls "pull"
        """

    private func trace() throws -> Trace {
        try ScenarioFile(parsing: Self.file, file: "defer.sigviz").scenario(named: "defer").trace()
    }

    @Test("each attempt's defer run is in the trace's side effects, drawn, counted by the graph and listed by the report")
    func drawnCountedListed() throws {
        let trace = try trace()
        let deferred = try #require(trace.signals.first { $0.operation == .defer })
        let didSubscribes = trace.events.filter {
            guard case .didSubscribe(let subscription) = $0.kind else { return false }
            return trace.subscriptions[subscription].signal == deferred.id
        }.count
        #expect(didSubscribes == 3, "three attempts: the first and two retries")
        #expect(trace.sideEffectRuns().filter { $0.signal == deferred.id }.count == didSubscribes)
        // Drawn: one diamond per run of the defer and of the backend.
        let svg = TimelineRenderer().render(trace)
        let backend = try #require(trace.signal(named: "backend"))
        let backendRuns = trace.didSubscribeCount(of: backend.id)
        #expect(svg.components(separatedBy: "<path class=\"effect\"").count - 1 == didSubscribes + backendRuns)
        // Counted by the graph: the defer's node says its runs.
        let graph = SubscriptionGraph(trace)
        let node = try #require(graph.nodes.first { $0.name == deferred.name })
        #expect(node.runs == didSubscribes)
        #expect(graph.caption(for: node).hasSuffix("· 3 runs"))
        // Listed by the report's runs table.
        #expect(ReportPage.runs(trace).filter { $0.signal == deferred.name }.count == didSubscribes)
        #expect(ReportPage.coldSignals(trace).contains { $0.name == deferred.name && $0.count == didSubscribes })
    }
}
