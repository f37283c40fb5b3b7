import Testing
@testable import Reactive

// takeWhileBlock:, skipWhileBlock: and combinePreviousWithStart:reduce: (RACStream.m),
// aggregateWithStart:reduce:, collect, any, any: and all: (RACSignal+Operations.m), with
// RACStreamExamples' and RACSignalSpec's examples on virtual time, and what their sources
// say (what they are built from, when they dispose the receiver) where the specs are silent.
//
// RAC's -first, -firstOrDefault:, -firstOrDefault:success:error: and -toArray block the
// calling thread until the signal sends; RAC 2.5 has no non-blocking form of them, so they
// are not ported (take(1) is the non-blocking way to get the first value).

private let boom = TestError("boom")

/// RACStreamExamples' values for the predicate tests.
private let predicateValues = [0, 1, 2, 3, 0, 2, 4]

@Suite struct FilteringOperatorTests {
    /// An operator of this file, on a signal of `Int`s, as a signal of `String`s.
    enum Operator: String, CaseIterable, Sendable {
        case takeWhile, skipWhile, aggregate, collect, combinePrevious, any, anyPredicate, all

        func apply(_ s: Signal<Int>) -> Signal<String> {
            switch self {
            case .takeWhile: s.take(while: { $0 < 10 }).map { "\($0)" }
            case .skipWhile: s.skip(while: { $0 < 2 }).map { "\($0)" }
            case .aggregate: s.aggregate(start: 0) { $0 + $1 }.map { "\($0)" }
            case .collect: s.collect().map { "\($0)" }
            case .combinePrevious: s.combinePrevious(start: 0) { "\($0)\($1)" }
            case .any: s.any().map { "\($0)" }
            case .anyPredicate: s.any { $0 > 10 }.map { "\($0)" }
            case .all: s.all { $0 < 10 }.map { "\($0)" }
            }
        }
    }

    // MARK: take(while:)

