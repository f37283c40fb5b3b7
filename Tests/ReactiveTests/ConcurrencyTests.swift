import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Reactive

/// Runs `body(0..<count)` on `count` new threads that start together, and waits for all
/// of them. Unlike `DispatchQueue.concurrentPerform`, whose width is the number of
/// cores (and less when the test runner keeps them busy), every body gets its own
/// thread, so they really do overlap. Returns whether they all finished in time.
@discardableResult
func raceOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    let ready = Atomic(0)
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread.detachNewThread {
            ready.add(1, ordering: .acquiringAndReleasing)
            while ready.load(ordering: .acquiring) < count { sched_yield() }
            body(index)
            group.leave()
        }
    }
    return group.wait(timeout: .now() + .seconds(120)) == .success
}

/// Encodes who sent a value and its position in that sender's sequence.
private func encode(sender: Int, index: Int) -> Int { sender * 1_000_000 + index }
private func sender(of value: Int) -> Int { value / 1_000_000 }
private func index(of value: Int) -> Int { value % 1_000_000 }

/// Whether, for every sender, the values of `values` are strictly increasing
/// (in order, no duplicates); gaps are allowed.
private func isOrderedPerSender(_ values: [Int]) -> Bool {
    var last: [Int: Int] = [:]
    for value in values {
        if let previous = last[sender(of: value)], previous >= index(of: value) { return false }
        last[sender(of: value)] = index(of: value)
    }
    return true
}

/// The values of one sender, in the order received.
private func indices(from sender: Int, in values: [Int]) -> [Int] {
    values.filter { ReactiveTests.sender(of: $0) == sender }.map(index(of:))
}

@Suite struct ConcurrencyTests {
    @Test("connect() raced from 64 threads subscribes the source once and always returns the same disposable")
    func connectRace() {
        let scheduler = TestScheduler()
        for _ in 0..<200 {
            let subscriptions = Counter()
            let source = Signal<Int>.create { _ in
                subscriptions.increment()
                return nil
            }
            let connection = source.publish()
            let results = Locked<[ObjectIdentifier]>([])
            DispatchQueue.concurrentPerform(iterations: 64) { _ in
                // Make the subscription synchronous, so it has happened when connect() returns.
                let disposable = scheduler.perform { connection.connect() }
                results.withLock { $0.append(ObjectIdentifier(disposable)) }
            }
            let identities = results.withLock { $0 }
            #expect(subscriptions.value == 1)
            #expect(identities.count == 64)
            #expect(Set(identities).count == 1, "every call returns the same disposable object")
            #expect(connection.connect() === connection.connect())
            #expect(ObjectIdentifier(connection.connect()) == identities.first)
            #expect(subscriptions.value == 1)
        }
    }

    @Test("connect() raced from 16 dedicated threads that start together subscribes the source once")
    func connectRaceOnThreads() {
        let scheduler = TestScheduler()
        for _ in 0..<40 {
            let subscriptions = Counter()
            let source = Signal<Int>.create { _ in
                subscriptions.increment()
                return nil
            }
            let connection = source.publish()
            let results = Locked<[ObjectIdentifier]>([])
            let finished = raceOnThreads(16) { _ in
                let disposable = scheduler.perform { connection.connect() }
                results.withLock { $0.append(ObjectIdentifier(disposable)) }
            }
            #expect(finished)
            #expect(subscriptions.value == 1)
            #expect(results.withLock { Set($0).count == 1 && $0.count == 16 })
        }
    }

    @Test("disposing the connection from one racer ends the single source subscription; later connects do nothing")
    func connectRaceThenDispose() {
        let scheduler = TestScheduler()
        for _ in 0..<100 {
            let subscriptions = Counter()
            let cleanups = Counter()
            let source = Signal<Int>.create { _ in
                subscriptions.increment()
                return BlockDisposable { cleanups.increment() }
            }
            let connection = source.publish()
            DispatchQueue.concurrentPerform(iterations: 16) { index in
                let disposable = scheduler.perform { connection.connect() }
                if index % 4 == 0 { disposable.dispose() }
            }
            #expect(subscriptions.value == 1)
            #expect(cleanups.value == 1)
            #expect(connection.connect().isDisposed)
            #expect(subscriptions.value == 1)
        }
    }

