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

    @Test("every arrow points from what acts to what it acts on: a subscriber to its signal, a connection to its subject and its source")
    func arrowDirections() throws {
        let graph = try graph("""
            cold source: +1 next "a", +1 completed
            subject hub
            let shared = source | multicast hub
            subscribe "reader" to hub
            connect shared
            """)
        let connection = try #require(graph.nodes.first { $0.name == "connection" })
        let links = graph.edges.filter { $0.link == .connection }.map { (graph.nodes[$0.from].name, graph.nodes[$0.to].name) }
        #expect(links.contains { $0 == (connection.name, "hub") })
        #expect(links.contains { $0 == (connection.name, "source") })
        #expect(!graph.edges.contains { graph.nodes[$0.to].name == connection.name })
        #expect(arrows(graph).contains("reader -> hub × 1"))
        #expect(graph.edges.filter { $0.link == .connection }.allSatisfy {
            graph.sentence(for: $0).hasPrefix("connection feeds its subject hub")
                || graph.sentence(for: $0).hasPrefix("connection subscribes its subject to source")
        })
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

@Suite("The graph answers what drives a command's enabled")
struct CommandEnabledGraphTests {
    @Test("button → enabled reaches the user's canSubmit pipeline and its fields, through the command's machinery")
    func enabledReachesTheUsersPipeline() throws {
        // Issue 25, defect 5: the path stopped at login.enabled, and the user's pipeline ended in an
        // orphan node nothing subscribed to.
        let trace = try ScenarioFile(parsing: """
            subject email
            subject password
            let canSubmit = combineLatest email, password | map "ok {}"
            let valid = canSubmit | mapReplace "true"
            cold request: +1 next "token", +1 completed
            command login: request enabled valid
            let isEnabled = login.enabled
            subscribe "button" to isEnabled
            at 1 send email "a@b"
            at 2 send password "secret"
            at 3 execute login "go"
            """, file: "login.sigviz").scenario(named: "login").trace()
        let graph = SubscriptionGraph(trace)
        func node(_ name: String) throws -> Int { try #require(graph.nodes.first { $0.name == name }).id }
        var reached: Set<Int> = [try node("button")]
        var stack = Array(reached)
        while let current = stack.popLast() {
            for edge in graph.edges where edge.from == current && edge.isDependency && reached.insert(edge.to).inserted {
                stack.append(edge.to)
            }
        }
        for name in ["isEnabled", "valid", "canSubmit", "email", "password"] {
            #expect(reached.contains(try node(name)), "\(name) is not reached from the button")
        }
        let machinery = try #require(graph.edges.first { $0.link == .machinery })
        #expect(graph.sentence(for: machinery).contains("through the runtime's own signals"))
        // No node of the user's is left with nothing subscribing to it.
        let subscribed = Set(graph.edges.map(\.to))
        #expect(subscribed.contains(try node("canSubmit")))
    }
}
