import Testing
import TestSupport
@testable import Reactive

// doNext:, doError:, doCompleted:, initially:, finally:, retry:, retry, repeat, materialize
// and dematerialize (RACSignal+Operations.m), with RACSignalSpec's examples on virtual time,
// and what the source says where the spec is silent: retry and repeat resubscribe through
// subscribeForever's recursive scheduling on the current scheduler, one scheduled run per
// attempt, at the virtual time of the error or completion.

/// A signal that, on its `n`th subscription (from 1), sends `n` and then fails with
/// `"fail <n>"` until `n` reaches `succeedAt`, at which it completes instead; all at once.
private func attempts(_ counter: Counter, succeedAt: Int = .max) -> Signal<Int> {
    Signal<Int>.create { subscriber in
        counter.increment()
        let attempt = counter.value
        subscriber.sendNext(attempt)
        if attempt >= succeedAt {
            subscriber.sendCompleted()
        } else {
            subscriber.sendError(TestError("fail \(attempt)"))
        }
        return nil
    }
}

/// A `Recorded`-friendly rendering of a materialized event.
private func text(_ event: Event<Int>) -> String {
    switch event {
    case .next(let value): "next \(value)"
    case .error(let error): "error \(error)"
    case .completed: "completed"
    }
}

private let boom = TestError("boom")

/// An instrument that keeps the names of the signals created and, for each
/// subscription, the id of the signal subscribed to.
private typealias Graph = RecordedInstrumentation

private extension RecordedInstrumentation {
    /// The names of the signals subscribed to, in subscription order (each signal's name as it was
    /// when the recording was read).
    var subscribedNames: [String] {
        var names: [Int: String] = [:], subscribed: [Int] = []
        for kind in kinds {
            switch kind {
            case .signalCreated(let signal, _, let name, _, _), .signalNamed(let signal, let name), .signalDescribed(let signal, let name):
                names[signal] = name
            case .subscribed(_, let signal, _, _): subscribed.append(signal)
            default: break
            }
        }
        return subscribed.map { names[$0] ?? "?" }
    }
}

@Suite struct SideEffectOperatorTests {
    // MARK: doNext, doError, doCompleted

