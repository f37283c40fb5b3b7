import Testing
@testable import Reactive

// RACMulticastConnection and the operators built on it, as in ReactiveCocoa
// 2.5 (notes §10): publish, multicast:, replay, replayLast, replayLazily and
// autoconnect.


@Suite struct MulticastTests {
    /// The source of most tests: A 1 s and B 2 s after each subscription,
    /// completion 3 s after.
    private static func abc(
        _ scheduler: TestScheduler, subscriptions: Counter? = nil, disposals: Counter? = nil
    ) -> Signal<String> {
        cold(String.self, scheduler, [(1, .next("A")), (2, .next("B")), (3, .completed)],
             subscriptions: subscriptions, disposals: disposals)
    }

    /// A 1 s and B 2 s after each subscription, never terminating.
    private static func endless(
        _ scheduler: TestScheduler, subscriptions: Counter? = nil, disposals: Counter? = nil
    ) -> Signal<String> {
        cold(String.self, scheduler, [(1, .next("A")), (2, .next("B"))],
             subscriptions: subscriptions, disposals: disposals)
    }

    // MARK: publish and connect

    @Test("publish sends nothing until connect; subscribers joining after a value miss it")
    func publishWaitsForConnect() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let connection = Self.abc(scheduler, subscriptions: subscriptions).publish()
        let early = Recorder<String>(clock: scheduler)
        let late = Recorder<String>(clock: scheduler)
        scheduler.perform { early.subscribe(to: connection.signal) }
        scheduler.advance(to: 5)
        #expect(subscriptions.value == 0)
        #expect(early.events == [])

        scheduler.schedule(after: 1) { connection.connect() }           // at 6: A at 7, B at 8, completed at 9
        scheduler.schedule(after: 2.5) { late.subscribe(to: connection.signal) }   // at 7.5
        scheduler.stepAll()

