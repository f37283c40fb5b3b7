import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Reactive

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An id of the calling thread, comparable across threads.
private func currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}

/// A generous timeout for waits on real queues: a test fails instead of hanging.
private func deadline() -> DispatchTime { .now() + .seconds(10) }

@Suite struct SchedulerTests {
    /// One `advance(to:)` experiment: the target time, what has run by then, and what is left.
    struct AdvanceCase: Sendable, CustomTestStringConvertible {
        let target: Double
        let ran: [String]
        let pending: Int
        var testDescription: String { "advance(to: \(target))" }
    }

    /// Which way of running a test scheduler, for the re-entrancy exit tests.
    enum RunMethod: String, Sendable, Codable, CaseIterable {
        case step, stepCount, stepAll, advanceBy, advanceTo
    }

    /// Which scheduler, for the negative-delay exit tests.
    enum SchedulerKind: String, Sendable, Codable, CaseIterable {
        case test, queue, immediate, subscription
    }

    // MARK: TestScheduler: time

    /// Schedules four actions in scrambled order; each logs its name and the clock.
    private func scrambled(on scheduler: TestScheduler, log: DeliveryLog) {
        scheduler.schedule(after: 3) { log.append("d@\(scheduler.now)") }
        scheduler.schedule(after: 2) { log.append("b@\(scheduler.now)") }
        scheduler.schedule(after: 1) { log.append("a@\(scheduler.now)") }
        scheduler.schedule(after: 2) { log.append("c@\(scheduler.now)") }
    }

    @Test(
        "advance(to:) runs the due actions in time order, same-time ones first in first out, then sets the clock",
        arguments: [
            AdvanceCase(target: 0, ran: [], pending: 4),
            AdvanceCase(target: 0.5, ran: [], pending: 4),
            AdvanceCase(target: 1, ran: ["a@1.0"], pending: 3),
            AdvanceCase(target: 2.5, ran: ["a@1.0", "b@2.0", "c@2.0"], pending: 1),
            AdvanceCase(target: 3, ran: ["a@1.0", "b@2.0", "c@2.0", "d@3.0"], pending: 0),
            AdvanceCase(target: 100, ran: ["a@1.0", "b@2.0", "c@2.0", "d@3.0"], pending: 0),
        ])
    func advanceTo(_ experiment: AdvanceCase) {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        scrambled(on: scheduler, log: log)
        #expect(scheduler.pendingCount == 4)
        #expect(scheduler.now == 0)

        scheduler.advance(to: experiment.target)

        #expect(log.lines == experiment.ran)
        #expect(scheduler.now == experiment.target)
        #expect(scheduler.pendingCount == experiment.pending)
    }

    @Test("advance(by:) moves relative to now, running what falls due in each step")
    func advanceBy() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        scrambled(on: scheduler, log: log)

        scheduler.advance(by: 1.5)
        #expect(log.lines == ["a@1.0"])
        #expect(scheduler.now == 1.5)

        scheduler.advance(by: 0)
        #expect(log.lines == ["a@1.0"])
        #expect(scheduler.now == 1.5)

        scheduler.advance(by: 0.5)
        #expect(log.lines == ["a@1.0", "b@2.0", "c@2.0"])
        #expect(scheduler.now == 2)

