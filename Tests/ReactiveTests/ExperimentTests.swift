import Synchronization
import Testing

@testable import Reactive

/// The six experiments of the articles (shared/seeds/README.md), event for event.
@Suite struct ExperimentTests {
    @Test("1: a subject misses package 1 for late subscribers; a replay subject replays it at 1.1")
    func subjectVersusReplaySubject() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let subject = Subject<String>()
        let replaySubject = ReplaySubject<String>()
        var fromSubject: [Recorder<String>] = []
        var fromReplay: [Recorder<String>] = []
        for number in 1...4 {
            fromSubject.append(Recorder("S\(number) subject", clock: scheduler, log: log))
            fromReplay.append(Recorder("S\(number) replay", clock: scheduler, log: log))
        }
        let subscribe: @Sendable (Int) -> Void = { [fromSubject, fromReplay] index in
            fromSubject[index].subscribe(to: subject)
            fromReplay[index].subscribe(to: replaySubject)
        }
        scheduler.schedule(after: 0.1) { subscribe(0); subscribe(1) }
        scheduler.schedule(after: 1) {
            subject.sendNext("send package 1")
            replaySubject.sendNext("send package 1")
        }
        scheduler.schedule(after: 1.1) { subscribe(2); subscribe(3) }
        scheduler.schedule(after: 2) {
            subject.sendNext("send package 2")
            replaySubject.sendNext("send package 2")
        }
        scheduler.stepAll()

