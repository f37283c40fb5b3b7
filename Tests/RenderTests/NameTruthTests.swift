import Reactive
import Scenarios
import Testing
import Tracer
@testable import Render

// Lanes, graph nodes and traces show the names users gave; a signal given none reads as what a
// reader knows of it, with RAC's description in the tooltip (issue 14, item 3).

@Suite("Diagrams show the names users gave, and a reader's name for the rest")
struct NameTruthTests {
    private func trace(_ text: String) throws -> Trace {
        try ScenarioFile(parsing: text, file: "names.sigviz").scenario(named: "names").trace()
    }

    @Test("a reader's name from what the runtime reported each signal is, never from RAC's description")
    func readerNames() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) { () -> [AnyObject] in
            let source = Signal<String>.create { _ in nil }.named("source")
            let title = Signal<String>.create { _ in nil }.named("title")
            let (a, b) = (Subject<String>().named("a"), Subject<String>().named("b"))
            let published = source.publish()
            let unnamed = Subject<String>()
            return [
                published.signal, published.autoconnect(),
                title.catchTo(.return("Error")).startWith("Loading..."),
                a.merge(b), Signal.merge([title, a, b]),
                source.multicast(unnamed).signal,
                Signal<String>.create { _ in nil }, Signal.defer { title }, Signal<Int>.return(5),
                Signal<Double>.interval(1, on: scheduler), Signal<Double>.interval(0.25, on: scheduler),
                source.take(until: a), source.take(untilReplacement: b), source.replayLazily(),
            ]
        }
        let names = Set(trace.signals.map(\.name))
        for expected in [
            "publish of source", "autoconnect of publish of source", "catchTo of title",
            "startWith of catchTo of title", "merge of a, b", "merge of title, a, b", "multicast of source",
            "createSignal", "defer", "return 5", "interval 1", "interval 0.25", "takeUntil of source",
            "takeUntilReplacement of source", "replayLazily of source",
        ] {
            #expect(names.contains(expected), "no signal is named \(expected): \(names.sorted())")
        }
        // The operation says what the signal is, whatever its description says.
        let replacement = try #require(trace.signals.first { $0.name == "takeUntilReplacement of source" })
        #expect(replacement.description == "+createSignal:")
        #expect(replacement.operation == .takeUntilReplacement(replacement: trace.signal(named: "b")?.id))
    }

    @Test("a subject declared by the file keeps its name through multicast; RAC's description is beside it")
    func multicastSubject() throws {
        let trace = try trace("""
            cold coldSignal: +1 next "A", +2 completed
            subject subject
            let connection = coldSignal | multicast subject
            connect connection
            subscribe "Subscriber 1" to connection
            """)
        let subject = try #require(trace.signals.first { $0.kind == .subject })
        #expect(subject.name == "subject")
        #expect(subject.description == "[coldSignal] -multicast: subject")
        let svg = TimelineRenderer().render(trace)
        #expect(svg.contains(">→ subject</text>"))
        #expect(!svg.contains(">→ [coldSignal]"))
        #expect(svg.contains("<title>Subscriber 1 → subject (RAC: [coldSignal] -multicast: subject)</title>"))
    }

    @Test("a let names its pipeline; one ending in named keeps that name; a second name for a declaration renames nothing")
    func letNames() throws {
        let trace = try trace("""
            subject query
            cold request: +1 next "r", +2 completed
            let results = query | flattenMap request
            let titled = results | map "<{}>" | named "Titled"
            let again = query
            let shared = request | publish
            subscribe "list" to results
            subscribe "title" to titled
            subscribe "q" to again
            subscribe "s" to shared
            """)
        let names = Set(trace.signals.map(\.name))
        #expect(names.isSuperset(of: ["query", "request", "results", "Titled", "shared"]))
        #expect(!names.contains("again"))
        let results = try #require(trace.signals.first { $0.name == "results" })
        #expect(results.description == nil, "the name given replaces RAC's, as setName: does")
        let graph = GraphRenderer().render(trace)
        #expect(graph.contains("<title>results subscribed to query × 2</title>"))
        #expect(graph.contains("<title>list subscribed to results</title>"))
        #expect(graph.contains("<title>shared: subject</title>"), "named after the multicast, as setName: would: RAC's name is the given one")
    }

    @Test("a signal given no name reads as a reader's name in graph nodes, with RAC's in the tooltip")
    func unnamedOperators() throws {
        let trace = try trace("""
            cold feed: +1 next "1", +2 completed
            subscribe "A" to feed
            let prices = feed | publish | autoconnect
            let late = feed | replayLazily | named "late"
            subscribe "B" to prices
            """)
        let subject = try #require(trace.signals.first { $0.kind == .subject })
        #expect(subject.name == "publish of feed", "a publish inside a pipeline is named for a reader")
        #expect(subject.description == "[feed] -multicast: [feed] -publish")
        #expect(GraphRenderer().render(trace).contains("<title>publish of feed: subject; RAC&apos;s name: [feed] -multicast: [feed] -publish</title>"))
        let graph = GraphRenderer().render(trace)
        #expect(!graph.contains(">[feed]"), "a machine-made name drawn on a node")
    }

    @Test("a channel's names are its terminals': each subject is named for the way its values go, and sends read as sent there")
    func channelNames() throws {
        // Issue 25, defect 6: "from model" is sent into model and travels to view's subscribers; it
        // read as sent to view, and each of the file's names labelled two graph nodes.
        let trace = try trace("""
            channel model view
            subscribe "screen" to view
            at 1 send model "from model"
            """)
        let svg = TimelineRenderer().render(trace)
        #expect(svg.contains(">→ model to view</text>"))
        #expect(svg.contains(">model to view</text>"), "the send's lane names the way the value goes")
        #expect(!svg.contains(">view</text>"), "no lane reads as the view terminal's own")
        #expect(!svg.contains("followingSubject"))
        #expect(!svg.contains(">leadingSubject<"))
        // Each name the file gave is on the terminal it named, once.
        #expect(trace.signals.filter { $0.name == "model" }.map(\.kind) == [.channelTerminal])
        #expect(trace.signals.filter { $0.name == "view" }.map(\.kind) == [.channelTerminal])
        let graph = SubscriptionGraph(trace)
        #expect(graph.nodes.filter { $0.name == "view" || $0.name == "model" }.count == 2)
        let view = try #require(graph.nodes.first { $0.name == "view" })
        let reads = try #require(graph.edges.first { $0.from == view.id && $0.link == .reads })
        #expect(graph.nodes[reads.to].name == "model to view")
        #expect(graph.sentence(for: reads) == "a subscription to the terminal view is one to model to view")
        let writes = try #require(graph.edges.first { $0.from == view.id && $0.link == .writes })
        #expect(graph.nodes[writes.to].name == "view to model")
    }
}
