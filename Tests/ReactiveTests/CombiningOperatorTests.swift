import Dispatch
import Testing
@testable import Reactive

// combineLatestWith:, +combineLatest:, +combineLatest:reduce:, switchToLatest, takeUntil:,
// takeUntilReplacement:, flatten: and concat (RACSignal+Operations.m), zipWith: (RACSignal.m)
// and +zip: (RACStream.m), with RACSignalSpec's examples on virtual time, and what their
// sources say (subscription order, disposal, completion) where the specs are silent.

/// A cold signal named `name` that sends `timeline` after each subscription and
/// logs `"subscribe <name>"` and `"dispose <name> @<time>"`, in the order they happen.
///
/// It holds its subscriber until disposed, as a live source would (RACSignalSpec keeps
/// such a subscriber in a variable): a subscriber that goes away disposes its
/// subscription, which would log a disposal at the time of the last send.
private func logged<T: Sendable>(
    _ name: String, _ log: DeliveryLog, _ scheduler: TestScheduler, _ timeline: [(Double, Event<T>)] = [],
    disposals: Counter? = nil
) -> Signal<T> {
    Signal<T>.create { subscriber in
        log.append("subscribe \(name)")
        let disposable = CompoundDisposable()
        for (delay, event) in timeline {
            disposable.add(scheduler.schedule(after: delay) { subscriber.send(event) })
        }
        disposable.add(BlockDisposable {
            _ = subscriber
            disposals?.increment()
            log.append("dispose \(name) @\(scheduler.now)")
        })
        return disposable
    }.named(name)
}

/// Pairs as strings, so that they can be compared: (1, 2) -> "12".
private func joined<A: Sendable, B: Sendable>(_ pairs: Signal<(A, B)>) -> Signal<String> {
    pairs.map { "\($0.0)\($0.1)" }
}

/// A synchronous signal that sends the next count of `counter`, then completes
/// (RACSignalSpec's side-effecting signal).
private func sideEffecting(_ counter: Counter) -> Signal<Int> {
    Signal<Int>.create { subscriber in
        counter.increment()
        subscriber.sendNext(counter.value)
        subscriber.sendCompleted()
        return nil
    }
}

private let boom = TestError("boom")

@Suite struct CombiningOperatorTests {
    // MARK: combineLatest(with:)