    @Test("subscribers that stay receive every value sent from 8 threads once, in each sender's order, while others join and leave")
    func subjectConcurrentSendsWithChurn() {
        let senders = 8, perSender = 10_000, churners = 4, churnRounds = 500
        let subject = Subject<Int>()
        let stayers = (0..<3).map { Recorder<Int>("stayer \($0)") }
        for stayer in stayers { stayer.subscribe(to: subject) }
        let badChurners = Counter()
        let churnRoundsDone = Counter()

        // Every third worker is a churner; all start together, so churners come and go mid-run.
        let finished = raceOnThreads(senders + churners) { worker in
            if worker % 3 != 2 {
                let sender = worker - worker / 3
                for index in 0..<perSender { subject.sendNext(encode(sender: sender, index: index)) }
            } else {
                for _ in 0..<churnRounds {
                    let received = Locked<[Int]>([])
                    let subscription = subject.subscribe(next: { value in
                        received.withLock { $0.append(value) }
                    })
                    subscription.dispose()
                    let values = received.withLock { $0 }
                    churnRoundsDone.increment()
                    if !isOrderedPerSender(values) { badChurners.increment() }
                }
            }
        }
        #expect(finished)
        subject.sendCompleted()

        let total = senders * perSender
        for stayer in stayers {
            let values = stayer.values
            #expect(values.count == total)
            for sender in 0..<senders {
                #expect(indices(from: sender, in: values) == Array(0..<perSender),
                        "sender \(sender): every value exactly once, in order")
            }
            #expect(stayer.events.last == .completed(at: 0))
            #expect(stayer.events.filter { $0 == .completed(at: 0) }.count == 1)
        }
        // A subject delivers each event to every subscriber before the next: one global order.
        #expect(stayers[1].events == stayers[0].events)
        #expect(stayers[2].events == stayers[0].events)
        #expect(badChurners.value == 0, "a subscriber that left received some sender's values out of order")
        #expect(churnRoundsDone.value == churners * churnRounds)
    }

    @Test(
        "a replay subject's late subscriber, joining during concurrent sends, gets the history then the live values, without gaps or duplicates",
        arguments: [ReplaySubject<Int>.unlimitedCapacity, 100])
    func replaySubjectLateSubscriberUnderConcurrentSends(capacity: Int) throws {
        let senders = 8, perSender = 5_000
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Int>(capacity: capacity)
        let early = Recorder<Int>("early")
        let late = Recorder<Int>("late")
        let joinedAfter = Locked<Int?>(nil)
        let sentBeforeJoin = Atomic(0)
        scheduler.perform { _ = early.subscribe(to: subject) }

        let finished = raceOnThreads(senders) { sender in
            for index in 0..<perSender {
                subject.sendNext(encode(sender: sender, index: index))
                if sender == 0 {
                    sentBeforeJoin.add(1, ordering: .relaxed)
                    if index == perSender / 2 {
                        // Synchronous: the join is queued now, in turn with the sends.
                        scheduler.perform { _ = late.subscribe(to: subject) }
                        joinedAfter.withLock { $0 = index }
                    }
                }
            }
        }
        #expect(finished)
        subject.sendCompleted()

        let total = senders * perSender
        #expect(try #require(joinedAfter.withLock { $0 }) == perSender / 2)
        let history = early.values
        #expect(history.count == total)
        #expect(isOrderedPerSender(history))
        #expect(early.events.last == .completed(at: 0))

        let lateValues = late.values
        #expect(late.events.last == .completed(at: 0))
        #expect(late.events.count == lateValues.count + 1)
        // The late subscriber's values are the history's last ones, in the same order:
        // the replayed part followed by the live part, with nothing missed or repeated between.
        #expect(Array(history.suffix(lateValues.count)) == lateValues)
        #expect(isOrderedPerSender(lateValues))
        if capacity == ReplaySubject<Int>.unlimitedCapacity {
            #expect(lateValues == history, "an unlimited replay subject gives a late subscriber everything")
        } else {
            // It joined after at least perSender / 2 values: a full buffer, then every later value.
            #expect(lateValues.count >= capacity)
            #expect(lateValues.count < total)
        }
    }

    @Test("autoconnect raced by subscribers joining and leaving from many threads subscribes the source once and disposes it once")
    func autoconnectRace() {
        let scheduler = TestScheduler()
        for _ in 0..<50 {
            let subscriptions = Counter()
            let cleanups = Counter()
            let source = Signal<Int>.create { _ in
                subscriptions.increment()
                return BlockDisposable { cleanups.increment() }
            }
            let shared = source.publish().autoconnect()
            let finished = raceOnThreads(16) { _ in
                for _ in 0..<4 {
                    let subscription = scheduler.perform { shared.subscribe(next: { _ in }) }
                    subscription.dispose()
                }
            }
            #expect(finished)
            #expect(subscriptions.value == 1)
            #expect(cleanups.value == 1)

            // As in RAC 2.5, a connection never reconnects.
            let late = scheduler.perform { shared.subscribe(next: { _ in }) }
            late.dispose()
            #expect(subscriptions.value == 1)
            #expect(cleanups.value == 1)
        }
    }

    @Test("autoconnected subscribers that overlap share one source subscription and all receive its values")
    func autoconnectSharedValues() throws {
        let scheduler = TestScheduler()
        let box = Locked<(any Subscriber<Int>)?>(nil)
        let subscriptions = Counter()
        let cleanups = Counter()
        let source = Signal<Int>.create { subscriber in
            subscriptions.increment()
            box.withLock { $0 = subscriber }
            return BlockDisposable { cleanups.increment() }
        }
        let shared = source.publish().autoconnect()
        let recorders = (0..<16).map { Recorder<Int>("\($0)") }
        let subscriptionsMade = Locked<[any Disposable]>([])
        DispatchQueue.concurrentPerform(iterations: recorders.count) { index in
            let subscription = scheduler.perform { recorders[index].subscribe(to: shared) }
            subscriptionsMade.withLock { $0.append(subscription) }
        }
        #expect(subscriptions.value == 1)
        let subscriber = try #require(box.withLock { $0 })
        #expect(raceOnThreads(4) { sender in
            for index in 0..<500 { subscriber.sendNext(encode(sender: sender, index: index)) }
        })
        for recorder in recorders {
            #expect(recorder.values.count == 2_000)
            #expect(isOrderedPerSender(recorder.values))
            #expect(recorder.values == recorders[0].values)
        }
        #expect(cleanups.value == 0)
        DispatchQueue.concurrentPerform(iterations: recorders.count) { index in
            subscriptionsMade.withLock { $0[index] }.dispose()
        }
        #expect(cleanups.value == 1)
    }
}
