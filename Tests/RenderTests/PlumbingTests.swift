import Foundation
import Reactive
import Scenarios
import Testing
import Tracer
@testable import Render

// A command's machinery is the runtime's, not its user's (issue 15): the runtime reports its
// subjects and operators as plumbing, the trace keeps the mark, and a timeline draws no lanes for
// them, so a command's picture shows the user's requests and subscribers, not 14 lanes of RAC's
// internals with machine-made names.

@Suite("A command's machinery is plumbing: recorded as such, and drawn as no lanes")
struct PlumbingTests {
    /// A command on virtual time whose request is a cold signal named "request", executed twice.
    private func commandTrace() -> Trace {
        let scheduler = TestScheduler()
        return Trace.record(title: "command", clock: scheduler) { () -> (Command<String, String>, Subject<String>) in
            let taps = Subject<String>()
            let command = scheduler.perform {
                Command<String, String>(scheduler: scheduler) { input in
                    Signal<String>.create { subscriber in
                        scheduler.schedule(after: 1) {
                            subscriber.sendNext("saved \(input)")
                            subscriber.sendCompleted()
                        }
                    }.named("request")
                }
            }
            scheduler.perform {
                _ = command.executing.subscribe(label: "Spinner", next: { _ in })
                _ = command.execute("a")
            }
            scheduler.stepAll()
            return (command, taps)
        }
    }

    /// The command of ``commandTrace()``, with a user's flattenMap on `executing` that makes a request per value.
    private func userCodeOnPlumbing() -> Trace {
        let scheduler = TestScheduler()
        return Trace.record(title: "command", clock: scheduler) { () -> (Command<String, String>, Subject<String>) in
            let taps = Subject<String>()
            let command = scheduler.perform {
                Command<String, String>(scheduler: scheduler) { _ in Signal<String>.return("saved").named("request") }
            }
            scheduler.perform {
                _ = command.executing
                    .flattenMap { busy in Signal<String>.create { $0.sendNext("\(busy)"); return nil }.named("userRequest") }
                    .subscribe(label: "Log", next: { _ in })
                _ = command.execute("a")
            }
            scheduler.stepAll()
            return (command, taps)
        }
    }

    @Test("the runtime reports a command's subjects and operators as plumbing, and not the user's signals")
    func recorded() {
        let trace = commandTrace()
        let plumbing = trace.signals.filter(\.isPlumbing)
        #expect(plumbing.contains { $0.kind == .subject })
        #expect(plumbing.contains { $0.kind == .replaySubject(capacity: nil) }, "execute's replay subject")
        #expect(plumbing.contains { $0.kind == .operator })
        #expect(trace.signals.filter { !$0.isPlumbing }.map(\.name).contains("request"))
        #expect(!trace.signals.contains { $0.isPlumbing && $0.kind == .cold }, "the user's request is not plumbing")
        #expect(trace.signals.contains { !$0.isPlumbing && $0.kind == .subject }, "the user's own subject is not plumbing")
    }

    @Test("what the machinery makes while it runs is plumbing too; what the user's code makes from its values is not")
    func madeByMachinery() {
        let trace = commandTrace()
        #expect(!trace.signals.contains { !$0.isPlumbing && $0.kind == .operator }, "every operator is the command's")
        #expect(trace.signals.filter { $0.kind == .connection }.allSatisfy { $0.isPlumbing })
        let user = userCodeOnPlumbing()
        let requests = user.signals.filter { $0.name == "userRequest" }
        #expect(!requests.isEmpty)
        #expect(requests.allSatisfy { !$0.isPlumbing })
    }