    @Test("doNext runs its block with each value just before the subscriber gets it, once per subscription")
    func doNext() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let source = values([1, 2], scheduler).doNext { log.append("doNext \($0) @\(scheduler.now)") }
        let recorder = Recorder<Int>("subscriber", clock: scheduler, log: log)
        scheduler.perform { recorder.subscribe(to: source) }
        scheduler.stepAll()
        #expect(log.lines == [
            "doNext 1 @1.0", "subscriber: next(1) @1.0", "doNext 2 @2.0", "subscriber: next(2) @2.0",
            "subscriber: completed @3.0",
        ])
        #expect(run(source, scheduler) == [.next(1, at: 4), .next(2, at: 5), .completed(at: 6)])
        #expect(log.lines.filter { $0.hasPrefix("doNext") }.count == 4)
    }

    @Test("doError runs its block with the error just before forwarding it, and never on completion")
    func doError() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let failing = values([1], scheduler, end: .error(boom)).doError { log.append("doError \($0) @\(scheduler.now)") }
        let recorder = Recorder<Int>("subscriber", clock: scheduler, log: log)
        scheduler.perform { recorder.subscribe(to: failing) }
        scheduler.stepAll()
        #expect(log.lines == ["subscriber: next(1) @1.0", "doError boom @2.0", "subscriber: error(boom) @2.0"])
        let completing = values([1], scheduler).doError { _ in log.append("doError") }
        #expect(run(completing, scheduler) == [.next(1, at: 3), .completed(at: 4)])
        #expect(log.lines.count == 3)
    }

    @Test("doCompleted runs its block just before forwarding the completion, and never on error")
    func doCompleted() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let completing = values([1], scheduler).doCompleted { log.append("doCompleted @\(scheduler.now)") }
        let recorder = Recorder<Int>("subscriber", clock: scheduler, log: log)
        scheduler.perform { recorder.subscribe(to: completing) }
        scheduler.stepAll()
        #expect(log.lines == ["subscriber: next(1) @1.0", "doCompleted @2.0", "subscriber: completed @2.0"])
        let failing = values([1], scheduler, end: .error(boom)).doCompleted { log.append("doCompleted") }
        #expect(run(failing, scheduler) == [.next(1, at: 3), .error("boom", at: 4)])
        #expect(log.lines.count == 3)
    }

    // MARK: initially, finally

    @Test("initially does not run without a subscription, and runs before each one (RACSignalSpec)")
    func initially() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let source = Signal<Int>.create { subscriber in
            log.append("didSubscribe")
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }
        let signal = source.initially { log.append("initially") }
        #expect(log.lines.isEmpty)
        #expect(run(signal, scheduler) == [.next(1, at: 0), .completed(at: 0)])
        #expect(log.lines == ["initially", "didSubscribe"])
        _ = run(signal, scheduler)
        #expect(log.lines == ["initially", "didSubscribe", "initially", "didSubscribe"])
    }

    @Test("finally does not run without a subscription (RACSignalSpec)")
    func finallyWithoutSubscription() {
        let ran = Counter()
        let subject = Subject<Int>()
        let signal = subject.finally { ran.increment() }
        subject.sendCompleted()
        #expect(ran.value == 0)
        _ = signal
    }

    @Test("finally runs upon completion or error, before it is forwarded, not upon next (RACSignalSpec)",
          arguments: [true, false])
    func finally(fails: Bool) {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let recorder = Recorder<Int>("subscriber", clock: scheduler, log: log)
        let live = Subject<Int>()
        scheduler.perform { recorder.subscribe(to: live.finally { log.append("finally") }) }
        live.sendNext(1)
        #expect(log.lines == ["subscriber: next(1) @0.0"])
        if fails { live.sendError(boom) } else { live.sendCompleted() }
        #expect(log.lines == ["subscriber: next(1) @0.0", "finally",
                              fails ? "subscriber: error(boom) @0.0" : "subscriber: completed @0.0"])
    }

    @Test("finally does not run when the subscription is disposed before the receiver terminates")
    func finallyDisposed() {
        let scheduler = TestScheduler()
        let ran = Counter()
        let (_, subscription) = start(values([1], scheduler).finally { ran.increment() }, scheduler)
        scheduler.advance(to: 1.5)
        subscription.dispose()
        scheduler.stepAll()
        #expect(ran.value == 0)
    }

    @Test("finally is a doCompleted: on a doError: of the receiver, and initially a defer, as RAC builds them")
    func builtAsRAC() {
        let scheduler = TestScheduler()
        let graph = Graph()
        Instrumentation.withInstrument(graph, clock: scheduler) {
            let src = Signal<Int>.return(1).named("src")
            _ = run(src.finally {}.initially {}, scheduler)
        }
        #expect(graph.subscribedNames == [
            "[[src] -finally:] -initially:", "[src] -finally:", "[src] -doError:", "src",
        ])
    }

    // MARK: retry

    @Test("retry(2) of a cold request that always fails runs its didSubscribe 3 times, then sends the 3rd error")
    func retryCount() {
        let scheduler = TestScheduler()
        let subscriptions = Counter(), disposals = Counter()
        let request = values(["response"], scheduler, end: .error(boom),
                             subscriptions: subscriptions, disposals: disposals)
        #expect(run(request.retry(2), scheduler) == [
            .next("response", at: 1), .next("response", at: 3), .next("response", at: 5), .error("boom", at: 6),
        ])
        #expect(subscriptions.value == 3)
        #expect(disposals.value == 3)
    }

    @Test("retry(count) sends the error of the last attempt", arguments: [1, 2, 5])
    func retryLastError(count: Int) {
        let scheduler = TestScheduler()
        let counter = Counter()
        #expect(run(attempts(counter).retry(count), scheduler)
                == (1...count + 1).map { .next($0, at: 0) } + [.error("fail \(count + 1)", at: 0)])
        #expect(counter.value == count + 1)
    }

    @Test("retry resubscribes in a new scheduled run at the time of the error, not inside the error")
    func retryIsScheduled() {
        let scheduler = TestScheduler()
        let counter = Counter()
        let (recorder, _) = start(attempts(counter).retry(2), scheduler)
        #expect(counter.value == 1)
        #expect(scheduler.pendingCount == 1)
        scheduler.step()
        #expect(counter.value == 2)
        scheduler.step()
        #expect(counter.value == 3)
        #expect(recorder.events == [.next(1, at: 0), .next(2, at: 0), .next(3, at: 0), .error("fail 3", at: 0)])
        scheduler.stepAll()
        #expect(counter.value == 3)
    }

    @Test("retry subscribes again at the virtual time of each error, after the work already due then")
    func retryTimes() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let source = Signal<Int>.create { subscriber in
            log.append("didSubscribe @\(scheduler.now)")
            return scheduler.schedule(after: 2) { subscriber.sendError(boom) }
        }
        let (recorder, _) = start(source.retry(1), scheduler)
        // Due at 2 too, but scheduled after the error: it runs before the retry all the same.
        scheduler.schedule(after: 2) { log.append("other work @\(scheduler.now)") }
        scheduler.stepAll()
        #expect(log.lines == ["didSubscribe @0.0", "other work @2.0", "didSubscribe @2.0"])
        #expect(recorder.events == [.error("boom", at: 4)])
    }

    @Test("retry(count) of a signal that fails at once many times neither nests nor hangs")
    func retrySynchronousFailures() {
        let scheduler = TestScheduler()
        let counter = Counter()
        let (recorder, _) = start(attempts(counter).retry(20_000), scheduler)
        scheduler.stepAll()
        #expect(counter.value == 20_001)
        #expect(recorder.events.last == .error("fail 20001", at: 0))
        #expect(recorder.events.count == 20_002)
    }

    @Test("retry() resubscribes until the receiver completes, and forwards the completion")
    func retryForever() {
        let scheduler = TestScheduler()
        let counter = Counter()
        #expect(run(attempts(counter, succeedAt: 4).retry(), scheduler) == [
            .next(1, at: 0), .next(2, at: 0), .next(3, at: 0), .next(4, at: 0), .completed(at: 0),
        ])
        #expect(counter.value == 4)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("retry(0) retries without limit, as RAC's -retry: 0 does")
    func retryZero() {
        let scheduler = TestScheduler()
        let counter = Counter()
        #expect(run(attempts(counter, succeedAt: 7).retry(0), scheduler).last == .completed(at: 0))
        #expect(counter.value == 7)
    }

    @Test("retry forwards a completion and does not subscribe again")
    func retryCompletion() {
        let scheduler = TestScheduler()
        let subscriptions = Counter(), disposals = Counter()
        let source = values([1, 2], scheduler, subscriptions: subscriptions, disposals: disposals)
        #expect(run(source.retry(3), scheduler) == [.next(1, at: 1), .next(2, at: 2), .completed(at: 3)])
        #expect(subscriptions.value == 1)
        #expect(disposals.value == 1)
    }

    @Test("disposing retry disposes the attempt in progress, and cancels an attempt not yet made")
    func retryDisposal() {
        let scheduler = TestScheduler()
        let subscriptions = Counter(), disposals = Counter()
        let source = values([1], scheduler, end: .error(boom), subscriptions: subscriptions, disposals: disposals)
        let (recorder, subscription) = start(source.retry(), scheduler)
        scheduler.advance(to: 3)
        #expect(subscriptions.value == 2)
        #expect(disposals.value == 1)
        subscription.dispose()
        #expect(disposals.value == 2)
        scheduler.stepAll()
        #expect(subscriptions.value == 2)
        #expect(recorder.events == [.next(1, at: 1), .next(1, at: 3)])

        let counter = Counter()
        let (_, pending) = start(attempts(counter).retry(), scheduler)
        #expect(counter.value == 1)
        pending.dispose()
        scheduler.stepAll()
        #expect(counter.value == 1)
    }

    @Test("each retry is a new subscription to the receiver, as sigviz draws it")
    func retrySubscriptions() {
        let scheduler = TestScheduler()
        let graph = Graph()
        Instrumentation.withInstrument(graph, clock: scheduler) {
            let counter = Counter()
            _ = run(attempts(counter).named("request").retry(2), scheduler)
        }
        #expect(graph.subscribedNames == ["[request] -retry: 2", "request", "request", "request"])
    }

    // MARK: repeat

    @Test("repeat resubscribes at each completion; take(3) ends it (RACSignalSpec: disposed by -take:)")
    func repeatTake() {
        let scheduler = TestScheduler()
        let subscriptions = Counter(), disposals = Counter()
        let source = values([7], scheduler, subscriptions: subscriptions, disposals: disposals)
        #expect(run(source.repeat().take(3), scheduler) == [
            .next(7, at: 1), .next(7, at: 3), .next(7, at: 5), .completed(at: 5),
        ])
        #expect(subscriptions.value == 3)
        #expect(disposals.value == 3)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("repeat of a signal that completes at once, then take(n), neither nests nor hangs")
    func repeatSynchronous() {
        let scheduler = TestScheduler()
        let counter = Counter()
        let once = Signal<Int>.create { subscriber in
            counter.increment()
            subscriber.sendNext(counter.value)
            subscriber.sendCompleted()
            return nil
        }
        let events = run(once.repeat().take(20_000), scheduler)
        #expect(counter.value == 20_000)
        #expect(events.count == 20_001)
        #expect(events.suffix(2) == [.next(20_000, at: 0), .completed(at: 0)])
    }

    @Test("repeat forwards an error and stops (RACSignalSpec: repeat after completion)")
    func repeatError() {
        let scheduler = TestScheduler()
        let counter = Counter()
        let source = Signal<Int>.create { subscriber in
            counter.increment()
            let n = counter.value
            let disposable = scheduler.schedule(after: 1) {
                if n == 3 { subscriber.sendError(boom); return }
                subscriber.sendNext(n)
                subscriber.sendCompleted()
            }
            return disposable
        }
        #expect(run(source.repeat(), scheduler) == [.next(1, at: 1), .next(2, at: 2), .error("boom", at: 3)])
        #expect(counter.value == 3)
    }

    @Test("repeat stops when its subscription is disposed in a value's handler (RACSignalSpec)")
    func repeatDisposedInNext() {
        let scheduler = TestScheduler()
        let counter = Counter()
        let once = Signal<Int>.create { subscriber in
            counter.increment()
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }
        let received = Locked<[Int]>([])
        let completed = Counter()
        let subscription = SerialDisposable()
        scheduler.perform {
            subscription.disposable = once.repeat().subscribe(
                next: { value in
                    received.withLock { $0.append(value) }
                    subscription.dispose()
                },
                completed: { completed.increment() })
        }
        scheduler.stepAll()
        #expect(received.withLock { $0 } == [1])
        #expect(counter.value == 1)
        #expect(completed.value == 0)
    }

    // MARK: materialize, dematerialize

    @Test("materialize sends a value and the completion as events, then completes (RACSignalSpec)")
    func materialize() {
        let scheduler = TestScheduler()
        #expect(run(values([1], scheduler).materialize().map(text), scheduler) == [
            .next("next 1", at: 1), .next("completed", at: 2), .completed(at: 2),
        ])
    }

    @Test("materialize sends an error as an event, then completes (RACSignalSpec)")
    func materializeError() {
        let scheduler = TestScheduler()
        #expect(run(Signal<Int>.error(boom).materialize().map(text), scheduler) == [
            .next("error boom", at: 0), .completed(at: 0),
        ])
    }

    @Test("dematerialize turns next events into values (RACSignalSpec)")
    func dematerialize() {
        let scheduler = TestScheduler()
        let events = values([Event<Int>.next(1), .next(2)], scheduler)
        #expect(run(events.dematerialize(), scheduler) == [.next(1, at: 1), .next(2, at: 2), .completed(at: 3)])
    }

    @Test("dematerialize completes at a completed event, dropping what follows, and disposes the receiver (RACSignalSpec)")
    func dematerializeCompleted() {
        let scheduler = TestScheduler()
        let disposals = Counter()
        let events = values([Event<Int>.next(1), .completed, .next(2)], scheduler, disposals: disposals)
        let (recorder, _) = start(events.dematerialize(), scheduler)
        scheduler.advance(to: 2)
        #expect(recorder.events == [.next(1, at: 1), .completed(at: 2)])
        #expect(disposals.value == 1)
        scheduler.stepAll()
        #expect(recorder.events == [.next(1, at: 1), .completed(at: 2)])
    }

    @Test("dematerialize fails at an error event (RACSignalSpec)")
    func dematerializeError() {
        let scheduler = TestScheduler()
        let events = values([Event<Int>.next(1), .error(boom), .next(2)], scheduler)
        #expect(run(events.dematerialize(), scheduler) == [.next(1, at: 1), .error("boom", at: 2)])
    }

    @Test("materialize then dematerialize gives back the receiver's events", arguments: [true, false])
    func roundTrip(fails: Bool) {
        let scheduler = TestScheduler()
        let source = values([1, 2], scheduler, end: fails ? .error(boom) : .completed)
        #expect(run(source.materialize().dematerialize(), scheduler)
                == [.next(1, at: 1), .next(2, at: 2), fails ? .error("boom", at: 3) : .completed(at: 3)])
    }

    // MARK: All of them

    @Test("the receiver's didSubscribe runs once per subscription, and its subscription ends with it")
    func oneRunPerSubscription() {
        let operators: [(String, (Signal<Int>) -> Signal<Int>)] = [
            ("doNext", { $0.doNext { _ in } }), ("doError", { $0.doError { _ in } }),
            ("doCompleted", { $0.doCompleted {} }), ("initially", { $0.initially {} }),
            ("finally", { $0.finally {} }), ("retry", { $0.retry() }), ("retry(1)", { $0.retry(1) }),
            ("materialize", { $0.materialize().dematerialize() }),
        ]
        for (label, op) in operators {
            let scheduler = TestScheduler()
            let subscriptions = Counter(), disposals = Counter()
            let result = op(values([1, 2], scheduler, subscriptions: subscriptions, disposals: disposals))
            #expect(run(result, scheduler) == [.next(1, at: 1), .next(2, at: 2), .completed(at: 3)], "\(label)")
            #expect(subscriptions.value == 1, "\(label)")
            #expect(disposals.value == 1, "\(label)")
        }
    }

    @Test("names are RAC's setNameWithFormat: ones")
    func names() {
        let src = Signal<Int>.never().named("src")
        #expect(src.doNext { _ in }.name == "[src] -doNext:")
        #expect(src.doError { _ in }.name == "[src] -doError:")
        #expect(src.doCompleted {}.name == "[src] -doCompleted:")
        #expect(src.initially {}.name == "[src] -initially:")
        #expect(src.finally {}.name == "[src] -finally:")
        #expect(src.retry().name == "[src] -retry")
        #expect(src.retry(3).name == "[src] -retry: 3")
        #expect(src.repeat().name == "[src] -repeat")
        #expect(src.materialize().name == "[src] -materialize")
        #expect(src.materialize().dematerialize().name == "[[src] -materialize] -dematerialize")
    }
}
