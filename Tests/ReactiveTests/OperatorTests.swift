import Synchronization
import Testing
@testable import Reactive

// Operators as in ReactiveCocoa 2.5 (notes §3 and §11): bind and what is
// built on it, merge, concat, catch, take, then, defer, groupBy, the
// primitive signals, and their names.


/// A cold signal that logs its subscription and disposal as `"<name> subscribed"`
/// and `"<name> disposed"`, and sends `timeline` like ``cold``.
private func logged<T: Sendable>(
    _ name: String, _: T.Type, _ scheduler: TestScheduler, _ log: DeliveryLog, _ timeline: [(Double, Event<T>)]
) -> Signal<T> {
    Signal<T>.create { subscriber in
        log.append("\(name) subscribed")
        let disposable = CompoundDisposable()
        for (delay, event) in timeline {
            disposable.add(scheduler.schedule(after: delay) { subscriber.send(event) })
        }
        disposable.add(BlockDisposable { log.append("\(name) disposed") })
        return disposable
    }
}

@Suite struct OperatorTests {
    // MARK: map, filter, flattenMap, flatten

    @Test("map transforms each value and keeps the timeline")
    func map() {
        let scheduler = TestScheduler()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (2, .next(2)), (3, .completed)])
        let recorder = Recorder<String>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: source.map { "v\($0 * 10)" }) }
        scheduler.stepAll()

        #expect(recorder.events == [.next("v10", at: 1), .next("v20", at: 2), .completed(at: 3)])
    }

    @Test("filter forwards only the values that pass, and the terminal event")
    func filter() {
        let scheduler = TestScheduler()
        let source = cold(Int.self, scheduler, [
            (1, .next(1)), (2, .next(2)), (3, .next(3)), (4, .next(4)), (5, .error(TestError("boom"))),
        ])
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: source.filter { $0 % 2 == 0 }) }
        scheduler.stepAll()

        #expect(recorder.events == [.next(2, at: 2), .next(4, at: 4), .error("boom", at: 5)])
    }

    /// Outer: 1 at 1, 2 at 2, completion at `outerEnd`. Inner for v: "va" 1 s
    /// after v, "vb" 2.5 s after, completion 2.75 s after (so 1 ends at 3.75,
    /// 2 at 4.75).
    @Test("flattenMap merges the inner signals and completes when the outer and every inner signal have completed",
          arguments: [(3.0, 4.75), (6.0, 6.0)])
    func flattenMapMerges(outerEnd: Double, completion: Double) {
        let scheduler = TestScheduler()
        let outer = cold(Int.self, scheduler, [(1, .next(1)), (2, .next(2)), (outerEnd, .completed)])
        let merged = outer.flattenMap { value in
            cold(String.self, scheduler, [(1, .next("\(value)a")), (2.5, .next("\(value)b")), (2.75, .completed)])
        }
        let recorder = Recorder<String>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: merged) }
        scheduler.stepAll()

        #expect(recorder.events == [
            .next("1a", at: 2), .next("2a", at: 3), .next("1b", at: 3.5), .next("2b", at: 4.5), .completed(at: completion),
        ])
    }

    @Test("flattenMap fails at the first inner error and disposes the outer and every other inner subscription")
    func flattenMapInnerErrorDisposesEverything() {
        let scheduler = TestScheduler()
        let outerDisposals = Counter()
        let firstDisposals = Counter()
        let outer = cold(Int.self, scheduler, [(1, .next(1)), (2, .next(2)), (10, .next(3))], disposals: outerDisposals)
        let first = cold(String.self, scheduler, [(1, .next("1a")), (5, .next("1b"))], disposals: firstDisposals)
        let failing = cold(String.self, scheduler, [(1.5, .error(TestError("inner")))])
        let merged = outer.flattenMap { $0 == 1 ? first : failing }
        let recorder = Recorder<String>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: merged) }
        scheduler.advance(to: 3.5)

        #expect(outerDisposals.value == 1)
        #expect(firstDisposals.value == 1)
        scheduler.stepAll()
        #expect(recorder.events == [.next("1a", at: 2), .error("inner", at: 3.5)])
    }

    @Test("an outer error makes flattenMap fail and dispose the inner subscriptions")
    func flattenMapOuterError() {
        let scheduler = TestScheduler()
        let innerDisposals = Counter()
        let outer = cold(Int.self, scheduler, [(1, .next(1)), (2, .error(TestError("outer")))])
        let inner = cold(String.self, scheduler, [(0.5, .next("x")), (5, .next("y"))], disposals: innerDisposals)
        let recorder = Recorder<String>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: outer.flattenMap { _ in inner }) }
        scheduler.stepAll()

        #expect(recorder.events == [.next("x", at: 1.5), .error("outer", at: 2)])
        #expect(innerDisposals.value == 1)
    }

    @Test("flatten merges the signals a signal of signals sends")
    func flatten() {
        let scheduler = TestScheduler()
        let innerA = cold(String.self, scheduler, [(1, .next("a1")), (2.5, .next("a2")), (2.75, .completed)])
        let innerB = cold(String.self, scheduler, [(1, .next("b1")), (2.5, .next("b2")), (2.75, .completed)])
        let outer = cold(Signal<String>.self, scheduler, [(1, .next(innerA)), (2, .next(innerB)), (3, .completed)])
            .named("outer")
        let flat = outer.flatten()
        let recorder = Recorder<String>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: flat) }
        scheduler.stepAll()

        #expect(flat.name == "[outer] -flatten")
        #expect(recorder.events == [
            .next("a1", at: 2), .next("b1", at: 3), .next("a2", at: 3.5), .next("b2", at: 4.5), .completed(at: 4.75),
        ])
    }

    // MARK: merge

    enum MergeForm: String, CaseIterable, Sendable {
        case staticMerge, instanceMerge

        func merge(_ signals: [Signal<Int>]) -> Signal<Int> {
            switch self {
            case .staticMerge: Signal.merge(signals)
            case .instanceMerge: signals.dropFirst().reduce(signals[0]) { $0.merge($1) }
            }
        }
    }

    @Test("merge subscribes to all signals at once and completes when all have completed", arguments: MergeForm.allCases)
    func mergeCompletesWhenAllComplete(form: MergeForm) {
        let scheduler = TestScheduler()
        let a = cold(Int.self, scheduler, [(1, .next(1)), (4, .next(4)), (5, .completed)])
        let b = cold(Int.self, scheduler, [(2, .next(2)), (2.5, .completed)])
        let c = cold(Int.self, scheduler, [(3, .next(3)), (6, .completed)])
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: form.merge([a, b, c])) }
        scheduler.stepAll()

        #expect(recorder.events == [.next(1, at: 1), .next(2, at: 2), .next(3, at: 3), .next(4, at: 4), .completed(at: 6)])
    }

    @Test("merge fails at the first error and disposes the other signals", arguments: MergeForm.allCases)
    func mergeErrorDisposesOthers(form: MergeForm) {
        let scheduler = TestScheduler()
        let otherDisposals = Counter()
        let failing = cold(Int.self, scheduler, [(1, .next(1)), (2, .error(TestError("boom")))])
        let other = cold(Int.self, scheduler, [(1.5, .next(10)), (3, .next(20)), (4, .completed)], disposals: otherDisposals)
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: form.merge([failing, other])) }
        scheduler.advance(to: 2)
        #expect(otherDisposals.value == 1)
        scheduler.stepAll()

        #expect(recorder.events == [.next(1, at: 1), .next(10, at: 1.5), .error("boom", at: 2)])
    }

    // RAC 2.5's bind keeps its active signals in an array and removes *every*
    // entry of a signal when one subscription to it completes (notes §11).
    // So in `a.merge(a)`, the first of the two subscriptions to `a` that
    // completes completes the merge, cutting off the other one.
    @Test("a.merge(a) completes as soon as either subscription to a completes (RAC 2.5 quirk)")
    func mergeWithItselfCompletesEarly() {
        let scheduler = TestScheduler()
        // A cold signal whose first subscription ends quickly and whose second runs longer.
        @Sendable func twoSpeed(_ subscriptions: Counter) -> Signal<Int> {
            Signal<Int>.create { subscriber in
                subscriptions.increment()
                if subscriptions.value == 1 {
                    scheduler.schedule(after: 1) { subscriber.sendNext(1) }
                    scheduler.schedule(after: 1.5) { subscriber.sendCompleted() }
                } else {
                    scheduler.schedule(after: 2) { subscriber.sendNext(2) }
                    scheduler.schedule(after: 3) { subscriber.sendCompleted() }
                }
                return nil
            }
        }
        let a = twoSpeed(Counter())
        let itself = Recorder<Int>(clock: scheduler)
        scheduler.perform { itself.subscribe(to: a.merge(a)) }
        scheduler.stepAll()
        #expect(itself.events == [.next(1, at: 1), .completed(at: 1.5)])

        // Two distinct instances behaving the same way are merged in full.
        let twin = Counter()
        let (b, c) = (twoSpeed(twin), twoSpeed(twin))
        let distinct = Recorder<Int>(clock: scheduler)
        let start = scheduler.now
        scheduler.perform { distinct.subscribe(to: b.merge(c)) }
        scheduler.stepAll()
        #expect(distinct.events == [.next(1, at: start + 1), .next(2, at: start + 2), .completed(at: start + 3)])
    }

    // MARK: concat, startWith

    @Test("concat subscribes to the second signal only when the first completes")
    func concatSubscribesSecondOnCompletion() {
        let scheduler = TestScheduler()
        let secondSubscriptions = Counter()
        let first = cold(Int.self, scheduler, [(1, .next(1)), (2, .next(2)), (3, .completed)])
        let second = cold(Int.self, scheduler, [(1, .next(10)), (2, .completed)], subscriptions: secondSubscriptions)
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: first.concat(second)) }
        scheduler.advance(to: 2.5)
        #expect(secondSubscriptions.value == 0)
        scheduler.advance(to: 3)
        #expect(secondSubscriptions.value == 1)
        scheduler.stepAll()

        #expect(recorder.events == [.next(1, at: 1), .next(2, at: 2), .next(10, at: 4), .completed(at: 5)])
    }

    @Test("concat never subscribes to the second signal if the first fails")
    func concatStopsAtError() {
        let scheduler = TestScheduler()
        let secondSubscriptions = Counter()
        let first = cold(Int.self, scheduler, [(1, .next(1)), (2, .error(TestError("boom")))])
        let second = cold(Int.self, scheduler, [(1, .next(10)), (2, .completed)], subscriptions: secondSubscriptions)
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: first.concat(second)) }
        scheduler.stepAll()

        #expect(secondSubscriptions.value == 0)
        #expect(recorder.events == [.next(1, at: 1), .error("boom", at: 2)])
    }

    @Test("disposing a concat while its second signal runs disposes the second signal's subscription")
    func concatDisposalReachesSecond() {
        let scheduler = TestScheduler()
        let secondDisposals = Counter()
        let first = cold(Int.self, scheduler, [(1, .next(1)), (2, .completed)])
        let second = cold(Int.self, scheduler, [(1, .next(10)), (5, .next(20))], disposals: secondDisposals)
        let recorder = Recorder<Int>(clock: scheduler)
        let subscription = scheduler.perform { recorder.subscribe(to: first.concat(second)) }
        scheduler.schedule(after: 4) { subscription.dispose() }
        scheduler.stepAll()

        #expect(secondDisposals.value == 1)
        #expect(recorder.events == [.next(1, at: 1), .next(10, at: 3)])
    }

    @Test("static concat runs the signals one after another")
    func staticConcat() {
        let scheduler = TestScheduler()
        let subscriptions = (0..<3).map { _ in Counter() }
        let signals = (0..<3).map { index in
            cold(Int.self, scheduler, [(1, .next(index)), (2, .completed)], subscriptions: subscriptions[index])
        }
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: Signal.concat(signals)) }
        scheduler.advance(to: 1)
        #expect(subscriptions.map(\.value) == [1, 0, 0])
        scheduler.stepAll()

        #expect(subscriptions.map(\.value) == [1, 1, 1])
        #expect(recorder.events == [.next(0, at: 1), .next(1, at: 3), .next(2, at: 5), .completed(at: 6)])
    }

    @Test("startWith sends its value at subscription, then the receiver's events")
    func startWith() {
        let scheduler = TestScheduler()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (2, .completed)])
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.schedule(after: 0.5) { recorder.subscribe(to: source.startWith(0)) }
        scheduler.stepAll()

        #expect(recorder.events == [.next(0, at: 0.5), .next(1, at: 1.5), .completed(at: 2.5)])
    }

    // MARK: catch, catchTo

    @Test("catchTo switches to the replacement signal on error")
    func catchToSwitchesOnError() {
        let scheduler = TestScheduler()
        let replacementSubscriptions = Counter()
        let source = cold(String.self, scheduler, [(1, .next("a")), (2, .error(TestError("boom"))), (3, .next("lost"))])
        let replacement = cold(String.self, scheduler, [(1, .next("r")), (2, .completed)],
                               subscriptions: replacementSubscriptions)
        let recorder = Recorder<String>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: source.catchTo(replacement)) }
        scheduler.advance(to: 1.5)
        #expect(replacementSubscriptions.value == 0)
        scheduler.stepAll()

        #expect(replacementSubscriptions.value == 1)
        #expect(recorder.events == [.next("a", at: 1), .next("r", at: 3), .completed(at: 4)])
    }

    @Test("catch passes the error to its handler and continues with the signal the handler returns")
    func catchUsesHandler() {
        let scheduler = TestScheduler()
        let handled = Locked<[String]>([])
        let source = cold(String.self, scheduler, [(1, .next("a")), (2, .error(TestError("boom")))])
        let caught = source.catch { error in
            handled.withLock { $0.append("\(error)") }
            return .return("caught \(error)")
        }
        let recorder = Recorder<String>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: caught) }
        scheduler.stepAll()

        #expect(handled.withLock { $0 } == ["boom"])
        #expect(recorder.events == [.next("a", at: 1), .next("caught boom", at: 2), .completed(at: 2)])
    }

    @Test("catch does not call its handler when the receiver completes")
    func catchIgnoresCompletion() {
        let scheduler = TestScheduler()
        let handlerCalls = Counter()
        let source = cold(String.self, scheduler, [(1, .next("a")), (2, .completed)])
        let recorder = Recorder<String>(clock: scheduler)
        scheduler.perform {
            recorder.subscribe(to: source.catch { _ in handlerCalls.increment(); return .return("x") })
        }
        scheduler.stepAll()

        #expect(handlerCalls.value == 0)
        #expect(recorder.events == [.next("a", at: 1), .completed(at: 2)])
    }

    // MARK: take

    @Test("take(0) is empty and never subscribes to the receiver")
    func takeZero() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (2, .completed)], subscriptions: subscriptions).named("src")
        let taken = source.take(0)
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.schedule(after: 1) { recorder.subscribe(to: taken) }
        scheduler.stepAll()

        #expect(subscriptions.value == 0)
        #expect(recorder.events == [.completed(at: 1)])
        #expect(taken.name == "+empty")
    }

    @Test("take(n) forwards n values, completes with the nth, and disposes the receiver's subscription then",
          arguments: [1, 2, 3])
    func takeN(count: Int) {
        let scheduler = TestScheduler()
        let disposals = Counter()
        let source = cold(Int.self, scheduler, (1...5).map { (Double($0), .next($0)) }, disposals: disposals)
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: source.take(count)) }
        scheduler.advance(to: Double(count) - 0.5)
        #expect(disposals.value == 0)
        scheduler.advance(to: Double(count))
        #expect(disposals.value == 1)
        scheduler.stepAll()

        #expect(recorder.events == (1...count).map { .next($0, at: Double($0)) } + [.completed(at: Double(count))])
    }

    @Test("take(n) of a shorter signal forwards everything and its terminal event")
    func takeMoreThanAvailable() {
        let scheduler = TestScheduler()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (2, .next(2)), (3, .completed)])
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: source.take(5)) }
        scheduler.stepAll()

        #expect(recorder.events == [.next(1, at: 1), .next(2, at: 2), .completed(at: 3)])
    }

    @Test("each subscription to take(n) counts its own values")
    func takeCountsPerSubscription() {
        let scheduler = TestScheduler()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (2, .next(2)), (3, .next(3))])
        let taken = source.take(2)
        let first = Recorder<Int>(clock: scheduler)
        let second = Recorder<Int>(clock: scheduler)
        scheduler.perform { first.subscribe(to: taken) }
        scheduler.schedule(after: 10) { second.subscribe(to: taken) }
        scheduler.stepAll()

        #expect(first.events == [.next(1, at: 1), .next(2, at: 2), .completed(at: 2)])
        #expect(second.events == [.next(1, at: 11), .next(2, at: 12), .completed(at: 12)])
    }

    // MARK: ignoreValues, then, defer

    @Test("ignoreValues forwards only the terminal event", arguments: [true, false])
    func ignoreValues(fails: Bool) {
        let scheduler = TestScheduler()
        let end: Event<Int> = fails ? .error(TestError("boom")) : .completed
        let source = cold(Int.self, scheduler, [(1, .next(1)), (2, .next(2)), (3, end)])
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: source.ignoreValues()) }
        scheduler.stepAll()

        #expect(recorder.events == [fails ? .error("boom", at: 3) : .completed(at: 3)])
    }

    @Test("then calls its block only when the receiver completes, once per completion, and continues with its signal")
    func thenCallsBlockOnCompletion() {
        let scheduler = TestScheduler()
        let calls = Counter()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (2, .completed)])
        let continued = source.then { () -> Signal<String> in
            calls.increment()
            return cold(String.self, scheduler, [(1, .next("x")), (2, .completed)])
        }
        let first = Recorder<String>(clock: scheduler)
        let second = Recorder<String>(clock: scheduler)
        scheduler.perform { first.subscribe(to: continued) }
        scheduler.schedule(after: 2.5) { second.subscribe(to: continued) }
        scheduler.advance(to: 1.5)
        #expect(calls.value == 0)
        scheduler.advance(to: 2)
        #expect(calls.value == 1)
        scheduler.stepAll()

        #expect(calls.value == 2)
        #expect(first.events == [.next("x", at: 3), .completed(at: 4)])
        #expect(second.events == [.next("x", at: 5.5), .completed(at: 6.5)])
    }

    @Test("then never calls its block when the receiver fails")
    func thenSkipsBlockOnError() {
        let scheduler = TestScheduler()
        let calls = Counter()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (2, .error(TestError("boom")))])
        let recorder = Recorder<String>(clock: scheduler)
        scheduler.perform {
            recorder.subscribe(to: source.then { calls.increment(); return Signal<String>.return("x") })
        }
        scheduler.stepAll()

        #expect(calls.value == 0)
        #expect(recorder.events == [.error("boom", at: 2)])
    }

    @Test("defer calls its block once per subscription, at subscription time")
    func deferCallsBlockPerSubscription() {
        let scheduler = TestScheduler()
        let calls = Counter()
        let deferred = Signal<Int>.defer {
            calls.increment()
            return cold(Int.self, scheduler, [(1, .next(calls.value)), (2, .completed)])
        }
        let first = Recorder<Int>(clock: scheduler)
        let second = Recorder<Int>(clock: scheduler)
        scheduler.advance(to: 1)
        #expect(calls.value == 0)
        scheduler.perform { first.subscribe(to: deferred) }
        #expect(calls.value == 1)
        scheduler.schedule(after: 1) { second.subscribe(to: deferred) }
        scheduler.stepAll()

        #expect(calls.value == 2)
        #expect(first.events == [.next(1, at: 2), .completed(at: 3)])
        #expect(second.events == [.next(2, at: 3), .completed(at: 4)])
    }

    // MARK: groupBy

    /// Subscribes to `grouped`, logging each new group and the outer
    /// terminal event, and recording each group's events in `log`.
    private static func observe<Result: Equatable & Sendable>(
        _ grouped: Signal<GroupedSignal<String, Result>>, _ scheduler: TestScheduler, _ log: DeliveryLog
    ) -> [String: Recorder<Result>] {
        let recorders = ["odd": Recorder<Result>("odd", clock: scheduler, log: log),
                         "even": Recorder<Result>("even", clock: scheduler, log: log)]
        scheduler.perform {
            grouped.subscribe(
                next: { group in
                    log.append("group \(group.key) @\(scheduler.now)")
                    recorders[group.key]!.subscribe(to: group)
                },
                error: { log.append("outer: error(\($0)) @\(scheduler.now)") },
                completed: { log.append("outer: completed @\(scheduler.now)") })
        }
        return recorders
    }

    @Test("groupBy creates groups in order of first appearance, routes values to them, and completes them after itself")
    func groupBy() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let source = cold(Int.self, scheduler, [
            (1, .next(1)), (2, .next(2)), (3, .next(3)), (4, .next(4)), (5, .completed),
        ])
        _ = Self.observe(source.groupBy { $0 % 2 == 0 ? "even" : "odd" }, scheduler, log)
        scheduler.stepAll()

        #expect(log.lines == [
            "group odd @1.0", "odd: next(1) @1.0",
            "group even @2.0", "even: next(2) @2.0",
            "odd: next(3) @3.0", "even: next(4) @4.0",
            "outer: completed @5.0", "odd: completed @5.0", "even: completed @5.0",
        ])
    }

    @Test("groupBy with a transform routes transformed values, and an error reaches the outer signal first, then the groups")
    func groupByTransformAndError() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let source = cold(Int.self, scheduler, [
            (1, .next(1)), (2, .next(2)), (3, .next(3)), (4, .error(TestError("boom"))),
        ])
        let recorders = Self.observe(
            source.groupBy({ $0 % 2 == 0 ? "even" : "odd" }, transform: { "v\($0)" }), scheduler, log)
        scheduler.stepAll()

        #expect(recorders["odd"]!.events == [.next("v1", at: 1), .next("v3", at: 3), .error("boom", at: 4)])
        #expect(recorders["even"]!.events == [.next("v2", at: 2), .error("boom", at: 4)])
        #expect(Array(log.lines.suffix(3)) == ["outer: error(boom) @4.0", "odd: error(boom) @4.0", "even: error(boom) @4.0"])
    }

    // MARK: Teardown order

    // In RAC 2.5 a RACSubscriber disposes its whole subscription *before*
    // running its completed/error block (notes §1), and bind disposes the
    // receiver before completing when take's count is reached (notes §11).

    @Test("concat disposes the first signal's subscription before subscribing to the second")
    func concatTeardownOrder() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let first = logged("first", Int.self, scheduler, log, [(1, .next(1)), (2, .completed)])
        let second = logged("second", Int.self, scheduler, log, [(1, .completed)])
        let recorder = Recorder<Int>("result", clock: scheduler, log: log)
        scheduler.perform { recorder.subscribe(to: first.concat(second)) }
        scheduler.stepAll()

        #expect(log.lines == [
            "first subscribed", "result: next(1) @1.0", "first disposed", "second subscribed",
            "second disposed", "result: completed @3.0",
        ])
    }

    @Test("catch disposes the failed signal's subscription before subscribing to the replacement")
    func catchTeardownOrder() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let failing = logged("failing", Int.self, scheduler, log, [(1, .error(TestError("boom")))])
        let replacement = logged("replacement", Int.self, scheduler, log, [(1, .next(9)), (2, .completed)])
        let recorder = Recorder<Int>("result", clock: scheduler, log: log)
        scheduler.perform { recorder.subscribe(to: failing.catchTo(replacement)) }
        scheduler.stepAll()

        #expect(log.lines == [
            "failing subscribed", "failing disposed", "replacement subscribed",
            "result: next(9) @2.0", "replacement disposed", "result: completed @3.0",
        ])
    }

    @Test("take disposes the receiver's subscription before it completes")
    func takeTeardownOrder() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let source = logged("source", Int.self, scheduler, log, [(1, .next(1)), (2, .next(2))])
        let recorder = Recorder<Int>("result", clock: scheduler, log: log)
        scheduler.perform { recorder.subscribe(to: source.take(1)) }
        scheduler.stepAll()

        #expect(log.lines == ["source subscribed", "result: next(1) @1.0", "source disposed", "result: completed @1.0"])
    }

    @Test("merge never subscribes to the remaining signals once one has failed synchronously", arguments: MergeForm.allCases)
    func mergeStopsAfterSynchronousError(form: MergeForm) {
        let scheduler = TestScheduler()
        let laterSubscriptions = Counter()
        let later = cold(Int.self, scheduler, [(1, .next(1))], subscriptions: laterSubscriptions)
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: form.merge([.error(TestError("boom")), later])) }
        scheduler.stepAll()

        #expect(laterSubscriptions.value == 0)
        #expect(recorder.events == [.error("boom", at: 0)])
    }

    // MARK: Primitive signals

    enum Primitive: String, CaseIterable, Sendable {
        case empty, `return`, error, never

        var signal: Signal<Int> {
            switch self {
            case .empty: .empty()
            case .return: .return(5)
            case .error: .error(TestError("boom"))
            case .never: .never()
            }
        }

        func expected(at time: Double) -> [Recorded<Int>] {
            switch self {
            case .empty: [.completed(at: time)]
            case .return: [.next(5, at: time), .completed(at: time)]
            case .error: [.error("boom", at: time)]
            case .never: []
            }
        }
    }

    @Test("empty, return, error and never send their fixed events on every subscription", arguments: Primitive.allCases)
    func primitives(primitive: Primitive) {
        let scheduler = TestScheduler()
        let signal = primitive.signal
        let first = Recorder<Int>(clock: scheduler)
        let second = Recorder<Int>(clock: scheduler)
        scheduler.schedule(after: 1) { first.subscribe(to: signal) }
        scheduler.schedule(after: 2) { second.subscribe(to: signal) }
        scheduler.stepAll()

        #expect(first.events == primitive.expected(at: 1))
        #expect(second.events == primitive.expected(at: 2))
    }

    // MARK: The event grammar

    /// Sources that break the grammar themselves: they keep sending after
    /// their terminal event (the value 2 always comes after it).
    enum Misbehaving: String, CaseIterable, Sendable {
        case completesThenSends, failsThenSends, synchronouslyCompletesThenSends

        func signal(_ scheduler: TestScheduler) -> Signal<Int> {
            Signal<Int>.create { subscriber in
                switch self {
                case .completesThenSends, .failsThenSends:
                    scheduler.schedule(after: 1) { subscriber.sendNext(1) }
                    scheduler.schedule(after: 2) {
                        if self == .failsThenSends { subscriber.sendError(TestError("boom")) } else { subscriber.sendCompleted() }
                    }
                    scheduler.schedule(after: 3) {
                        subscriber.sendNext(2)
                        subscriber.sendCompleted()
                        subscriber.sendError(TestError("late"))
                    }
                case .synchronouslyCompletesThenSends:
                    subscriber.sendNext(1)
                    subscriber.sendCompleted()
                    subscriber.sendNext(2)
                    subscriber.sendError(TestError("late"))
                    subscriber.sendCompleted()
                }
                return nil
            }
        }
    }

    enum GrammarOperator: String, CaseIterable, Sendable {
        case plain, map, filter, flattenMap, flatten, staticMerge, merge, concat, staticConcat, startWith
        case `catch`, catchTo, take1, take5, ignoreValues, then, `defer`, publishAutoconnect, replay, replayLazily
        case skip1, mapReplace, distinctUntilChanged, takeLast2, scan

        func apply(_ s: Signal<Int>) -> Signal<Int> {
            switch self {
            case .plain: s
            case .map: s.map { $0 }
            case .filter: s.filter { _ in true }
            case .flattenMap: s.flattenMap { .return($0) }
            case .flatten: s.map { Signal<Int>.return($0) }.flatten()
            case .staticMerge: Signal.merge([s, .empty()])
            case .merge: s.merge(.return(7))
            case .concat: s.concat(.return(7))
            case .staticConcat: Signal.concat([.return(0), s])
            case .startWith: s.startWith(0)
            case .catch: s.catch { _ in .return(9) }
            case .catchTo: s.catchTo(.return(9))
            case .take1: s.take(1)
            case .take5: s.take(5)
            case .ignoreValues: s.ignoreValues()
            case .then: s.then { .return(8) }
            case .defer: Signal.defer { s }
            case .publishAutoconnect: s.publish().autoconnect()
            case .replay: s.replay()
            case .replayLazily: s.replayLazily()
            case .skip1: s.skip(1)
            case .mapReplace: s.mapReplace(5)
            case .distinctUntilChanged: s.distinctUntilChanged()
            case .takeLast2: s.takeLast(2)
            case .scan: s.scan(start: 0) { $0 + $1 }
            }
        }
    }

    @Test("every operator obeys the event grammar: at most one terminal event, and nothing after it",
          arguments: GrammarOperator.allCases, Misbehaving.allCases)
    func grammar(op: GrammarOperator, source: Misbehaving) {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: op.apply(source.signal(scheduler))) }
        scheduler.stepAll()

        let events = recorder.events
        let terminals = events.indices.filter { if case .next = events[$0] { false } else { true } }
        #expect(terminals.count <= 1, "\(events)")
        if let terminal = terminals.first { #expect(terminal == events.count - 1, "\(events)") }
        #expect(!recorder.values.contains(2), "a value sent after the source's terminal event got through: \(events)")
        #expect(!events.contains(.error("late", at: 3)), "\(events)")
    }

    // MARK: Names

    enum Naming: String, CaseIterable, Sendable {
        case create, never, empty, `return`, error, `defer`
        case map, filter, flattenMap, flatten, take2, take0, ignoreValues, concat, merge, startWith
        case `catch`, catchTo, then, groupBy, groupByTransform

        var expected: String {
            switch self {
            case .create: "+createSignal:"
            case .never: "+never"
            case .empty: "+empty"
            // As in RAC release builds; "+return: 5" and "+error: boom" when an
            // instrument observes them (see InstrumentationTests).
            case .return: "+return:"
            case .error: "+error:"
            case .defer: "+defer:"
            case .map: "[src] -map:"
            case .filter: "[src] -filter:"
            case .flattenMap: "[src] -flattenMap:"
            case .flatten: "[src] -flatten"
            case .take2: "[src] -take: 2"
            case .take0: "+empty"
            case .ignoreValues: "[src] -ignoreValues"
            case .concat: "[src] -concat: other"
            case .merge: "[src] -merge: other"
            case .startWith: "[src] -startWith: 0"
            case .catch: "[src] -catch:"
            case .catchTo: "[src] -catchTo: other"
            case .then: "[src] -then:"
            case .groupBy: "[src] -groupBy:"
            case .groupByTransform: "[src] -groupBy:transform:"
            }
        }

        var name: String {
            let src = Signal<Int>.never().named("src")
            let other = Signal<Int>.never().named("other")
            return switch self {
            case .create: Signal<Int>.create { _ in nil }.name
            case .never: Signal<Int>.never().name
            case .empty: Signal<Int>.empty().name
            case .return: Signal<Int>.return(5).name
            case .error: Signal<Int>.error(TestError("boom")).name
            case .defer: Signal<Int>.defer { src }.name
            case .map: src.map { $0 }.name
            case .filter: src.filter { _ in true }.name
            case .flattenMap: src.flattenMap { Signal<Int>.return($0) }.name
            case .flatten: Signal<Signal<Int>>.never().named("src").flatten().name
            case .take2: src.take(2).name
            case .take0: src.take(0).name
            case .ignoreValues: src.ignoreValues().name
            case .concat: src.concat(other).name
            case .merge: src.merge(other).name
            case .startWith: src.startWith(0).name
            case .catch: src.catch { _ in other }.name
            case .catchTo: src.catchTo(other).name
            case .then: src.then { other }.name
            case .groupBy: src.groupBy { $0 }.name
            case .groupByTransform: src.groupBy({ $0 }, transform: { $0 }).name
            }
        }
    }

    @Test("operators name their signals as RAC 2.5 does", arguments: Naming.allCases)
    func names(naming: Naming) {
        #expect(naming.name == naming.expected)
    }
}