    @Test("take(while:) takes while the predicate is true (RACStreamExamples), completing at the first false",
          arguments: [(1, [0, 1], 3.0), (10, predicateValues, 8.0), (-1, [], 1.0)])
    func takeWhile(limit: Int, expected: [Int], completion: Double) {
        let scheduler = TestScheduler()
        let events = run(values(predicateValues, scheduler).take(while: { $0 <= limit }), scheduler)
        #expect(events == expected.enumerated().map { .next($0.element, at: Double($0.offset + 1)) }
                + [.completed(at: completion)])
    }

    @Test("take(while:) disposes the receiver at the first false value, and calls the predicate no more")
    func takeWhileDisposes() {
        let scheduler = TestScheduler()
        let disposals = Counter(), calls = Counter()
        let taken = values(predicateValues, scheduler, disposals: disposals)
            .take(while: { calls.increment(); return $0 <= 1 })
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: taken) }
        scheduler.advance(to: 3)
        #expect(disposals.value == 1)
        #expect(recorder.events == [.next(0, at: 1), .next(1, at: 2), .completed(at: 3)])
        scheduler.stepAll()
        #expect(calls.value == 3)
    }

    @Test("take(while:) terminates an infinite signal (RACStreamExamples: repeat, then scan)")
    func takeWhileInfinite() {
        let scheduler = TestScheduler()
        let counter = Signal<Int>.return(1).repeat().scan(start: 0) { running, _ in running + 1 }
        #expect(run(counter.take(while: { $0 <= 5 }), scheduler)
                == [1, 2, 3, 4, 5].map { .next($0, at: 0) } + [.completed(at: 0)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test("take(while:) forwards an error that comes before a false value")
    func takeWhileError() {
        let scheduler = TestScheduler()
        #expect(run(values([1], scheduler, end: .error(boom)).take(while: { _ in true }), scheduler)
                == [.next(1, at: 1), .error("boom", at: 2)])
    }

    // MARK: skip(while:)

    @Test("skip(while:) skips while the predicate is true, then sends everything (RACStreamExamples)",
          arguments: [(1, [2, 3, 0, 2, 4]), (10, []), (-1, predicateValues)])
    func skipWhile(limit: Int, expected: [Int]) {
        let scheduler = TestScheduler()
        let events = run(values(predicateValues, scheduler).skip(while: { $0 <= limit }), scheduler)
        let first = predicateValues.count - expected.count + 1
        #expect(events == expected.enumerated().map { .next($0.element, at: Double(first + $0.offset)) }
                + [.completed(at: 8)])
    }

    @Test("skip(while:) stops calling the predicate once a value passed; each subscription skips anew")
    func skipWhileCalls() {
        let scheduler = TestScheduler()
        let calls = Counter()
        let skipped = values(predicateValues, scheduler).skip(while: { calls.increment(); return $0 <= 1 })
        #expect(run(skipped, scheduler).count == 6)
        #expect(calls.value == 3)
        #expect(run(skipped, scheduler).first == .next(2, at: 11))
        #expect(calls.value == 6)
    }

    @Test("skip(while:) forwards an error, even while skipping")
    func skipWhileError() {
        let scheduler = TestScheduler()
        #expect(run(values([1], scheduler, end: .error(boom)).skip(while: { _ in true }), scheduler)
                == [.error("boom", at: 2)])
    }

    // MARK: aggregate, collect

    @Test("aggregate sends the reduced value once, when the receiver completes")
    func aggregate() {
        let scheduler = TestScheduler()
        #expect(run(values([1, 2, 3, 4], scheduler).aggregate(start: 10) { $0 + $1 }, scheduler)
                == [.next(20, at: 5), .completed(at: 5)])
    }

    @Test("aggregate with an index passes each value's index from 0 (RACSignalSpec: 1, 2, 3 from 0 -> 9)")
    func aggregateWithIndex() {
        let scheduler = TestScheduler()
        let total = values([1, 2, 3], scheduler).aggregate(start: 0) { running, value, index in running + value + index }
        #expect(total.name.hasSuffix("-aggregateWithStart: 0 reduceWithIndex:"))
        #expect(run(total, scheduler) == [.next(9, at: 4), .completed(at: 4)])
        #expect(run(total, scheduler) == [.next(9, at: 8), .completed(at: 8)])
    }

    @Test("aggregate of no value sends the start value; each subscription starts from it")
    func aggregateStart() {
        let scheduler = TestScheduler()
        #expect(run(Signal<Int>.empty().aggregate(start: "start") { $0 + "\($1)" }, scheduler)
                == [.next("start", at: 0), .completed(at: 0)])
        let joined = values([1, 2], scheduler).aggregate(start: ">") { $0 + "\($1)" }
        #expect(run(joined, scheduler) == [.next(">12", at: 3), .completed(at: 3)])
        #expect(run(joined, scheduler) == [.next(">12", at: 6), .completed(at: 6)])
    }

    @Test("aggregate forwards an error and sends nothing else")
    func aggregateError() {
        let scheduler = TestScheduler()
        #expect(run(values([1, 2], scheduler, end: .error(boom)).aggregate(start: 0) { $0 + $1 }, scheduler)
                == [.error("boom", at: 3)])
    }

    @Test("collect sends one array when the receiver completes (RACSignalSpec)")
    func collect() {
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        let recorder = Recorder<[Int]>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: subject.collect()) }
        // Sent as scheduled work, so that the +return: signals inside the scan are subscribed at once.
        scheduler.perform {
            subject.sendNext(1)
            subject.sendNext(2)
            subject.sendNext(3)
        }
        #expect(recorder.events.isEmpty)
        scheduler.perform { subject.sendCompleted() }
        #expect(recorder.events == [.next([1, 2, 3], at: 0), .completed(at: 0)])
    }

    @Test("collect keeps nil values (RACSignalSpec: NSNull for nil), sends [] for no value, forwards errors")
    func collectNilsEmptyAndError() {
        let scheduler = TestScheduler()
        #expect(run(values([nil, 1, nil] as [Int?], scheduler).collect(), scheduler)
                == [.next([nil, 1, nil], at: 4), .completed(at: 4)])
        #expect(run(Signal<Int>.empty().collect(), scheduler) == [.next([], at: 4), .completed(at: 4)])
        #expect(run(values([1], scheduler, end: .error(boom)).collect(), scheduler) == [.error("boom", at: 6)])
    }

    @Test("collect builds a fresh aggregate on each subscription, so the arrays are separate")
    func collectPerSubscription() {
        let scheduler = TestScheduler()
        let collected = values([1, 2], scheduler).collect()
        #expect(run(collected, scheduler) == [.next([1, 2], at: 3), .completed(at: 3)])
        #expect(run(collected, scheduler) == [.next([1, 2], at: 6), .completed(at: 6)])
    }

    // MARK: combinePrevious

    @Test("combinePrevious passes the previous value, the start first, to reduce (RACStreamExamples)")
    func combinePreviousPrevious() {
        let scheduler = TestScheduler()
        let previouses = Locked<[Int?]>([])
        let mapped = values([1, 2, 3] as [Int?], scheduler).combinePrevious(start: nil) { previous, next in
            previouses.withLock { $0.append(previous) }
            return next
        }
        #expect(run(mapped, scheduler) == [.next(1, at: 1), .next(2, at: 2), .next(3, at: 3), .completed(at: 4)])
        #expect(previouses.withLock { $0 } == [nil, 1, 2])
    }

    @Test("combinePrevious sends the combined value (RACStreamExamples), from the start on each subscription")
    func combinePrevious() {
        let scheduler = TestScheduler()
        let mapped = values([1, 2, 3], scheduler).combinePrevious(start: 1) { "\($0) - \($1)" }
        #expect(run(mapped, scheduler) == [
            .next("1 - 1", at: 1), .next("1 - 2", at: 2), .next("2 - 3", at: 3), .completed(at: 4),
        ])
        #expect(run(mapped, scheduler).first == .next("1 - 1", at: 5))
    }

    // MARK: any, all

    @Test("any() sends true at the first value and completes, disposing the receiver")
    func anyValue() {
        let scheduler = TestScheduler()
        let disposals = Counter()
        let recorder = Recorder<Bool>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: values([5, 6], scheduler, disposals: disposals).any()) }
        scheduler.advance(to: 1)
        #expect(recorder.events == [.next(true, at: 1), .completed(at: 1)])
        #expect(disposals.value == 1)
    }

    @Test("any() sends false at the termination of a receiver without values, even an error", arguments: [true, false])
    func anyNone(fails: Bool) {
        let scheduler = TestScheduler()
        let source = cold(Int.self, scheduler, [(2, fails ? .error(boom) : .completed)])
        #expect(run(source.any(), scheduler) == [.next(false, at: 2), .completed(at: 2)])
    }

    @Test("any(_:) sends true at the first value that passes, false if none does")
    func anyPredicate() {
        let scheduler = TestScheduler()
        #expect(run(values([1, 3, 4, 5], scheduler).any { $0.isMultiple(of: 2) }, scheduler)
                == [.next(true, at: 3), .completed(at: 3)])
        // The second run starts at 5, where the first one's cancelled sends left the clock.
        #expect(run(values([1, 3], scheduler).any { $0.isMultiple(of: 2) }, scheduler)
                == [.next(false, at: 8), .completed(at: 8)])
    }

    @Test("all(_:) sends true at completion when every value passes, and true for no value")
    func allPass() {
        let scheduler = TestScheduler()
        #expect(run(values([2, 4], scheduler).all { $0.isMultiple(of: 2) }, scheduler)
                == [.next(true, at: 3), .completed(at: 3)])
        #expect(run(Signal<Int>.empty().all { _ in false }, scheduler) == [.next(true, at: 3), .completed(at: 3)])
    }

    @Test("all(_:) sends false at the first value that fails, disposing the receiver, or at an error")
    func allFail() {
        let scheduler = TestScheduler()
        let disposals = Counter()
        let recorder = Recorder<Bool>(clock: scheduler)
        let source = values([2, 3, 4], scheduler, disposals: disposals)
        scheduler.perform { recorder.subscribe(to: source.all { $0.isMultiple(of: 2) }) }
        scheduler.advance(to: 2)
        #expect(recorder.events == [.next(false, at: 2), .completed(at: 2)])
        #expect(disposals.value == 1)
        scheduler.stepAll()
        #expect(run(values([2], scheduler, end: .error(boom)).all { _ in true }, scheduler)
                == [.next(false, at: 6), .completed(at: 6)])
    }

    // MARK: All of them

    @Test("disposing the result disposes the receiver's subscription, and nothing more arrives",
          arguments: Operator.allCases)
    func disposal(op: Operator) {
        let scheduler = TestScheduler()
        let disposals = Counter()
        let source = values([1, 2, 3], scheduler, disposals: disposals)
        let recorder = Recorder<String>(clock: scheduler)
        let subscription = Locked<(any Disposable)?>(nil)
        scheduler.perform { subscription.withLock { $0 = recorder.subscribe(to: op.apply(source)) } }
        scheduler.advance(to: 1.5)
        let before = recorder.events
        #expect(disposals.value == (op == .any ? 1 : 0))
        subscription.withLock { $0 }?.dispose()
        #expect(disposals.value == 1)
        scheduler.stepAll()
        #expect(recorder.events == before)
    }

    @Test("the receiver's didSubscribe runs once per subscription, and its subscription ends with it",
          arguments: Operator.allCases)
    func oneRunPerSubscription(op: Operator) throws {
        let scheduler = TestScheduler()
        let subscriptions = Counter(), disposals = Counter()
        let result = op.apply(values([1, 1, 2], scheduler, subscriptions: subscriptions, disposals: disposals))
        let first = Recorder<String>(clock: scheduler)
        let second = Recorder<String>(clock: scheduler)
        scheduler.perform { first.subscribe(to: result) }
        scheduler.schedule(after: 10) { second.subscribe(to: result) }
        scheduler.stepAll()
        #expect(subscriptions.value == 2)
        #expect(disposals.value == 2)
        guard case .completed = try #require(first.events.last) else {
            Issue.record("\(op) did not complete: \(first.events)")
            return
        }
        #expect(first.events.map { $0.shifted(by: 10) } == second.events)
    }

    @Test("names are RAC's setNameWithFormat: ones")
    func names() {
        let src = Signal<Int>.never().named("src")
        #expect(src.take(while: { _ in true }).name == "[src] -takeWhileBlock:")
        #expect(src.skip(while: { _ in true }).name == "[src] -skipWhileBlock:")
        #expect(src.aggregate(start: 0) { $0 + $1 }.name == "[src] -aggregateWithStart: 0 reduce:")
        #expect(src.collect().name == "[src] -collect")
        #expect(src.combinePrevious(start: 0) { $0 + $1 }.name == "[src] -combinePreviousWithStart: 0 reduce:")
        #expect(src.any().name == "[src] -any")
        #expect(src.any { _ in true }.name == "[src] -any:")
        #expect(src.all { _ in true }.name == "[src] -all:")
    }
}

private extension Recorded {
    /// The same event, `delta` seconds later.
    func shifted(by delta: Double) -> Recorded {
        switch self {
        case .next(let value, let time): .next(value, at: time + delta)
        case .error(let message, let time): .error(message, at: time + delta)
        case .completed(let time): .completed(at: time + delta)
        }
    }
}
