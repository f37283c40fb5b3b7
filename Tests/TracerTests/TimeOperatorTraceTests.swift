import Dispatch
import Foundation
import Reactive
import Testing
import Tracer

/// What the time operators' traces say: the deliveries they make later name the delivery they
/// received as their cause, and the values `throttle` drops are reported.
@Suite struct TimeOperatorTraceTests {
    /// The position of the only event of `trace` that is `kind`.
    private func position(of kind: TraceEvent.Kind, in trace: Trace) throws -> Int {
        let positions = trace.events.indices.filter { trace.events[$0].kind == kind }
        try #require(positions.count == 1, "one \(kind) in \(trace.events)")
        return positions[0]
    }

    /// The subscription of the signal named `name`, the only one.
    private func subscription(to name: String, in trace: Trace) throws -> Int {
        let matching = trace.subscriptions.filter { trace.signals[$0.signal].name == name }
        try #require(matching.count == 1, "one subscription to \(name)")
        return matching[0].id
    }

    @Test("delay's delivery, half a second later, names the delivery it delays as its cause (on a TestScheduler)")
    func delayNamesItsDelivery() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) {
            let subject = Subject<String>().named("clicks")
            let later = subject.delay(0.5).named("later")
            scheduler.perform { later.subscribe(label: "L") }
            scheduler.schedule(after: 1) { subject.sendNext("a") }
            scheduler.stepAll()
        }
        try trace.validate()
        let received = try position(of: .next(subscription: subscription(to: "clicks", in: trace), value: "a", replayed: false), in: trace)
        let delayed = try position(of: .next(subscription: subscription(to: "later", in: trace), value: "a", replayed: false), in: trace)
        #expect(trace.events[received].time == 1)
        #expect(trace.events[delayed].time == 1.5)
        #expect(trace.events[delayed].cause == received)
    }

    @Test("throttle reports the value a newer one drops, at the newer one's time, and its flush names the delivery it passes on")
    func throttleDropsExactly() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) {
            let typed = Subject<String>().named("typed")
            let queries = typed.throttle(0.5).named("queries")
            scheduler.perform { queries.subscribe(label: "Q") }
            scheduler.schedule(after: 1) { typed.sendNext("s") }
            scheduler.schedule(after: 1.25) { typed.sendNext("sw") }
            scheduler.stepAll()
        }
        try trace.validate()
        #expect(trace.subscriptions.withoutSites == [
            TraceSubscription(id: 0, signal: 1, subscriber: .label("Q")),
            TraceSubscription(id: 1, signal: 0, subscriber: .anonymous, parent: 0),
        ])
        #expect(trace.events == [
            event(0, .signal(0)),
            event(0, .signal(1)),
            event(0, .subscribe(0)),
            event(0, .didSubscribe(0)),
            event(0, .subscribe(1), cause: 3),
            event(1, .send(signal: 0, value: "s")),
            event(1, next(1, "s"), cause: 5),
            event(1.25, .send(signal: 0, value: "sw")),
            event(1.25, next(1, "sw"), cause: 7),
            // "s", held, is dropped when "sw" arrives, by that delivery, on the subscription that received both.
            event(1.25, .drop(subscription: 1, value: "s"), cause: 8),
            // The flush half a second later continues "sw"'s delivery.
            event(1.75, next(0, "sw"), cause: 8),
            // The end of the recording.
            event(1.75, .dispose(0)),
            event(1.75, .dispose(1)),
        ])
    }

    @Test("throttle with a test: a value that fails it is sent at once and not dropped, but drops the value held")
    func throttleValuesPassing() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) {
            let keys = Subject<String>().named("keys")
            let input = keys.throttle(0.5, valuesPassing: { $0 != "\n" }).named("input")
            scheduler.perform { input.subscribe(label: "I") }
            scheduler.schedule(after: 1) { keys.sendNext("a") }
            scheduler.schedule(after: 1.1) { keys.sendNext("\n") }
            scheduler.schedule(after: 2) { keys.sendNext("b") }
            scheduler.stepAll()
        }
        try trace.validate()
        let drops = trace.events.compactMap { event -> String? in
            if case .drop(_, let value) = event.kind { return "\(value)@\(event.time)" }
            return nil
        }
        #expect(drops == ["a@1.1"])
        let delivered = trace.events.compactMap { event -> String? in
            if case .next(0, let value, _) = event.kind { return "\(value)@\(event.time)" }
            return nil
        }
        #expect(delivered == ["\n@1.1", "b@2.5"])
    }

    @Test("a subscription subscribeOn makes in scheduled work has subscribeOn's subscription as parent")
    func subscribeOnParent() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) {
            let source = Signal<Int>.create { subscriber in
                subscriber.sendNext(1)
                return nil
            }.named("source")
            let moved = source.subscribe(on: scheduler).named("moved")
            scheduler.perform { moved.subscribe(label: "M") }
            scheduler.stepAll()
        }
        try trace.validate()
        let outer = try subscription(to: "moved", in: trace)
        let inner = try subscription(to: "source", in: trace)
        #expect(trace.subscriptions[inner].parent == outer)
    }

    @Test("deliverOn a QueueScheduler: the delivery on the queue names the hop as its cause, and the hop the delivery it moves")
    func deliverOnQueue() throws {
        let queue = QueueScheduler(name: "deliverOn test")
        let delivered = DispatchSemaphore(value: 0)
        // Inside a scheduler's work: a wall-clock recording needs a current scheduler off the main thread.
        let trace = try Scheduler.immediate.perform {
            try Trace.record {
                let subject = Subject<String>().named("source")
                let moved = subject.deliver(on: queue).named("moved")
                // Subscribed with a scheduler current, so at once, not on the subscription scheduler's queue.
                TestScheduler().perform {
                    moved.subscribe(label: "M", next: { _ in delivered.signal() })
                    subject.sendNext("a")
                }
                // A failure guard only: the test waits for the delivery, not for a time.
                #expect(delivered.wait(timeout: .now() + .seconds(60)) == .success)
                // The queue's block reports before it calls the handler; wait for the block to finish.
                queue.queue.sync {}
            }
        }
        try trace.validate()
        let received = try position(of: .next(subscription: subscription(to: "source", in: trace), value: "a", replayed: false), in: trace)
        let moved = try position(of: .next(subscription: subscription(to: "moved", in: trace), value: "a", replayed: false), in: trace)
        let hop = try #require(trace.events[moved].cause)
        guard case .hop(_, let scheduler) = trace.events[hop].kind else {
            Issue.record("the moved delivery's cause is \(trace.events[hop].kind), not a hop")
            return
        }
        #expect(scheduler == "deliverOn test")
        #expect(trace.events[hop].cause == received)
    }

    @Test("retry's later attempts have retry's subscription as parent and the error that made each one as cause")
    func retryParentAndCause() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) {
            // Fails at once on each subscription: retry's recursion is synchronous, so each attempt
            // must still name the error just before it, not an earlier one.
            let request = Signal<Int>.create { subscriber in
                subscriber.sendError(TestError("timeout"))
                return nil
            }.named("request")
            let attempts = request.retry(2).named("attempts")
            scheduler.perform { attempts.subscribe(label: "view") }
            scheduler.stepAll()
        }
        try trace.validate()
        let outer = try #require(trace.subscriptions.first { $0.label == "view" }).id
        let tries = trace.subscriptions.filter { trace.signals[$0.signal].name == "request" }
        try #require(tries.count == 3)
        #expect(tries.allSatisfy { $0.parent == outer })
        for (previous, next) in zip(tries, tries.dropFirst()) {
            let failed = try position(of: .error(subscription: previous.id, message: "timeout", replayed: false), in: trace)
            let made = try position(of: .subscribe(next.id), in: trace)
            #expect(trace.events[made].cause == failed, "attempt \(next.id) names the error of attempt \(previous.id)")
        }
    }

    @Test("bufferWithTime's batch names the delivery of its first value, which started the timer, as its cause")
    func bufferNamesItsFirstValue() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) {
            let lines = Subject<String>().named("lines")
            let batches = lines.bufferWithTime(1, on: scheduler).map { $0.joined(separator: " ") }.named("batches")
            scheduler.perform { batches.subscribe(label: "B") }
            scheduler.schedule(after: 1) { lines.sendNext("a") }
            scheduler.schedule(after: 1.5) { lines.sendNext("b") }
            scheduler.stepAll()
        }
        try trace.validate()
        let first = try position(of: .next(subscription: subscription(to: "lines", in: trace), value: "a", replayed: false), in: trace)
        let label = try #require(trace.subscriptions.first { $0.label == "B" }).id
        let batch = try position(of: .next(subscription: label, value: "a b", replayed: false), in: trace)
        #expect(trace.events[batch].time == 2)
        // The batch reaches B through map, whose own delivery names the buffer's; up the chain, the first value's.
        var cause = trace.events[batch].cause
        var chain: [Int] = []
        while let current = cause, chain.count < 16 {
            chain.append(current)
            cause = trace.events[current].cause
        }
        #expect(chain.contains(first))
    }
}