    @Test("combineLatest(with:) sends once both have sent, then at each value of either (RACSignalSpec)")
    func combineLatestWith() {
        let scheduler = TestScheduler()
        let a = cold(Int.self, scheduler, [(10, .next(1)), (30, .next(3)), (60, .completed)])
        let b = cold(Int.self, scheduler, [(20, .next(2)), (40, .next(4)), (50, .completed)])
        #expect(run(joined(a.combineLatest(with: b)), scheduler) == [
            .next("12", at: 20), .next("32", at: 30), .next("34", at: 40), .completed(at: 60),
        ])
    }

    @Test("combineLatest(with:) completes only when both have completed (RACSignalSpec), even with no value",
          arguments: [true, false])
    func combineLatestCompletesWhenBothComplete(receiverFirst: Bool) {
        let scheduler = TestScheduler()
        let a = cold(Int.self, scheduler, [(receiverFirst ? 10 : 20, .completed)])
        let b = cold(Int.self, scheduler, [(5, .next(1)), (receiverFirst ? 20 : 10, .completed)])
        #expect(run(joined(a.combineLatest(with: b)), scheduler) == [.completed(at: 20)])
    }

    @Test("combineLatest(with:) fails at the first error (RACSignalSpec) and disposes both operands")
    func combineLatestError() {
        let scheduler = TestScheduler()
        let aDisposals = Counter(), bDisposals = Counter()
        let a = cold(Int.self, scheduler, [(10, .next(1)), (30, .error(boom))], disposals: aDisposals)
        let b = cold(Int.self, scheduler, [(20, .next(2)), (40, .next(4)), (50, .completed)], disposals: bDisposals)
        let recorder = record(joined(a.combineLatest(with: b)), scheduler)
        scheduler.advance(to: 30)
        #expect(recorder.events == [.next("12", at: 20), .error("boom", at: 30)])
        #expect(aDisposals.value == 1)
        #expect(bDisposals.value == 1, "the other operand is disposed at the error")
        scheduler.stepAll()
        #expect(recorder.events.count == 2)
    }

    @Test("combineLatest(with:) subscribes to the receiver, then to the other, and disposes both when it completes")
    func combineLatestSubscriptionOrder() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let a = logged("a", log, scheduler, [(1, Event<Int>.next(1)), (3, .completed)])
        let b = logged("b", log, scheduler, [(2, Event<Int>.next(2)), (4, .completed)])
        #expect(run(joined(a.combineLatest(with: b)), scheduler) == [.next("12", at: 2), .completed(at: 4)])
        #expect(log.lines == ["subscribe a", "subscribe b", "dispose a @3.0", "dispose b @4.0"])
    }

    @Test("combineLatest(with:) of two cold signals subscribed twice runs each didSubscribe twice (four runs)")
    func combineLatestSubscribedTwice() {
        let scheduler = TestScheduler()
        let aRuns = Counter(), bRuns = Counter(), aDisposals = Counter(), bDisposals = Counter()
        let a = cold(Int.self, scheduler, [(1, .next(1)), (3, .completed)], subscriptions: aRuns, disposals: aDisposals)
        let b = cold(Int.self, scheduler, [(2, .next(2)), (4, .completed)], subscriptions: bRuns, disposals: bDisposals)
        let combined = joined(a.combineLatest(with: b))
        let first = record(combined, scheduler)
        let second = record(combined, scheduler)
        scheduler.stepAll()
        #expect(aRuns.value == 2 && bRuns.value == 2)
        #expect(aRuns.value + bRuns.value == 4)
        #expect(aDisposals.value == 2 && bDisposals.value == 2)
        #expect(first.events == [.next("12", at: 2), .completed(at: 4)])
        #expect(second.events == first.events)
    }

    @Test("combineLatest(with:) combines a subject with itself: left side first (RACSignalSpec: the same signal)")
    func combineLatestSameSignal() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let recorder = record(joined(subject.combineLatest(with: subject)), scheduler)
        scheduler.perform { subject.sendNext("foo") }
        #expect(recorder.values == ["foofoo"])
        scheduler.perform { subject.sendNext("bar") }
        #expect(recorder.values == ["foofoo", "barfoo", "barbar"])
    }

    @Test("combineLatest(with:) subscribes a side-effecting signal twice (RACSignalSpec: same side-effecting signal)")
    func combineLatestSameSideEffectingSignal() {
        let scheduler = TestScheduler()
        let counter = Counter()
        let signal = sideEffecting(counter)
        let combined = joined(signal.combineLatest(with: signal))
        #expect(counter.value == 0)
        #expect(run(combined, scheduler) == [.next("12", at: 0), .completed(at: 0)])
        #expect(counter.value == 2)
    }

    @Test("combineLatest(with:) is named [a] -combineLatestWith: b")
    func combineLatestName() {
        let a = Signal<Int>.never().named("a"), b = Signal<String>.never().named("b")
        #expect(a.combineLatest(with: b).name == "[a] -combineLatestWith: b")
    }

    @Test("combineLatest(with:) handles a value its subscriber sends back re-entrantly after the current one")
    func combineLatestReentrant() {
        let scheduler = TestScheduler()
        let a = Subject<Int>(), b = Subject<Int>()
        let seen = Locked<[String]>([])
        scheduler.perform {
            a.combineLatest(with: b).subscribe(next: { pair in
                seen.withLock { $0.append("\(pair.0)\(pair.1)") }
                if pair == (1, 1) { a.sendNext(2) }
            })
            a.sendNext(1)
            b.sendNext(1)
        }
        #expect(seen.withLock { $0 } == ["11", "21"])
    }

    @Test("combineLatest(with:) fed from two threads at once ends with the latest pair, then completes")
    func combineLatestConcurrent() {
        let scheduler = TestScheduler()
        let a = Subject<Int>(), b = Subject<Int>()
        let seen = Locked<(last: (Int, Int)?, count: Int, completions: Int)>((nil, 0, 0))
        scheduler.perform {
            a.combineLatest(with: b).subscribe(
                next: { pair in seen.withLock { $0.last = pair; $0.count += 1 } },
                completed: { seen.withLock { $0.completions += 1 } })
        }
        let count = 2_000
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            let subject = side == 0 ? a : b
            for value in 0..<count { subject.sendNext(value) }
            subject.sendCompleted()
        }
        let (last, sent, completions) = seen.withLock { $0 }
        #expect(last.map { [$0.0, $0.1] } == [count - 1, count - 1])
        #expect(sent <= 2 * count - 1)
        #expect(completions == 1)
    }

    // MARK: +combineLatest

    @Test("combineLatest of one signal sends one-element arrays (RACSignalSpec)")
    func combineLatestOne() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let recorder = record(Signal.combineLatest([subject]), scheduler)
        scheduler.perform { subject.sendNext("foo") }
        #expect(recorder.values == [["foo"]])
    }

    @Test("combineLatest of no signals completes at once (RACSignalSpec) and is named +combineLatest: ()")
    func combineLatestNone() {
        let scheduler = TestScheduler()
        let combined = Signal<Int>.combineLatest([])
        #expect(run(combined, scheduler) == [.completed(at: 0)])
        #expect(combined.name == "+combineLatest: ()")
    }

    @Test("combineLatest completes only after all its signals complete (RACSignalSpec)")
    func combineLatestAllComplete() {
        let scheduler = TestScheduler()
        let subjects = [Subject<Int>(), Subject<Int>(), Subject<Int>()]
        let recorder = record(Signal.combineLatest(subjects), scheduler)
        scheduler.perform { subjects[0].sendCompleted() }
        scheduler.perform { subjects[1].sendCompleted() }
        #expect(recorder.events.isEmpty)
        scheduler.perform { subjects[2].sendCompleted() }
        #expect(recorder.events == [.completed(at: 0)])
    }

    @Test("combineLatest subscribes in order, sends arrays in order, and the first error disposes the rest")
    func combineLatestArrays() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let a = logged("a", log, scheduler, [(1, Event<Int>.next(1)), (4, .next(4))])
        let b = logged("b", log, scheduler, [(2, Event<Int>.next(2)), (6, .error(boom))])
        let c = logged("c", log, scheduler, [(3, Event<Int>.next(3)), (5, .next(5))])
        #expect(run(Signal.combineLatest([a, b, c]), scheduler) == [
            .next([1, 2, 3], at: 3), .next([4, 2, 3], at: 4), .next([4, 2, 5], at: 5), .error("boom", at: 6),
        ])
        // b's own subscriber lets go of b first; then each combining step disposes its operands.
        #expect(log.lines == ["subscribe a", "subscribe b", "subscribe c",
                              "dispose b @6.0", "dispose a @6.0", "dispose c @6.0"])
    }

    @Test("combineLatest subscribed twice runs each didSubscribe twice")
    func combineLatestArraysSubscribedTwice() {
        let scheduler = TestScheduler()
        let runs = [Counter(), Counter(), Counter()]
        let signals = runs.map { cold(Int.self, scheduler, [(1, .next(1)), (2, .completed)], subscriptions: $0) }
        let combined = Signal.combineLatest(signals)
        #expect(run(combined, scheduler) == [.next([1, 1, 1], at: 1), .completed(at: 2)])
        #expect(run(combined, scheduler) == [.next([1, 1, 1], at: 3), .completed(at: 4)])
        #expect(runs.map(\.value) == [2, 2, 2])
    }

    @Test("combineLatest and zip of signals are named +combineLatest: (a, b), ... reduce: and +zip: (a, b)")
    func combineLatestNames() {
        let a = Signal<Int>.never().named("a"), b = Signal<Int>.never().named("b")
        #expect(Signal.combineLatest([a, b]).name == "+combineLatest: (a, b)")
        #expect(Signal.combineLatest([a, b]) { $0.count }.name == "+combineLatest: (a, b) reduce:")
        #expect(Signal.zip([a, b]).name == "+zip: (a, b)")
    }

    // MARK: +combineLatest:reduce:

    @Test("combineLatest(_:reduce:) sends what reduce returns (RACSignalSpec)")
    func combineLatestReduce() {
        let scheduler = TestScheduler()
        let subjects = [Subject<String>(), Subject<String>(), Subject<String>()]
        let recorder = record(Signal.combineLatest(subjects) { "\($0[0]): \($0[1])\($0[2])" }, scheduler)
        scheduler.perform { subjects[0].sendNext("hello") }
        scheduler.perform { subjects[1].sendNext("world") }
        #expect(recorder.values.isEmpty)
        scheduler.perform { subjects[2].sendNext("!!1") }
        #expect(recorder.values == ["hello: world!!1"])
    }

    @Test("combineLatest(_:reduce:) handles the same signal twice (RACSignalSpec: multiples of the same signals)")
    func combineLatestReduceSameSignals() {
        let scheduler = TestScheduler()
        let s1 = Subject<String>(), s2 = Subject<String>(), s3 = Subject<String>()
        let recorder = record(Signal.combineLatest([s1, s2, s1, s3]) { "\($0[0]) : \($0[1]) = \($0[2]) : \($0[3])" },
                              scheduler)
        scheduler.perform { s1.sendNext("apples") }
        scheduler.perform { s2.sendNext("oranges") }
        #expect(recorder.values.isEmpty)
        scheduler.perform { s3.sendNext("cattle") }
        #expect(recorder.values.last == "apples : oranges = apples : cattle")
        scheduler.perform { s1.sendNext("horses") }
        #expect(recorder.values.last == "horses : oranges = horses : cattle")
    }

    @Test("combineLatest(_:reduce:) of one side-effecting signal thrice subscribes it thrice (RACSignalSpec)")
    func combineLatestReduceSideEffects() {
        let scheduler = TestScheduler()
        let counter = Counter()
        let signal = sideEffecting(counter)
        let combined = Signal.combineLatest([signal, signal, signal]) { $0.map(String.init).joined() }
        #expect(counter.value == 0)
        #expect(run(combined, scheduler) == [.next("123", at: 0), .completed(at: 0)])
        #expect(counter.value == 3)
    }

    // MARK: zip(with:)

    @Test("zip(with:) pairs values by rank and completes when a completed side has none left (RACStreamExamples)")
    func zipWith() {
        let scheduler = TestScheduler()
        let aDisposals = Counter(), bDisposals = Counter()
        let a = cold(Int.self, scheduler, [(1, .next(1)), (2, .next(2)), (3, .completed)], disposals: aDisposals)
        let b = cold(Int.self, scheduler, [(5, .next(10)), (6, .next(20)), (7, .next(30)), (8, .completed)],
                     disposals: bDisposals)
        let recorder = record(joined(a.zip(with: b)), scheduler)
        scheduler.advance(to: 6)
        #expect(recorder.events == [.next("110", at: 5), .next("220", at: 6), .completed(at: 6)])
        #expect(aDisposals.value == 1 && bDisposals.value == 1, "the other side is disposed at the completion")
        scheduler.stepAll()
        #expect(recorder.events.count == 3)
    }

    @Test("zip(with:) completes at a side's completion when it has no value waiting")
    func zipCompletesAtEmptyCompletion() {
        let scheduler = TestScheduler()
        let a = cold(Int.self, scheduler, [(1, .next(1)), (2, .next(2)), (3, .next(3)), (9, .completed)])
        let b = cold(Int.self, scheduler, [(4, .next(10)), (5, .completed)])
        #expect(run(joined(a.zip(with: b)), scheduler) == [.next("110", at: 4), .completed(at: 5)])
    }

    @Test("zip(with:) waits for both when neither runs out, and fails at the first error, disposing both")
    func zipError() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let a = logged("a", log, scheduler, [(1, Event<Int>.next(1)), (4, .error(boom))])
        let b = logged("b", log, scheduler, [(2, Event<Int>.next(2)), (3, .next(3)), (5, .completed)])
        #expect(run(joined(a.zip(with: b)), scheduler) == [.next("12", at: 2), .error("boom", at: 4)])
        #expect(log.lines == ["subscribe a", "subscribe b", "dispose a @4.0", "dispose b @4.0"])
    }

    @Test("zip(with:) subscribed twice runs each didSubscribe twice")
    func zipSubscribedTwice() {
        let scheduler = TestScheduler()
        let aRuns = Counter(), bRuns = Counter()
        let a = cold(Int.self, scheduler, [(1, .next(1)), (3, .completed)], subscriptions: aRuns)
        let b = cold(Int.self, scheduler, [(2, .next(2)), (4, .completed)], subscriptions: bRuns)
        let zipped = joined(a.zip(with: b))
        let first = record(zipped, scheduler), second = record(zipped, scheduler)
        scheduler.stepAll()
        #expect(aRuns.value == 2 && bRuns.value == 2)
        #expect(first.events == [.next("12", at: 2), .completed(at: 3)])
        #expect(second.events == first.events)
    }

    @Test("zip(with:) of a subject with itself pairs each value with itself")
    func zipSameSignal() {
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        let recorder = record(joined(subject.zip(with: subject)), scheduler)
        scheduler.perform { subject.sendNext(1) }
        scheduler.perform { subject.sendNext(2) }
        scheduler.perform { subject.sendCompleted() }
        #expect(recorder.events == [.next("11", at: 0), .next("22", at: 0), .completed(at: 0)])
    }

    @Test("zip(with:) fed from two threads at once pairs every value with the one of the same rank")
    func zipConcurrent() {
        let scheduler = TestScheduler()
        let a = Subject<Int>(), b = Subject<Int>()
        let seen = Locked<(pairs: [[Int]], completions: Int)>(([], 0))
        scheduler.perform {
            a.zip(with: b).subscribe(
                next: { pair in seen.withLock { $0.pairs.append([pair.0, pair.1]) } },
                completed: { seen.withLock { $0.completions += 1 } })
        }
        let count = 2_000
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            let subject = side == 0 ? a : b
            for value in 0..<count { subject.sendNext(value) }
            subject.sendCompleted()
        }
        let (pairs, completions) = seen.withLock { $0 }
        #expect(pairs == (0..<count).map { [$0, $0] })
        #expect(completions == 1)
    }

    @Test("zip(with:) is named [a] -zipWith: b")
    func zipName() {
        let a = Signal<Int>.never().named("a"), b = Signal<String>.never().named("b")
        #expect(a.zip(with: b).name == "[a] -zipWith: b")
    }

    // MARK: +zip

    @Test("zip of signals sends arrays by rank and subscribes in order; of none, completes at once")
    func zipArrays() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let a = logged("a", log, scheduler, [(1, Event<Int>.next(1)), (2, .next(2)), (3, .completed)])
        let b = logged("b", log, scheduler, [(4, Event<Int>.next(10)), (5, .next(20))])
        let c = logged("c", log, scheduler, [(6, Event<Int>.next(100)), (7, .next(200)), (8, .next(300))])
        #expect(run(Signal.zip([a, b, c]), scheduler) == [
            .next([1, 10, 100], at: 6), .next([2, 20, 200], at: 7), .completed(at: 7),
        ])
        // a completes at 3 with values left; [a, b] completes at 5, when a's side runs out.
        #expect(log.lines == ["subscribe a", "subscribe b", "subscribe c",
                              "dispose a @3.0", "dispose b @5.0", "dispose c @7.0"])
        #expect(run(Signal<Int>.zip([]), scheduler) == [.completed(at: 8)])
    }

    // MARK: switchToLatest

    @Test("switchToLatest sends values from the most recent signal (RACSignalSpec)")
    func switchToLatestSynchronous() {
        let scheduler = TestScheduler()
        let subject = Subject<Signal<Int>>()
        let recorder = record(subject.switchToLatest(), scheduler)
        scheduler.perform {
            scheduler.perform { subject.sendNext(Signal.create { s in s.sendNext(1); s.sendNext(2); return nil }) }
            scheduler.perform { subject.sendNext(Signal.create { s in s.sendNext(3); s.sendNext(4); return nil }) }
        }
        #expect(recorder.values == [1, 2, 3, 4])
    }

    @Test("switchToLatest drops the previous inner signal, disposing it just after subscribing the next one")
    func switchToLatestDisposesPrevious() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let firstDisposals = Counter()
        let first = logged("first", log, scheduler, [(5, Event<Int>.next(1)), (15, .next(2)), (30, .completed)],
                           disposals: firstDisposals)
        let second = logged("second", log, scheduler, [(5, Event<Int>.next(3)), (20, .completed)])
        let outer = cold(Signal<Int>.self, scheduler, [
            (10, .next(first)), (20, .next(second)), (30, .completed),
        ])
        let recorder = record(outer.switchToLatest(), scheduler)
        scheduler.advance(to: 19)
        #expect(firstDisposals.value == 0)
        scheduler.advance(to: 20)
        #expect(firstDisposals.value == 1, "the previous inner subscription is disposed when the next arrives")
        #expect(log.lines == ["subscribe first", "subscribe second", "dispose first @20.0"])
        scheduler.stepAll()
        #expect(firstDisposals.value == 1)
        #expect(recorder.events == [.next(1, at: 15), .next(3, at: 25), .completed(at: 40)])
    }

    @Test("switchToLatest sends errors from the most recent signal (RACSignalSpec) and from the receiver")
    func switchToLatestErrors() {
        let scheduler = TestScheduler()
        let inner = cold(Signal<Int>.self, scheduler, [(1, .next(.error(boom)))])
        #expect(run(inner.switchToLatest(), scheduler) == [.error("boom", at: 1)])
        let innerDisposals = Counter()
        let outer = cold(Signal<Int>.self, scheduler, [
            (1, .next(cold(Int.self, scheduler, [(5, .next(1))], disposals: innerDisposals))), (2, .error(boom)),
        ])
        #expect(run(outer.switchToLatest(), scheduler) == [.error("boom", at: 3)])
        #expect(innerDisposals.value == 1)
    }

    @Test("switchToLatest does not complete when only the receiver completes (RACSignalSpec)")
    func switchToLatestOuterCompletes() {
        let scheduler = TestScheduler()
        let subject = Subject<Signal<Int>>()
        let recorder = record(subject.switchToLatest(), scheduler)
        scheduler.perform { subject.sendNext(.never()) }
        scheduler.perform { subject.sendCompleted() }
        #expect(recorder.events.isEmpty)
    }

    @Test("switchToLatest completes when the receiver and the latest signal have completed (RACSignalSpec)")
    func switchToLatestCompletes() {
        let scheduler = TestScheduler()
        let subject = Subject<Signal<Int>>()
        let recorder = record(subject.switchToLatest(), scheduler)
        scheduler.perform { subject.sendNext(.empty()) }
        #expect(recorder.events.isEmpty)
        scheduler.perform { subject.sendCompleted() }
        #expect(recorder.events == [.completed(at: 0)])

        let late = cold(Signal<Int>.self, scheduler, [(1, .next(cold(Int.self, scheduler, [(5, .completed)]))),
                                                        (2, .completed)])
        #expect(run(late.switchToLatest(), scheduler) == [.completed(at: 6)], "waits for the latest inner signal")
    }

    @Test("switchToLatest is cold: each subscription subscribes to the receiver (RACSignalSpec)")
    func switchToLatestIsCold() {
        let scheduler = TestScheduler()
        let runs = Counter()
        let signals = Signal<Signal<Int>>.create { subscriber in
            runs.increment()
            subscriber.sendNext(.empty())
            return nil
        }
        let switched = signals.switchToLatest()
        scheduler.perform { switched.publish().connect() }
        #expect(runs.value == 1)
        scheduler.perform { switched.publish().connect() }
        #expect(runs.value == 2)
    }

    @Test("switchToLatest is named [s] -switchToLatest")
    func switchToLatestName() {
        #expect(Signal<Signal<Int>>.never().named("s").switchToLatest().name == "[s] -switchToLatest")
    }

    // MARK: take(until:)

    @Test("take(until:) forwards values until the trigger sends a value, then completes (RACSignalSpec)")
    func takeUntilValue() {
        let scheduler = TestScheduler()
        let receiverDisposals = Counter(), triggerDisposals = Counter()
        let receiver = cold(Int.self, scheduler, [(1, .next(1)), (2, .next(2)), (4, .next(3)), (5, .completed)],
                            disposals: receiverDisposals)
        let trigger = cold(String.self, scheduler, [(3, .next("stop")), (6, .next("again"))],
                           disposals: triggerDisposals)
        #expect(run(receiver.take(until: trigger), scheduler) == [
            .next(1, at: 1), .next(2, at: 2), .completed(at: 3),
        ])
        #expect(receiverDisposals.value == 1 && triggerDisposals.value == 1)
    }

    @Test("take(until:) completes when the trigger completes (RACSignalSpec) and ignores its error",
          arguments: [true, false])
    func takeUntilTriggerTermination(completes: Bool) {
        let scheduler = TestScheduler()
        let receiver = cold(Int.self, scheduler, [(1, .next(1)), (3, .next(2)), (4, .completed)])
        let trigger = cold(Int.self, scheduler, [(2, completes ? .completed : .error(boom))])
        #expect(run(receiver.take(until: trigger), scheduler) == (completes
            ? [.next(1, at: 1), .completed(at: 2)]
            : [.next(1, at: 1), .next(2, at: 3), .completed(at: 4)]))
    }

    @Test("take(until:) squelches values sent at once when the trigger fires at once (RACSignalSpec)")
    func takeUntilSquelches() {
        let scheduler = TestScheduler()
        let runs = Counter()
        let receiver = Signal<Int>.create { subscriber in
            runs.increment()
            subscriber.sendNext(1)
            return nil
        }
        #expect(run(receiver.take(until: Signal<Int>.empty()), scheduler) == [.completed(at: 0)])
        #expect(runs.value == 0, "the receiver is not subscribed once the trigger has fired")
    }

    @Test("take(until:) subscribes to the trigger first; the receiver's completion or error ends both",
          arguments: [true, false])
    func takeUntilOrder(completes: Bool) {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let receiver = logged("receiver", log, scheduler, [(1, Event<Int>.next(1)),
                                                            (2, completes ? .completed : .error(boom))])
        let trigger = logged("trigger", log, scheduler, [(3, Event<Int>.next(0))])
        #expect(run(receiver.take(until: trigger), scheduler)
            == [.next(1, at: 1), completes ? .completed(at: 2) : .error("boom", at: 2)])
        #expect(log.lines == ["subscribe trigger", "subscribe receiver", "dispose receiver @2.0",
                              "dispose trigger @2.0"])
    }

    @Test("take(until:) with subjects stops at the trigger's value (RACSignalSpec: value as trigger)")
    func takeUntilSubjects() {
        let scheduler = TestScheduler()
        let subject = Subject<String>(), cutOff = Subject<Void>()
        let recorder = record(subject.take(until: cutOff), scheduler)
        scheduler.perform { subject.sendNext("test 1") }
        scheduler.perform { subject.sendNext("test 2") }
        scheduler.perform { cutOff.sendNext(()) }
        scheduler.perform { subject.sendNext("test 3") }
        #expect(recorder.events == [.next("test 1", at: 0), .next("test 2", at: 0), .completed(at: 0)])
    }

    @Test("take(until:) is named [a] -takeUntil: t")
    func takeUntilName() {
        let a = Signal<Int>.never().named("a"), t = Signal<Bool>.never().named("t")
        #expect(a.take(until: t).name == "[a] -takeUntil: t")
    }

    // MARK: take(untilReplacement:)

    @Test("take(untilReplacement:) forwards the receiver's values until replaced (RACSignalSpec)")
    func takeUntilReplacement() {
        let scheduler = TestScheduler()
        let receiver = Subject<Int>(), replacement = Subject<Int>()
        let recorder = record(receiver.take(untilReplacement: replacement), scheduler)
        scheduler.perform { receiver.sendNext(1) }
        scheduler.perform { receiver.sendNext(2) }
        #expect(recorder.values == [1, 2])
        scheduler.perform { replacement.sendNext(3) }
        scheduler.perform { receiver.sendNext(4) }
        scheduler.perform { replacement.sendNext(5) }
        #expect(recorder.values == [1, 2, 3, 5])
    }

    @Test("take(untilReplacement:) forwards the receiver's error but not its completion (RACSignalSpec)")
    func takeUntilReplacementReceiverTermination() {
        let scheduler = TestScheduler()
        let failing = cold(Int.self, scheduler, [(1, .next(1)), (2, .error(boom))])
        #expect(run(failing.take(untilReplacement: .never()), scheduler) == [.next(1, at: 1), .error("boom", at: 2)])
        let completing = cold(Int.self, scheduler, [(1, .next(1)), (2, .completed)])
        #expect(run(completing.take(untilReplacement: .never()), scheduler) == [.next(1, at: 3)])
    }

    @Test("take(untilReplacement:) forwards the replacement's error and completion (RACSignalSpec)",
          arguments: [true, false])
    func takeUntilReplacementTermination(completes: Bool) {
        let scheduler = TestScheduler()
        let receiverDisposals = Counter()
        let receiver = cold(Int.self, scheduler, [(1, .next(1)), (3, .next(2))], disposals: receiverDisposals)
        let replacement = cold(Int.self, scheduler, [(2, completes ? .completed : .error(boom))])
        #expect(run(receiver.take(untilReplacement: replacement), scheduler)
            == [.next(1, at: 1), completes ? .completed(at: 2) : .error("boom", at: 2)])
        #expect(receiverDisposals.value == 1)
    }

    @Test("take(untilReplacement:) drops the receiver's values when both send synchronously (RACSignalSpec)")
    func takeUntilReplacementSynchronous() {
        let scheduler = TestScheduler()
        let runs = Counter()
        let receiver = Signal<Int>.create { s in runs.increment(); s.sendNext(1); s.sendNext(2); return nil }
        let replacement = Signal<Int>.create { s in s.sendNext(4); s.sendNext(5); s.sendNext(6); return nil }
        let recorder = record(receiver.take(untilReplacement: replacement), scheduler)
        #expect(recorder.values == [4, 5, 6])
        #expect(runs.value == 0)
    }

    @Test("take(untilReplacement:) subscribes to the replacement first; disposing disposes both (RACSignalSpec)")
    func takeUntilReplacementDisposal() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let receiver = logged("receiver", log, scheduler, [(1, Event<Int>.next(1))])
        let replacement = logged("replacement", log, scheduler, [(5, Event<Int>.next(2))])
        let recorder = Recorder<Int>(clock: scheduler)
        let subscription = scheduler.perform { recorder.subscribe(to: receiver.take(untilReplacement: replacement)) }
        scheduler.advance(to: 2)
        subscription.dispose()
        scheduler.stepAll()
        #expect(recorder.events == [.next(1, at: 1)])
        #expect(log.lines == ["subscribe replacement", "subscribe receiver", "dispose receiver @2.0",
                              "dispose replacement @2.0"])
    }

    @Test("take(untilReplacement:) disposes the receiver when the replacement sends an event (RACSignalSpec)")
    func takeUntilReplacementDisposesReceiver() {
        let scheduler = TestScheduler()
        let receiverDisposals = Counter()
        // The late value keeps the receiver's subscriber alive (RACSignalSpec keeps it in a variable).
        let receiver = cold(Int.self, scheduler, [(100, .next(9))], disposals: receiverDisposals)
        let replacement = Subject<Int>()
        let recorder = record(receiver.take(untilReplacement: replacement), scheduler)
        #expect(receiverDisposals.value == 0)
        scheduler.perform { replacement.sendNext(7) }
        #expect(receiverDisposals.value == 1)
        #expect(recorder.values == [7])
    }

    @Test("take(untilReplacement:) keeps RAC 2.5's name for it, +createSignal:")
    func takeUntilReplacementName() {
        #expect(Signal<Int>.never().named("a").take(untilReplacement: .never()).name == "+createSignal:")
    }

    // MARK: flatten(maxConcurrent:) and concat()

    @Test("flatten(maxConcurrent: 0) subscribes to every signal at once (RACSignalSpec)")
    func flattenUnlimited() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let s1 = logged("1", log, scheduler, [(5, Event<Int>.next(1)), (10, .completed)])
        let s2 = logged("2", log, scheduler, [(12, Event<Int>.next(2)), (13, .completed)])
        let s3 = logged("3", log, scheduler, [(20, Event<Int>.next(3)), (21, .completed)])
        let outer = cold(Signal<Int>.self, scheduler, [(1, .next(s1)), (2, .next(s2)), (7, .next(s3)), (8, .completed)])
        #expect(run(outer.flatten(maxConcurrent: 0), scheduler) == [
            .next(1, at: 6), .next(2, at: 14), .next(3, at: 27), .completed(at: 28),
        ])
        #expect(log.lines == ["subscribe 1", "subscribe 2", "subscribe 3", "dispose 1 @11.0", "dispose 2 @15.0",
                              "dispose 3 @28.0"])
    }

    @Test("flatten(maxConcurrent: 1) subscribes to one signal at a time, the next when it completes (RACSignalSpec)")
    func flattenOneAtATime() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let s1 = logged("1", log, scheduler, [(5, Event<Int>.next(1)), (10, .completed)])
        let s2 = logged("2", log, scheduler, [(1, Event<Int>.next(2)), (2, .completed)])
        let s3 = logged("3", log, scheduler, [(1, Event<Int>.next(3)), (2, .completed)])
        let outer = cold(Signal<Int>.self, scheduler, [(1, .next(s1)), (2, .next(s2)), (7, .next(s3)), (8, .completed)])
        #expect(run(outer.flatten(maxConcurrent: 1), scheduler) == [
            .next(1, at: 6), .next(2, at: 12), .next(3, at: 14), .completed(at: 15),
        ])
        #expect(log.lines == ["subscribe 1", "dispose 1 @11.0", "subscribe 2", "dispose 2 @13.0", "subscribe 3",
                              "dispose 3 @15.0"])
    }

    @Test("flatten(maxConcurrent: 2) runs two at a time, fails at the first error and disposes the rest")
    func flattenTwoError() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let s1 = logged("1", log, scheduler, [(5, Event<Int>.next(1))])
        let s2 = logged("2", log, scheduler, [(3, Event<Int>.error(boom))])
        let s3 = logged("3", log, scheduler, [(1, Event<Int>.next(3))])
        let outer = cold(Signal<Int>.self, scheduler, [(1, .next(s1)), (2, .next(s2)), (3, .next(s3))])
        #expect(run(outer.flatten(maxConcurrent: 2), scheduler) == [.error("boom", at: 5)])
        #expect(log.lines == ["subscribe 1", "subscribe 2", "dispose 2 @5.0", "dispose 1 @5.0"],
                "the third waits, so it is never subscribed")
    }

    @Test("concat() concatenates the values of inner signals in order (RACSignalSpec)")
    func concatSignals() {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Signal<Int>>()
        for signal in [Signal.return(1), .return(2), .empty(), .return(3)] { subject.sendNext(signal) }
        let recorder = record(subject.concat(), scheduler)
        #expect(recorder.values == [1, 2, 3])
        #expect(recorder.events.count == 3, "no completion before the receiver completes")
        scheduler.perform { subject.sendCompleted() }
        #expect(recorder.events.last == .completed(at: 0))
    }

    @Test("concat() passes errors through (RACSignalSpec) and disposes the current signal when disposed")
    func concatErrorAndDisposal() {
        let scheduler = TestScheduler()
        let failing = cold(Signal<Int>.self, scheduler, [(1, .next(.error(boom))), (2, .next(.return(1)))])
        #expect(run(failing.concat(), scheduler) == [.error("boom", at: 1)])

        let later = TestScheduler()
        let log = DeliveryLog()
        let current = logged("current", log, later, [(1, Event<Int>.next(1))])
        let next = logged("next", log, later, [(1, Event<Int>.next(2))])
        let outer = cold(Signal<Int>.self, later, [(1, .next(current)), (2, .next(next))])
        let recorder = Recorder<Int>(clock: later)
        let subscription = later.perform { recorder.subscribe(to: outer.concat()) }
        later.advance(by: 5)
        subscription.dispose()
        later.stepAll()
        #expect(recorder.events == [.next(1, at: 2)])
        #expect(log.lines == ["subscribe current", "dispose current @5.0"], "the next signal is never subscribed")
    }

    @Test("concat(): the receiver completing on one thread while the running inner signal completes on another never drops the waiting one")
    func concatCompletionRace() {
        let scheduler = TestScheduler()
        var dropped = 0
        for _ in 0..<500 {
            let outer = Subject<Signal<Int>>(), running = Subject<Int>()
            let seen = Locked<[String]>([])
            scheduler.perform {
                outer.concat().subscribe(
                    next: { value in seen.withLock { $0.append("\(value)") } },
                    completed: { seen.withLock { $0.append("|") } })
                outer.sendNext(running)
                outer.sendNext(.return(7))   // waits for `running`
            }
            // Handing the slot to the waiting signal and the receiver's completion race. Both threads run
            // as the scheduler's, so the waiting signal is subscribed synchronously, as in a scenario.
            raceOnThreads(2) { side in
                scheduler.perform { if side == 0 { running.sendCompleted() } else { outer.sendCompleted() } }
            }
            if seen.withLock({ $0 }) != ["7", "|"] { dropped += 1 }
        }
        #expect(dropped == 0)
    }

    @Test("flatten(maxConcurrent:) and concat() are named [s] -flatten: 2 and [s] -concat")
    func flattenNames() {
        let s = Signal<Signal<Int>>.never().named("s")
        #expect(s.flatten(maxConcurrent: 2).name == "[s] -flatten: 2")
        #expect(s.concat().name == "[s] -concat")
    }
}
