import Reactive
import Testing
import Tracer

/// The synchronous filters report each value they leave out as dropped, on the subscription that
/// received it, caused by its delivery; the values they pass are not reported.
@Suite struct FilteringDropTests {
    /// The labels of the values dropped in a run of `operate` over a subject sent `values`, each
    /// checked to name the subject's delivery it left out as cause, and the operator as parent.
    private func drops(_ values: [Int], _ operate: (Signal<Int>) -> Signal<Int>) throws -> [String] {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) {
            let subject = Subject<Int>().named("numbers")
            let result = operate(subject).named("result")
            scheduler.perform {
                result.subscribe(label: "R")
                for value in values { subject.sendNext(value) }
            }
        }
        try trace.validate()
        var result: [String] = []
        for (index, event) in trace.events.enumerated() {
            guard case .drop(let subscription, let value) = event.kind else { continue }
            // Received on the operator's subscription to the subject, by the delivery just before.
            let cause = try #require(event.cause)
            #expect(trace.events[cause].kind == .next(subscription: subscription, value: value, replayed: false), "drop \(index)")
            #expect(trace.signals[trace.subscriptions[subscription].signal].name == "numbers")
            let parent = try #require(trace.subscriptions[subscription].parent)
            #expect(trace.signals[trace.subscriptions[parent].signal].name == "result")
            result.append(value)
        }
        return result
    }

    @Test("filter reports each value it leaves out")
    func filter() throws {
        #expect(try drops([1, 2, 3, 4]) { $0.filter { $0.isMultiple(of: 2) } } == ["1", "3"])
    }

    @Test("skip reports the values it skips")
    func skip() throws {
        #expect(try drops([1, 2, 3]) { $0.skip(2) } == ["1", "2"])
    }

    @Test("skip(while:) reports the values skipped while the predicate holds, and none after")
    func skipWhile() throws {
        #expect(try drops([1, 2, 3, 1]) { $0.skip(while: { $0 < 3 }) } == ["1", "2"])
    }

    @Test("take(while:) reports the value that ends it, and none before")
    func takeWhile() throws {
        #expect(try drops([1, 2, 3, 1]) { $0.take(while: { $0 < 3 }) } == ["3"])
    }

    @Test("distinctUntilChanged reports each value equal to the one before it")
    func distinct() throws {
        #expect(try drops([1, 1, 2, 1, 1]) { $0.distinctUntilChanged() } == ["1", "1"])
    }

    @Test("operators that pass every value, or keep them for later, report no drop")
    func noDrops() throws {
        #expect(try drops([1, 2]) { $0.map { $0 } }.isEmpty)
        #expect(try drops([1, 2]) { $0.take(1) }.isEmpty)
        #expect(try drops([1, 2]) { $0.aggregate(start: 0) { $0 + $1 } }.isEmpty)
    }

    @Test("a value from an unobserved source, filtered in the middle of another delivery, is not reported as that delivery's drop")
    func unobservedSourceNotMisattributed() throws {
        let outside = Subject<Int>()   // made before recording: not observed
        // Inside a scheduler's work: a wall-clock recording needs a current scheduler off the main thread.
        let trace = try Scheduler.immediate.perform {
            try Trace.record {
                let trigger = Subject<Int>().named("trigger")
                let kept = outside.filter { $0 > 5 }.named("kept")
                kept.subscribe(label: "K")
                // The filter's handler runs inside trigger's observed delivery.
                trigger.subscribe(label: "T", next: { _ in outside.sendNext(1) })
                trigger.sendNext(0)
            }
        }
        try trace.validate()
        #expect(!trace.events.contains { if case .drop = $0.kind { true } else { false } })
    }
}
