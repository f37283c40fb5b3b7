import Dispatch
import Synchronization
import Testing
@testable import Reactive

/// An object to capture in closures and hold weakly, to see when a closure is released.
private final class Token: Sendable {}

/// Holds on to the subscriber a `didSubscribe` closure was given, as a producer with
/// pending work (a network callback, a timer) would. Only the first subscription's
/// subscriber is kept.
private final class SubscriberBox<Value: Sendable>: Sendable {
    private let storage = Locked<(any Subscriber<Value>)?>(nil)
    func keep(_ subscriber: any Subscriber<Value>) { storage.withLock { if $0 == nil { $0 = subscriber } } }
    var subscriber: (any Subscriber<Value>)? { storage.withLock { $0 } }
    func release() { storage.withLock { $0 = nil } }
}

/// Records values without a lock of its own: under TSan, a delivery that is not
/// ordered after the previous one (no happens-before) shows up as a data race.
private final class UnsynchronizedLog: @unchecked Sendable {
    var values: [Int] = []
}

@Suite struct EventContractTests {
    // MARK: Nothing after a terminal event

    @Test("nothing is delivered after completed: the subscriber sees the values up to completion only")
    func nothingAfterCompleted() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>(clock: scheduler)
        let signal = Signal<Int>.create { subscriber in
            scheduler.schedule(after: 1) { subscriber.sendNext(1) }
            scheduler.schedule(after: 2) { subscriber.sendCompleted() }
            scheduler.schedule(after: 3) { subscriber.sendNext(2) }
            scheduler.schedule(after: 4) { subscriber.sendError(TestError("late")) }
            scheduler.schedule(after: 5) { subscriber.sendCompleted() }
            return nil
        }
        _ = scheduler.perform { recorder.subscribe(to: signal) }
        scheduler.stepAll()
        #expect(recorder.events == [.next(1, at: 1), .completed(at: 2)])
    }

    @Test("nothing is delivered after an error")
    func nothingAfterError() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>(clock: scheduler)
        let signal = Signal<Int>.create { subscriber in
            scheduler.schedule(after: 1) { subscriber.sendNext(1) }
            scheduler.schedule(after: 2) { subscriber.sendError(TestError("boom")) }
            scheduler.schedule(after: 3) { subscriber.sendNext(2) }
            scheduler.schedule(after: 4) { subscriber.sendCompleted() }
            scheduler.schedule(after: 5) { subscriber.sendError(TestError("again")) }
            return nil
        }
        _ = scheduler.perform { recorder.subscribe(to: signal) }
        scheduler.stepAll()
        #expect(recorder.events == [.next(1, at: 1), .error("boom", at: 2)])
    }

    @Test("events sent synchronously after completion inside didSubscribe are dropped")
    func nothingAfterSynchronousCompletion() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>(clock: scheduler)
        let signal = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            subscriber.sendNext(3)
            subscriber.sendError(TestError("late"))
            return nil
        }
        _ = scheduler.perform { recorder.subscribe(to: signal) }
        #expect(recorder.events == [.next(1, at: 0), .next(2, at: 0), .completed(at: 0)])
    }

    @Test("each terminal closure runs once and only the first terminal event's")
    func onlyFirstTerminal() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let signal = Signal<Int>.create { subscriber in
            subscriber.sendError(TestError("first"))
            subscriber.sendCompleted()
            subscriber.sendError(TestError("second"))
            return nil
        }
        _ = scheduler.perform {
            signal.subscribe(
                next: { log.append("next \($0)") },
                error: { log.append("error \($0)") },
                completed: { log.append("completed") })
        }
        #expect(log.lines == ["error first"])
    }

    // MARK: Nothing after disposal

    @Test("nothing is delivered after the subscription is disposed")
    func nothingAfterDisposal() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>(clock: scheduler)
        let signal = Signal<Int>.create { subscriber in
            scheduler.schedule(after: 1) { subscriber.sendNext(1) }
            scheduler.schedule(after: 2) { subscriber.sendNext(2) }
            scheduler.schedule(after: 3) { subscriber.sendCompleted() }
            return nil
        }
        let subscription = scheduler.perform { recorder.subscribe(to: signal) }
        scheduler.schedule(after: 1.5) { subscription.dispose() }
        scheduler.stepAll()
        #expect(recorder.events == [.next(1, at: 1)])
        #expect(subscription.isDisposed)
    }

    @Test("disposing from inside the next handler stops the very next value")
    func disposeFromHandler() {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int>(clock: scheduler)
        let log = DeliveryLog()
        let subscription = Locked<(any Disposable)?>(nil)
        let signal = Signal<Int>.create { subscriber in
            scheduler.schedule(after: 1) {
                subscriber.sendNext(1)
                subscriber.sendNext(2)
                subscriber.sendNext(3)
                subscriber.sendCompleted()
            }
            return nil
        }
        scheduler.perform {
            // A second, independent subscription shows that the producer kept sending.
            recorder.subscribe(to: signal)
            let disposable = signal.subscribe(
                next: { value in
                    log.append("next \(value)")
                    if value == 2 { subscription.withLock { $0?.dispose() } }
                },
                completed: { log.append("completed") })
            subscription.withLock { $0 = disposable }
        }
        scheduler.stepAll()
        #expect(log.lines == ["next 1", "next 2"])
        #expect(recorder.events == [.next(1, at: 1), .next(2, at: 1), .next(3, at: 1), .completed(at: 1)])
    }

    // MARK: Tear-down order

    @Test("a completion disposes the subscription, running didSubscribe's disposable, before the completed closure runs")
    func completionDisposesBeforeCompletedClosure() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let signal = Signal<Int>.create { subscriber in
            scheduler.schedule(after: 1) { subscriber.sendNext(1) }
            scheduler.schedule(after: 2) { subscriber.sendCompleted() }
            return BlockDisposable { log.append("cleanup") }
        }
        let subscription = Locked<(any Disposable)?>(nil)
        scheduler.perform {
            let disposable = signal.subscribe(
                next: { log.append("next \($0)") },
                completed: {
                    let disposed = subscription.withLock { $0?.isDisposed } ?? false
                    log.append("completed, subscription disposed: \(disposed)")
                })
            subscription.withLock { $0 = disposable }
        }
        scheduler.stepAll()
        #expect(log.lines == ["next 1", "cleanup", "completed, subscription disposed: true"])
    }

    @Test("an error disposes the subscription, running didSubscribe's disposable, before the error closure runs")
    func errorDisposesBeforeErrorClosure() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let subscription = Locked<(any Disposable)?>(nil)
        let signal = Signal<Int>.create { subscriber in
            scheduler.schedule(after: 1) { subscriber.sendError(TestError("boom")) }
            return BlockDisposable { log.append("cleanup") }
        }
        scheduler.perform {
            let disposable = signal.subscribe(error: { error in
                let disposed = subscription.withLock { $0?.isDisposed } ?? false
                log.append("error \(error), subscription disposed: \(disposed)")
            })
            subscription.withLock { $0 = disposable }
        }
        scheduler.stepAll()
        #expect(log.lines == ["cleanup", "error boom, subscription disposed: true"])
    }

    @Test("a terminal event sent synchronously inside didSubscribe disposes its returned disposable as soon as it is returned")
    func synchronousTerminalDisposesReturnedDisposable() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let signal = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            log.append("returning")
            return BlockDisposable { log.append("cleanup") }
        }
        let subscription = scheduler.perform {
            signal.subscribe(next: { log.append("next \($0)") }, completed: { log.append("completed") })
        }
        #expect(log.lines == ["next 1", "completed", "returning", "cleanup"])
        #expect(subscription.isDisposed)
    }

    @Test("disposing the subscription runs didSubscribe's returned disposable once")
    func disposalRunsReturnedDisposable() {
        let scheduler = TestScheduler()
        let cleanups = Counter()
        let recorder = Recorder<Int>(clock: scheduler)
        // The producer keeps its subscriber, as a live producer does: a subscriber that
        // nothing holds is deallocated and, as in RAC, disposes its subscription then.
        let box = SubscriberBox<Int>()
        let signal = Signal<Int>.create { subscriber in
            box.keep(subscriber)
            subscriber.sendNext(1)
            return BlockDisposable { cleanups.increment() }
        }
        let subscription = scheduler.perform { recorder.subscribe(to: signal) }
        #expect(cleanups.value == 0)
        #expect(!subscription.isDisposed)
        subscription.dispose()
        #expect(cleanups.value == 1)
        subscription.dispose()
        #expect(cleanups.value == 1)
        #expect(recorder.events == [.next(1, at: 0)])
    }

    @Test("a subscriber that nothing holds any more disposes its subscription, as RAC's subscriber does in dealloc")
    func unreferencedSubscriberDisposesItsSubscription() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let signal = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            // The subscriber is not captured: once didSubscribe returns, nothing holds it.
            return BlockDisposable { log.append("cleanup") }
        }
        let subscription = scheduler.perform {
            signal.subscribe(next: { log.append("next \($0)") }, completed: { log.append("completed") })
        }
        #expect(log.lines == ["next 1", "cleanup"])
        #expect(subscription.isDisposed)
    }

    // MARK: Releasing closures

    @Test("the subscriber's closures are released after completion, even while the producer still holds the subscriber")
    func closuresReleasedAfterCompletion() {
        let scheduler = TestScheduler()
        let box = SubscriberBox<Int>()
        let signal = Signal<Int>.create { subscriber in
            box.keep(subscriber)
            scheduler.schedule(after: 1) { subscriber.sendNext(1) }
            scheduler.schedule(after: 2) { subscriber.sendCompleted() }
            return nil
        }
        weak var weakToken: Token?
        let received = Counter()
        do {
            let token = Token()
            weakToken = token
            _ = scheduler.perform {
                signal.subscribe(next: { _ in withExtendedLifetime(token) { received.increment() } })
            }
        }
        scheduler.advance(to: 1)
        #expect(received.value == 1)
        #expect(weakToken != nil, "the closure is alive while the subscription is")
        scheduler.advance(to: 2)
        #expect(box.subscriber != nil)
        #expect(weakToken == nil, "the next closure should be released once the subscription completed")
    }

    @Test("the subscriber's closures are released after an error, even while the producer still holds the subscriber")
    func closuresReleasedAfterError() {
        let scheduler = TestScheduler()
        let box = SubscriberBox<Int>()
        let signal = Signal<Int>.create { subscriber in
            box.keep(subscriber)
            scheduler.schedule(after: 1) { subscriber.sendError(TestError("boom")) }
            return nil
        }
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            _ = scheduler.perform { signal.subscribe(next: { _ in _ = token }, error: { _ in _ = token }) }
        }
        #expect(weakToken != nil)
        scheduler.advance(to: 1)
        #expect(box.subscriber != nil)
        #expect(weakToken == nil, "the closures should be released once the subscription failed")
    }

    @Test("the subscriber's closures are released after disposal, even while the producer still holds the subscriber")
    func closuresReleasedAfterDisposal() {
        let scheduler = TestScheduler()
        let box = SubscriberBox<Int>()
        let signal = Signal<Int>.create { subscriber in
            box.keep(subscriber)
            scheduler.schedule(after: 5) { subscriber.sendNext(1) }
            return nil
        }
        weak var weakToken: Token?
        let subscription: any Disposable
        do {
            let token = Token()
            weakToken = token
            subscription = scheduler.perform { signal.subscribe(next: { _ in _ = token }) }
        }
        #expect(weakToken != nil)
        subscription.dispose()
        #expect(box.subscriber != nil)
        #expect(weakToken == nil, "the next closure should be released once the subscription is disposed")
        scheduler.stepAll()
        #expect(weakToken == nil)
    }

    @Test("the subscriber's closures are released after disposal once nothing holds the subscriber")
    func closuresReleasedAfterDisposalWhenUnreferenced() {
        let scheduler = TestScheduler()
        let signal = Signal<Int>.create { subscriber in
            let pending = scheduler.schedule(after: 5) { subscriber.sendNext(1) }
            return pending  // disposing the subscription cancels the pending work
        }
        weak var weakToken: Token?
        let subscription: any Disposable
        do {
            let token = Token()
            weakToken = token
            subscription = scheduler.perform { signal.subscribe(next: { _ in _ = token }) }
        }
        #expect(weakToken != nil)
        subscription.dispose()
        scheduler.stepAll()  // drops the cancelled action, and with it the subscriber
        #expect(weakToken == nil)
    }

    @Test("a subject's subscriber's closures are released when its subscription is disposed")
    func subjectClosuresReleasedAfterDisposal() {
        let subject = Subject<Int>()
        weak var weakToken: Token?
        let subscription: any Disposable
        do {
            let token = Token()
            weakToken = token
            subscription = subject.subscribe(next: { _ in _ = token })
        }
        subject.sendNext(1)
        #expect(weakToken != nil)
        subscription.dispose()
        #expect(weakToken == nil)
    }

    // MARK: Re-entrancy

    @Test("a handler that sends to its own subscriber neither deadlocks nor nests; values arrive in send order")
    func reentrantSendIsQueuedNotNested() {
        let scheduler = TestScheduler()
        let box = SubscriberBox<Int>()
        let log = DeliveryLog()
        let depth = Atomic(0)
        let maxDepth = Atomic(0)
        let recorder = Recorder<Int>(clock: scheduler)
        let subscriptions = Atomic(0)
        let signal = Signal<Int>.create { subscriber in
            box.keep(subscriber)
            let isFirst = subscriptions.add(1, ordering: .relaxed).oldValue == 0
            scheduler.schedule(after: 1) {
                subscriber.sendNext(1)
                if isFirst { log.append("sent 1") }
                subscriber.sendNext(2)
                if isFirst { log.append("sent 2") }
                subscriber.sendCompleted()
            }
            return nil
        }
        scheduler.perform {
            signal.subscribe(
                next: { value in
                    let level = depth.add(1, ordering: .sequentiallyConsistent).newValue
                    maxDepth.max(level, ordering: .sequentiallyConsistent)
                    log.append("begin \(value)")
                    if value == 1 || value == 10 {
                        box.subscriber?.sendNext(value * 10)
                        box.subscriber?.sendNext(value * 10 + 1)
                    }
                    log.append("end \(value)")
                    depth.subtract(1, ordering: .sequentiallyConsistent)
                },
                completed: { log.append("completed") })
            recorder.subscribe(to: signal)
        }
        scheduler.stepAll()
        #expect(maxDepth.load(ordering: .sequentiallyConsistent) == 1)
        #expect(log.lines == [
            "begin 1", "end 1",
            "begin 10", "end 10",
            "begin 11", "end 11",
            "begin 100", "end 100",
            "begin 101", "end 101",
            "sent 1",
            "begin 2", "end 2",
            "sent 2",
            "completed",
        ])
        // The second subscription has its own subscriber, which nobody re-sends to.
        #expect(recorder.events == [.next(1, at: 1), .next(2, at: 1), .completed(at: 1)])
    }

    @Test("a completion sent from inside a handler is queued behind the values already sent")
    func reentrantCompletionIsQueued() {
        let scheduler = TestScheduler()
        let box = SubscriberBox<Int>()
        let log = DeliveryLog()
        let signal = Signal<Int>.create { subscriber in
            box.keep(subscriber)
            scheduler.schedule(after: 1) {
                subscriber.sendNext(1)
                subscriber.sendNext(2)
            }
            return BlockDisposable { log.append("cleanup") }
        }
        _ = scheduler.perform {
            signal.subscribe(
                next: { value in
                    log.append("begin \(value)")
                    if value == 1 { box.subscriber?.sendCompleted() }
                    log.append("end \(value)")
                },
                completed: { log.append("completed") })
        }
        scheduler.stepAll()
        #expect(log.lines == ["begin 1", "end 1", "cleanup", "completed"])
    }

    @Test("a subject's subscriber that re-sends to the subject: every subscriber sees the subject's send order")
    func subjectReentrantSendKeepsOrder() {
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        let log = DeliveryLog()
        let a = Recorder<Int>("A", clock: scheduler, log: log)
        let b = Recorder<Int>("B", clock: scheduler, log: log)
        let c = Recorder<Int>("C", clock: scheduler, log: log)
        scheduler.perform {
            a.subscribe(to: subject)
            subject.subscribe(next: { value in
                log.append("A re-sends after \(value)")
                if value < 3 { subject.sendNext(value + 1) }
            })
            b.subscribe(to: subject)
            c.subscribe(to: subject)
        }
        scheduler.schedule(after: 1) {
            subject.sendNext(1)
            subject.sendCompleted()
        }
        scheduler.stepAll()
        #expect(log.lines == [
            "A: next(1) @1.0", "A re-sends after 1", "B: next(1) @1.0", "C: next(1) @1.0",
            "A: next(2) @1.0", "A re-sends after 2", "B: next(2) @1.0", "C: next(2) @1.0",
            "A: next(3) @1.0", "A re-sends after 3", "B: next(3) @1.0", "C: next(3) @1.0",
            "A: completed @1.0", "B: completed @1.0", "C: completed @1.0",
        ])
        #expect(b.events == [.next(1, at: 1), .next(2, at: 1), .next(3, at: 1), .completed(at: 1)])
    }

    @Test("a replay subject's subscriber that re-sends: live subscribers and a later one see the same order")
    func replaySubjectReentrantSendKeepsOrder() {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Int>()
        let b = Recorder<Int>("B", clock: scheduler)
        let late = Recorder<Int>("late", clock: scheduler)
        scheduler.perform {
            subject.subscribe(next: { value in if value < 3 { subject.sendNext(value + 1) } })
            b.subscribe(to: subject)
        }
        scheduler.schedule(after: 1) { subject.sendNext(1) }
        scheduler.schedule(after: 2) { late.subscribe(to: subject) }
        scheduler.stepAll()
        #expect(b.events == [.next(1, at: 1), .next(2, at: 1), .next(3, at: 1)])
        #expect(late.events == [.next(1, at: 2), .next(2, at: 2), .next(3, at: 2)])
    }

    // MARK: Concurrent senders

    @Test("events sent to one subscriber from 8 threads at once are delivered one at a time and none is lost")
    func concurrentSendsAreSerialized() throws {
        let scheduler = TestScheduler()
        let box = SubscriberBox<Int>()
        let inside = Atomic(false)
        let overlaps = Atomic(0)
        let work = Atomic(0)
        let log = UnsynchronizedLog()
        let completions = Counter()
        let signal = Signal<Int>.create { subscriber in
            box.keep(subscriber)
            return nil
        }
        _ = scheduler.perform {
            signal.subscribe(
                next: { value in
                    if inside.exchange(true, ordering: .acquiringAndReleasing) {
                        overlaps.add(1, ordering: .relaxed)
                    }
                    log.values.append(value)
                    // Stay inside a little, so that an overlapping delivery would be caught.
                    for _ in 0..<20 { work.add(1, ordering: .relaxed) }
                    inside.store(false, ordering: .releasing)
                },
                completed: {
                    if inside.load(ordering: .acquiring) { overlaps.add(1, ordering: .relaxed) }
                    completions.increment()
                })
        }
        let subscriber = try #require(box.subscriber)
        let senders = 8, perSender = 5_000
        #expect(raceOnThreads(senders) { sender in
            for index in 0..<perSender { subscriber.sendNext(sender * 1_000_000 + index) }
        })
        subscriber.sendCompleted()
        subscriber.sendNext(-1)

        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(completions.value == 1)
        let values = log.values
        #expect(values.count == senders * perSender)
        #expect(!values.contains(-1))
        for sender in 0..<senders {
            let mine = values.filter { $0 / 1_000_000 == sender }.map { $0 % 1_000_000 }
            #expect(mine == Array(0..<perSender), "sender \(sender)'s values arrive once each, in order")
        }
    }

    @Test("a terminal event racing with values from other threads ends the subscription exactly once")
    func concurrentTerminalIsDeliveredOnce() throws {
        for _ in 0..<20 {
            let scheduler = TestScheduler()
            let box = SubscriberBox<Int>()
            let recorder = Recorder<Int>()
            let cleanups = Counter()
            let signal = Signal<Int>.create { subscriber in
                box.keep(subscriber)
                return BlockDisposable { cleanups.increment() }
            }
            _ = scheduler.perform { recorder.subscribe(to: signal) }
            let subscriber = try #require(box.subscriber)
            let finished = raceOnThreads(8) { thread in
                for index in 0..<50 {
                    if index == 25 {
                        if thread % 2 == 0 { subscriber.sendCompleted() } else { subscriber.sendError(TestError("e\(thread)")) }
                    }
                    subscriber.sendNext(thread * 1_000 + index)
                }
            }
            #expect(finished)
            let events = recorder.events
            let terminals = events.filter { if case .next = $0 { false } else { true } }
            #expect(terminals.count == 1)
            #expect(events.last.map { if case .next = $0 { false } else { true } } == true,
                    "the terminal event is the last one delivered")
            #expect(cleanups.value == 1)
        }
    }
}
