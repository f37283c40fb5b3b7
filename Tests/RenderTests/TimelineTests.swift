import Foundation
import Reactive
@testable import Render
import Scenarios
import Testing
import Tracer

@Suite("Timelines")
struct TimelineTests {
    @Test("every catalog scenario's timeline matches its golden file and is valid XML", arguments: Catalog.scenarios.map(\.name))
    func golden(name: String) throws {
        let trace = try #require(Catalog.scenario(named: name)).trace()
        let svg = TimelineRenderer(theme: .auto).render(trace)
        try expectValidXML(svg, name)
        try expectMatchesGolden(svg, named: "timeline-\(name)")
    }

    @Test("a timeline has one marble per next delivered to a labelled subscriber or a drawn inner subscription, and per send to a subject that is not an operator's plumbing",
          arguments: Catalog.scenarios.map(\.name))
    func structure(name: String) throws {
        let trace = try #require(Catalog.scenario(named: name)).trace()
        let svg = TimelineRenderer().render(trace)
        let labelled = Set(trace.labelledSubscriptions.map(\.id))
        // Inner subscriptions drawn under their subscribers show their values too.
        let inner = Set(TimelineModel(trace).lanes.filter { $0.role == .inner }.compactMap(\.subscription))
        // Subjects an operator made in its didSubscribe (switchToLatest's publish) are its plumbing: no lane.
        var plumbing = Set<Int>()
        var live = 0, replayed = 0, sent = 0
        for event in trace.events {
            switch event.kind {
            case .signal(let signal):
                if let cause = event.cause, case .didSubscribe = trace.events[cause].kind { plumbing.insert(signal) }
                if trace.signals[signal].isPlumbing { plumbing.insert(signal) }  // a command's machinery
            case .next(let subscription, _, let isReplayed) where labelled.contains(subscription) || inner.contains(subscription):
                if isReplayed { replayed += 1 } else { live += 1 }
            case .send(let signal, _) where !plumbing.contains(signal): sent += 1
            default: break
            }
        }
        #expect(occurrences(of: "<circle class=\"marble\"", in: svg) == live)
        #expect(occurrences(of: "<circle class=\"replayed\"", in: svg) == replayed)
        #expect(occurrences(of: "<circle class=\"send\"", in: svg) == sent)
        #expect(occurrences(of: "lane-group subscriber", in: svg) == labelled.count)
        let runs = trace.sideEffectRuns().count
        #expect(occurrences(of: "<path class=\"effect\"", in: svg) == runs)
    }