        #expect(subscriptions.value == 1)
        #expect(early.events == [.next("A", at: 7), .next("B", at: 8), .completed(at: 9)])
        #expect(late.events == [.next("B", at: 8), .completed(at: 9)])
    }

    @Test("connect returns the same disposable every time and subscribes to the source only once")
    func connectIsIdempotent() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let connection = Self.abc(scheduler, subscriptions: subscriptions).publish()
        let recorder = Recorder<String>(clock: scheduler)
        let (first, second) = scheduler.perform {
            recorder.subscribe(to: connection.signal)
            return (connection.connect(), connection.connect())
        }
        scheduler.schedule(after: 1.5) { _ = connection.connect() }
        scheduler.stepAll()

        #expect(first === second)
        #expect(first === scheduler.perform { connection.connect() })
        #expect(subscriptions.value == 1)
        #expect(recorder.events == [.next("A", at: 1), .next("B", at: 2), .completed(at: 3)])
    }

    @Test("disposing the connection disposes the source subscription for good: connecting again does not resubscribe")
    func disposingTheConnection() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let disposals = Counter()
        let connection = Self.abc(scheduler, subscriptions: subscriptions, disposals: disposals).publish()
        let recorder = Recorder<String>(clock: scheduler)
        let connected = scheduler.perform {
            recorder.subscribe(to: connection.signal)
            return connection.connect()
        }
        scheduler.schedule(after: 1.5) { connected.dispose() }
        scheduler.advance(to: 1.5)
        #expect(disposals.value == 1)
        #expect(connected.isDisposed)

        scheduler.schedule(after: 0.5) { _ = connection.connect() }   // at 2
        scheduler.stepAll()
        #expect(subscriptions.value == 1)
        #expect(recorder.events == [.next("A", at: 1)])
    }

    @Test("multicast through a replay subject gives late subscribers the history")
    func multicastThroughReplaySubject() {
        let scheduler = TestScheduler()
        let connection = Self.abc(scheduler).multicast(ReplaySubject())
        let duringRun = Recorder<String>(clock: scheduler)
        let afterEnd = Recorder<String>(clock: scheduler)
        scheduler.perform { connection.connect() }
        scheduler.schedule(after: 1.5) { duringRun.subscribe(to: connection.signal) }
        scheduler.schedule(after: 5) { afterEnd.subscribe(to: connection.signal) }
        scheduler.stepAll()

        #expect(duringRun.events == [.next("A", at: 1.5), .next("B", at: 2), .completed(at: 3)])
        #expect(afterEnd.events == [.next("A", at: 5), .next("B", at: 5), .completed(at: 5)])
    }

    // MARK: replay, replayLast, replayLazily

    @Test("replay connects at once, with no subscriber, and replays everything to every subscriber")
    func replayConnectsImmediately() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let replayed = scheduler.perform { Self.abc(scheduler, subscriptions: subscriptions).replay() }
        #expect(subscriptions.value == 1)

        let first = Recorder<String>(clock: scheduler)
        let second = Recorder<String>(clock: scheduler)
        scheduler.schedule(after: 1.5) { first.subscribe(to: replayed) }
        scheduler.schedule(after: 4) { second.subscribe(to: replayed) }
        scheduler.stepAll()

        #expect(subscriptions.value == 1)
        #expect(first.events == [.next("A", at: 1.5), .next("B", at: 2), .completed(at: 3)])
        #expect(second.events == [.next("A", at: 4), .next("B", at: 4), .completed(at: 4)])
    }

    @Test("replayLast connects at once and replays only the latest value to a late subscriber")
    func replayLastReplaysLatest() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let replayed = scheduler.perform { Self.abc(scheduler, subscriptions: subscriptions).replayLast() }
        #expect(subscriptions.value == 1)

        let duringRun = Recorder<String>(clock: scheduler)
        let afterEnd = Recorder<String>(clock: scheduler)
        scheduler.schedule(after: 2.5) { duringRun.subscribe(to: replayed) }
        scheduler.schedule(after: 4) { afterEnd.subscribe(to: replayed) }
        scheduler.stepAll()

        #expect(duringRun.events == [.next("B", at: 2.5), .completed(at: 3)])
        #expect(afterEnd.events == [.next("B", at: 4), .completed(at: 4)])
    }

    @Test("replayLazily connects at the first subscription only, then replays everything; the source runs once for all subscribers")
    func replayLazilyConnectsOnFirstSubscription() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let lazy = scheduler.perform { Self.abc(scheduler, subscriptions: subscriptions).replayLazily() }
        scheduler.advance(to: 10)
        #expect(subscriptions.value == 0)

        let recorders = (1...4).map { Recorder<String>("\($0)", clock: scheduler) }
        scheduler.schedule(after: 1) { recorders[0].subscribe(to: lazy) }     // at 11: A 12, B 13, completed 14
        scheduler.schedule(after: 1) { recorders[1].subscribe(to: lazy) }     // at 11
        scheduler.schedule(after: 2.5) { recorders[2].subscribe(to: lazy) }   // at 12.5
        scheduler.schedule(after: 5) { recorders[3].subscribe(to: lazy) }     // at 15
        scheduler.advance(to: 11)
        #expect(subscriptions.value == 1)
        scheduler.stepAll()

        #expect(subscriptions.value == 1)
        let whole: [Recorded<String>] = [.next("A", at: 12), .next("B", at: 13), .completed(at: 14)]
        #expect(recorders[0].events == whole)
        #expect(recorders[1].events == whole)
        #expect(recorders[2].events == [.next("A", at: 12.5), .next("B", at: 13), .completed(at: 14)])
        #expect(recorders[3].events == [.next("A", at: 15), .next("B", at: 15), .completed(at: 15)])
    }

    // MARK: autoconnect

    @Test("autoconnect connects at the first subscription and disposes the connection when its subscriber count returns to zero")
    func autoconnectConnectsAndDisconnects() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let disposals = Counter()
        let auto = Self.endless(scheduler, subscriptions: subscriptions, disposals: disposals).publish().autoconnect()
        let first = Recorder<String>(clock: scheduler)
        let second = Recorder<String>(clock: scheduler)
        scheduler.advance(to: 1)
        #expect(subscriptions.value == 0)

        let firstSubscription = scheduler.perform { first.subscribe(to: auto) }   // at 1: A at 2, B at 3
        #expect(subscriptions.value == 1)
        let secondSubscription = scheduler.perform { second.subscribe(to: auto) }
        #expect(subscriptions.value == 1)

        scheduler.schedule(after: 1.5) { firstSubscription.dispose() }    // at 2.5
        scheduler.advance(to: 2.5)
        #expect(disposals.value == 0)
        scheduler.schedule(after: 1) { secondSubscription.dispose() }     // at 3.5, after B
        scheduler.advance(to: 3.5)
        #expect(disposals.value == 1)
        scheduler.stepAll()

        #expect(first.events == [.next("A", at: 2)])
        #expect(second.events == [.next("A", at: 2), .next("B", at: 3)])
    }

    @Test("after autoconnect disconnects, a new subscriber does not reconnect and gets nothing from a plain subject (RAC 2.5)")
    func autoconnectDoesNotReconnect() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let disposals = Counter()
        let auto = Self.endless(scheduler, subscriptions: subscriptions, disposals: disposals).publish().autoconnect()
        let first = Recorder<String>(clock: scheduler)
        let later = Recorder<String>(clock: scheduler)
        let firstSubscription = scheduler.perform { first.subscribe(to: auto) }
        scheduler.schedule(after: 1.5) { firstSubscription.dispose() }
        scheduler.schedule(after: 2) { later.subscribe(to: auto) }
        scheduler.advance(to: 10)

        #expect(subscriptions.value == 1)
        #expect(disposals.value == 1)
        #expect(first.events == [.next("A", at: 1)])
        #expect(later.events == [])
    }

    @Test("after autoconnect disconnects, a new subscriber through a replay subject gets only the history, without reconnecting")
    func autoconnectLateSubscriberGetsReplayHistory() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let auto = Self.endless(scheduler, subscriptions: subscriptions).multicast(ReplaySubject()).autoconnect()
        let first = Recorder<String>(clock: scheduler)
        let later = Recorder<String>(clock: scheduler)
        let firstSubscription = scheduler.perform { first.subscribe(to: auto) }
        scheduler.schedule(after: 2.5) { firstSubscription.dispose() }   // after A at 1 and B at 2
        scheduler.schedule(after: 4) { later.subscribe(to: auto) }
        scheduler.advance(to: 10)

        #expect(subscriptions.value == 1)
        #expect(first.events == [.next("A", at: 1), .next("B", at: 2)])
        #expect(later.events == [.next("A", at: 4), .next("B", at: 4)])
    }

    @Test("the completion of autoconnect's only subscriber also counts as leaving: the connection is disposed")
    func autoconnectCompletionDisconnects() {
        let scheduler = TestScheduler()
        let disposals = Counter()
        // The subject completes by hand while the source keeps running.
        let subject = Subject<String>()
        let connection = Self.endless(scheduler, disposals: disposals).multicast(subject)
        let auto = connection.autoconnect()
        let recorder = Recorder<String>(clock: scheduler)
        scheduler.perform { recorder.subscribe(to: auto) }
        scheduler.advance(to: 1.5)
        #expect(disposals.value == 0)

        scheduler.schedule(after: 0.25) { subject.sendCompleted() }   // at 1.75
        scheduler.advance(to: 1.75)
        #expect(disposals.value == 1)
        #expect(scheduler.perform { connection.connect() }.isDisposed)
        scheduler.stepAll()
        #expect(recorder.events == [.next("A", at: 1), .completed(at: 1.75)])
    }

    @Test("autoconnect subscribes its subscriber to the subject before connecting, so a synchronous source reaches it in full")
    func autoconnectSynchronousSource() {
        let scheduler = TestScheduler()
        let source = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return nil
        }
        let recorder = Recorder<Int>(clock: scheduler)
        scheduler.schedule(after: 1) { recorder.subscribe(to: source.publish().autoconnect()) }
        scheduler.stepAll()

        #expect(recorder.events == [.next(1, at: 1), .next(2, at: 1), .completed(at: 1)])
    }

    // MARK: Names

    enum Naming: String, CaseIterable, Sendable {
        case publish, multicast, replay, replayLast, replayLazily, autoconnect

        var expected: String {
            switch self {
            case .publish: "[src] -multicast: [src] -publish"
            case .multicast: "[src] -multicast: mine"
            case .replay: "[src] -multicast: [src] -replay"
            case .replayLast: "[src] -multicast: [src] -replayLast"
            case .replayLazily: "[src] -replayLazily"
            case .autoconnect: "[[src] -multicast: [src] -publish] -autoconnect"
            }
        }

        func make(_ source: Signal<Int>) -> Signal<Int> {
            switch self {
            case .publish: source.publish().signal
            case .multicast: source.multicast(Subject().named("mine")).signal
            case .replay: source.replay()
            case .replayLast: source.replayLast()
            case .replayLazily: source.replayLazily()
            case .autoconnect: source.publish().autoconnect()
            }
        }
    }

    @Test("connection operators name their signals as RAC 2.5 does", arguments: Naming.allCases)
    func names(naming: Naming) {
        let scheduler = TestScheduler()
        let source = Signal<Int>.never().named("src")
        let signal = scheduler.perform { naming.make(source) }
        #expect(signal.name == naming.expected)
    }
}
