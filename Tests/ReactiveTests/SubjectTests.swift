import Synchronization
import Testing
import TestSupport
@testable import Reactive

// Subjects: RACSubject, RACBehaviorSubject, RACReplaySubject and
// RACGroupedSignal as in ReactiveCocoa 2.5 (notes §8, §9, §11 groupBy).


/// Collects instrumentation reports.
private typealias Reports = RecordedInstrumentation

private extension RecordedInstrumentation {
    var all: [InstrumentationEvent] { events }
}

@Suite struct SubjectTests {
    enum Terminal: String, CaseIterable, Sendable {
        case completed, error

        func send<T>(to subscriber: some Subscriber<T>) {
            switch self {
            case .completed: subscriber.sendCompleted()
            case .error: subscriber.sendError(TestError("boom"))
            }
        }

        func recorded<T: Equatable & Sendable>(at time: Double) -> Recorded<T> {
            switch self {
            case .completed: .completed(at: time)
            case .error: .error("boom", at: time)
            }
        }
    }

    // MARK: Subject

    @Test("a subject fans each event out to its current subscribers in subscription order")
    func fanOutInSubscriptionOrder() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let subject = Subject<String>()
        let r1 = Recorder<String>("1", clock: scheduler, log: log)
        let r2 = Recorder<String>("2", clock: scheduler, log: log)
        let r3 = Recorder<String>("3", clock: scheduler, log: log)
        scheduler.schedule(after: 1) {
            r1.subscribe(to: subject)
            r2.subscribe(to: subject)
            r3.subscribe(to: subject)
        }
        scheduler.schedule(after: 2) { subject.sendNext("A") }
        scheduler.schedule(after: 3) { subject.sendCompleted() }
        scheduler.stepAll()

