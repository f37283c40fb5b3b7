import Testing
@testable import Reactive

// skip, mapReplace, distinctUntilChanged, scanWithStart:reduce: (RACStream.m) and
// takeLast: (RACSignal+Operations.m), with RACStreamExamples' and RACSignalSpec's
// examples on virtual time, and what their sources say where the specs are silent.

@Suite struct StreamOperatorTests {
    /// An operator of this file, on a signal of `Int`s.
    enum Operator: String, CaseIterable, Sendable {
        case skip, mapReplace, distinctUntilChanged, takeLast, scan

        func apply(_ s: Signal<Int>) -> Signal<Int> {
            switch self {
            case .skip: s.skip(1)
            case .mapReplace: s.mapReplace(7)
            case .distinctUntilChanged: s.distinctUntilChanged()
            case .takeLast: s.takeLast(2)
            case .scan: s.scan(start: 0) { $0 + $1 }
            }
        }
    }

    // MARK: skip

    @Test("skip(i) forwards the values after the first i (RACStreamExamples: any valid number)", arguments: [0, 1, 2])
    func skip(count: Int) {
        let scheduler = TestScheduler()
        let events = run(values([0, 1, 2], scheduler).skip(count), scheduler)
        #expect(events == (count..<3).map { .next($0, at: Double($0 + 1)) } + [.completed(at: 4)])
    }

    @Test("skip of more values than there are sends only the completion (RACStreamExamples: too many)")
    func skipTooMany() {
        let scheduler = TestScheduler()
        #expect(run(values([0, 1, 2], scheduler).skip(4), scheduler) == [.completed(at: 4)])
    }

    @Test("skip forwards an error, even while it is still skipping")
    func skipError() {
        let scheduler = TestScheduler()
        let source = values([1, 2], scheduler, end: .error(TestError("boom")))
        #expect(run(source.skip(5), scheduler) == [.error("boom", at: 3)])
        #expect(run(source.skip(1), scheduler) == [.next(2, at: 5), .error("boom", at: 6)])
    }

    @Test("each subscription to skip counts its own values")
    func skipCountsPerSubscription() {
        let scheduler = TestScheduler()
        let skipped = values([1, 2, 3], scheduler).skip(2)
        let first = Recorder<Int>(clock: scheduler)
        let second = Recorder<Int>(clock: scheduler)
        scheduler.perform { first.subscribe(to: skipped) }
        scheduler.schedule(after: 10) { second.subscribe(to: skipped) }
        scheduler.stepAll()
        #expect(first.events == [.next(3, at: 3), .completed(at: 4)])
        #expect(second.events == [.next(3, at: 13), .completed(at: 14)])
    }

    // MARK: mapReplace

