// The stress suite of issue 7 ("Concurrency"): many threads sending into hot signals while
// subscribers join and leave, `connect()` and `autoconnect()` raced from 64 threads, and
// everything released afterwards. It runs in CI, normally and under ThreadSanitizer.
//
// How much work it does comes from the environment variable SIGVIZ_STRESS_SCALE (see
// `Stress.Scale` in Support/StressHarness.swift):
//
//     swift test --filter StressTests                                # CI: 100,000 sends per case,
//                                                                    # 1,000 connect rounds
//     SIGVIZ_STRESS_SCALE=full swift test --filter StressTests       # soak: 8 × 100,000 per case,
//                                                                    # 10,000 connect and autoconnect rounds
//     SIGVIZ_STRESS_SCALE=3 swift test --filter StressTests          # the CI figures × 3
//
// Each test prints its figures on a line starting with "[stress]".

import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Reactive

@Suite("Stress", .serialized)
struct StressTests {
    static let kinds: [Stress.Kind] = [.subject, .replaySubject(capacity: nil), .replaySubject(capacity: 16), .publish]

    @Test(
        "8 threads send into a hot signal while 4 threads subscribe and dispose: every subscriber sees a window of one global order, replays are prefixes, nothing after terminal or disposal, everything released",
        arguments: kinds)
    func sendersAndChurn(kind: Stress.Kind) {
        let outcome = Stress.run(kind)
        print("[stress] \(outcome.summary)")
        let problems = Stress.problems(in: outcome)
        #expect(problems.isEmpty, "\(problems.count) problems, the first: \(problems.prefix(10).joined(separator: "\n"))")
        #expect(outcome.joined > 0, "the churners made no subscription while the senders ran")
        #expect(outcome.left > 0)
    }