        let both: [Recorded<String>] = [.next("send package 1", at: 1), .next("send package 2", at: 2)]
        #expect(fromSubject[0].events == both)
        #expect(fromSubject[1].events == both)
        #expect(fromSubject[2].events == [.next("send package 2", at: 2)])
        #expect(fromSubject[3].events == [.next("send package 2", at: 2)])
        #expect(fromReplay[0].events == both)
        #expect(fromReplay[1].events == both)
        let late: [Recorded<String>] = [.next("send package 1", at: 1.1), .next("send package 2", at: 2)]
        #expect(fromReplay[2].events == late)
        #expect(fromReplay[3].events == late)
        #expect(log.lines == [
            "S1 subject: next(send package 1) @1.0",
            "S2 subject: next(send package 1) @1.0",
            "S1 replay: next(send package 1) @1.0",
            "S2 replay: next(send package 1) @1.0",
            "S3 replay: next(send package 1) @1.1",
            "S4 replay: next(send package 1) @1.1",
            "S1 subject: next(send package 2) @2.0",
            "S2 subject: next(send package 2) @2.0",
            "S3 subject: next(send package 2) @2.0",
            "S4 subject: next(send package 2) @2.0",
            "S1 replay: next(send package 2) @2.0",
            "S2 replay: next(send package 2) @2.0",
            "S3 replay: next(send package 2) @2.0",
            "S4 replay: next(send package 2) @2.0",
        ])
    }

    @Test("2: every subscriber of a cold signal receives the whole sequence from its own subscription")
    func coldSignalIsVideoOnDemand() {
        let scheduler = TestScheduler()
        let runs = Counter()
        let cold = Signal<String>.create { subscriber in
            runs.increment()
            scheduler.schedule(after: 0.9) { subscriber.sendNext("send package 1") }
            scheduler.schedule(after: 1.9) {
                subscriber.sendNext("send package 2")
                subscriber.sendCompleted()
            }
            return nil
        }
        let recorders = (1...4).map { Recorder<String>("S\($0)", clock: scheduler) }
        scheduler.schedule(after: 0.1) { recorders[0].subscribe(to: cold); recorders[1].subscribe(to: cold) }
        scheduler.schedule(after: 1.1) { recorders[2].subscribe(to: cold); recorders[3].subscribe(to: cold) }
        scheduler.stepAll()

        #expect(runs.value == 4)
        for early in recorders[0...1] {
            #expect(early.events == [
                .next("send package 1", at: 1), .next("send package 2", at: 2), .completed(at: 2),
            ])
        }
        for late in recorders[2...3] {
            #expect(late.events == [
                .next("send package 1", at: 2), .next("send package 2", at: 3), .completed(at: 3),
            ])
        }
    }

    /// The cold signal of experiment 3: "A" 1.5 s, "B" 3 s and completion 5 s after subscription.
    private static func experimentThreeSource(on scheduler: TestScheduler, runs: Counter, log: DeliveryLog) -> Signal<String> {
        Signal<String>.create { subscriber in
            runs.increment()
            log.append("Cold signal be subscribed. @\(scheduler.now)")
            scheduler.schedule(after: 1.5) { subscriber.sendNext("A") }
            scheduler.schedule(after: 3) { subscriber.sendNext("B") }
            scheduler.schedule(after: 5) { subscriber.sendCompleted() }
            return nil
        }
    }

    enum ColdToHot: String, CaseIterable, Sendable {
        case subject, multicast, autoconnect
    }

    @Test("3: a cold signal made hot runs didSubscribe once at 2; S1 gets A at 3.5, both get B at 5, both complete at 7",
          arguments: ColdToHot.allCases)
    func coldToHot(variant: ColdToHot) {
        let scheduler = TestScheduler()
        let runs = Counter()
        let log = DeliveryLog()
        let cold = Self.experimentThreeSource(on: scheduler, runs: runs, log: log)
        let subject = Subject<String>()
        let first = Recorder<String>("Subscriber 1", clock: scheduler, log: log)
        let second = Recorder<String>("Subscriber 2", clock: scheduler, log: log)
        switch variant {
        case .subject:
            scheduler.schedule(after: 2) { cold.subscribe(subject) }
            scheduler.perform { first.subscribe(to: subject) }
            scheduler.schedule(after: 4) { second.subscribe(to: subject) }
        case .multicast:
            let connection = cold.multicast(subject)
            scheduler.schedule(after: 2) { connection.connect() }
            scheduler.perform { first.subscribe(to: connection.signal) }
            scheduler.schedule(after: 4) { second.subscribe(to: connection.signal) }
        case .autoconnect:
            let hot = cold.multicast(subject).autoconnect()
            scheduler.schedule(after: 2) { first.subscribe(to: hot) }
            scheduler.schedule(after: 4) { second.subscribe(to: hot) }
        }
        scheduler.stepAll()

        #expect(runs.value == 1)
        #expect(first.events == [.next("A", at: 3.5), .next("B", at: 5), .completed(at: 7)])
        #expect(second.events == [.next("B", at: 5), .completed(at: 7)])
        #expect(log.lines == [
            "Cold signal be subscribed. @2.0",
            "Subscriber 1: next(A) @3.5",
            "Subscriber 1: next(B) @5.0",
            "Subscriber 2: next(B) @5.0",
            "Subscriber 1: completed @7.0",
            "Subscriber 2: completed @7.0",
        ])
    }

    struct MissingField: Error {}

    /// Runs the fetchData example: three bindings and one merged error handler.
    private static func fetchData(replayLazily: Bool) -> (requests: Int, bindings: [Recorder<String>], alerts: Recorder<String>) {
        let scheduler = TestScheduler()
        let requests = Counter()
        var fetchData = Signal<[String: String]>.create { subscriber in
            requests.increment()
            let response = scheduler.schedule(after: 1) {
                subscriber.sendNext(["title": "T", "desc": "D"])
                subscriber.sendCompleted()
            }
            return BlockDisposable { response?.dispose() }
        }
        if replayLazily { fetchData = fetchData.replayLazily() }
        let field: @Sendable (String) -> @Sendable ([String: String]) -> Signal<String> = { name in
            { json in json[name].map(Signal.return) ?? Signal.error(MissingField()) }
        }
        let title = fetchData.flattenMap(field("title"))
        let desc = fetchData.flattenMap(field("desc"))
        let renderedDesc = desc.flattenMap { Signal.return("<\($0)>") }
        let bindings = ["title", "desc", "renderedDesc"].map { Recorder<String>($0, clock: scheduler) }
        let alerts = Recorder<String>("alerts", clock: scheduler)
        scheduler.perform {
            for (recorder, signal) in zip(bindings, [title, desc, renderedDesc]) {
                recorder.subscribe(to: signal.catchTo(.return("Error")).startWith("Loading..."))
            }
            alerts.subscribe(to: Signal.merge([title, desc, renderedDesc]))
        }
        scheduler.stepAll()
        return (requests.value, bindings, alerts)
    }

    @Test("4: fetchData is requested 6 times, and once with replayLazily; every binding gets its value",
          arguments: [(false, 6), (true, 1)])
    func fetchData(replayLazily: Bool, expectedRequests: Int) {
        let (requests, bindings, alerts) = Self.fetchData(replayLazily: replayLazily)
        #expect(requests == expectedRequests)
        #expect(bindings[0].events == [.next("Loading...", at: 0), .next("T", at: 1), .completed(at: 1)])
        #expect(bindings[1].events == [.next("Loading...", at: 0), .next("D", at: 1), .completed(at: 1)])
        #expect(bindings[2].events == [.next("Loading...", at: 0), .next("<D>", at: 1), .completed(at: 1)])
        #expect(alerts.events == [.next("T", at: 1), .next("D", at: 1), .next("<D>", at: 1), .completed(at: 1)])
    }

    enum Conversion: String, CaseIterable, Sendable {
        case cold, publish, replay, replayLast, replayLazily
    }

    /// Experiment 5: the same source ("1" at +1 s, "2" at +2 s, completion at
    /// +3 s after it is subscribed) and the same subscribers (A at 0.5 s, B at
    /// 2.2 s) through each conversion; `publish` is connected at 0.
    @Test("5: cold vs publish vs replay vs replayLast vs replayLazily", arguments: Conversion.allCases)
    func conversions(conversion: Conversion) {
        let scheduler = TestScheduler()
        let runs = Counter()
        let runTimes = Locked<[Double]>([])
        let source = Signal<String>.create { subscriber in
            runs.increment()
            runTimes.withLock { $0.append(scheduler.now) }
            scheduler.schedule(after: 1) { subscriber.sendNext("1") }
            scheduler.schedule(after: 2) { subscriber.sendNext("2") }
            scheduler.schedule(after: 3) { subscriber.sendCompleted() }
            return nil
        }
        let signal: Signal<String> = scheduler.perform {
            switch conversion {
            case .cold: return source
            case .publish:
                let connection = source.publish()
                connection.connect()
                return connection.signal
            case .replay: return source.replay()
            case .replayLast: return source.replayLast()
            case .replayLazily: return source.replayLazily()
            }
        }
        let early = Recorder<String>("A", clock: scheduler)
        let late = Recorder<String>("B", clock: scheduler)
        scheduler.schedule(after: 0.5) { early.subscribe(to: signal) }
        scheduler.schedule(after: 2.2) { late.subscribe(to: signal) }
        scheduler.stepAll()

        switch conversion {
        case .cold:
            #expect(runTimes.withLock { $0 } == [0.5, 2.2])
            #expect(early.events == [.next("1", at: 1.5), .next("2", at: 2.5), .completed(at: 3.5)])
            #expect(late.events == [.next("1", at: 3.2), .next("2", at: 4.2), .completed(at: 5.2)])
        case .publish:
            #expect(runTimes.withLock { $0 } == [0])
            #expect(early.events == [.next("1", at: 1), .next("2", at: 2), .completed(at: 3)])
            #expect(late.events == [.completed(at: 3)])
        case .replay:
            #expect(runTimes.withLock { $0 } == [0])
            #expect(early.events == [.next("1", at: 1), .next("2", at: 2), .completed(at: 3)])
            #expect(late.events == [.next("1", at: 2.2), .next("2", at: 2.2), .completed(at: 3)])
        case .replayLast:
            #expect(runTimes.withLock { $0 } == [0])
            #expect(early.events == [.next("1", at: 1), .next("2", at: 2), .completed(at: 3)])
            #expect(late.events == [.next("2", at: 2.2), .completed(at: 3)])
        case .replayLazily:
            #expect(runTimes.withLock { $0 } == [0.5])
            #expect(early.events == [.next("1", at: 1.5), .next("2", at: 2.5), .completed(at: 3.5)])
            #expect(late.events == [.next("1", at: 2.2), .next("2", at: 2.5), .completed(at: 3.5)])
        }
    }

    @Test("5: replay connects at once even with no subscriber; publish and replayLazily wait")
    func connectTiming() {
        let scheduler = TestScheduler()
        scheduler.perform {
            for (conversion, expectedRuns) in [(Conversion.publish, 0), (.replay, 1), (.replayLast, 1), (.replayLazily, 0)] {
                let runs = Counter()
                let source = Signal<Int>.create { _ in runs.increment(); return nil }
                switch conversion {
                case .publish: _ = source.publish()
                case .replay: _ = source.replay()
                case .replayLast: _ = source.replayLast()
                default: _ = source.replayLazily()
                }
                #expect(runs.value == expectedRuns, "\(conversion)")
            }
        }
    }

    @Test("6: a behavior subject gives every new subscriber its current value first")
    func behaviorSubject() {
        let scheduler = TestScheduler()
        let subject = BehaviorSubject("default")
        let first = Recorder<String>(clock: scheduler)
        let second = Recorder<String>(clock: scheduler)
        scheduler.schedule(after: 1) { first.subscribe(to: subject) }
        scheduler.schedule(after: 2) { subject.sendNext("x") }
        scheduler.schedule(after: 3) { second.subscribe(to: subject) }
        scheduler.schedule(after: 4) { subject.sendCompleted() }
        scheduler.stepAll()
        #expect(first.events == [.next("default", at: 1), .next("x", at: 2), .completed(at: 4)])
        #expect(second.events == [.next("x", at: 3), .completed(at: 4)])
    }

    @Test("6: a replay subject with a capacity keeps the last values, then replays completion or error",
          arguments: [true, false])
    func replaySubjectWithCapacity(fails: Bool) {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Int>(capacity: 2)
        let late = Recorder<Int>(clock: scheduler)
        scheduler.schedule(after: 1) {
            for value in 1...4 { subject.sendNext(value) }
            if fails { subject.sendError(TestError("boom")) } else { subject.sendCompleted() }
        }
        scheduler.schedule(after: 2) { late.subscribe(to: subject) }
        scheduler.stepAll()
        let terminal: Recorded<Int> = fails ? .error("boom", at: 2) : .completed(at: 2)
        #expect(late.events == [.next(3, at: 2), .next(4, at: 2), terminal])
    }

    @Test("6: empty completes, return sends one value and completes, error fails")
    func primitiveSignals() {
        let scheduler = TestScheduler()
        let empty = Recorder<Int>(), value = Recorder<Int>(), failure = Recorder<Int>()
        scheduler.perform {
            empty.subscribe(to: .empty())
            value.subscribe(to: .return(7))
            failure.subscribe(to: .error(TestError("nope")))
        }
        #expect(empty.events == [.completed(at: 0)])
        #expect(value.events == [.next(7, at: 0), .completed(at: 0)])
        #expect(failure.events == [.error("nope", at: 0)])
    }

    @Test("6: defer makes its signal on each subscription; then continues only after completion")
    func deferAndThen() {
        let scheduler = TestScheduler()
        let made = Counter()
        let deferred = Signal<Int>.defer {
            made.increment()
            return .return(made.value)
        }
        let first = Recorder<Int>(), second = Recorder<Int>()
        let thenRuns = Counter()
        let source = Signal<String>.create { subscriber in
            scheduler.schedule(after: 1) { subscriber.sendNext("ignored") }
            scheduler.schedule(after: 2) { subscriber.sendCompleted() }
            return nil
        }
        let then = source.then { thenRuns.increment(); return Signal<Int>.return(42) }
        let afterThen = Recorder<Int>(clock: scheduler)
        #expect(made.value == 0)
        scheduler.perform {
            first.subscribe(to: deferred)
            second.subscribe(to: deferred)
            afterThen.subscribe(to: then)
        }
        #expect(first.values == [1])
        #expect(second.values == [2])
        #expect(thenRuns.value == 0)
        scheduler.stepAll()
        #expect(thenRuns.value == 1)
        #expect(afterThen.events == [.next(42, at: 2), .completed(at: 2)])
    }

    @Test("6: groupBy sends each group, a hot grouped signal, when its key first appears")
    func groupBy() {
        let scheduler = TestScheduler()
        let source = Subject<Int>()
        let keys = Locked<[String]>([])
        let groups = Locked<[String: Recorder<Int>]>([:])
        scheduler.perform {
            source.groupBy({ $0 % 2 == 0 ? "even" : "odd" }).subscribe(next: { group in
                keys.withLock { $0.append(group.key) }
                let recorder = Recorder<Int>(clock: scheduler)
                groups.withLock { $0[group.key] = recorder }
                recorder.subscribe(to: group)
            })
        }
        scheduler.schedule(after: 1) { source.sendNext(1) }
        scheduler.schedule(after: 2) { source.sendNext(2) }
        scheduler.schedule(after: 3) { source.sendNext(3) }
        scheduler.schedule(after: 4) { source.sendCompleted() }
        scheduler.stepAll()
        #expect(keys.withLock { $0 } == ["odd", "even"])
        #expect(groups.withLock { $0["odd"]?.events } == [.next(1, at: 1), .next(3, at: 3), .completed(at: 4)])
        #expect(groups.withLock { $0["even"]?.events } == [.next(2, at: 2), .completed(at: 4)])
    }

    @Test("6: a channel's terminals bind two ways over replay subjects of capacity 0 and 1")
    func channel() {
        let scheduler = TestScheduler()
        let (leadingSide, followingSide, lateFollower) = (Recorder<String>(), Recorder<String>(), Recorder<String>())
        scheduler.perform {
            let channel = Channel<String>()
            leadingSide.subscribe(to: channel.leadingTerminal)
            followingSide.subscribe(to: channel.followingTerminal)
            channel.leadingTerminal.sendNext("from model")
            channel.followingTerminal.sendNext("from view")
            lateFollower.subscribe(to: channel.followingTerminal)
            channel.leadingTerminal.sendCompleted()
        }
        #expect(followingSide.events == [.next("from model", at: 0), .completed(at: 0)])
        #expect(leadingSide.events == [.next("from view", at: 0), .completed(at: 0)])
        #expect(lateFollower.events == [.next("from model", at: 0), .completed(at: 0)])
    }
}