    @Test("mapReplace sends the constant for each value (RACStreamExamples) and keeps the termination",
          arguments: [true, false])
    func mapReplace(fails: Bool) {
        let scheduler = TestScheduler()
        let end: Event<Int> = fails ? .error(TestError("boom")) : .completed
        let events = run(values([0, 1, 2], scheduler, end: end).mapReplace("unit"), scheduler)
        #expect(events == [.next("unit", at: 1), .next("unit", at: 2), .next("unit", at: 3),
                           fails ? .error("boom", at: 4) : .completed(at: 4)])
    }

    // MARK: distinctUntilChanged

    @Test("distinctUntilChanged sends only values different from the one before (RACSignalSpec)")
    func distinctUntilChanged() {
        let scheduler = TestScheduler()
        #expect(run(values([1, 2, 2, 1, 1], scheduler).distinctUntilChanged(), scheduler) == [
            .next(1, at: 1), .next(2, at: 2), .next(1, at: 4), .completed(at: 6),
        ])
    }

    @Test("distinctUntilChanged compares nils as equal, and a first nil is distinct (RACSignalSpec)")
    func distinctUntilChangedNil() {
        let scheduler = TestScheduler()
        #expect(run(values([1, nil, nil, nil, 1] as [Int?], scheduler).distinctUntilChanged(), scheduler) == [
            .next(1, at: 1), .next(nil, at: 2), .next(1, at: 5), .completed(at: 6),
        ])
        #expect(run(values([nil, nil, 1] as [Int?], scheduler).distinctUntilChanged(), scheduler) == [
            .next(nil, at: 7), .next(1, at: 9), .completed(at: 10),
        ])
    }

    @Test("distinctUntilChanged(by:) drops a value the block calls the same as the last one sent, and compares with that one")
    func distinctUntilChangedBy() {
        let scheduler = TestScheduler()
        // "A" is the same as "a" and dropped; "b" is compared with "a", the last sent, not with "A".
        let words = values(["a", "A", "b", "B", "a"], scheduler).distinctUntilChanged { $0.lowercased() == $1.lowercased() }
        #expect(words.name.hasSuffix("-distinctUntilChanged"))
        #expect(run(words, scheduler) == [.next("a", at: 1), .next("b", at: 3), .next("a", at: 5), .completed(at: 6)])
        // Called with the value before first: a block that is not symmetric shows the order.
        let rising = values([1, 3, 2, 5], scheduler).distinctUntilChanged { before, value in value < before }
        #expect(run(rising, scheduler) == [.next(1, at: 7), .next(3, at: 8), .next(5, at: 10), .completed(at: 11)])
    }

    @Test("distinctUntilChanged compares each subscription's values only, and forwards errors")
    func distinctUntilChangedPerSubscription() {
        let scheduler = TestScheduler()
        let distinct = values([1, 1], scheduler, end: .error(TestError("boom"))).distinctUntilChanged()
        #expect(run(distinct, scheduler) == [.next(1, at: 1), .error("boom", at: 3)])
        #expect(run(distinct, scheduler) == [.next(1, at: 4), .error("boom", at: 6)])
    }

    // MARK: scan

    @Test("scan sends the running value from the start value (RACStreamExamples: 1, 2, 3, 4 -> 1, 3, 6, 10)")
    func scan() {
        let scheduler = TestScheduler()
        #expect(run(values([1, 2, 3, 4], scheduler).scan(start: 0) { $0 + $1 }, scheduler) == [
            .next(1, at: 1), .next(3, at: 2), .next(6, at: 3), .next(10, at: 4), .completed(at: 5),
        ])
    }

    @Test("scan starts from its start value, which it does not send, on every subscription")
    func scanStart() {
        let scheduler = TestScheduler()
        let scanned = values(["a", "b"], scheduler).scan(start: ">") { $0 + $1 }
        #expect(run(scanned, scheduler) == [.next(">a", at: 1), .next(">ab", at: 2), .completed(at: 3)])
        #expect(run(scanned, scheduler) == [.next(">a", at: 4), .next(">ab", at: 5), .completed(at: 6)])
        #expect(run(Signal<String>.empty().scan(start: ">") { $0 + $1 }, scheduler) == [.completed(at: 6)])
    }

    @Test("scan with an index passes each value's index from 0 (RACStreamExamples: 1, 2, 3 from 0 -> 1, 4, 9), anew on every subscription")
    func scanWithIndex() {
        let scheduler = TestScheduler()
        let scanned = values([1, 2, 3], scheduler).scan(start: 0) { running, value, index in running + value + index }
        #expect(scanned.name.hasSuffix("-scanWithStart: 0 reduceWithIndex:"))
        #expect(run(scanned, scheduler) == [.next(1, at: 1), .next(4, at: 2), .next(9, at: 3), .completed(at: 4)])
        #expect(run(scanned, scheduler) == [.next(1, at: 5), .next(4, at: 6), .next(9, at: 7), .completed(at: 8)])
    }

    @Test("scan forwards an error")
    func scanError() {
        let scheduler = TestScheduler()
        let source = values([1, 2], scheduler, end: .error(TestError("boom")))
        #expect(run(source.scan(start: 10) { $0 + $1 }, scheduler) == [
            .next(11, at: 1), .next(13, at: 2), .error("boom", at: 3),
        ])
    }

    // MARK: takeLast

    @Test("takeLast sends the last values only when the receiver completes, then completes",
          arguments: [(0, [Int]()), (2, [2, 3]), (3, [1, 2, 3]), (5, [1, 2, 3])])
    func takeLast(count: Int, expected: [Int]) {
        let scheduler = TestScheduler()
        #expect(run(values([1, 2, 3], scheduler).takeLast(count), scheduler)
                == expected.map { .next($0, at: 4) } + [.completed(at: 4)])
    }

    @Test("takeLast keeps the right values when many more arrive than it keeps")
    func takeLastRing() {
        let scheduler = TestScheduler()
        #expect(run(values(Array(1...10), scheduler).takeLast(3), scheduler)
                == [.next(8, at: 11), .next(9, at: 11), .next(10, at: 11), .completed(at: 11)])
    }

    @Test("takeLast sends nothing but the error when the receiver fails")
    func takeLastError() {
        let scheduler = TestScheduler()
        let source = values([1, 2, 3], scheduler, end: .error(TestError("boom")))
        #expect(run(source.takeLast(2), scheduler) == [.error("boom", at: 4)])
    }

    @Test("each subscription to takeLast keeps its own values")
    func takeLastPerSubscription() {
        let scheduler = TestScheduler()
        let last = values([1, 2], scheduler).takeLast(1)
        #expect(run(last, scheduler) == [.next(2, at: 3), .completed(at: 3)])
        #expect(run(last, scheduler) == [.next(2, at: 6), .completed(at: 6)])
    }

    // MARK: All of them

    @Test("disposing the result disposes the receiver's subscription, and nothing more arrives",
          arguments: Operator.allCases)
    func disposal(op: Operator) {
        let scheduler = TestScheduler()
        let disposals = Counter()
        let source = values([1, 2, 3], scheduler, disposals: disposals)
        let recorder = Recorder<Int>(clock: scheduler)
        let subscription = Locked<(any Disposable)?>(nil)
        scheduler.perform { subscription.withLock { $0 = recorder.subscribe(to: op.apply(source)) } }
        scheduler.advance(to: 2.5)
        #expect(disposals.value == 0)
        subscription.withLock { $0 }?.dispose()
        #expect(disposals.value == 1)
        let before = recorder.events
        scheduler.stepAll()
        #expect(recorder.events == before)
        #expect(!before.contains { if case .next = $0 { false } else { true } })
    }

    @Test("the receiver's didSubscribe runs once per subscription, and its subscription ends with it",
          arguments: Operator.allCases)
    func oneRunPerSubscription(op: Operator) {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let disposals = Counter()
        let result = op.apply(values([1, 1, 2], scheduler, subscriptions: subscriptions, disposals: disposals))
        let first = Recorder<Int>(clock: scheduler)
        let second = Recorder<Int>(clock: scheduler)
        scheduler.perform { first.subscribe(to: result) }
        scheduler.schedule(after: 1.5) { second.subscribe(to: result) }
        scheduler.stepAll()
        #expect(subscriptions.value == 2)
        #expect(disposals.value == 2)
        #expect(first.events.last == .completed(at: 4))
        #expect(second.events.last == .completed(at: 5.5))
    }

    @Test("names are RAC's setNameWithFormat: ones")
    func names() {
        let src = Signal<Int>.never().named("src")
        #expect(src.skip(2).name == "[src] -skip: 2")
        #expect(src.mapReplace("x").name == "[src] -mapReplace: x")
        #expect(src.distinctUntilChanged().name == "[src] -distinctUntilChanged")
        #expect(src.takeLast(2).name == "[src] -takeLast: 2")
        #expect(src.scan(start: 0) { $0 + $1 }.name == "[src] -scanWithStart: 0 reduce:")
    }
}