    @Test(
        "completion raced with the sends of 8 threads while 4 threads subscribe and dispose: nothing after a terminal event, windows per sender without gaps or duplicates, a replay subject remembers completion, everything released",
        arguments: kinds)
    func completionRacingSends(kind: Stress.Kind) {
        let outcome = Stress.run(kind, sendsPerSender: max(2, Stress.scale.sendsPerSender / 2), completeMidway: true)
        print("[stress] completion racing the sends: \(outcome.summary)")
        let problems = Stress.problems(in: outcome)
        #expect(problems.isEmpty, "\(problems.count) problems, the first: \(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test("connect() raced from 64 threads, round after round: the source is subscribed exactly once, every call returns the same disposable, the racers that dispose it end the source subscription exactly once")
    func connectRace() {
        let rounds = Stress.scale.connectRounds, threads = 64
        let team = Stress.Team(threads)
        defer { team.stop() }
        let started = Date()
        var failures: [String] = []
        var leaked = 0
        // Calls made while another call was in progress: the races that really happened.
        let inside = Atomic(0), overlapped = Atomic(0)
        for round in 0..<rounds {
            weak var weakSource: Signal<Int>?
            weak var weakConnection: MulticastConnection<Int>?
            weak var weakSubject: Signal<Int>?
            do {
                let subscriptions = Atomic(0), disposals = Atomic(0)
                let source = Signal<Int>.create { _ in
                    subscriptions.add(1, ordering: .relaxed)
                    return BlockDisposable { disposals.add(1, ordering: .relaxed) }
                }
                let connection = source.publish()
                (weakSource, weakConnection, weakSubject) = (source, connection, connection.signal)
                let results = Stress.List<ObjectIdentifier>()
                team.run { index in
                    // Synchronous subscription: it has happened when connect() returns.
                    let concurrent = inside.add(1, ordering: .relaxed).newValue
                    if concurrent > 1 { overlapped.add(1, ordering: .relaxed) }
                    let disposable = Scheduler.immediate.perform { connection.connect() }
                    inside.subtract(1, ordering: .relaxed)
                    results.append(ObjectIdentifier(disposable))
                    // An eighth of the racers also disconnect, racing the connects.
                    if index % 8 == 7 { disposable.dispose() }
                }
                let identities = results.items
                if subscriptions.load(ordering: .relaxed) != 1 {
                    failures.append("round \(round): didSubscribe ran \(subscriptions.load(ordering: .relaxed)) times")
                }
                if disposals.load(ordering: .relaxed) != 1 {
                    failures.append("round \(round): the source subscription was disposed \(disposals.load(ordering: .relaxed)) times")
                }
                if identities.count != threads || Set(identities).count != 1 {
                    failures.append("round \(round): \(identities.count) calls returned \(Set(identities).count) different disposables")
                }
                // A connection never connects twice.
                if !Scheduler.immediate.perform({ connection.connect() }).isDisposed
                    || subscriptions.load(ordering: .relaxed) != 1 {
                    failures.append("round \(round): a later connect() subscribed again or was not disposed")
                }
            }
            if weakSource != nil || weakConnection != nil || weakSubject != nil { leaked += 1 }
            if failures.count > 20 { break }
        }
        let seconds = Date().timeIntervalSince(started)
        print("[stress] connect(): \(threads) threads × \(rounds) rounds = \(threads * rounds) racing calls "
              + "(\(rounds * threads / 8) of them also disposing), \(overlapped.load(ordering: .relaxed)) made while "
              + "another was in progress, \(String(format: "%.2f", seconds)) s")
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
        #expect(leaked == 0, "\(leaked) rounds left the source, connection or subject alive")
    }

    @Test("autoconnect raced by 64 threads joining and leaving: the source is subscribed once, never disconnected while a subscriber remains, and disposed exactly once when the last leaves; everything released")
    func autoconnectRace() throws {
        let rounds = Stress.scale.autoconnectRounds, threads = 64, perThread = 4
        let team = Stress.Team(threads)
        defer { team.stop() }
        let started = Date()
        var failures: [String] = []
        var joined = 0, leftOnOtherThreads = 0
        for round in 0..<rounds {
            // Odd rounds keep two subscribers for the whole race: the count must not reach
            // zero (it would if it ever went negative) until both leave. Even rounds have only
            // the racers: the count returns to zero, maybe several times, and the connection
            // is disposed exactly once.
            let holding = round % 2 == 1
            let refs = Stress.WeakRefs()
            do {
                let subscriptions = Atomic(0), disposals = Atomic(0)
                let sourceSubscriber = Stress.List<any Subscriber<Int>>()
                let source = Signal<Int>.create { subscriber in
                    subscriptions.add(1, ordering: .relaxed)
                    sourceSubscriber.append(subscriber)
                    return BlockDisposable { disposals.add(1, ordering: .relaxed) }
                }
                let connection = source.publish()
                let shared = connection.autoconnect()
                refs.add(source, "the source")
                refs.add(connection, "the connection")
                refs.add(connection.signal, "the connection's subject")
                refs.add(shared, "the autoconnected signal")

                let holders = holding ? (0..<2).map { Stress.Watcher(id: $0, role: .stayer) } : []
                for holder in holders { holder.subscribe(to: shared, refs: refs) }

                let handOff = Stress.HandOff()
                let racers = Stress.List<Stress.Watcher>()
                team.run { index in
                    for turn in 0..<perThread {
                        let watcher = Stress.Watcher(id: index * perThread + turn, role: .immediate, thread: index)
                        racers.append(watcher)
                        watcher.subscribe(to: shared, refs: refs)
                        if (index + turn) % 2 == 0 {
                            watcher.dispose(by: "its own thread")
                        } else {
                            handOff.push(watcher, from: index)
                            handOff.pop(notFrom: index)?.dispose(by: "another racing thread")
                        }
                    }
                }
                while let watcher = handOff.pop(notFrom: -1) { watcher.dispose(by: "the test") }
                joined += racers.items.count
                leftOnOtherThreads += racers.items.filter { $0.disposedBy == "another racing thread" }.count

                let subscribed = subscriptions.load(ordering: .relaxed)
                if subscribed != 1 { failures.append("round \(round): the source was subscribed \(subscribed) times") }
                if holding {
                    if disposals.load(ordering: .relaxed) != 0 {
                        failures.append("round \(round): the connection was disposed while two subscribers remained")
                    }
                    // The connection still works: a value reaches both holders.
                    sourceSubscriber.items.first?.sendNext(42)
                    for holder in holders where holder.values != [42] {
                        failures.append("round \(round): \(holder.label) got \(holder.values), not [42]")
                    }
                    holders[0].dispose(by: "the test")
                    if disposals.load(ordering: .relaxed) != 0 {
                        failures.append("round \(round): disposed while one subscriber remained")
                    }
                    holders[1].dispose(by: "the test")
                }
                if disposals.load(ordering: .relaxed) != 1 {
                    failures.append("round \(round): after the last subscriber left, the source subscription was disposed \(disposals.load(ordering: .relaxed)) times, not once")
                }
                // As in RAC 2.5, autoconnect never reconnects.
                let late = Stress.Watcher(id: -1, role: .late)
                late.subscribe(to: shared, refs: refs)
                late.dispose(by: "the test")
                if subscriptions.load(ordering: .relaxed) != 1 || disposals.load(ordering: .relaxed) != 1 {
                    failures.append("round \(round): a later subscriber reconnected or disposed again")
                }
                for watcher in racers.items + holders + [late] {
                    if watcher.afterDisposeReturned > 1 || watcher.afterTerminal > 0 || watcher.overlaps > 0 {
                        failures.append("round \(round): \(watcher.label) broke the event contract")
                    }
                    watcher.forget()
                }
            }
            let alive = refs.alive
            if !alive.isEmpty { failures.append("round \(round): still alive: \(alive.prefix(3).joined(separator: "; "))") }
            if failures.count > 20 { break }
        }
        let seconds = Date().timeIntervalSince(started)
        print("[stress] autoconnect: \(threads) threads × \(rounds) rounds, \(joined) subscribers joined and left "
              + "(\(leftOnOtherThreads) disposed by another thread), \(String(format: "%.2f", seconds)) s")
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }

    @Test("the drain queue under every subject: items each thread submits are handled in the order it submitted them, one at a time, none lost")
    func drainQueueOrder() {
        let threads = 4, perThread = Stress.scale.sendsPerSender * 4
        let queue = DrainQueue<Int>()
        let handled = Stress.List<Int>()
        let inside = Atomic(0), overlaps = Atomic(0)
        let started = Date()
        let finished = Stress.onThreads(threads) { thread in
            for sequence in 0..<perThread {
                queue.submit(Stress.encode(sender: thread, sequence: sequence)) { item in
                    if inside.add(1, ordering: .relaxed).newValue > 1 { overlaps.add(1, ordering: .relaxed) }
                    handled.append(item)
                    inside.subtract(1, ordering: .relaxed)
                }
            }
        }
        #expect(finished)
        let items = handled.items
        var next = [Int](repeating: 0, count: threads)
        var outOfOrder: [String] = []
        for item in items {
            let thread = Stress.sender(of: item), sequence = Stress.sequence(of: item)
            if sequence != next[thread] {
                outOfOrder.append("thread \(thread): expected \(next[thread]), handled \(sequence)")
            }
            next[thread] = max(next[thread], sequence + 1)
        }
        print("[stress] DrainQueue: \(threads) threads × \(perThread) items, \(outOfOrder.count) out of order, "
              + "\(String(format: "%.2f", Date().timeIntervalSince(started))) s")
        #expect(items.count == threads * perThread)
        #expect(overlaps.load(ordering: .relaxed) == 0, "items handled at the same time")
        #expect(outOfOrder.isEmpty, "\(outOfOrder.count) items handled out of their thread's order: \(outOfOrder.prefix(5))")
    }

    @Test("a thread that becomes the drainer queues its item behind one queued by a thread that just missed the previous drainer")
    func newDrainerQueuesBehindEarlierItems() {
        // One interleaving, played by holding threads at the queue's pause points: A drains its item;
        // B misses A and waits; A stops; B queues its item and waits; C finds no drainer and becomes
        // it. RAC's promise is that items are handled in the order they were queued: a, b, then c.
        let aRunning = DispatchSemaphore(value: 0), bMissed = DispatchSemaphore(value: 0)
        let aStopped = DispatchSemaphore(value: 0), bQueued = DispatchSemaphore(value: 0)
        let cDone = DispatchSemaphore(value: 0), bothDone = DispatchSemaphore(value: 0)
        let firsts = Stress.List<String>()
        let queue = DrainQueue<String>(pause: { moment in
            // Only the first time at each moment is held: A's stop, B's miss and B's queueing.
            let name = "\(moment)"
            guard !firsts.items.contains(name) else { return }
            firsts.append(name)
            switch moment {
            case .missedTheDrainer:
                bMissed.signal()
                aStopped.wait()
            case .stoppedDraining:
                aStopped.signal()
                cDone.wait()
                cDone.signal()
            case .queuedForTheDrainer:
                bQueued.signal()
                cDone.wait()
                cDone.signal()
            }
        })
        let handled = Stress.List<String>()
        let handle: @Sendable (String) -> Void = { item in
            handled.append(item)
            if item == "a" {
                aRunning.signal()
                bMissed.wait()
            }
        }
        Thread.detachNewThread {
            queue.submit("a", handle)
            bothDone.signal()
        }
        aRunning.wait()
        Thread.detachNewThread {
            queue.submit("b", handle)
            bothDone.signal()
        }
        bQueued.wait()
        queue.submit("c", handle)
        cDone.signal()
        bothDone.wait()
        bothDone.wait()
        #expect(handled.items == ["a", "b", "c"])
        #expect(firsts.items.sorted() == ["missedTheDrainer", "queuedForTheDrainer", "stoppedDraining"])
    }

    @Test("a value an instrument is told was delivered reaches the subscriber, even when another thread disposes the subscription at that moment")
    func reportedDeliveryReachesTheSubscriber() {
        // The stress cases found traces with a `next` the subscriber never received, and a
        // `next` reported after its subscription's `dispose`. This makes the interleaving
        // certain: the instrument's report of the delivery is where another thread starts
        // disposing the subscription. (An instrument must not wait for other threads that use
        // the signals, so the report does not wait for the disposal; the test does, afterwards.)
        let instrument = DisposingInstrument()
        let subject = Instrumentation.withInstrument(instrument) { Subject<Int>() }
        let received = Stress.List<Int>()
        let subscription = subject.subscribe(label: "subscriber", next: { received.append($0) })
        let disposed = DispatchSemaphore(value: 0)
        instrument.onFirstNext {
            Thread.detachNewThread {
                subscription.dispose()
                disposed.signal()
            }
        }
        subject.sendNext(1)
        disposed.wait()
        subject.sendNext(2)
        #expect(instrument.nextReports == 1)
        #expect(received.items == [1],
                "the instrument (and so the trace) reports \(instrument.nextReports) deliveries; the subscriber got \(received.items)")
        #expect(instrument.reports == ["next", "disposed"], "the delivery is reported before the disposal")
    }