    @Test("fetchdata shows its six didSubscribe runs, numbered, and the count in its subtitle; replayLazily shows one")
    func sideEffectsAreCounted() throws {
        let six = TimelineRenderer().render(Catalog.scenario(named: "fetchdata")!.trace())
        #expect(six.contains("didSubscribe runs: fetchData × 6"))
        for number in 1...6 { #expect(six.contains("didSubscribe run \(number) at t=0 s")) }
        #expect(!six.contains("didSubscribe run 7"))
        let one = TimelineRenderer().render(Catalog.scenario(named: "fetchdata-replaylazily")!.trace())
        #expect(one.contains("didSubscribe runs: fetchData × 1"))
        #expect(!one.contains("didSubscribe run 2"))
    }

    @Test("the output is a standalone accessible SVG: viewBox, role, title, desc, no external resources")
    func standalone() throws {
        let svg = TimelineRenderer().render(Catalog.scenario(named: "replaylazily")!.trace())
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 "))
        #expect(svg.contains("role=\"img\""))
        #expect(svg.contains("<title id=\"sigviz-title\">replayLazily</title>"))
        #expect(svg.contains("<desc id=\"sigviz-desc\">Timeline of replayLazily"))
        #expect(!svg.contains("href"))
        #expect(!svg.contains("url("))
        #expect(!svg.contains("@import"))
        #expect(!svg.contains("<script"))
    }

    @Test("the themes: auto follows prefers-color-scheme, light and dark are fixed")
    func themes() throws {
        let trace = Catalog.scenario(named: "publish")!.trace()
        let auto = TimelineRenderer(theme: .auto).render(trace)
        let light = TimelineRenderer(theme: .light).render(trace)
        let dark = TimelineRenderer(theme: .dark).render(trace)
        #expect(auto.contains("@media (prefers-color-scheme:dark)"))
        #expect(!light.contains("prefers-color-scheme"))
        #expect(!dark.contains("prefers-color-scheme"))
        #expect(light.contains(".bg{fill:#ffffff}"))
        #expect(dark.contains(".bg{fill:#0d1117}"))
    }

    @Test("the same trace gives byte-identical SVG")
    func deterministic() {
        let first = TimelineRenderer().render(Catalog.scenario(named: "fetchdata")!.trace())
        let second = TimelineRenderer().render(Catalog.scenario(named: "fetchdata")!.trace())
        #expect(first == second)
    }

    @Test("completion, error, disposal and still-subscribed lanes end differently")
    func endings() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(title: "endings", clock: scheduler) {
            let completes = Subject<Int>(), fails = Subject<Int>(), open = Subject<Int>()
            let cancelled = Subject<Int>()
            scheduler.perform {
                completes.subscribe(label: "completes")
                fails.subscribe(label: "fails")
                open.subscribe(label: "open")
                let disposable = cancelled.subscribe(label: "cancelled")
                scheduler.schedule(after: 1) { disposable.dispose() }
            }
            scheduler.schedule(after: 2) {
                completes.sendCompleted()
                fails.sendError(CocoaError(.featureUnsupported))
            }
            scheduler.stepAll()
            return [completes, fails, open, cancelled]
        }
        let svg = TimelineRenderer().render(trace)
        #expect(occurrences(of: "<line class=\"end\"", in: svg) == 2)  // completed: the lane and the subject's send
        #expect(occurrences(of: "<path class=\"cross\"", in: svg) == 2)  // error: the lane and the send
        #expect(occurrences(of: "<rect class=\"disposed\"", in: svg) == 1)  // cancelled at 1 s
        #expect(occurrences(of: "<path class=\"arrow\"", in: svg) == 1)  // still subscribed at the end
        #expect(svg.contains(">disposed</text>"))
        #expect(svg.contains(">still subscribed</text>"))
    }

    @Test("values at the same instant are stacked, never drawn on top of each other")
    func stacking() throws {
        let svg = TimelineRenderer().render(Catalog.scenario(named: "fetchdata")!.trace())
        // alert receives three values and completion at 1 s: four marks at four heights.
        let pattern = /<circle class="marble" cx="([0-9.]+)" cy="([0-9.]+)"/
        var positions: [String: Int] = [:]
        for match in svg.matches(of: pattern) { positions["\(match.1),\(match.2)", default: 0] += 1 }
        #expect(positions.values.allSatisfy { $0 == 1 }, "two marbles at the same point: \(positions.filter { $0.value > 1 })")
    }

    @Test("hostile labels come out escaped and bounded", arguments: [
        "</text><script>alert(1)</script>", "\" onload=\"alert(1)", "]]><x/>", "</style><style>*{display:none}",
        "\u{202E}gnp.exe", "a\u{0}b\u{7}c", "emoji 🧪🔥 and עברית", String(repeating: "long ", count: 2000),
    ])
    func hostileLabels(label: String) throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(title: label, clock: scheduler) {
            let subject = Subject<String>().named(label)
            scheduler.perform { subject.subscribe(label: label) }
            scheduler.schedule(after: 1) { subject.sendNext(label) }
            scheduler.stepAll()
            return subject
        }
        for svg in [TimelineRenderer().render(trace), GraphRenderer().render(trace), ComparisonRenderer().render([trace, trace])] {
            try expectValidXML(svg, "hostile label")
            #expect(!svg.contains("<script"))
            #expect(!svg.contains("onload=\""))
            #expect(!svg.contains("<x/>"))
            #expect(!svg.contains("</style><style>"))
            #expect(!svg.contains("\u{202E}"))
            #expect(!svg.contains("\u{0}"))
            #expect(svg.utf8.count < 60_000, "labels are bounded")
        }
    }

    @Test("a dense lane shows counts instead of thousands of marbles, and stays small")
    func dense() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(title: "dense", clock: scheduler) {
            let subject = Subject<Int>()
            scheduler.perform { subject.subscribe(label: "busy") }
            for index in 0..<20_000 {
                scheduler.schedule(after: Double(index) / 1000) { subject.sendNext(index) }
            }
            scheduler.stepAll()
            return subject
        }
        let svg = TimelineRenderer().render(trace)
        try expectValidXML(svg, "dense")
        #expect(occurrences(of: "<circle class=\"marble\"", in: svg) == 0)
        #expect(svg.contains("20000 events, counted per 12 px"))
        #expect(svg.utf8.count < 200_000)
    }
}

