import Dispatch
import Foundation
import Testing
@testable import Reactive

// delay:, throttle:, throttle:valuesPassingTest:, +interval:onScheduler:(withLeeway:), timeout:onScheduler:,
// bufferWithTime:onScheduler:, sample:, deliverOn: and subscribeOn: (RACSignal+Operations.m), with
// RACSignalSpec's scenarios on virtual time, and what the source says where the spec is silent.

/// Whether every action due by `time` (virtual seconds) that is still waiting was cancelled:
/// a marker scheduled at `time`, after them, is then the next action `step()` runs.
/// Moves the clock to `time` when true.
private func nothingLiveDue(by time: Double, on scheduler: TestScheduler) -> Bool {
    let marker = Counter()
    scheduler.schedule(after: time - scheduler.now) { marker.increment() }
    scheduler.step()
    return marker.value == 1
}

/// How long to wait for work on a real queue: generous, a failure guard only.
private func deadline() -> DispatchTime { .now() + .seconds(60) }

@Suite struct TimeOperatorTests {
    // MARK: delay

    @Test("delay sends each value and the completion the interval later, on the current scheduler")
    func delay() {
        let scheduler = TestScheduler()
        let subscriptions = Counter(), disposals = Counter()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (2, .next(2)), (3, .completed)],
                          subscriptions: subscriptions, disposals: disposals)
        #expect(run(source.delay(0.5), scheduler) == [.next(1, at: 1.5), .next(2, at: 2.5), .completed(at: 3.5)])
        #expect(subscriptions.value == 1)
        #expect(disposals.value == 1)
    }

    @Test("delay(0) sends a value only when the scheduler runs, not at once (RACSignalSpec: should delay nexts)")
    func delayZero() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let (recorder, _) = start(subject.delay(0), scheduler)
        scheduler.perform { subject.sendNext("foo") }
        #expect(recorder.events.isEmpty)
        scheduler.perform { subject.sendCompleted() }
        #expect(recorder.events.isEmpty, "should delay completed")
        scheduler.stepAll()
        #expect(recorder.events == [.next("foo", at: 0), .completed(at: 0)])
    }

    @Test("delay forwards an error at once, and the values still waiting are cancelled (RACSignalSpec: should not delay errors)")
    func delayError() {
        let scheduler = TestScheduler()
        let disposals = Counter()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (2, .next(2)), (2.2, .error(TestError("boom")))],
                          disposals: disposals)
        let (recorder, _) = start(source.delay(1), scheduler)
        scheduler.advance(to: 2.2)
        #expect(recorder.events == [.next(1, at: 2), .error("boom", at: 2.2)])
        #expect(disposals.value == 1)
        #expect(nothingLiveDue(by: 3, on: scheduler), "next(2), due at 3, is cancelled")
        scheduler.stepAll()
        #expect(recorder.events == [.next(1, at: 2), .error("boom", at: 2.2)])
    }

    @Test("disposing delay cancels the delayed events (RACSignalSpec: should cancel delayed events when disposed)")
    func delayDisposal() {
        let scheduler = TestScheduler()
        let subscriptions = Counter(), disposals = Counter()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (1.1, .completed)],
                          subscriptions: subscriptions, disposals: disposals)
        let (recorder, subscription) = start(source.delay(1), scheduler)
        scheduler.advance(to: 1.5)
        subscription.dispose()
        #expect(nothingLiveDue(by: 2.1, on: scheduler))
        scheduler.stepAll()
        #expect(recorder.events.isEmpty)
        #expect(subscriptions.value == 1)
        #expect(disposals.value == 1)
    }

    @Test("without a current scheduler, delay sends from one queue scheduler made for the subscription")
    func delayFallback() {
        let held = Locked<(any Subscriber<Int>)?>(nil)
        let subscribed = DispatchSemaphore(value: 0)
        let source = Signal<Int>.create { subscriber in
            held.withLock { $0 = subscriber }
            subscribed.signal()
            return nil
        }
        let log = DeliveryLog()
        let done = DispatchSemaphore(value: 0)
        _ = source.delay(0.01).subscribe(
            next: { log.append("\($0) on \(Scheduler.current?.name ?? "nil")") },
            completed: { log.append("completed on \(Scheduler.current?.name ?? "nil")"); done.signal() })
        #expect(subscribed.wait(timeout: deadline()) == .success)
        // A thread of its own, where no scheduler is current.
        Thread.detachNewThread {
            #expect(Scheduler.current == nil)
            let subscriber = held.withLock { $0 }
            subscriber?.sendNext(1)
            subscriber?.sendNext(2)
            subscriber?.sendCompleted()
        }
        #expect(done.wait(timeout: deadline()) == .success)
        let queue = "org.sigviz.Reactive.QueueScheduler"
        #expect(log.lines == ["1 on \(queue)", "2 on \(queue)", "completed on \(queue)"])
    }

    // MARK: throttle

    @Test("throttle sends a value once the interval passes without another (RACSignalSpec: should throttle nexts)")
    func throttle() {
        let scheduler = TestScheduler()
        let subscriptions = Counter(), disposals = Counter()
        let source = cold(String.self, scheduler, [
            (1, .next("foo")), (1.5, .next("bar")), (4, .next("buzz")), (10, .completed),
        ], subscriptions: subscriptions, disposals: disposals)
        #expect(run(source.throttle(1), scheduler) == [
            .next("bar", at: 2.5), .next("buzz", at: 5), .completed(at: 10),
        ])
        #expect(subscriptions.value == 1)
        #expect(disposals.value == 1)
    }

    @Test("throttle(0) holds values until the scheduler runs, and sends only the last (RACSignalSpec: should throttle nexts)")
    func throttleZero() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let (recorder, _) = start(subject.throttle(0), scheduler)
        scheduler.perform {
            subject.sendNext("foo")
            subject.sendNext("bar")
        }
        #expect(recorder.events.isEmpty)
        scheduler.stepAll()
        #expect(recorder.events == [.next("bar", at: 0)])
        scheduler.perform { subject.sendNext("buzz") }
        #expect(recorder.events == [.next("bar", at: 0)])
        scheduler.stepAll()
        #expect(recorder.events == [.next("bar", at: 0), .next("buzz", at: 0)])
    }

    @Test("throttle sends the held value and completes at once on completion (RACSignalSpec: forward completed immediately)")
    func throttleCompletion() {
        let scheduler = TestScheduler()
        let source = cold(String.self, scheduler, [(1, .next("a")), (1.5, .completed)])
        let (recorder, _) = start(source.throttle(1), scheduler)
        scheduler.advance(to: 1.5)
        #expect(recorder.events == [.next("a", at: 1.5), .completed(at: 1.5)])
    }

    @Test("a value throttle already sent is not sent again on completion (RACSignalSpec: should not be resent)")
    func throttleNoResend() {
        let scheduler = TestScheduler()
        let source = cold(String.self, scheduler, [(1, .next("bar")), (3, .completed)])
        #expect(run(source.throttle(1), scheduler) == [.next("bar", at: 2), .completed(at: 3)])
    }

    @Test("throttle forwards an error at once and drops the value held (RACSignalSpec: forward errors immediately)")
    func throttleError() {
        let scheduler = TestScheduler()
        let disposals = Counter()
        let source = cold(String.self, scheduler, [(1, .next("a")), (1.5, .error(TestError("boom")))],
                          disposals: disposals)
        #expect(run(source.throttle(1), scheduler) == [.error("boom", at: 1.5)])
        #expect(disposals.value == 1)
    }

    @Test("as in RAC, disposing throttle leaves the held value's timer scheduled, and it sends nothing (RACSignalSpec: should cancel future nexts when disposed)")
    func throttleDisposal() {
        let scheduler = TestScheduler()
        let subscriptions = Counter(), disposals = Counter()
        let source = cold(String.self, scheduler, [(1, .next("foo"))],
                          subscriptions: subscriptions, disposals: disposals)
        let (recorder, subscription) = start(source.throttle(1), scheduler)
        scheduler.advance(to: 1.5)
        subscription.dispose()
        #expect(disposals.value == 1)
        #expect(!nothingLiveDue(by: 2, on: scheduler), "RAC's compound disposable holds only the receiver's subscription")
        scheduler.stepAll()
        #expect(recorder.events.isEmpty)
        #expect(subscriptions.value == 1)
    }

    @Test("throttle(_:valuesPassing:) holds values that pass, sends the others at once, and any value drops the one held (RACSignalSpec)")
    func throttleValuesPassing() {
        let scheduler = TestScheduler()
        let tested = DeliveryLog()
        // Negative values are not throttled.
        let source = cold(Int.self, scheduler, [
            (1, .next(1)), (1.2, .next(2)), (1.4, .next(-3)), (1.6, .next(4)), (3, .next(5)), (3.5, .next(-6)),
            (5, .completed),
        ])
        let throttled = source.throttle(1, valuesPassing: { value in tested.append("\(value)"); return value >= 0 })
        #expect(run(throttled, scheduler) == [
            .next(-3, at: 1.4), .next(4, at: 2.6), .next(-6, at: 3.5), .completed(at: 5),
        ])
        #expect(tested.lines == ["1", "2", "-3", "4", "5", "-6"], "the test sees each value, the latest, once")
    }

    @Test("a value that fails the test is sent at once (RACSignalSpec: should forward unthrottled values immediately)")
    func throttleUnthrottled() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let (recorder, _) = start(subject.throttle(0, valuesPassing: { _ in false }), scheduler)
        scheduler.perform { subject.sendNext("foo") }
        #expect(recorder.events == [.next("foo", at: 0)])
    }

    // MARK: interval

    @Test("interval sends the scheduler's time every interval from the subscription, forever")
    func interval() {
        let scheduler = TestScheduler()
        let recorder = Recorder<TimeInterval>(clock: scheduler)
        scheduler.schedule(after: 0.5) { recorder.subscribe(to: Signal.interval(1, on: scheduler)) }
        scheduler.advance(to: 4)
        #expect(recorder.events == [.next(1.5, at: 1.5), .next(2.5, at: 2.5), .next(3.5, at: 3.5)])
    }

    @Test("interval with a leeway ticks the same on a test scheduler", arguments: [0.0, 0.2])
    func intervalLeeway(leeway: Double) {
        let scheduler = TestScheduler()
        let ticks = Signal.interval(0.25, on: scheduler, leeway: leeway).take(3)
        #expect(run(ticks, scheduler) == [
            .next(0.25, at: 0.25), .next(0.5, at: 0.5), .next(0.75, at: 0.75), .completed(at: 0.75),
        ])
    }

    @Test("disposing interval's subscription stops its timer")
    func intervalDisposal() {
        let scheduler = TestScheduler()
        let (recorder, subscription) = start(Signal.interval(1, on: scheduler), scheduler)
        scheduler.advance(to: 2.5)
        subscription.dispose()
        #expect(nothingLiveDue(by: 100, on: scheduler))
        #expect(recorder.events == [.next(1, at: 1), .next(2, at: 2)])
    }

    @Test("each subscription to interval has its own timer")
    func intervalPerSubscription() {
        let scheduler = TestScheduler()
        let ticks = Signal.interval(1, on: scheduler).take(2)
        let first = Recorder<TimeInterval>(clock: scheduler), second = Recorder<TimeInterval>(clock: scheduler)
        scheduler.perform { first.subscribe(to: ticks) }
        scheduler.schedule(after: 0.5) { second.subscribe(to: ticks) }
        scheduler.stepAll()
        #expect(first.events == [.next(1, at: 1), .next(2, at: 2), .completed(at: 2)])
        #expect(second.events == [.next(1.5, at: 1.5), .next(2.5, at: 2.5), .completed(at: 2.5)])
    }

    @Test("interval on a queue scheduler ticks at least the interval apart (RACSignalSpec: should work on a background scheduler)",
          arguments: [nil, 0.02])
    func intervalOnQueue(leeway: Double?) {
        let scheduler = QueueScheduler(name: "interval")
        let step = 0.02
        let ticks = leeway.map { Signal.interval(step, on: scheduler, leeway: $0) } ?? Signal.interval(step, on: scheduler)
        let values = Locked<[TimeInterval]>([])
        let done = DispatchSemaphore(value: 0)
        let startTime = scheduler.now
        ticks.take(3).subscribe(next: { now in values.withLock { $0.append(now) } }, completed: { done.signal() })
        #expect(done.wait(timeout: deadline()) == .success)
        let received = values.withLock { $0 }
        #expect(received.count == 3)
        for (index, time) in received.enumerated() {
            #expect(time - startTime >= step * Double(index + 1) - 0.001, "tick \(index + 1) at \(time - startTime)")
        }
    }

    // MARK: timeout

    @Test("timeout fails with TimeoutError when the receiver does not terminate in time (RACSignalSpec: should time out)")
    func timeout() throws {
        let scheduler = TestScheduler()
        let subscriptions = Counter(), disposals = Counter()
        let source = cold(Int.self, scheduler, [(0.5, .next(1)), (2, .completed)],
                          subscriptions: subscriptions, disposals: disposals)
        let received = Locked<(any Error)?>(nil)
        scheduler.perform {
            source.timeout(1, on: scheduler).subscribe(error: { error in received.withLock { $0 = error } })
        }
        #expect(run(source.timeout(1, on: scheduler), scheduler) == [
            .next(1, at: 0.5), .error("timed out after 1.0 s", at: 1),
        ])
        let error = try #require(received.withLock { $0 })
        #expect(error as? TimeoutError == TimeoutError(interval: 1))
        // As RAC gives it (RACSignalSpec): RACSignalErrorDomain, RACSignalErrorTimedOut (1), no user info.
        #expect((error as NSError).domain == "RACSignalErrorDomain")
        #expect((error as NSError).code == 1)
        #expect((error as NSError).userInfo.isEmpty)
        #expect(subscriptions.value == 2)
        #expect(disposals.value == 2, "timing out disposes the receiver's subscription")
    }

    @Test("timeout passes events through while not timed out, and the end cancels the timer (RACSignalSpec)",
          arguments: [true, false])
    func timeoutPassesThrough(fails: Bool) {
        let scheduler = TestScheduler()
        let disposals = Counter()
        let end: Event<Int> = fails ? .error(TestError("boom")) : .completed
        let source = cold(Int.self, scheduler, [(0.5, .next(1)), (0.8, end)], disposals: disposals)
        let (recorder, _) = start(source.timeout(1, on: scheduler), scheduler)
        scheduler.advance(to: 0.8)
        #expect(recorder.events == [.next(1, at: 0.5), fails ? .error("boom", at: 0.8) : .completed(at: 0.8)])
        #expect(disposals.value == 1)
        #expect(nothingLiveDue(by: 1, on: scheduler), "the timer is cancelled")
    }

    @Test("timeout does not time out after disposal (RACSignalSpec)")
    func timeoutDisposal() {
        let scheduler = TestScheduler()
        let subscriptions = Counter(), disposals = Counter()
        let source = cold(Int.self, scheduler, [(5, .completed)], subscriptions: subscriptions, disposals: disposals)
        let (recorder, subscription) = start(source.timeout(1, on: scheduler), scheduler)
        scheduler.advance(to: 0.5)
        subscription.dispose()
        #expect(nothingLiveDue(by: 1, on: scheduler))
        scheduler.stepAll()
        #expect(recorder.events.isEmpty)
        #expect(subscriptions.value == 1)
        #expect(disposals.value == 1)
    }

    // MARK: bufferWithTime

    @Test("bufferWithTime sends the values of each interval as an array (RACSignalSpec: should buffer nexts)")
    func bufferWithTime() {
        let scheduler = TestScheduler()
        let subscriptions = Counter(), disposals = Counter()
        let source = cold(Int.self, scheduler, [
            (1, .next(1)), (1.5, .next(2)), (3, .next(3)), (3.2, .next(4)), (10, .completed),
        ], subscriptions: subscriptions, disposals: disposals)
        #expect(run(source.bufferWithTime(1, on: scheduler), scheduler) == [
            .next([1, 2], at: 2), .next([3, 4], at: 4), .completed(at: 10),
        ])
        #expect(subscriptions.value == 1)
        #expect(disposals.value == 1)
    }

    @Test("bufferWithTime starts its timer at a value, and none while no value comes (RACSignalSpec: not until a value is sent)")
    func bufferWithTimeIdle() {
        let scheduler = TestScheduler()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (1.5, .next(2)), (5.5, .next(3)), (5.7, .next(4))])
        let (recorder, _) = start(source.bufferWithTime(1, on: scheduler), scheduler)
        scheduler.advance(to: 2)
        #expect(recorder.events == [.next([1, 2], at: 2)])
        #expect(nothingLiveDue(by: 5.4, on: scheduler), "no timer runs while the buffer is empty")
        scheduler.advance(to: 10)
        #expect(recorder.events == [.next([1, 2], at: 2), .next([3, 4], at: 6.5)])
    }

    @Test("bufferWithTime sends what it holds on completion, then completes (RACSignalSpec: should flush any buffered nexts)")
    func bufferWithTimeCompletion() {
        let scheduler = TestScheduler()
        let source = cold(Int?.self, scheduler, [(1, .next(nil)), (1.2, .next(1)), (1.4, .next(nil)), (1.5, .completed)])
        let (recorder, _) = start(source.bufferWithTime(1, on: scheduler), scheduler)
        scheduler.advance(to: 1.5)
        #expect(recorder.events == [.next([nil, 1, nil], at: 1.5), .completed(at: 1.5)], "nil values are buffered too")
        #expect(nothingLiveDue(by: 2, on: scheduler), "the timer is cancelled")
    }

    @Test("bufferWithTime forwards an error at once and drops the buffer; the timer is cancelled")
    func bufferWithTimeError() {
        let scheduler = TestScheduler()
        let disposals = Counter()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (1.5, .error(TestError("boom")))], disposals: disposals)
        let (recorder, _) = start(source.bufferWithTime(1, on: scheduler), scheduler)
        scheduler.advance(to: 1.5)
        #expect(recorder.events == [.error("boom", at: 1.5)])
        #expect(disposals.value == 1)
        #expect(nothingLiveDue(by: 2, on: scheduler))
    }

    @Test("disposing bufferWithTime cancels its timer and the receiver's subscription")
    func bufferWithTimeDisposal() {
        let scheduler = TestScheduler()
        let disposals = Counter()
        let source = cold(Int.self, scheduler, [(1, .next(1)), (5, .completed)], disposals: disposals)
        let (recorder, subscription) = start(source.bufferWithTime(1, on: scheduler), scheduler)
        scheduler.advance(to: 1.5)
        subscription.dispose()
        #expect(disposals.value == 1)
        #expect(nothingLiveDue(by: 2, on: scheduler))
        scheduler.stepAll()
        #expect(recorder.events.isEmpty)
    }

    // MARK: sample

    @Test("sample sends the latest value at each tick of the sampler (RACSignalSpec)")
    func sample() {
        let scheduler = TestScheduler()
        let source = cold(Int.self, scheduler, [(2, .next(1)), (3, .next(2)), (5, .next(3)), (20, .completed)])
        let sampler = cold(String.self, scheduler, [(1, .next("t")), (4, .next("t")), (6, .next("t")), (7, .next("t"))])
        #expect(run(source.sample(sampler), scheduler) == [
            .next(2, at: 4), .next(3, at: 6), .next(3, at: 7), .completed(at: 20),
        ])
    }

    @Test("sample subscribes to the receiver, then the sampler")
    func sampleSubscriptionOrder() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let source = Signal<Int>.create { _ in log.append("receiver"); return nil }
        let sampler = Signal<Int>.create { _ in log.append("sampler"); return nil }
        _ = start(source.sample(sampler), scheduler)
        #expect(log.lines == ["receiver", "sampler"])
    }

    @Test("whichever of the receiver and the sampler ends first ends sample and disposes the other",
          arguments: [(true, true), (true, false), (false, true), (false, false)])
    func sampleTermination(receiverEnds: Bool, fails: Bool) {
        let scheduler = TestScheduler()
        let sourceDisposals = Counter(), samplerDisposals = Counter()
        let end: Event<Int> = fails ? .error(TestError("boom")) : .completed
        let source = cold(Int.self, scheduler, [(1, .next(1))] + (receiverEnds ? [(3, end)] : []),
                          disposals: sourceDisposals)
        let sampler = cold(Int.self, scheduler, [(2, .next(0))] + (receiverEnds ? [] : [(3, end)]),
                           disposals: samplerDisposals)
        let (recorder, _) = start(source.sample(sampler), scheduler)
        scheduler.advance(to: 3)
        #expect(recorder.events == [.next(1, at: 2), fails ? .error("boom", at: 3) : .completed(at: 3)])
        #expect(sourceDisposals.value == 1)
        #expect(samplerDisposals.value == 1)
    }

    // MARK: deliverOn, subscribeOn

    @Test("deliver(on:) forwards each event from work scheduled on the scheduler, in order")
    func deliverOn() {
        let source = TestScheduler(name: "source"), target = TestScheduler(name: "target")
        let log = DeliveryLog()
        let signal = cold(Int.self, source, [(1, .next(1)), (2, .next(2)), (3, .error(TestError("boom")))])
            .deliver(on: target)
        source.perform {
            signal.subscribe(
                next: { log.append("\($0) on \(Scheduler.current?.name ?? "nil")") },
                error: { log.append("\($0) on \(Scheduler.current?.name ?? "nil")") })
        }
        source.stepAll()
        #expect(log.lines.isEmpty)
        #expect(target.pendingCount == 3)
        target.stepAll()
        #expect(log.lines == ["1 on target", "2 on target", "boom on target"])
    }

    @Test("as in RAC, disposing deliver(on:) leaves the scheduled deliveries, which deliver nothing")
    func deliverOnDisposal() {
        let source = TestScheduler(name: "source"), target = TestScheduler(name: "target")
        let disposals = Counter()
        let signal = cold(Int.self, source, [(1, .next(1))], disposals: disposals).deliver(on: target)
        let (recorder, subscription) = start(signal, source)
        source.stepAll()
        subscription.dispose()
        #expect(disposals.value == 1)
        #expect(!nothingLiveDue(by: 0, on: target))
        target.stepAll()
        #expect(recorder.events.isEmpty)
    }

    @Test("subscribe(on:) runs the receiver's didSubscribe on the scheduler")
    func subscribeOn() {
        let caller = TestScheduler(name: "caller"), target = TestScheduler(name: "target")
        let log = DeliveryLog()
        let source = Signal<Int>.create { subscriber in
            log.append("didSubscribe on \(Scheduler.current?.name ?? "nil")")
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }
        let (recorder, _) = start(source.subscribe(on: target), caller)
        #expect(log.lines.isEmpty)
        target.stepAll()
        #expect(log.lines == ["didSubscribe on target"])
        #expect(recorder.events == [.next(1, at: 0), .completed(at: 0)])
    }

    @Test("disposing subscribe(on:) before the scheduled subscription cancels it; after, disposes it",
          arguments: [true, false])
    func subscribeOnDisposal(beforeSubscribing: Bool) {
        let caller = TestScheduler(name: "caller"), target = TestScheduler(name: "target")
        let subscriptions = Counter(), disposals = Counter()
        let source = cold(Int.self, target, [(1, .next(1))], subscriptions: subscriptions, disposals: disposals)
        let (recorder, subscription) = start(source.subscribe(on: target), caller)
        if !beforeSubscribing { target.step() }
        subscription.dispose()
        target.stepAll()
        #expect(subscriptions.value == (beforeSubscribing ? 0 : 1))
        #expect(disposals.value == (beforeSubscribing ? 0 : 1))
        #expect(recorder.events.isEmpty)
    }

    // MARK: Names

    @Test("each time operator names its signal as RAC does, intervals printed with %f")
    func names() {
        let scheduler = TestScheduler(name: "test")
        let a = Signal<Int>.never().named("a"), b = Signal<Int>.never().named("b")
        #expect(a.delay(0.5).name == "[a] -delay: 0.500000")
        #expect(a.throttle(1).name == "[a] -throttle: 1.000000")
        #expect(a.throttle(0.25, valuesPassing: { _ in true }).name == "[a] -throttle: 0.250000 valuesPassingTest:")
        #expect(Signal.interval(2, on: scheduler).name == "+interval: 2.000000 onScheduler: test")
        #expect(Signal.interval(2, on: scheduler, leeway: 0.1).name
                == "+interval: 2.000000 onScheduler: test withLeeway: 0.100000")
        #expect(a.timeout(3, on: scheduler).name == "[a] -timeout: 3.000000 onScheduler: test")
        #expect(a.bufferWithTime(1.5, on: scheduler).name == "[a] -bufferWithTime: 1.500000 onScheduler: test")
        #expect(a.sample(b).name == "[a] -sample: b")
        #expect(a.deliver(on: scheduler).name == "[a] -deliverOn: test")
        #expect(a.subscribe(on: scheduler).name == "[a] -subscribeOn: test")
    }
}