        scheduler.advance(by: 5)
        #expect(log.lines == ["a@1.0", "b@2.0", "c@2.0", "d@3.0"])
        #expect(scheduler.now == 7)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("schedule(after:) counts from now, so an action scheduled later can run earlier")
    func delaysCountFromNow() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        scheduler.advance(to: 10)
        scheduler.schedule(after: 5) { log.append("x@\(scheduler.now)") }
        scheduler.schedule(after: 1) { log.append("y@\(scheduler.now)") }
        scheduler.schedule { log.append("z@\(scheduler.now)") }
        scheduler.advance(to: 20)
        #expect(log.lines == ["z@10.0", "y@11.0", "x@15.0"])
    }

    @Test("actions scheduled during a run at the same time run after those already due then, first in first out")
    func sameTimeFIFOIncludingNewOnes() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        scheduler.schedule(after: 1) {
            log.append("A@\(scheduler.now)")
            scheduler.schedule { log.append("A.now@\(scheduler.now)") }
            scheduler.schedule(after: 0) { log.append("A.after0@\(scheduler.now)") }
            scheduler.schedule(after: 1) { log.append("A.after1@\(scheduler.now)") }
        }
        scheduler.schedule(after: 1) { log.append("B@\(scheduler.now)") }
        scheduler.schedule(after: 2) { log.append("C@\(scheduler.now)") }

        scheduler.advance(to: 1)
        #expect(log.lines == ["A@1.0", "B@1.0", "A.now@1.0", "A.after0@1.0"])
        #expect(scheduler.pendingCount == 2)

        scheduler.advance(to: 2)
        #expect(log.lines == ["A@1.0", "B@1.0", "A.now@1.0", "A.after0@1.0", "C@2.0", "A.after1@2.0"])
    }

    @Test("an action that reschedules itself at the same time keeps running within one advance")
    func recursiveSameTime() {
        let scheduler = TestScheduler()
        let runs = Counter()
        @Sendable func tick() {
            runs.increment()
            if runs.value < 5 { scheduler.schedule(tick) }
        }
        scheduler.schedule(after: 1, tick)
        scheduler.advance(to: 1)
        #expect(runs.value == 5)
        #expect(scheduler.pendingCount == 0)
        #expect(scheduler.now == 1)
    }

    // MARK: TestScheduler: stepping

    @Test("step() runs exactly the next action, moving the clock to its time")
    func stepOne() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        scrambled(on: scheduler, log: log)

        scheduler.step()
        #expect(log.lines == ["a@1.0"])
        #expect(scheduler.now == 1)
        #expect(scheduler.pendingCount == 3)

        scheduler.step()
        #expect(log.lines == ["a@1.0", "b@2.0"])
        #expect(scheduler.now == 2)
    }

    @Test("step(n) runs the next n actions and step(0) runs none")
    func stepCount() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        scrambled(on: scheduler, log: log)

        scheduler.step(0)
        #expect(log.lines == [])
        #expect(scheduler.now == 0)

        scheduler.step(3)
        #expect(log.lines == ["a@1.0", "b@2.0", "c@2.0"])
        #expect(scheduler.now == 2)
        #expect(scheduler.pendingCount == 1)

        scheduler.step(10)  // more than there are: runs what there is
        #expect(log.lines == ["a@1.0", "b@2.0", "c@2.0", "d@3.0"])
        #expect(scheduler.now == 3)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("step() on an empty test scheduler does nothing and leaves the clock alone")
    func stepEmpty() {
        let scheduler = TestScheduler()
        scheduler.advance(to: 4)
        scheduler.step()
        scheduler.stepAll()
        #expect(scheduler.now == 4)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("stepAll() runs everything, including actions scheduled meanwhile, and leaves the clock at the last one")
    func stepAll() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        scrambled(on: scheduler, log: log)
        scheduler.schedule(after: 2) {
            log.append("e@\(scheduler.now)")
            scheduler.schedule(after: 10) { log.append("f@\(scheduler.now)") }
        }
        scheduler.stepAll()
        #expect(log.lines == ["a@1.0", "b@2.0", "c@2.0", "e@2.0", "d@3.0", "f@12.0"])
        #expect(scheduler.now == 12)
        #expect(scheduler.pendingCount == 0)
    }

    // MARK: TestScheduler: cancellation

    @Test("cancelled actions do not run, and stay counted as pending until they are dropped")
    func cancelledActionsDoNotRun() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        scheduler.schedule(after: 1) { log.append("1") }
        let cancelled = scheduler.schedule(after: 2) { log.append("2") }
        scheduler.schedule(after: 3) { log.append("3") }
        #expect(cancelled != nil)
        cancelled?.dispose()
        #expect(cancelled?.isDisposed == true)
        #expect(scheduler.pendingCount == 3)

        scheduler.advance(to: 2.5)
        #expect(log.lines == ["1"])
        #expect(scheduler.pendingCount == 1)

        scheduler.stepAll()
        #expect(log.lines == ["1", "3"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test("step() skips cancelled actions and runs the next live one")
    func stepSkipsCancelled() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        scheduler.schedule(after: 1) { log.append("1") }?.dispose()
        scheduler.schedule(after: 2) { log.append("2") }?.dispose()
        scheduler.schedule(after: 3) { log.append("3") }
        scheduler.schedule(after: 4) { log.append("4") }
        scheduler.step()
        #expect(log.lines == ["3"])
        #expect(scheduler.now == 3)
        #expect(scheduler.pendingCount == 1)
    }

    @Test("an action cancelled by an earlier action in the same run does not run")
    func cancelledDuringRun() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let victim = Locked<(any Disposable)?>(nil)
        scheduler.schedule(after: 1) {
            log.append("canceller")
            victim.withLock { $0?.dispose() }
        }
        let disposable = scheduler.schedule(after: 1) { log.append("victim") }
        victim.withLock { $0 = disposable }
        scheduler.schedule(after: 1) { log.append("survivor") }
        scheduler.advance(by: 1)
        #expect(log.lines == ["canceller", "survivor"])
    }

    // MARK: Scheduler.current and perform

    @Test("Scheduler.current is the test scheduler inside its actions and not outside")
    func currentInsideActions() {
        let scheduler = TestScheduler()
        let outside = Thread.isMainThread ? Scheduler.main : nil
        #expect(Scheduler.current === outside)

        let seen = Locked<[Bool]>([])
        scheduler.schedule { seen.withLock { $0.append(Scheduler.current === scheduler) } }
        scheduler.schedule(after: 1) { seen.withLock { $0.append(Scheduler.current === scheduler) } }
        #expect(Scheduler.current === outside, "scheduling does not make it current")
        scheduler.stepAll()
        #expect(seen.withLock { $0 } == [true, true])
        #expect(Scheduler.current === outside, "the previous current scheduler is restored after the run")
    }

    @Test("perform(_:) makes the scheduler current for its body, nests, and restores the previous one")
    func performSetsAndRestores() {
        let outer = TestScheduler(name: "outer")
        let inner = TestScheduler(name: "inner")
        let outside = Scheduler.current
        let result = outer.perform { () -> [String] in
            var names = [Scheduler.current?.name ?? "nil"]
            inner.perform { names.append(Scheduler.current?.name ?? "nil") }
            names.append(Scheduler.current?.name ?? "nil")
            return names
        }
        #expect(result == ["outer", "inner", "outer"])
        #expect(Scheduler.current === outside)
    }

    @Test("perform(_:) restores the previous current scheduler when its body throws")
    func performRestoresOnThrow() {
        let scheduler = TestScheduler()
        let outside = Scheduler.current
        #expect(throws: TestError("boom")) {
            try scheduler.perform {
                #expect(Scheduler.current === scheduler)
                throw TestError("boom")
            }
        }
        #expect(Scheduler.current === outside)
    }

    @Test("an action run from inside another scheduler's perform sees its own scheduler, then the outer one again")
    func currentNestsAcrossSchedulers() {
        let outer = TestScheduler(name: "outer")
        let scheduler = TestScheduler(name: "test")
        let log = DeliveryLog()
        scheduler.schedule { log.append("in action: \(Scheduler.current?.name ?? "nil")") }
        outer.perform {
            scheduler.stepAll()
            log.append("after: \(Scheduler.current?.name ?? "nil")")
        }
        #expect(log.lines == ["in action: test", "after: outer"])
    }

    @Test("perform(_:) is per thread: another thread does not see the scheduler as current")
    func performIsPerThread() {
        let scheduler = TestScheduler()
        let seenElsewhere = Locked<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        scheduler.perform {
            Thread.detachNewThread {
                seenElsewhere.withLock { $0 = Scheduler.current === scheduler }
                done.signal()
            }
            #expect(done.wait(timeout: deadline()) == .success)
        }
        #expect(seenElsewhere.withLock { $0 } == false)
    }

    // MARK: Scheduler.subscription

    @Test("Scheduler.subscription runs work synchronously, on the calling thread, when a scheduler is current")
    func subscriptionIsSynchronousWhenCurrent() {
        let scheduler = TestScheduler()
        let caller = currentThreadID()
        let log = DeliveryLog()
        scheduler.perform {
            let disposable = Scheduler.subscription.schedule {
                log.append("ran on caller: \(currentThreadID() == caller), current is test: \(Scheduler.current === scheduler)")
            }
            log.append("returned")
            #expect(disposable == nil, "work that already ran has nothing to cancel")
        }
        #expect(log.lines == ["ran on caller: true, current is test: true", "returned"])
        #expect(scheduler.pendingCount == 0, "it does not go through the current scheduler's queue")
    }

    @Test("Scheduler.subscription runs work synchronously inside a test scheduler's action")
    func subscriptionIsSynchronousInsideActions() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        scheduler.schedule(after: 1) {
            Scheduler.subscription.schedule { log.append("subscription work @\(scheduler.now)") }
            log.append("action end")
        }
        scheduler.advance(to: 1)
        #expect(log.lines == ["subscription work @1.0", "action end"])
    }

    @Test("Scheduler.subscription runs work later, on another thread, when no scheduler is current")
    func subscriptionIsAsynchronousWithoutCurrent() throws {
        try #require(Scheduler.current == nil, "this test needs a thread without a current scheduler")
        let caller = currentThreadID()
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let report = Locked<(gateOpened: Bool, otherThread: Bool, currentIsQueue: Bool)?>(nil)

        let disposable = Scheduler.subscription.schedule {
            // Had this run synchronously, the gate would still be closed: it is opened only
            // after schedule(_:) has returned.
            let opened = gate.wait(timeout: deadline()) == .success
            report.withLock {
                $0 = (opened, currentThreadID() != caller, Scheduler.current is QueueScheduler)
            }
            done.signal()
        }
        gate.signal()
        #expect(done.wait(timeout: deadline()) == .success)
        #expect(disposable != nil, "asynchronous work can be cancelled")
        let result = try #require(report.withLock { $0 })
        #expect(result.gateOpened)
        #expect(result.otherThread)
        #expect(result.currentIsQueue, "the background queue is current inside, so nested subscriptions are synchronous")
    }

    @Test("cancelling Scheduler.subscription's asynchronous work before it starts prevents it")
    func subscriptionAsynchronousCancellation() throws {
        try #require(Scheduler.current == nil, "this test needs a thread without a current scheduler")
        let log = DeliveryLog()
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        // The background queue is serial: hold it with a first block while the second is cancelled.
        Scheduler.subscription.schedule {
            _ = gate.wait(timeout: deadline())
            log.append("first")
        }
        let cancelled = Scheduler.subscription.schedule { log.append("cancelled") }
        Scheduler.subscription.schedule {
            log.append("last")
            done.signal()
        }
        cancelled?.dispose()
        gate.signal()
        #expect(done.wait(timeout: deadline()) == .success)
        #expect(log.lines == ["first", "last"])
    }

    @Test("a signal subscribed without a current scheduler runs its didSubscribe on another thread, later")
    func signalSubscriptionWithoutCurrent() throws {
        try #require(Scheduler.current == nil, "this test needs a thread without a current scheduler")
        let caller = currentThreadID()
        let done = DispatchSemaphore(value: 0)
        let ranOnCaller = Locked<Bool?>(nil)
        let signal = Signal<Int>.create { subscriber in
            ranOnCaller.withLock { $0 = currentThreadID() == caller }
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }
        let recorder = Recorder<Int>()
        signal.subscribe(next: { recorder.subscribe(to: .return($0)) }, completed: { done.signal() })
        #expect(done.wait(timeout: deadline()) == .success)
        #expect(ranOnCaller.withLock { $0 } == false)
        // The nested subscription ran synchronously on the background queue, which was current.
        #expect(recorder.events == [.next(1, at: 0), .completed(at: 0)])
    }

    @Test("Scheduler.subscription's delayed work goes to the current scheduler, and its clock is the current one's")
    func subscriptionDelayedWorkUsesCurrent() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        scheduler.advance(to: 3)
        scheduler.perform {
            #expect(Scheduler.subscription.now == 3)
            Scheduler.subscription.schedule(after: 2) { log.append("delayed @\(scheduler.now)") }
        }
        #expect(scheduler.pendingCount == 1)
        #expect(log.lines == [])
        scheduler.advance(to: 5)
        #expect(log.lines == ["delayed @5.0"])
    }

    // MARK: ImmediateScheduler

    @Test("the immediate scheduler runs work synchronously on the calling thread and returns nil")
    func immediateRunsSynchronously() {
        let caller = currentThreadID()
        let log = DeliveryLog()
        let disposable = Scheduler.immediate.schedule { log.append("ran on caller: \(currentThreadID() == caller)") }
        log.append("returned")
        #expect(disposable == nil)
        #expect(log.lines == ["ran on caller: true", "returned"])

        let delayed = Scheduler.immediate.schedule(after: 0.001) { log.append("delayed") }
        log.append("returned again")
        #expect(delayed == nil)
        #expect(log.lines == ["ran on caller: true", "returned", "delayed", "returned again"])
    }

    @Test("the immediate scheduler does not become current while its work runs")
    func immediateDoesNotBecomeCurrent() {
        let scheduler = TestScheduler()
        let seen = Locked<[String]>([])
        let outside = Scheduler.current
        Scheduler.immediate.schedule {
            seen.withLock { $0.append(Scheduler.current === outside ? "outside" : "other") }
        }
        _ = scheduler.perform {
            Scheduler.immediate.schedule {
                seen.withLock { $0.append(Scheduler.current === scheduler ? "test" : "other") }
            }
        }
        #expect(seen.withLock { $0 } == ["outside", "test"])
        #expect(Scheduler.current === outside)
    }

    // MARK: QueueScheduler

    @Test("a queue scheduler runs its work in the order it was scheduled, on its queue")
    func queueRunsInOrder() {
        let queueScheduler = QueueScheduler(name: "test.order")
        let caller = currentThreadID()
        let order = Locked<[Int]>([])
        let onCaller = Counter()
        let done = DispatchSemaphore(value: 0)
        for index in 0..<200 {
            queueScheduler.schedule {
                if currentThreadID() == caller { onCaller.increment() }
                order.withLock { $0.append(index) }
                if index == 199 { done.signal() }
            }
        }
        #expect(done.wait(timeout: deadline()) == .success)
        #expect(order.withLock { $0 } == Array(0..<200))
        #expect(onCaller.value == 0)
    }

    @Test("a queue scheduler is current while its work runs, and only then")
    func queueSetsCurrent() {
        let queueScheduler = QueueScheduler(name: "test.current")
        let seen = Locked<[String]>([])
        let done = DispatchSemaphore(value: 0)
        queueScheduler.schedule {
            seen.withLock { $0.append(Scheduler.current === queueScheduler ? "scheduled: self" : "scheduled: other") }
        }
        // A raw block on the same queue, after the scheduled one: no current scheduler is left behind.
        queueScheduler.queue.async {
            seen.withLock { $0.append(Scheduler.current == nil ? "raw: nil" : "raw: set") }
            done.signal()
        }
        #expect(done.wait(timeout: deadline()) == .success)
        #expect(seen.withLock { $0 } == ["scheduled: self", "raw: nil"])
    }

    @Test("a queue scheduler does not run work cancelled before it starts")
    func queueHonoursCancellation() {
        let queueScheduler = QueueScheduler(name: "test.cancel")
        let log = DeliveryLog()
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        queueScheduler.schedule {
            _ = gate.wait(timeout: deadline())
            log.append("1")
        }
        let second = queueScheduler.schedule { log.append("2") }
        queueScheduler.schedule {
            log.append("3")
            done.signal()
        }
        #expect(second != nil)
        second?.dispose()
        gate.signal()
        #expect(done.wait(timeout: deadline()) == .success)
        #expect(log.lines == ["1", "3"])
    }

    @Test("a queue scheduler's schedule(after:) fires, not before its delay, and is current inside")
    func queueScheduleAfterFires() {
        let queueScheduler = QueueScheduler(name: "test.after")
        let done = DispatchSemaphore(value: 0)
        let firedAt = Locked<TimeInterval?>(nil)
        let wasCurrent = Locked<Bool?>(nil)
        let start = queueScheduler.now
        let disposable = queueScheduler.schedule(after: 0.05) {
            firedAt.withLock { $0 = queueScheduler.now }
            wasCurrent.withLock { $0 = Scheduler.current === queueScheduler }
            done.signal()
        }
        #expect(disposable != nil)
        #expect(done.wait(timeout: deadline()) == .success)
        let fired = firedAt.withLock { $0 }
        #expect(fired.map { $0 - start >= 0.049 } == true, "fired \(String(describing: fired)) - \(start)")
        #expect(wasCurrent.withLock { $0 } == true)
    }

    @Test("a queue scheduler's delayed work can be cancelled")
    func queueScheduleAfterCancellation() {
        let queueScheduler = QueueScheduler(name: "test.after.cancel")
        let log = DeliveryLog()
        let done = DispatchSemaphore(value: 0)
        queueScheduler.schedule(after: 0.02) { log.append("cancelled") }?.dispose()
        queueScheduler.schedule(after: 0.06) {
            log.append("kept")
            done.signal()
        }
        #expect(done.wait(timeout: deadline()) == .success)
        // The serial queue ran (or dropped) the earlier one before the later one.
        #expect(log.lines == ["kept"])
    }

    @Test("subscribing from a queue scheduler's work is synchronous")
    func subscribingOnQueueSchedulerIsSynchronous() {
        let queueScheduler = QueueScheduler(name: "test.subscribe")
        let log = DeliveryLog()
        let done = DispatchSemaphore(value: 0)
        let signal = Signal<Int>.create { subscriber in
            log.append("didSubscribe")
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }
        queueScheduler.schedule {
            signal.subscribe(next: { log.append("next \($0)") }, completed: { log.append("completed") })
            log.append("subscribe returned")
            done.signal()
        }
        #expect(done.wait(timeout: deadline()) == .success)
        #expect(log.lines == ["didSubscribe", "next 1", "completed", "subscribe returned"])
    }

    // MARK: Preconditions (exit tests)

    @Test("advancing a test scheduler back in time stops the process")
    func advanceBackInTime() async {
        await #expect(processExitsWith: .failure) {
            let scheduler = TestScheduler()
            scheduler.advance(to: 2)
            scheduler.advance(to: 1)
        }
    }

    @Test("advancing a test scheduler by a negative interval stops the process")
    func advanceByNegative() async {
        await #expect(processExitsWith: .failure) {
            let scheduler = TestScheduler()
            scheduler.advance(to: 2)
            scheduler.advance(by: -1)
        }
    }

    @Test("running a test scheduler from inside one of its own actions stops the process", arguments: RunMethod.allCases)
    func runningFromInsideAnAction(_ method: RunMethod) async {
        await #expect(processExitsWith: .failure) { [method] in
            let scheduler = TestScheduler()
            scheduler.schedule {
                switch method {
                case .step: scheduler.step()
                case .stepCount: scheduler.step(2)
                case .stepAll: scheduler.stepAll()
                case .advanceBy: scheduler.advance(by: 1)
                case .advanceTo: scheduler.advance(to: 5)
                }
            }
            scheduler.step()
        }
    }

    @Test("a test scheduler can run again after an action has run (the control case for the exit test above)")
    func runningAfterAnAction() {
        let scheduler = TestScheduler()
        let runs = Counter()
        scheduler.schedule { runs.increment() }
        scheduler.step()
        scheduler.schedule { runs.increment() }
        scheduler.step()
        scheduler.advance(by: 1)
        #expect(runs.value == 2)
    }

    @Test("scheduling with a negative delay stops the process", arguments: SchedulerKind.allCases)
    func negativeDelay(_ kind: SchedulerKind) async {
        await #expect(processExitsWith: .failure) { [kind] in
            let scheduler: Scheduler = switch kind {
            case .test: TestScheduler()
            case .queue: QueueScheduler(name: "negative")
            case .immediate: Scheduler.immediate
            case .subscription: Scheduler.subscription
            }
            scheduler.schedule(after: -1) {}
        }
    }

    @Test("step(_:) with a negative count stops the process")
    func negativeStepCount() async {
        await #expect(processExitsWith: .failure) {
            TestScheduler().step(-1)
        }
    }
}
