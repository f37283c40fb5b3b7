import Scenarios
import Testing
import Tracer
@testable import Render

// The subscription graph draws who subscribed to whom as the runtime did it, on scenario files
// that are not in the catalog (issue 14).

@Suite("The subscription graph of a user's scenario says who subscribed to whom")
struct GraphTruthTests {
    private func graph(_ text: String) throws -> SubscriptionGraph {
        let trace = try ScenarioFile(parsing: text, file: "graph.sigviz").scenario(named: "graph").trace()
        return SubscriptionGraph(trace)
    }

    /// The graph's arrows as "from -> to × count", sorted.
    private func arrows(_ graph: SubscriptionGraph) -> [String] {
        graph.edges.map { "\(graph.nodes[$0.from].name) -> \(graph.nodes[$0.to].name) × \($0.count)" }.sorted()
    }

    @Test("a search box: the flattenMap subscribes to the request once per query per binding; the subject subscribes to nothing")
    func searchBox() throws {
        let graph = try graph("""
            subject query
            cold searchRequest: +0.5 next "results", +0.6 completed
            let results = query | flattenMap searchRequest
            subscribe "list" to results
            subscribe "count" to results
            subscribe "spinner" to results
            at 1 send query "s"
            at 2 send query "sw"
            """)
        let arrows = arrows(graph)
        #expect(arrows.contains { $0.hasSuffix("-> searchRequest × 6") && !$0.hasPrefix("query ") })
        #expect(!arrows.contains { $0.hasPrefix("query -> ") }, "the subject drawn subscribing: \(arrows)")
        #expect(arrows.filter { $0.contains("-> query × 3") }.count == 1, "\(arrows)")
    }

    @Test("merge: the merge subscribes to both signals; its inner signal of signals is not drawn")
    func merge() throws {
        let graph = try graph("""
            cold a: +1 next "a", +2 completed
            cold b: +1 next "b", +2 completed
            let both = merge a, b
            subscribe "S" to both
            """)
        let arrows = arrows(graph)
        #expect(!arrows.contains { $0.contains("createSignal") }, "merge's inner signal of signals drawn: \(arrows)")
        #expect(arrows.count == 3, "\(arrows.joined(separator: "; "))")
        let intoSources = arrows.filter { $0.hasSuffix("-> a × 1") || $0.hasSuffix("-> b × 1") }
        #expect(intoSources.count == 2 && intoSources.allSatisfy { $0.hasPrefix("both ->") }, "\(arrows.joined(separator: "; "))")
    }
}