    @Test("SIGVIZ_STRESS_SCALE: unset is the CI run, full is issue 7's figures, a number multiplies the CI run")
    func scale() {
        #expect(Stress.Scale.parse(nil).sendsPerSender == 12_500)
        #expect(Stress.Scale.parse("").connectRounds == 1_000)
        #expect(Stress.Scale.parse("full").sendsPerSender == 100_000)
        #expect(Stress.Scale.parse("FULL").connectRounds == 10_000)
        #expect(Stress.Scale.parse("2").sendsPerSender == 25_000)
        #expect(Stress.Scale.parse("0.1").connectRounds == 100)
        #expect(Stress.Scale.parse("full").autoconnectRounds == 10_000)
        print("[stress] \(Stress.scale)")
    }
}

/// Counts `next` reports and runs an action, once, when the first one arrives.
private final class DisposingInstrument: Instrument, @unchecked Sendable {
    // @unchecked: every var is guarded by `lock`.
    private let lock = NSLock()
    private var action: (@Sendable () -> Void)?
    private var nexts = 0

    func onFirstNext(_ action: @escaping @Sendable () -> Void) {
        lock.lock()
        self.action = action
        lock.unlock()
    }

    var nextReports: Int {
        lock.lock()
        defer { lock.unlock() }
        return nexts
    }

    private var kinds: [String] = []

    /// The kinds of the deliveries and disposals reported, in order.
    var reports: [String] {
        lock.lock()
        defer { lock.unlock() }
        return kinds
    }

    func record(_ event: InstrumentationEvent) {
        if case .disposed = event.kind {
            lock.lock()
            kinds.append("disposed")
            lock.unlock()
        }
        guard case .next = event.kind else { return }
        lock.lock()
        kinds.append("next")
        nexts += 1
        let action = self.action
        self.action = nil
        lock.unlock()
        action?()
    }
}