    @Test("the graph leaves plumbing out but for the signals the user's nodes subscribe to, without their insides")
    func graph() throws {
        let trace = try #require(Catalog.scenario(named: "command-while-executing")).trace()
        let graph = SubscriptionGraph(trace)
        let names = graph.nodes.map(\.name)
        #expect(names.contains("save.executing") && names.contains("save.errors"))
        #expect(!names.contains { $0.contains("combineLatest") || $0.contains("scanWithStart") })
        #expect(graph.nodes.count < 20, "\(names)")
        let plumbing = Set(trace.signals.filter(\.isPlumbing).map(\.name))
        // From plumbing, only the arrows to the user's signals its machinery subscribed to (the request).
        let fromPlumbing = graph.edges.filter { plumbing.contains(graph.nodes[$0.from].name) }
        #expect(fromPlumbing.allSatisfy { $0.link == .machinery && !plumbing.contains(graph.nodes[$0.to].name) })
        #expect(fromPlumbing.contains { graph.nodes[$0.to].name.hasPrefix("request(") }, "what drives executing is the requests")
    }

    @Test("the mark survives a JSON round trip, written only when true; a plumbing field that is not a boolean is refused")
    func json() throws {
        let trace = commandTrace()
        let json = trace.json()
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"plumbing\": true"))
        #expect(!text.contains("\"plumbing\": false"))
        #expect(try Trace(json: json) == trace)
        let decoded = try JSONDecoder().decode(Trace.self, from: JSONEncoder().encode(trace))
        #expect(decoded.signals.map(\.isPlumbing) == trace.signals.map(\.isPlumbing))
        let bad = Data("""
            {"format": "sigviz-trace", "version": 1, "signals": [{"id": 0, "kind": "subject", "name": "s", "plumbing": 1}],
             "subscriptions": [], "events": []}
            """.utf8)
        #expect(throws: TraceFormatError.self) { try Trace(json: bad) }
    }

    @Test("a timeline draws no lanes for plumbing: the user's request and subscriber remain")
    func noLanes() {
        let model = TimelineModel(commandTrace())
        #expect(model.lanes.map { "\($0.role) \($0.title)" } == ["sideEffects request", "subscriber Spinner"])
    }

    @Test("the built-in command scenario shows its requests and its four subscribers only")
    func catalogScenario() throws {
        let trace = try #require(Catalog.scenario(named: "command-while-executing")).trace()
        let model = TimelineModel(trace)
        #expect(!model.lanes.contains { $0.role == .sends || $0.role == .connects })
        #expect(model.lanes.filter { $0.role == .subscriber }.count == 4)
    }
}

@Suite("One plumbing policy")
struct PlumbingPolicyTests {
    @Test("switchToLatest's machinery, made while it handles values, is plumbing: the graph draws no node of it but the one the user subscribes to")
    func switchToLatestMachinery() throws {
        let trace = try #require(Catalog.scenario(named: "search-box")).trace()
        let graph = SubscriptionGraph(trace)
        let names = graph.nodes.map(\.name)
        #expect(!names.contains { $0.hasPrefix("takeUntil of") || $0.hasPrefix("concat of publish") }, "\(names)")
        #expect(!names.contains("publish of map of queries"))
        // What the timeline draws and the graph shows of the user's signals agree: every lane's signal is a node.
        let model = TimelineModel(trace)
        for lane in model.lanes where lane.role == .subscriber {
            guard let target = lane.target else { continue }
            #expect(names.contains(trace.signals[target].name), "\(trace.signals[target].name)")
        }
    }

    @Test("what a defer's block makes is its user's, not plumbing: a request made there has its runs drawn")
    func deferBlockIsTheUsers() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) { () -> Signal<String> in
            let fetch = Signal<String>.defer {
                Signal<String>.create { subscriber in
                    subscriber.sendNext("token")
                    subscriber.sendCompleted()
                    return nil
                }.named("request")
            }
            scheduler.perform { fetch.subscribe(label: "A") }
            scheduler.stepAll()
            return fetch
        }
        let request = try #require(trace.signal(named: "request"))
        #expect(!trace.plumbing()[request.id])
        #expect(trace.sideEffectRuns().contains { $0.signal == request.id })
    }
}