@Suite("Comparison and graph")
struct ComparisonAndGraphTests {
    static let headline = ["cold", "publish", "replay", "replaylast", "replaylazily"]

    @Test("the headline comparison matches its golden file, one titled panel per trace with its didSubscribe count")
    func headline() throws {
        let traces = Self.headline.map { Catalog.scenario(named: $0)!.trace() }
        let svg = ComparisonRenderer(title: "cold vs publish vs replay vs replayLast vs replayLazily").render(traces)
        try expectValidXML(svg, "comparison")
        try expectMatchesGolden(svg, named: "compare-headline")
        #expect(occurrences(of: "class=\"panel-title\"", in: svg) == 5)
        #expect(occurrences(of: ">didSubscribe × 2: repeated</text>", in: svg) == 1)  // cold: A and B each run the source
        #expect(occurrences(of: ">didSubscribe × 1</text>", in: svg) == 4)
    }

    @Test("the fetchdata graph matches its golden file: fetchData subscribed 2 times through title and 4 through desc")
    func graph() throws {
        let svg = GraphRenderer().render(Catalog.scenario(named: "fetchdata")!.trace())
        try expectValidXML(svg, "graph")
        try expectMatchesGolden(svg, named: "graph-fetchdata")
        #expect(svg.contains(">× 2</text>"))
        #expect(svg.contains(">× 4</text>"))
        for label in ["someLabel", "originTextView", "renderedTextView", "alert"] {
            #expect(svg.contains(">\(label)</text>"))
        }
    }

    @Test("a connection sits beside its subject with dashed arrows to the subject and the source")
    func connection() throws {
        let svg = GraphRenderer().render(Catalog.scenario(named: "cold-to-hot-multicast")!.trace())
        try expectValidXML(svg, "connection graph")
        #expect(occurrences(of: "class=\"graph-edge connection-edge\"", in: svg) == 2)
        #expect(svg.contains("class=\"node-connection\""))
    }
}

@Suite("Large traces")
struct LargeTraceTests {
    @Test("a trace of one million events renders to a valid SVG of at most a few MB")
    func millionEvents() throws {
        var events = [
            TraceEvent(time: 0, kind: .signal(0)),
            TraceEvent(time: 0, kind: .subscribe(0)),
        ]
        events.reserveCapacity(1_000_003)
        for index in 0..<999_998 {
            events.append(TraceEvent(time: Double(index) / 100_000, kind: .next(subscription: 0, value: String(index % 97), replayed: false)))
        }
        events.append(TraceEvent(time: 10, kind: .completed(subscription: 0, replayed: false)))
        let trace = Trace(
            title: "a million events",
            signals: [TraceSignal(id: 0, kind: .subject, name: "firehose")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("consumer"))],
            events: events)
        #expect(trace.events.count == 1_000_001)
        let svg = TimelineRenderer().render(trace)
        try expectValidXML(svg, "a million events")
        #expect(svg.utf8.count < 3_000_000, "\(svg.utf8.count) bytes")
        #expect(svg.contains("999998 events, counted per 12 px"))
    }
}