        #expect(log.lines == [
            "1: next(A) @2.0", "2: next(A) @2.0", "3: next(A) @2.0",
            "1: completed @3.0", "2: completed @3.0", "3: completed @3.0",
        ])
    }

    @Test("a late subscriber to a subject misses the values sent before it joined")
    func lateSubscriberMissesEarlierValues() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let early = Recorder<String>(clock: scheduler)
        let late = Recorder<String>(clock: scheduler)
        scheduler.perform { early.subscribe(to: subject) }
        scheduler.schedule(after: 1) { subject.sendNext("A") }
        scheduler.schedule(after: 2) { late.subscribe(to: subject) }
        scheduler.schedule(after: 3) { subject.sendNext("B") }
        scheduler.stepAll()

        #expect(early.events == [.next("A", at: 1), .next("B", at: 3)])
        #expect(late.events == [.next("B", at: 3)])
    }

    @Test("a subject does not remember termination: a subscriber added afterwards hears nothing of the past but gets later values",
          arguments: Terminal.allCases)
    func doesNotRememberTermination(terminal: Terminal) {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let early = Recorder<String>(clock: scheduler)
        let late = Recorder<String>(clock: scheduler)
        scheduler.perform { early.subscribe(to: subject) }
        scheduler.schedule(after: 1) { subject.sendNext("A") }
        scheduler.schedule(after: 2) { terminal.send(to: subject) }
        scheduler.schedule(after: 3) { late.subscribe(to: subject) }
        scheduler.schedule(after: 4) { subject.sendNext("B") }
        scheduler.stepAll()

        #expect(early.events == [.next("A", at: 1), terminal.recorded(at: 2)])
        #expect(late.events == [.next("B", at: 4)])
    }

    @Test("a subject's termination disposes its subscription to its upstream signal",
          arguments: Terminal.allCases)
    func terminationDisposesUpstream(terminal: Terminal) {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let disposals = Counter()
        // Sends A at 1 and "late" at 5, and never terminates by itself.
        let source = cold(String.self, scheduler, [(1, .next("A")), (5, .next("late"))], disposals: disposals)
        let early = Recorder<String>(clock: scheduler)
        let late = Recorder<String>(clock: scheduler)
        scheduler.perform {
            early.subscribe(to: subject)
            source.subscribe(subject)
        }
        scheduler.advance(to: 1.5)
        #expect(disposals.value == 0)

        scheduler.schedule(after: 0.5) { terminal.send(to: subject) }   // at 2
        scheduler.advance(to: 2)
        #expect(disposals.value == 1)

        scheduler.schedule(after: 1) { late.subscribe(to: subject) }    // at 3
        scheduler.stepAll()
        #expect(early.events == [.next("A", at: 1), terminal.recorded(at: 2)])
        // The source's value at 5 never reaches the subject any more.
        #expect(late.events == [])
        #expect(disposals.value == 1)
    }

    @Test("a subscriber whose subscription to a subject is disposed receives nothing more")
    func disposedSubscriberStopsReceiving() {
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        let kept = Recorder<Int>(clock: scheduler)
        let dropped = Recorder<Int>(clock: scheduler)
        let subscription = scheduler.perform { () -> any Disposable in
            kept.subscribe(to: subject)
            return dropped.subscribe(to: subject)
        }
        scheduler.schedule(after: 1) { subject.sendNext(1) }
        scheduler.schedule(after: 2) { subscription.dispose() }
        scheduler.schedule(after: 3) { subject.sendNext(2) }
        scheduler.schedule(after: 4) { subject.sendCompleted() }
        scheduler.stepAll()

        #expect(kept.events == [.next(1, at: 1), .next(2, at: 3), .completed(at: 4)])
        #expect(dropped.events == [.next(1, at: 1)])
        #expect(subscription.isDisposed)
    }

    @Test("a subscriber subscribing to a plain subject from inside a delivery does not receive the value being delivered")
    func reentrantSubscriberMissesCurrentValue() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let inner = Recorder<String>(clock: scheduler)
        scheduler.perform {
            subject.subscribe(next: { value in if value == "B" { inner.subscribe(to: subject) } })
        }
        scheduler.schedule(after: 1) { subject.sendNext("A") }
        scheduler.schedule(after: 2) { subject.sendNext("B") }
        scheduler.schedule(after: 3) { subject.sendNext("C") }
        scheduler.stepAll()

        #expect(inner.events == [.next("C", at: 3)])
    }

    // MARK: BehaviorSubject

    @Test("a behavior subject sends its current value first, then live values")
    func behaviorSubjectCurrentValueThenLive() {
        let scheduler = TestScheduler()
        let subject = BehaviorSubject("initial")
        let first = Recorder<String>(clock: scheduler)
        let second = Recorder<String>(clock: scheduler)
        scheduler.schedule(after: 1) { first.subscribe(to: subject) }
        scheduler.schedule(after: 2) { subject.sendNext("A") }
        scheduler.schedule(after: 3) { subject.sendNext("B") }
        scheduler.schedule(after: 4) { second.subscribe(to: subject) }
        scheduler.schedule(after: 5) { subject.sendNext("C") }
        scheduler.stepAll()

        #expect(first.events == [.next("initial", at: 1), .next("A", at: 2), .next("B", at: 3), .next("C", at: 5)])
        #expect(second.events == [.next("B", at: 4), .next("C", at: 5)])
    }

    @Test("a behavior subject's current value is reported as replayed history, later values as live")
    func behaviorSubjectCurrentValueIsHistory() {
        let scheduler = TestScheduler()
        let reports = Reports()
        Instrumentation.withInstrument(reports, clock: scheduler) {
            let subject = BehaviorSubject(1)
            scheduler.perform { subject.subscribe(label: "S", next: { _ in }) }
            subject.sendNext(2)
        }
        let deliveries = reports.all.compactMap { report -> String? in
            if case .next(_, let value, let replayed) = report.kind { return "\(value) replayed=\(replayed)" }
            return nil
        }
        #expect(deliveries == ["1 replayed=true", "2 replayed=false"])
    }

    @Test("a behavior subject's value property is the initial value, then the latest value sent")
    func behaviorSubjectValueProperty() {
        let subject = BehaviorSubject(5)
        #expect(subject.value == 5)
        subject.sendNext(7)
        #expect(subject.value == 7)
        subject.sendNext(9)
        subject.sendCompleted()
        #expect(subject.value == 9)
    }

    @Test("a subscriber joining a behavior subject after completion gets the last value and never completes (RAC 2.5)",
          arguments: Terminal.allCases)
    func behaviorSubjectAfterTermination(terminal: Terminal) {
        let scheduler = TestScheduler()
        let subject = BehaviorSubject("initial")
        let early = Recorder<String>(clock: scheduler)
        let late = Recorder<String>(clock: scheduler)
        scheduler.perform { early.subscribe(to: subject) }
        scheduler.schedule(after: 1) { subject.sendNext("last") }
        scheduler.schedule(after: 2) { terminal.send(to: subject) }
        scheduler.schedule(after: 3) { late.subscribe(to: subject) }
        scheduler.schedule(after: 4) { subject.sendNext("after") }
        scheduler.stepAll()

        #expect(early.events == [.next("initial", at: 0), .next("last", at: 1), terminal.recorded(at: 2)])
        #expect(late.events == [.next("last", at: 3), .next("after", at: 4)])
    }

    // MARK: ReplaySubject

    @Test("an unlimited replay subject replays its whole history to a late subscriber, then goes live")
    func replaySubjectHistoryThenLive() {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<String>()
        let late = Recorder<String>(clock: scheduler)
        scheduler.schedule(after: 1) { subject.sendNext("A") }
        scheduler.schedule(after: 2) { subject.sendNext("B") }
        scheduler.schedule(after: 3) { late.subscribe(to: subject) }
        scheduler.schedule(after: 4) { subject.sendNext("C") }
        scheduler.schedule(after: 5) { subject.sendCompleted() }
        scheduler.stepAll()

        #expect(late.events == [.next("A", at: 3), .next("B", at: 3), .next("C", at: 4), .completed(at: 5)])
    }

    @Test("a replay subject of capacity N replays only the last N values",
          arguments: [
            (0, [Int]()), (1, [5]), (2, [4, 5]), (4, [2, 3, 4, 5]), (5, [1, 2, 3, 4, 5]), (9, [1, 2, 3, 4, 5]),
            (ReplaySubject<Int>.unlimitedCapacity, [1, 2, 3, 4, 5]),
          ])
    func replaySubjectCapacity(capacity: Int, expected: [Int]) {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Int>(capacity: capacity)
        let late = Recorder<Int>(clock: scheduler)
        for value in 1...5 {
            scheduler.schedule(after: Double(value)) { subject.sendNext(value) }
        }
        scheduler.schedule(after: 6) { late.subscribe(to: subject) }
        scheduler.schedule(after: 7) { subject.sendNext(6) }
        scheduler.stepAll()

        #expect(late.events == expected.map { .next($0, at: 6) } + [.next(6, at: 7)])
    }

    @Test("a replay subject of capacity 0 replays nothing but its terminal event", arguments: Terminal.allCases)
    func replaySubjectCapacityZero(terminal: Terminal) {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Int>(capacity: 0)
        let live = Recorder<Int>(clock: scheduler)
        let late = Recorder<Int>(clock: scheduler)
        scheduler.perform { live.subscribe(to: subject) }
        scheduler.schedule(after: 1) { subject.sendNext(1) }
        scheduler.schedule(after: 2) { subject.sendNext(2) }
        scheduler.schedule(after: 3) { terminal.send(to: subject) }
        scheduler.schedule(after: 4) { late.subscribe(to: subject) }
        scheduler.stepAll()

        #expect(live.events == [.next(1, at: 1), .next(2, at: 2), terminal.recorded(at: 3)])
        #expect(late.events == [terminal.recorded(at: 4)])
    }

    @Test("a replay subject replays its terminal event after the history, and nothing live follows",
          arguments: Terminal.allCases)
    func replaySubjectReplaysTerminal(terminal: Terminal) {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<String>()
        let late = Recorder<String>(clock: scheduler)
        scheduler.schedule(after: 1) { subject.sendNext("A") }
        scheduler.schedule(after: 2) { subject.sendNext("B") }
        scheduler.schedule(after: 3) { terminal.send(to: subject) }
        scheduler.schedule(after: 4) { late.subscribe(to: subject) }
        scheduler.schedule(after: 5) { subject.sendNext("C") }
        scheduler.stepAll()

        #expect(late.events == [.next("A", at: 4), .next("B", at: 4), terminal.recorded(at: 4)])
    }

    @Test("a replay subject sent both completion and an error replays completion, whichever came first, as RAC does",
          arguments: Terminal.allCases)
    func replaySubjectCompletionWins(first: Terminal) {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Int>()
        let late = Recorder<Int>(clock: scheduler)
        let second: Terminal = first == .completed ? .error : .completed
        scheduler.schedule(after: 1) { subject.sendNext(1) }
        scheduler.schedule(after: 2) { first.send(to: subject) }
        scheduler.schedule(after: 3) { second.send(to: subject) }
        scheduler.schedule(after: 4) { late.subscribe(to: subject) }
        scheduler.stepAll()

        #expect(late.events == [.next(1, at: 4), .completed(at: 4)])
    }

    @Test("a replay subject records a value before delivering it live: subscribing from the handler of that value gets it once, as history")
    func replaySubjectBufferUpdatedBeforeDelivery() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let subject = ReplaySubject<String>()
        let outer = Recorder<String>("outer", clock: scheduler, log: log)
        let inner = Recorder<String>("inner", clock: scheduler, log: log)
        scheduler.perform {
            outer.subscribe(to: subject)
            subject.subscribe(next: { value in if value == "B" { inner.subscribe(to: subject) } })
        }
        scheduler.schedule(after: 1) { subject.sendNext("A") }
        scheduler.schedule(after: 2) { subject.sendNext("B") }
        scheduler.schedule(after: 3) { subject.sendNext("C") }
        scheduler.stepAll()

        #expect(inner.events == [.next("A", at: 2), .next("B", at: 2), .next("C", at: 3)])
        #expect(log.lines == [
            "outer: next(A) @1.0",
            "outer: next(B) @2.0", "inner: next(A) @2.0", "inner: next(B) @2.0",
            "outer: next(C) @3.0", "inner: next(C) @3.0",
        ])
    }

    // A subscription made from inside a delivery of the same replay subject is
    // queued until that delivery has reached every subscriber (the drain queue of
    // EventContract.md), so it replays the buffer as trimmed after the current
    // value: the last `capacity` values, the current one included. RAC 2.5 nests
    // the replay inside the delivery and replays capacity + 1 values; this port
    // documents the difference instead of re-entering the subject.
    @Test("a replay subject subscribed to from inside its own delivery replays the last capacity values, the current one included",
          arguments: [
            (0, []), (1, [3]), (2, [2, 3]), (ReplaySubject<Int>.unlimitedCapacity, [1, 2, 3]),
          ])
    func boundedReplaySubjectReentrantSubscribe(capacity: Int, replayed: [Int]) {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Int>(capacity: capacity)
        let inner = Recorder<Int>(clock: scheduler)
        scheduler.perform {
            subject.subscribe(next: { value in if value == 3 { inner.subscribe(to: subject) } })
        }
        for value in 1...4 {
            scheduler.schedule(after: Double(value)) { subject.sendNext(value) }
        }
        scheduler.stepAll()

        #expect(inner.events == replayed.map { .next($0, at: 3) } + [.next(4, at: 4)])
    }

    // MARK: GroupedSignal

    @Test("groupBy sends grouped signals that carry their key and behave as plain subjects")
    func groupedSignalKey() {
        let scheduler = TestScheduler()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (2, .next(2)), (3, .next(3)), (4, .completed)])
        let keys = Locked<[String]>([])
        let odd = Recorder<Int>(clock: scheduler)
        scheduler.perform {
            source.groupBy { $0 % 2 == 0 ? "even" : "odd" }.subscribe(next: { group in
                keys.withLock { $0.append(group.key) }
                if group.key == "odd" { odd.subscribe(to: group) }
            })
        }
        scheduler.stepAll()

        #expect(keys.withLock { $0 } == ["odd", "even"])
        #expect(odd.events == [.next(1, at: 1), .next(3, at: 3), .completed(at: 4)])

        let group = GroupedSignal<String, Int>(key: "k")
        let late = Recorder<Int>()
        group.sendNext(1)
        late.subscribe(to: group)
        group.sendNext(2)
        #expect(group.key == "k")
        #expect(late.events == [.next(2, at: 0)])
    }
}
