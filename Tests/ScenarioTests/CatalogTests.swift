import Testing
import Tracer

import Scenarios

/// The built-in scenarios against the articles' timelines (shared/seeds/README.md).
///
/// Every expectation is written by hand from the articles: who receives
/// what, when, live or replayed, and how often each side effect runs.
@Suite struct CatalogTests {
    /// The scenario named `name`, or a recorded issue.
    private func trace(of name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Trace {
        try #require(Catalog.scenario(named: name), sourceLocation: sourceLocation).trace()
    }

    // MARK: - The catalog

    @Test("the catalog holds every experiment's scenarios, each name once, in experiment order, then the others")
    func catalogNames() {
        #expect(Catalog.scenarios.map(\.name) == [
            "subject-vs-replay",
            "cold", "cold-on-demand",
            "cold-to-hot-subject", "cold-to-hot-multicast", "cold-to-hot-autoconnect",
            "fetchdata", "fetchdata-replaylazily",
            "multicast", "publish", "replay", "replaylast", "replaylazily",
            "behavior-subject", "replay-capacity", "groupby", "defer-then", "channel",
            "search-box", "combinelatest-requests", "combinelatest-replaylazily", "takeuntil-lifetime", "retry-request",
            "command-while-executing", "deliveron-main", "login-form", "flaky-request", "typeahead",
        ])
        #expect(Set(Catalog.scenarios.map(\.name)).count == Catalog.scenarios.count)
        #expect(Catalog.scenarios.map(\.experiment) == [1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(Catalog.scenario(named: "replay")?.title == "replay")
        #expect(Catalog.scenario(named: "hot") == nil)
    }

    @Test("every scenario has a title and a one-paragraph summary", arguments: Catalog.scenarios.map(\.name))
    func titleAndSummary(name: String) throws {
        let scenario = try #require(Catalog.scenario(named: name))
        #expect(scenario.id == name)
        #expect(scenario.title.contains { !$0.isWhitespace })
        #expect(scenario.summary.count > 100)
        #expect(!scenario.summary.contains("\n"), "the summary is one paragraph")
        #expect(scenario.summary.last == ".")
    }

    @Test("tracing a scenario twice gives equal, valid traces titled after it, with labelled subscribers",
          arguments: Catalog.scenarios.map(\.name))
    func deterministic(name: String) throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let first = scenario.trace()
        let second = scenario.trace()
        #expect(first == second)
        #expect(first.title == scenario.title)
        #expect(throws: Never.self) { try first.validate() }
        #expect(!first.labelledSubscriptions.isEmpty)
        #expect(first.events.contains { $0.kind.isDelivery })
    }

    // MARK: - Experiment 1

    @Test("1: subscribers 3 and 4 miss package 1 on the subject and get it replayed at 1.1 from the replay subject")
    func subjectVersusReplay() throws {
        let trace = try trace(of: "subject-vs-replay")
        let both = ["next(send package 1)@1.0", "next(send package 2)@2.0"]
        for label in ["Subscriber 1", "Subscriber 2"] {
            #expect(deliveries(trace, label: label, signal: "subject") == both)
            #expect(deliveries(trace, label: label, signal: "replaySubject") == both)
            #expect(subscribeTimes(trace, label: label) == ["0.1", "0.1"])
        }
        for label in ["Subscriber 3", "Subscriber 4"] {
            #expect(deliveries(trace, label: label, signal: "subject") == ["next(send package 2)@2.0"])
            #expect(deliveries(trace, label: label, signal: "replaySubject") == [
                "next(send package 1)@1.1 replayed", "next(send package 2)@2.0",
            ])
            #expect(subscribeTimes(trace, label: label) == ["1.1", "1.1"])
        }
        #expect(labelledDeliveries(trace, naming: true) == [
            "Subscriber 1 ← subject: next(send package 1)@1.0",
            "Subscriber 2 ← subject: next(send package 1)@1.0",
            "Subscriber 1 ← replaySubject: next(send package 1)@1.0",
            "Subscriber 2 ← replaySubject: next(send package 1)@1.0",
            "Subscriber 3 ← replaySubject: next(send package 1)@1.1 replayed",
            "Subscriber 4 ← replaySubject: next(send package 1)@1.1 replayed",
            "Subscriber 1 ← subject: next(send package 2)@2.0",
            "Subscriber 2 ← subject: next(send package 2)@2.0",
            "Subscriber 3 ← subject: next(send package 2)@2.0",
            "Subscriber 4 ← subject: next(send package 2)@2.0",
            "Subscriber 1 ← replaySubject: next(send package 2)@2.0",
            "Subscriber 2 ← replaySubject: next(send package 2)@2.0",
            "Subscriber 3 ← replaySubject: next(send package 2)@2.0",
            "Subscriber 4 ← replaySubject: next(send package 2)@2.0",
        ])
        #expect(!trace.events.contains { if case .didSubscribe = $0.kind { true } else { false } })
    }

    // MARK: - Experiment 2

    @Test("2: the cold signal runs once per subscriber and plays the whole sequence to each from its own time")
    func cold() throws {
        let trace = try trace(of: "cold-on-demand")
        for label in ["Subscriber 1", "Subscriber 2"] {
            #expect(deliveries(trace, label: label, signal: "coldSignal") == [
                "next(send package 1)@1.0", "next(send package 2)@2.0", "completed@2.0",
            ])
        }
        for label in ["Subscriber 3", "Subscriber 4"] {
            #expect(deliveries(trace, label: label, signal: "coldSignal") == [
                "next(send package 1)@2.0", "next(send package 2)@3.0", "completed@3.0",
            ])
        }
        #expect(didSubscribeTimes(trace, of: "coldSignal") == ["0.1", "0.1", "1.1", "1.1"])
        #expect(trace.signal(named: "coldSignal")?.kind == .cold)
    }

    // MARK: - Experiment 3

    /// What differs between the three ways of experiment 3.
    struct ColdToHot: Sendable, CustomTestStringConvertible {
        let name: String
        let firstSubscribes: String
        let connects: [String]
        var testDescription: String { name }
    }

    @Test("3: made hot, the cold signal runs once at 2; Subscriber 1 gets A at 3.5, both get B at 5 and complete at 7",
          arguments: [
              ColdToHot(name: "cold-to-hot-subject", firstSubscribes: "0.0", connects: []),
              ColdToHot(name: "cold-to-hot-multicast", firstSubscribes: "0.0", connects: ["connect@2.0"]),
              ColdToHot(name: "cold-to-hot-autoconnect", firstSubscribes: "2.0",
                        connects: ["connect@2.0", "connect@4.0 again"]),
          ])
    func coldToHot(variant: ColdToHot) throws {
        let trace = try trace(of: variant.name)
        #expect(deliveries(trace, label: "Subscriber 1") == ["next(A)@3.5", "next(B)@5.0", "completed@7.0"])
        #expect(deliveries(trace, label: "Subscriber 2") == ["next(B)@5.0", "completed@7.0"])
        #expect(labelledDeliveries(trace) == [
            "Subscriber 1: next(A)@3.5",
            "Subscriber 1: next(B)@5.0",
            "Subscriber 2: next(B)@5.0",
            "Subscriber 1: completed@7.0",
            "Subscriber 2: completed@7.0",
        ])
        #expect(subscribeTimes(trace, label: "Subscriber 1") == [variant.firstSubscribes])
        #expect(subscribeTimes(trace, label: "Subscriber 2") == ["4.0"])
        #expect(didSubscribeTimes(trace, of: "coldSignal") == ["2.0"])
        let coldSignal = try #require(trace.signal(named: "coldSignal"))
        #expect(trace.didSubscribeCount(of: coldSignal.id) == 1)
        #expect(connects(trace) == variant.connects)
    }

    // MARK: - Experiment 4

    @Test("4: fetchData is requested six times, and once with replayLazily; every binding still gets its text",
          arguments: [
              ("fetchdata", ["0.0", "0.0", "0.0", "0.0", "0.0", "0.0"], [String]()),
              ("fetchdata-replaylazily", ["0.0"], [
                  "connect@0.0", "connect@0.0 again", "connect@0.0 again",
                  "connect@0.0 again", "connect@0.0 again", "connect@0.0 again",
              ]),
          ])
    func fetchData(name: String, requests: [String], connects expectedConnects: [String]) throws {
        let trace = try trace(of: name)
        #expect(deliveries(trace, label: "someLabel") == [
            "next(Loading...)@0.0", "next(Cold and hot signals)@1.0", "completed@1.0",
        ])
        #expect(deliveries(trace, label: "originTextView") == [
            "next(Loading...)@0.0", "next(Why *six* requests?)@1.0", "completed@1.0",
        ])
        #expect(deliveries(trace, label: "renderedTextView") == [
            "next(Loading...)@0.0", "next(<p>Why *six* requests?</p>)@1.0", "completed@1.0",
        ])
        #expect(deliveries(trace, label: "alert") == [
            "next(Cold and hot signals)@1.0", "next(Why *six* requests?)@1.0",
            "next(<p>Why *six* requests?</p>)@1.0", "completed@1.0",
        ])
        #expect(didSubscribeTimes(trace, of: "fetchData") == requests)
        let fetchData = try #require(trace.signal(named: "fetchData"))
        #expect(trace.didSubscribeCount(of: fetchData.id) == requests.count)
        let responses = trace.events.filter { event in
            guard case .next(let id, "response", false) = event.kind else { return false }
            return trace.subscriptions[id].signal == fetchData.id
        }
        #expect(responses.map { render(time: $0.time) } == requests.map { _ in "1.0" })
        #expect(connects(trace) == expectedConnects)
        #expect(!trace.events.contains { if case .error = $0.kind { true } else { false } })
    }

    // MARK: - Experiment 5

    /// What A (at 0.5 s) and B (at 2.2 s) receive through one conversion of the source.
    struct Conversion: Sendable, CustomTestStringConvertible {
        let name: String
        let a: [String]
        let b: [String]
        let sourceRuns: [String]
        let connects: [String]
        var testDescription: String { name }
    }

    @Test("5: the same source and subscribers, cold and through each conversion", arguments: [
        Conversion(
            name: "cold",
            a: ["next(1)@1.5", "next(2)@2.5", "completed@3.5"],
            b: ["next(1)@3.2", "next(2)@4.2", "completed@5.2"],
            sourceRuns: ["0.5", "2.2"], connects: []),
        Conversion(
            name: "multicast",
            a: ["next(1)@2.0", "next(2)@3.0", "completed@4.0"],
            b: ["next(2)@3.0", "completed@4.0"],
            sourceRuns: ["1.0"], connects: ["connect@1.0"]),
        Conversion(
            name: "publish",
            a: ["next(1)@1.0", "next(2)@2.0", "completed@3.0"],
            b: ["completed@3.0"],
            sourceRuns: ["0.0"], connects: ["connect@0.0"]),
        Conversion(
            name: "replay",
            a: ["next(1)@1.0", "next(2)@2.0", "completed@3.0"],
            b: ["next(1)@2.2 replayed", "next(2)@2.2 replayed", "completed@3.0"],
            sourceRuns: ["0.0"], connects: ["connect@0.0"]),
        Conversion(
            name: "replaylast",
            a: ["next(1)@1.0", "next(2)@2.0", "completed@3.0"],
            b: ["next(2)@2.2 replayed", "completed@3.0"],
            sourceRuns: ["0.0"], connects: ["connect@0.0"]),
        Conversion(
            name: "replaylazily",
            a: ["next(1)@1.5", "next(2)@2.5", "completed@3.5"],
            b: ["next(1)@2.2 replayed", "next(2)@2.5", "completed@3.5"],
            sourceRuns: ["0.5"], connects: ["connect@0.5", "connect@2.2 again"]),
    ])
    func conversion(_ expected: Conversion) throws {
        let trace = try trace(of: expected.name)
        #expect(deliveries(trace, label: "A") == expected.a)
        #expect(deliveries(trace, label: "B") == expected.b)
        #expect(subscribeTimes(trace, label: "A") == ["0.5"])
        #expect(subscribeTimes(trace, label: "B") == ["2.2"])
        #expect(didSubscribeTimes(trace, of: "source") == expected.sourceRuns)
        #expect(connects(trace) == expected.connects)
    }

    @Test("5: a connection's signal is its subject: a plain one for multicast and publish, a replay subject for replay")
    func conversionSubjects() throws {
        for (name, kind) in [
            ("multicast", TraceSignal.Kind.subject), ("publish", .subject),
            ("replay", .replaySubject(capacity: nil)), ("replaylast", .replaySubject(capacity: 1)),
        ] {
            let trace = try trace(of: name)
            let a = try #require(subscriptions(trace, label: "A").first)
            #expect(trace.signals[a.signal].kind == kind, "\(name)")
            let connection = try #require(trace.signals.first { $0.kind == .connection }, "\(name)")
            #expect(connection.subject == a.signal, "\(name)")
            #expect(connection.source == trace.signal(named: "source")?.id, "\(name)")
        }
    }

    // MARK: - Experiment 6

    @Test("6: a behavior subject hands each new subscriber its current value first, even after completing")
    func behaviorSubject() throws {
        let trace = try trace(of: "behavior-subject")
        #expect(deliveries(trace, label: "Subscriber 1", signal: "behaviorSubject") == [
            "next(default)@1.0 replayed", "next(x)@2.0", "completed@4.0",
        ])
        #expect(deliveries(trace, label: "Subscriber 2", signal: "behaviorSubject") == [
            "next(x)@3.0 replayed", "completed@4.0",
        ])
        #expect(deliveries(trace, label: "Subscriber 3", signal: "behaviorSubject") == ["next(x)@5.0 replayed"])
        #expect(trace.signal(named: "behaviorSubject")?.kind == .behaviorSubject)
    }

    @Test("6: a replay subject of capacity 2 replays the last two values, and its completion after the end")
    func replayCapacity() throws {
        let trace = try trace(of: "replay-capacity")
        #expect(deliveries(trace, label: "Subscriber 1") == [
            "next(1)@1.0", "next(2)@2.0", "next(3)@3.0", "next(4)@4.0", "completed@5.0",
        ])
        #expect(deliveries(trace, label: "Subscriber 2") == [
            "next(2)@3.5 replayed", "next(3)@3.5 replayed", "next(4)@4.0", "completed@5.0",
        ])
        #expect(deliveries(trace, label: "Subscriber 3") == [
            "next(3)@6.0 replayed", "next(4)@6.0 replayed", "completed@6.0 replayed",
        ])
        #expect(trace.signal(named: "replaySubject")?.kind == .replaySubject(capacity: 2))
    }

    @Test("6: groupBy sends each hot group when its key first appears, and its subscriber gets that group's values")
    func groupBy() throws {
        let trace = try trace(of: "groupby")
        #expect(deliveries(trace, label: "odd", signal: "group odd") == ["next(1)@1.0", "next(3)@3.0", "completed@5.0"])
        #expect(deliveries(trace, label: "even", signal: "group even") == ["next(2)@2.0", "next(4)@4.0", "completed@5.0"])
        // A group sent as a value is labelled by its name.
        #expect(deliveries(trace, label: "groups") == [
            "next(group odd)@1.0", "next(group even)@2.0", "completed@5.0",
        ])
        let groups = try #require(subscriptions(trace, label: "groups").first)
        for label in ["odd", "even"] {
            let group = try #require(subscriptions(trace, label: label).first)
            #expect(group.parent == groups.id, "\(label) subscribes while the groups subscriber receives its group")
            #expect(trace.signals[group.signal].kind == .groupedSignal)
        }
        #expect(subscribeTimes(trace, label: "odd") == ["1.0"])
        #expect(subscribeTimes(trace, label: "even") == ["2.0"])
        #expect(labelledDeliveries(trace).suffix(3) == [
            "groups: completed@5.0", "odd: completed@5.0", "even: completed@5.0",
        ])
    }

    @Test("6: defer makes its signal at each subscription; then subscribes to the next step only when the source completes")
    func deferThen() throws {
        let trace = try trace(of: "defer-then")
        #expect(deliveries(trace, label: "Subscriber 1", signal: "deferred") == [
            "next(made at 1.0)@1.0", "completed@1.0",
        ])
        #expect(deliveries(trace, label: "Subscriber 2", signal: "deferred") == [
            "next(made at 2.0)@2.0", "completed@2.0",
        ])
        #expect(deliveries(trace, label: "Subscriber 3", signal: "then") == ["next(done)@5.5", "completed@5.5"])
        #expect(didSubscribeTimes(trace, of: "deferred") == ["1.0", "2.0"])
        #expect(didSubscribeTimes(trace, of: "source") == ["3.0"])
        #expect(didSubscribeTimes(trace, of: "nextStep") == ["5.0"])
        let source = try #require(trace.signal(named: "source"))
        let sourceValues = trace.events.filter { event in
            guard case .next(let id, "ignored", _) = event.kind else { return false }
            return trace.subscriptions[id].signal == source.id
        }
        #expect(sourceValues.map { render(time: $0.time) } == ["4.0"], "the source sends a value that then drops")
    }

    @Test("6: a channel carries each side's values to the other; only the view's side replays, and completion goes both ways")
    func channel() throws {
        let trace = try trace(of: "channel")
        #expect(deliveries(trace, label: "view") == ["next(from model)@1.0", "completed@4.0"])
        #expect(deliveries(trace, label: "model") == ["next(from view)@2.0", "completed@4.0"])
        #expect(deliveries(trace, label: "late view") == ["next(from model)@3.0 replayed", "completed@4.0"])
        #expect(deliveries(trace, label: "late model") == ["completed@4.0"])
        #expect(subscribeTimes(trace, label: "view") == ["0.5"])
        #expect(subscribeTimes(trace, label: "late model") == ["3.0"])
        let view = try #require(subscriptions(trace, label: "view").first)
        let model = try #require(subscriptions(trace, label: "model").first)
        #expect(trace.signals[view.signal].kind == .replaySubject(capacity: 1))
        #expect(trace.signals[model.signal].kind == .replaySubject(capacity: 0))
    }
}