@Suite("Expectations drawn under their lanes")
struct ExpectationDrawingTests {
    /// Subscriber "S" receives A at 1 s and completes at 2 s.
    static let trace: Trace = {
        let scheduler = TestScheduler()
        return Trace.record(title: "expectations", clock: scheduler) {
            let subject = Subject<String>()
            scheduler.perform { subject.subscribe(label: "S") }
            scheduler.schedule(after: 1) { subject.sendNext("A") }
            scheduler.schedule(after: 2) { subject.sendCompleted() }
            scheduler.stepAll()
            return subject
        }
    }()

    /// An expectation for subscriber "S", at `frame` seconds per frame.
    static func expectation(_ marble: String, frame: Double = 1) throws -> TimelineExpectation {
        TimelineExpectation(subscription: 0, expected: try Marble(parsing: marble), frame: frame)
    }

    @Test("a met expectation is drawn as an expected row with no divergence")
    func met() throws {
        let svg = TimelineRenderer().render(Self.trace, expectations: [try Self.expectation("-A|")])
        try expectValidXML(svg, "met")
        #expect(occurrences(of: "<circle class=\"expected\"", in: svg) == 1)
        #expect(svg.contains(">expected</text>"))
        #expect(!svg.contains("class=\"divergence\""))
    }

    @Test("an unmet expectation marks where the events first differ", arguments: [
        ("-B|", 1.0, "t=1 s"), ("-A-|", 1, "t=2 s"), ("-A", 1, "t=2 s"), ("-A--|", 0.5, "t=0.5 s"),
    ])
    func unmet(marble: String, frame: Double, at time: String) throws {
        let svg = TimelineRenderer().render(Self.trace, expectations: [try Self.expectation(marble, frame: frame)])
        try expectValidXML(svg, "unmet")
        #expect(occurrences(of: "class=\"divergence\"", in: svg) == 1)
        #expect(svg.contains("the events first differ from the expected ones at \(time)"))
    }

    /// Subscriber "S" receives a and b at 1.4 s and completes at 6 s.
    static let group: Trace = {
        let scheduler = TestScheduler()
        return Trace.record(title: "group", clock: scheduler) {
            let subject = Subject<String>()
            scheduler.perform { subject.subscribe(label: "S") }
            scheduler.schedule(after: 1.4) { subject.sendNext("a"); subject.sendNext("b") }
            scheduler.schedule(after: 6) { subject.sendCompleted() }
            scheduler.stepAll()
            return subject
        }
    }()

    @Test("the first difference is where sigviz check finds it: frame by frame, at the character where the marbles part",
          arguments: [
              // Events between frames count at the nearest frame, as check has them.
              ("-(ab)-|", nil), ("-(ab)---|", "t=6 s"),
              // Inside a group, at the character, as check reports it (not at the group's first frame).
              ("-(ba)-|", "t=2 s"), ("-(a)-(b)|", "t=3 s"),
          ] as [(String, String?)])
    func checkRule(marble: String, divergence: String?) throws {
        let svg = TimelineRenderer().render(Self.group, expectations: [try Self.expectation(marble)])
        #expect(occurrences(of: "class=\"divergence\"", in: svg) == (divergence == nil ? 0 : 1))
        if let divergence { #expect(svg.contains("the events first differ from the expected ones at \(divergence)")) }
        let comparison = Self.group.compare(subscription: 0, with: try Marble(parsing: marble), frame: 1)
        #expect(comparison.matches == (divergence == nil))
    }

    @Test("an expectation that cannot be compared at its frame is drawn without a first difference")
    func tooCoarse() throws {
        let svg = TimelineRenderer().render(Self.group, expectations: [try Self.expectation("(ab)|", frame: 5)])
        #expect(svg.contains(">expected</text>"))
        #expect(!svg.contains("class=\"divergence\""))
    }

    @Test("an expectation for a subscription that is not drawn changes nothing")
    func unknownSubscription() throws {
        let plain = TimelineRenderer().render(Self.trace)
        let expectation = TimelineExpectation(subscription: 99, expected: try Marble(parsing: ""), frame: 1)
        let svg = TimelineRenderer().render(Self.trace, expectations: [expectation])
        #expect(svg == plain)
    }
}
