import Foundation
import Reactive
import Testing
import Tracer

// Scheduler hops in a trace: `deliverOn:` and `subscribeOn:` to named virtual schedulers record a
// `hop` naming the operator's own subscription and the scheduler, caused by what was hopped, and
// what the scheduled block does names the hop as its cause.

/// Scheduler names, appended from scheduled work.
private final class NameLog: @unchecked Sendable {
    // @unchecked: `storage` is only touched under `lock`.
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ name: String) { lock.withLock { storage.append(name) } }
    var names: [String] { lock.withLock { storage } }
}

@Suite struct HopTraceTests {
    /// Checks `trace.events` against `expected` one by one, then as a whole, and validates the trace.
    private func check(_ trace: Trace, _ expected: [TraceEvent]) {
        #expect(trace.events.count == expected.count)
        for (index, pair) in zip(trace.events, expected).enumerated() {
            #expect(pair.0 == pair.1, "events[\(index)]")
        }
        #expect(trace.events == expected)
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("subject.deliver(on: background): each delivery hops, caused by the delivery received; the hopped delivery names the hop")
    func deliverOn() {
        let scheduler = TestScheduler()
        let background = scheduler.named("background")
        let schedulers = NameLog()
        let trace = Trace.record(title: "deliverOn", clock: scheduler) {
            let subject = Subject<String>().named("subject")
            let hopped = subject.deliver(on: background)
            scheduler.perform {
                hopped.subscribe(label: "S", next: { _ in
                    schedulers.append(Scheduler.current?.name ?? "none")
                })
            }
            scheduler.schedule(after: 1) { subject.sendNext("a") }
            scheduler.schedule(after: 2) { subject.sendCompleted() }
            scheduler.stepAll()
            return [subject, hopped] as [Any]
        }
        #expect(schedulers.names == ["background"])
        #expect(trace.signals.withoutSites == [
            TraceSignal(id: 0, kind: .subject, name: "subject"),
            TraceSignal(
                id: 1, kind: .operator, name: "deliverOn of subject", description: "[subject] -deliverOn: background",
                operation: .deliverOn(scheduler: "background"), receiver: 0),
        ])
        #expect(trace.subscriptions.withoutSites == [
            TraceSubscription(id: 0, signal: 1, subscriber: .label("S"), parent: nil),
            TraceSubscription(id: 1, signal: 0, subscriber: .anonymous, parent: 0),
        ])
        check(trace, [
            event(0, .signal(0)),
            event(0, .signal(1)),
            event(0, .subscribe(0)),
            event(0, .didSubscribe(0)),
            event(0, .subscribe(1), cause: 3),
            event(1, .send(signal: 0, value: "a")),
            event(1, next(1, "a"), cause: 5),
            // deliverOn's block starts on background: the hop of its own subscription, caused by the delivery it received.
            event(1, .hop(subscription: 0, scheduler: "background"), cause: 6),
            event(1, next(0, "a"), cause: 7),
            event(2, .sendCompleted(signal: 0)),
            event(2, completed(1), cause: 9),
            event(2, .dispose(1), cause: 10),
            event(2, .hop(subscription: 0, scheduler: "background"), cause: 10),
            event(2, completed(0), cause: 12),
            event(2, .dispose(0), cause: 13),
        ])
    }

    @Test("cold.subscribe(on: background): the subscription hops, caused by its didSubscribe; the source's subscription names the hop")
    func subscribeOn() {
        let scheduler = TestScheduler()
        let background = scheduler.named("background")
        let schedulers = NameLog()
        let trace = Trace.record(title: "subscribeOn", clock: scheduler) {
            let cold = Signal<String>.create { subscriber in
                schedulers.append(Scheduler.current?.name ?? "none")
                return scheduler.schedule(after: 1) {
                    subscriber.sendNext("x")
                    subscriber.sendCompleted()
                }
            }.named("cold")
            let hopped = cold.subscribe(on: background)
            scheduler.perform { hopped.subscribe(label: "S") }
            scheduler.stepAll()
            return [cold, hopped] as [Any]
        }
        #expect(schedulers.names == ["background"])
        #expect(trace.subscriptions.withoutSites == [
            TraceSubscription(id: 0, signal: 1, subscriber: .label("S"), parent: nil),
            TraceSubscription(id: 1, signal: 0, subscriber: .subscription(0), parent: 0),
        ])
        check(trace, [
            event(0, .signal(0)),
            event(0, .signal(1)),
            event(0, .subscribe(0)),
            event(0, .didSubscribe(0)),
            // subscribeOn's block starts on background: the hop, caused by the didSubscribe that scheduled it.
            event(0, .hop(subscription: 0, scheduler: "background"), cause: 3),
            event(0, .subscribe(1), cause: 4),
            event(0, .didSubscribe(1), cause: 4),
            event(1, next(1, "x")),
            event(1, next(0, "x"), cause: 7),
            event(1, completed(1)),
            event(1, completed(0), cause: 9),
            event(1, .dispose(0), cause: 10),
            event(1, .dispose(1), cause: 10),
        ])
    }

    @Test("a block that starts after the subscription's disposal records no hop and delivers nothing")
    func disposedBeforeTheHop() {
        let scheduler = TestScheduler()
        let background = scheduler.named("background")
        let trace = Trace.record(clock: scheduler) {
            let subject = Subject<String>().named("subject")
            let hopped = subject.deliver(on: background)
            let subscription = scheduler.perform { hopped.subscribe(label: "S") }
            scheduler.schedule(after: 1) {
                subject.sendNext("a")
                subscription.dispose()
            }
            scheduler.stepAll()
            return [subject, hopped] as [Any]
        }
        check(trace, [
            event(0, .signal(0)),
            event(0, .signal(1)),
            event(0, .subscribe(0)),
            event(0, .didSubscribe(0)),
            event(0, .subscribe(1), cause: 3),
            event(1, .send(signal: 0, value: "a")),
            event(1, next(1, "a"), cause: 5),
            event(1, .dispose(0)),
            event(1, .dispose(1)),
        ])
    }

    @Test("history replayed to deliverOn is still replayed history after the hop; live values stay live")
    func replayedAcrossTheHop() {
        let scheduler = TestScheduler()
        let background = scheduler.named("background")
        let trace = Trace.record(clock: scheduler) {
            let subject = ReplaySubject<String>().named("replay")
            subject.sendNext("old")
            let hopped = subject.deliver(on: background)
            scheduler.schedule(after: 1) { hopped.subscribe(label: "S") }
            scheduler.schedule(after: 2) { subject.sendNext("new") }
            scheduler.stepAll()
            return [subject, hopped] as [Any]
        }
        check(trace, [
            event(0, .signal(0)),
            event(0, .send(signal: 0, value: "old")),
            event(0, .signal(1)),
            event(1, .subscribe(0)),
            event(1, .didSubscribe(0)),
            event(1, .subscribe(1), cause: 4),
            event(1, next(1, "old", replayed: true), cause: 4),
            event(1, .hop(subscription: 0, scheduler: "background"), cause: 6),
            event(1, next(0, "old", replayed: true), cause: 7),
            event(2, .send(signal: 0, value: "new")),
            event(2, next(1, "new"), cause: 9),
            event(2, .hop(subscription: 0, scheduler: "background"), cause: 10),
            event(2, next(0, "new"), cause: 11),
        ])
    }

    @Test("a recorded trace with hops round-trips through JSON, the scheduler's name as the hop's text")
    func jsonRoundTrip() throws {
        let scheduler = TestScheduler()
        let main = scheduler.named("main"), background = scheduler.named("io \"queue\" ⚙︎")
        let trace = Trace.record(clock: scheduler) {
            let subject = Subject<String>().named("subject")
            let hopped = subject.subscribe(on: background).deliver(on: main)
            scheduler.perform { hopped.subscribe(label: "S") }
            scheduler.schedule(after: 1) { subject.sendNext("a") }
            scheduler.stepAll()
            return [subject, hopped] as [Any]
        }
        let hops = trace.events.compactMap { event -> String? in
            guard case .hop(_, let name) = event.kind else { return nil }
            return name
        }
        #expect(hops == ["io \"queue\" ⚙︎", "main"])
        let json = trace.json()
        #expect(String(decoding: json, as: UTF8.self).contains(#""kind": "hop", "subscription": 1, "scheduler": "io \"queue\" ⚙︎""#))
        let decoded = try Trace(json: json)
        #expect(decoded == trace)
        #expect(decoded.json() == json)
        #expect(throws: Never.self) { try decoded.validate() }
    }

    @Test("a hop to a real queue, on another thread, keeps its cause and gives the delivery its own")
    func hopToAQueue() throws {
        let io = QueueScheduler(name: "io")
        let delivered = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        // Inside a scheduler's work: a wall-clock recording needs a current scheduler off the main thread.
        let trace = try Scheduler.immediate.perform {
            try Trace.record {
                let subject = Subject<String>().named("subject")
                let hopped = subject.deliver(on: io)
                // Subscribed from a current scheduler, so that the subscription is made at once.
                TestScheduler().perform {
                    hopped.subscribe(label: "S", next: { _ in delivered.signal() }, completed: { done.signal() })
                }
                subject.sendNext("a")
                // One at a time, so that the order of the reports made on the two threads is known.
                #expect(delivered.wait(timeout: .now() + 10) == .success)
                subject.sendCompleted()
                #expect(done.wait(timeout: .now() + 10) == .success)
                return [subject, hopped] as [Any]
            }
        }
        let kinds = trace.events.map { event in
            event.kind.name + (event.cause.map { " <- \(trace.events[$0].kind.name)" } ?? "")
        }
        #expect(kinds == [
            "signal", "signal", "subscribe", "didSubscribe", "subscribe <- didSubscribe",
            "send", "next <- send", "hop <- next", "next <- hop",
            "sendCompleted", "completed <- sendCompleted", "dispose <- completed", "hop <- completed", "completed <- hop",
            "dispose <- completed",
        ])
        #expect(trace.events.allSatisfy { if case .hop(0, "io") = $0.kind { true } else { $0.kind.name != "hop" } })
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("a scheduler's name is cut like a label")
    func longNameIsCut() {
        let scheduler = TestScheduler()
        let long = scheduler.named(String(repeating: "s", count: 1_000))
        let trace = Trace.record(clock: scheduler) {
            let subject = Subject<String>()
            let hopped = subject.deliver(on: long)
            scheduler.perform { hopped.subscribe(label: "S") }
            scheduler.schedule(after: 1) { subject.sendNext("a") }
            scheduler.stepAll()
            return [subject, hopped] as [Any]
        }
        let names = trace.events.compactMap { event -> String? in
            guard case .hop(_, let name) = event.kind else { return nil }
            return name
        }
        #expect(names == [String(repeating: "s", count: traceLabelLimit - 1) + "…"])
        #expect(throws: Never.self) { try trace.validate() }
    }
}
