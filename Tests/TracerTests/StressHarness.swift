// The stress harness: threads sending into hot signals while subscribers join and leave,
// and the checks of the event contract on what each subscriber saw.
//
// It uses only the public API of Reactive, so that Tests/TracerTests/StressHarness.swift can
// be an identical copy (a test there checks that the two files stay the same): the tracing
// stress test needs the Tracer module, which this test target does not depend on.
//
// Shared state in here is guarded by NSLock, never by Synchronization.Mutex, which
// ThreadSanitizer cannot see on Linux; Atomic serves only for counters and start flags.

import Dispatch
import Foundation
import Reactive
import Synchronization

/// The stress suite's knobs, figures and helpers.
enum Stress {
    // MARK: Scale

    /// How much work the stress tests do, from the environment variable `SIGVIZ_STRESS_SCALE`:
    ///
    /// - unset, empty or `default`: the CI run, 8 senders × 12,500 values (100,000 sends) per
    ///   case, 1,000 rounds of 64 racing `connect()` calls and 200 rounds of 64 threads joining
    ///   and leaving an autoconnected signal;
    /// - `full`: the soak of issue 7, 8 senders × 100,000 values per case and 10,000 rounds of
    ///   64 racing `connect()` calls, and 10,000 autoconnect rounds;
    /// - a positive number `m`: the CI run's figures multiplied by `m` (`0.1` for a quick try).
    struct Scale: Sendable, CustomStringConvertible {
        /// Values each sender thread sends, per case.
        let sendsPerSender: Int
        /// Rounds of 64 threads racing `connect()`.
        let connectRounds: Int
        /// Rounds of 64 threads joining and leaving an autoconnected signal.
        let autoconnectRounds: Int
        /// What the variable said.
        let name: String

        var description: String {
            "SIGVIZ_STRESS_SCALE=\(name): \(sendsPerSender) sends per sender, "
                + "\(connectRounds) connect rounds, \(autoconnectRounds) autoconnect rounds"
        }

        static let ciDefault = Scale(sendsPerSender: 12_500, connectRounds: 1_000, autoconnectRounds: 200, name: "default")
        static let full = Scale(sendsPerSender: 100_000, connectRounds: 10_000, autoconnectRounds: 10_000, name: "full")

        static func parse(_ text: String?) -> Scale {
            let text = (text ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            switch text {
            case "", "default": return .ciDefault
            case "full", "soak": return .full
            default:
                guard let factor = Double(text), factor > 0, factor.isFinite else {
                    preconditionFailure("SIGVIZ_STRESS_SCALE must be 'default', 'full' or a positive number, not '\(text)'")
                }
                func scaled(_ count: Int) -> Int { max(1, Int((Double(count) * factor).rounded())) }
                return Scale(
                    sendsPerSender: scaled(Scale.ciDefault.sendsPerSender),
                    connectRounds: scaled(Scale.ciDefault.connectRounds),
                    autoconnectRounds: scaled(Scale.ciDefault.autoconnectRounds),
                    name: text)
            }
        }
    }

    /// The scale this run uses.
    static let scale = Scale.parse(ProcessInfo.processInfo.environment["SIGVIZ_STRESS_SCALE"])

    // MARK: Values

    /// A value that says who sent it and its place in that sender's sequence.
    static func encode(sender: Int, sequence: Int) -> Int { sender << 32 | sequence }
    static func sender(of value: Int) -> Int { value >> 32 }
    static func sequence(of value: Int) -> Int { value & 0xFFFF_FFFF }

    // MARK: Threads

    /// Runs `body(0..<count)` on `count` new threads that start together, and waits for them.
    /// Returns whether they all finished within `timeout` seconds.
    @discardableResult
    static func onThreads(_ count: Int, timeout: Double = 600, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
        let ready = Atomic(0)
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            // The thread holds `body` only through the box, which lets go of it before the
            // thread reports that it is done: what `body` captures is released by the time
            // this function returns, although the thread itself may still be exiting.
            let box = BodyBox(body)
            let thread = Thread {
                ready.add(1, ordering: .acquiringAndReleasing)
                while ready.load(ordering: .acquiring) < count { sched_yield() }
                box.run(index)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        return group.wait(timeout: .now() + timeout) == .success
    }

    /// Holds a thread's work until it has run once.
    private final class BodyBox: @unchecked Sendable {
        // @unchecked: `body` is guarded by `lock`.
        private let lock = NSLock()
        private var body: (@Sendable (Int) -> Void)?
        init(_ body: @escaping @Sendable (Int) -> Void) { self.body = body }
        func run(_ index: Int) {
            lock.lock()
            let body = self.body
            self.body = nil
            lock.unlock()
            body?(index)
        }
    }

    /// Threads that live for many rounds: ``run(_:)`` hands each of them the same work,
    /// releases them together and waits until all are done. Much cheaper than starting
    /// 64 threads for each of 10,000 rounds.
    final class Team: @unchecked Sendable {
        // @unchecked: `work` is guarded by `lock`; the rest are atomics and constants.
        let count: Int
        private let lock = NSLock()
        private var work: (@Sendable (Int) -> Void)?
        private let round = Atomic(0)
        private let done = Atomic(0)
        private let stopped = Atomic(false)
        private let exited = DispatchGroup()

        init(_ count: Int) {
            self.count = count
            for index in 0..<count {
                exited.enter()
                let thread = Thread { [self] in loop(index) }
                thread.stackSize = 1 << 20
                thread.start()
            }
        }

        private func loop(_ index: Int) {
            var seen = 0
            while true {
                var current = round.load(ordering: .acquiring)
                while current == seen, !stopped.load(ordering: .acquiring) {
                    sched_yield()
                    current = round.load(ordering: .acquiring)
                }
                if current == seen { break }  // stopped
                seen = current
                perform(index)
                done.add(1, ordering: .acquiringAndReleasing)
            }
            exited.leave()
        }

        /// Runs this round's work; a function of its own so that the thread lets go of the
        /// work (and what it captures) before it reports that it is done.
        private func perform(_ index: Int) {
            lock.lock()
            let work = self.work
            lock.unlock()
            work?(index)
        }

        /// Runs `body(0..<count)`, one call on each thread, all released at once, and lets go
        /// of `body` when they are done.
        func run(_ body: @escaping @Sendable (Int) -> Void) {
            lock.lock()
            work = body
            lock.unlock()
            done.store(0, ordering: .releasing)
            round.add(1, ordering: .acquiringAndReleasing)
            while done.load(ordering: .acquiring) < count { sched_yield() }
            lock.lock()
            work = nil
            lock.unlock()
        }

        /// Ends the threads and waits for them.
        func stop() {
            stopped.store(true, ordering: .releasing)
            exited.wait()
            lock.lock()
            work = nil
            lock.unlock()
        }
    }

    /// A list several threads append to, guarded by NSLock.
    final class List<Element>: @unchecked Sendable {
        // @unchecked: `storage` is only touched under `lock`.
        private let lock = NSLock()
        private var storage: [Element] = []

        func append(_ element: Element) {
            lock.lock()
            storage.append(element)
            lock.unlock()
        }

        func popFirst() -> Element? {
            lock.lock()
            defer { lock.unlock() }
            return storage.isEmpty ? nil : storage.removeFirst()
        }

        var items: [Element] {
            lock.lock()
            defer { lock.unlock() }
            return storage
        }
    }

    /// Weak references, to check that what a case made is gone when it ends.
    final class WeakRefs: @unchecked Sendable {
        // @unchecked: guarded by `lock`.
        private final class Ref {
            weak var object: AnyObject?
            let name: String
            init(_ object: AnyObject, _ name: String) { self.object = object; self.name = name }
        }

        private let lock = NSLock()
        private var refs: [Ref] = []

        func add(_ object: AnyObject, _ name: String) {
            let ref = Ref(object, name)
            lock.lock()
            refs.append(ref)
            lock.unlock()
        }

        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return refs.count
        }

        /// The names of the objects still alive.
        var alive: [String] {
            lock.lock()
            defer { lock.unlock() }
            return refs.filter { $0.object != nil }.map(\.name)
        }
    }

    /// Something a subscriber's closures capture: released with the closures.
    final class Token: Sendable {}

    // MARK: Subscribers

    /// What one subscriber saw, and how it left.
    final class Watcher: @unchecked Sendable {
        // @unchecked: every var is guarded by `lock`.

        enum Role: String, Sendable, CaseIterable {
            /// Subscribed before the sends, stays to the end: sees everything.
            case stayer
            /// Disposed by its own thread right after subscribing.
            case immediate
            /// Disposed by its own thread once it has received some values.
            case afterSome
            /// Disposes itself from inside its `next` handler once it has received some values.
            case selfDispose
            /// Disposed by another churner thread.
            case handOff
            /// Subscribed after the terminal event.
            case late
        }

        enum Terminal: Sendable { case completed, error }

        let id: Int
        let role: Role
        let label: String
        /// For ``Role/afterSome`` and ``Role/selfDispose``: how many values before leaving.
        let quota: Int
        let subscribingThread: Int

        private let lock = NSLock()
        private var _values: [Int] = []
        private var _terminals: [Terminal] = []
        private var busy = false
        private var _overlaps = 0
        private var _afterTerminal = 0
        private var _afterSelfDispose = 0
        private var _afterDisposeReturned = 0
        private var disposeReturned = false
        private var selfDisposed = false
        private var pendingSelfDispose = false
        private var _disposedBy: String?
        private var disposable: (any Disposable)?

        init(id: Int, role: Role, quota: Int = 0, thread: Int = -1) {
            self.id = id
            self.role = role
            self.quota = quota
            subscribingThread = thread
            label = "\(role.rawValue) \(id)"
        }

        private func locked<R>(_ body: () -> R) -> R {
            lock.lock()
            defer { lock.unlock() }
            return body()
        }

        var values: [Int] { locked { _values } }
        var valueCount: Int { locked { _values.count } }
        var terminals: [Terminal] { locked { _terminals } }
        /// Times a handler was entered while another was running: must be 0.
        var overlaps: Int { locked { _overlaps } }
        /// Events after a terminal event: must be 0.
        var afterTerminal: Int { locked { _afterTerminal } }
        /// Events after the subscriber disposed itself from its handler: must be 0.
        var afterSelfDispose: Int { locked { _afterSelfDispose } }
        /// Events that started after `dispose()` returned on another thread: at most the one
        /// delivery already running (EventContract.md, "Disposal stops delivery").
        var afterDisposeReturned: Int { locked { _afterDisposeReturned } }
        /// Who disposed the subscription: `nil` when nobody did.
        var disposedBy: String? { locked { _disposedBy } }

        /// Subscribes to `signal` synchronously (a replay subject's history is queued in turn
        /// with the sends), with closures that capture a fresh ``Token``.
        func subscribe(to signal: Signal<Int>, refs: WeakRefs) {
            let token = Token()
            refs.add(token, "closure token of \(label)")
            let subscription = Scheduler.immediate.perform {
                signal.subscribe(
                    label: label,
                    next: { [self, token] value in withExtendedLifetime(token) { receive(value) } },
                    error: { [self, token] _ in withExtendedLifetime(token) { terminate(.error) } },
                    completed: { [self, token] in withExtendedLifetime(token) { terminate(.completed) } })
            }
            // Once the watcher forgets it, nothing should hold the subscription's disposable:
            // the runtime's subscriber for this subscription (which holds it) is gone too.
            refs.add(subscription, "the subscription of \(label)")
            let disposeNow = locked { () -> Bool in
                disposable = subscription
                return pendingSelfDispose
            }
            if disposeNow { dispose(by: "its own thread, on behalf of its handler") }
        }

        private func receive(_ value: Int) {
            let toDispose = locked { () -> (any Disposable)? in
                enter()
                _values.append(value)
                guard role == .selfDispose, _values.count == quota else { return nil }
                if disposable == nil { pendingSelfDispose = true }
                return disposable
            }
            if let toDispose {
                toDispose.dispose()
                locked {
                    selfDisposed = true
                    if _disposedBy == nil { _disposedBy = "its next handler" }
                }
            }
            let waitedOn = locked { () -> Bool in
                busy = false
                return _values.count >= quota && (role == .afterSome || role == .handOff) && !disposeReturned
            }
            // A subscriber that another thread is about to dispose gives it the processor: on
            // two cores a replay would otherwise run through the whole history before the
            // disposing thread is scheduled again.
            if waitedOn { sched_yield() }
        }

        private func terminate(_ kind: Terminal) {
            locked {
                enter()
                _terminals.append(kind)
                busy = false
            }
        }

        /// Bookkeeping at the start of a delivery; under the lock.
        private func enter() {
            if busy { _overlaps += 1 }
            busy = true
            if !_terminals.isEmpty { _afterTerminal += 1 }
            if selfDisposed { _afterSelfDispose += 1 }
            if disposeReturned { _afterDisposeReturned += 1 }
        }

        /// Lets go of the subscription's disposable, at the end of a case.
        func forget() { locked { disposable = nil } }

        /// Disposes the subscription and notes that `dispose()` has returned.
        func dispose(by who: String) {
            let subscription = locked { disposable }
            subscription?.dispose()
            locked {
                disposeReturned = true
                if _disposedBy == nil { _disposedBy = who }
            }
        }
    }

    // MARK: Targets

    /// The hot signals the senders send into.
    enum Kind: Sendable, CustomStringConvertible {
        case subject
        /// A replay subject; `nil` for unlimited capacity.
        case replaySubject(capacity: Int?)
        /// A subject published through a connection (`publish()` + `connect()`); the senders
        /// send into the source subject.
        case publish

        var description: String {
            switch self {
            case .subject: "Subject"
            case .replaySubject(nil): "ReplaySubject (unlimited)"
            case .replaySubject(let capacity?): "ReplaySubject (capacity \(capacity))"
            case .publish: "publish + connect"
            }
        }

        /// How many values a new subscriber is replayed: `nil` for none, `Int.max` for all.
        var replayCapacity: Int? {
            if case .replaySubject(let capacity) = self { return capacity ?? .max }
            return nil
        }
    }

    /// A hot signal to subscribe to, and how to send into it.
    struct Target: Sendable {
        let signal: Signal<Int>
        let sendNext: @Sendable (Int) -> Void
        let sendCompleted: @Sendable () -> Void

        /// Makes a fresh target of `kind`; registers its objects with `refs`.
        static func make(_ kind: Kind, refs: WeakRefs) -> Target {
            switch kind {
            case .subject:
                let subject = Subject<Int>().named("stress subject")
                refs.add(subject, "the subject")
                return Target(signal: subject, sendNext: subject.sendNext, sendCompleted: subject.sendCompleted)
            case .replaySubject(let capacity):
                let subject = ReplaySubject<Int>(capacity: capacity ?? ReplaySubject<Int>.unlimitedCapacity)
                    .named("stress replay subject")
                refs.add(subject, "the replay subject")
                return Target(signal: subject, sendNext: subject.sendNext, sendCompleted: subject.sendCompleted)
            case .publish:
                let source = Subject<Int>().named("stress source")
                let connection = source.publish()
                refs.add(source, "the source subject")
                refs.add(connection, "the connection")
                refs.add(connection.signal, "the connection's subject")
                Scheduler.immediate.perform { _ = connection.connect() }
                return Target(signal: connection.signal, sendNext: source.sendNext, sendCompleted: source.sendCompleted)
            }
        }
    }

    // MARK: Running a case

    /// What a case did, and everything needed to check it.
    struct Outcome: Sendable {
        let kind: Kind
        let senders: Int
        let sendsPerSender: Int
        let churners: Int
        /// Whether sender 0 sent completion halfway, racing the other senders.
        let completedMidway: Bool
        /// Threads that ran at once: senders and churners.
        var threads: Int { senders + churners }
        var totalSends: Int { senders * sendsPerSender }
        let stayers: [Watcher]
        let churned: [Watcher]
        let late: Watcher
        let finishedInTime: Bool
        /// Names of objects of the case still alive after it ended.
        let leaked: [String]
        let weakRefs: Int
        /// The longest a single `sendNext` call took, in seconds: a sender that finds the
        /// signal idle delivers what others queue meanwhile before it returns.
        let longestSend: Double
        let seconds: Double

        var all: [Watcher] { stayers + churned + [late] }
        /// Subscriptions made during the sends (stayers and late subscriber excluded).
        var joined: Int { churned.count }
        /// Subscriptions disposed before the end.
        var left: Int { churned.filter { $0.disposedBy != nil }.count }
        /// Deliveries already running when `dispose()` returned on another thread.
        var inFlight: Int { all.reduce(0) { $0 + $1.afterDisposeReturned } }

        var summary: String {
            let perRole = Dictionary(grouping: churned, by: \.role).mapValues(\.count)
            let roles = Watcher.Role.allCases.compactMap { role in perRole[role].map { "\(role.rawValue) \($0)" } }
            return "\(kind): \(threads) threads (\(senders) senders × \(sendsPerSender) values = \(totalSends) sends, "
                + "\(churners) churners), \(stayers.count) stayers, \(joined) subscribers joined "
                + "(\(roles.joined(separator: ", "))), \(left) left before the end, "
                + "\(inFlight) in-flight deliveries finished after dispose() returned, "
                + "\(weakRefs) weak references checked, longest sendNext \(String(format: "%.3f", longestSend)) s, "
                + "\(String(format: "%.2f", seconds)) s"
        }
    }

    /// Runs one case: `senders` threads send `sendsPerSender` values each into a fresh target
    /// while `churners` threads subscribe and dispose continuously; then the target completes,
    /// a late subscriber joins, and everything the case made is dropped and must be released.
    ///
    /// - Parameters:
    ///   - completeMidway: Sender 0 sends completion halfway through its values, racing the
    ///     other senders, instead of the test completing the target after all the sends.
    ///   - make: Makes the target; the trace test wraps it in `withInstrument`.
    static func run(
        _ kind: Kind, senders: Int = 8, sendsPerSender: Int = Stress.scale.sendsPerSender, churners: Int = 4,
        completeMidway: Bool = false, make: (Kind, WeakRefs) -> Target = Target.make
    ) -> Outcome {
        let started = Date()
        let refs = WeakRefs()
        let ids = Atomic(0)
        let capacity = kind.replayCapacity
        // A self-disposing or waiting subscriber of a bounded replay subject stays for more
        // than the replayed values, so that it also gets live ones.
        let quotaBase = capacity.map { $0 == .max ? 16 : $0 + 1 } ?? 1

        let collected = Collected()
        let longestSend = Longest()
        var stayers: [Watcher] = []
        let late = Watcher(id: -1, role: .late)
        var finished = false

        do {
            let target = make(kind, refs)
            stayers = (0..<2).map { Watcher(id: -2 - $0, role: .stayer) }
            for stayer in stayers { stayer.subscribe(to: target.signal, refs: refs) }

            let sendersDone = Atomic(0)
            let sent = Atomic(0)
            let handOff = HandOff()
            // Churners pace themselves on the sends: round r waits until r × stride values
            // have been sent. Without it, churners that subscribe to a replay subject as fast
            // as they can keep the thread that drains it busy forever (see `longestSend`).
            let stride = max(1, (senders * sendsPerSender) / roundsPerChurner(sendsPerSender))
            finished = onThreads(senders + churners) { worker in
                if worker < senders {
                    var longest: UInt64 = 0
                    for sequence in 0..<sendsPerSender {
                        if completeMidway, worker == 0, sequence == sendsPerSender / 2 { target.sendCompleted() }
                        let start = DispatchTime.now().uptimeNanoseconds
                        target.sendNext(encode(sender: worker, sequence: sequence))
                        longest = max(longest, DispatchTime.now().uptimeNanoseconds - start)
                        if sequence % 16 == 15 { sent.add(16, ordering: .relaxed) }
                    }
                    sent.add(sendsPerSender % 16, ordering: .relaxed)
                    longestSend.record(longest)
                    sendersDone.add(1, ordering: .acquiringAndReleasing)
                    return
                }
                var round = 0
                while sendersDone.load(ordering: .acquiring) < senders {
                    round += 1
                    // Meanwhile, dispose what other churners handed over, at once.
                    while sent.load(ordering: .relaxed) < round * stride,
                          sendersDone.load(ordering: .acquiring) < senders {
                        if let other = handOff.pop(notFrom: worker) {
                            other.dispose(by: "another thread")
                        } else {
                            sched_yield()
                        }
                    }
                    let roles: [Watcher.Role] = [.immediate, .afterSome, .selfDispose, .handOff]
                    let role = roles[(round + worker) % roles.count]
                    let quota = quotaBase + (round * 7 + worker) % 32
                    let watcher = Watcher(
                        id: ids.add(1, ordering: .relaxed).oldValue, role: role, quota: quota, thread: worker)
                    collected.append(watcher)
                    watcher.subscribe(to: target.signal, refs: refs)
                    switch role {
                    case .immediate:
                        watcher.dispose(by: "its own thread, at once")
                    case .afterSome:
                        while watcher.valueCount < quota, sendersDone.load(ordering: .acquiring) < senders {
                            sched_yield()
                        }
                        watcher.dispose(by: "its own thread, after \(quota) values")
                    case .selfDispose:
                        break
                    case .handOff:
                        handOff.push(watcher, from: worker)
                        handOff.pop(notFrom: worker)?.dispose(by: "another thread")
                    case .stayer, .late:
                        preconditionFailure()
                    }
                }
            }
            if !completeMidway { target.sendCompleted() }
            // Left in the hand-off list: disposed after the terminal event, which is harmless.
            while let watcher = handOff.pop(notFrom: -1) { watcher.dispose(by: "the test, after the end") }
            late.subscribe(to: target.signal, refs: refs)
            late.dispose(by: "the test, after the end")
            for watcher in stayers + collected.watchers + [late] { watcher.forget() }
        }
        // Everything the case made is out of scope: the target, its closures, the connection.
        return Outcome(
            kind: kind, senders: senders, sendsPerSender: sendsPerSender, churners: churners,
            completedMidway: completeMidway, stayers: stayers, churned: collected.watchers, late: late, finishedInTime: finished,
            leaked: refs.alive, weakRefs: refs.count, longestSend: Double(longestSend.value) / 1e9,
            seconds: Date().timeIntervalSince(started))
    }

    /// How many rounds each churner makes per case: one subscription per round.
    static func roundsPerChurner(_ sendsPerSender: Int) -> Int { max(1, sendsPerSender / 8) }

    /// The longest time one `sendNext` took, in nanoseconds.
    private final class Longest: @unchecked Sendable {
        private let lock = NSLock()
        private var longest: UInt64 = 0
        func record(_ nanoseconds: UInt64) {
            lock.lock()
            longest = max(longest, nanoseconds)
            lock.unlock()
        }
        var value: UInt64 {
            lock.lock()
            defer { lock.unlock() }
            return longest
        }
    }

    /// The churners' watchers, in the order they were made.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Watcher] = []
        func append(_ watcher: Watcher) {
            lock.lock()
            storage.append(watcher)
            lock.unlock()
        }
        var watchers: [Watcher] {
            lock.lock()
            defer { lock.unlock() }
            return storage
        }
    }

    /// Subscriptions one thread hands to another to dispose.
    final class HandOff: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(watcher: Watcher, thread: Int)] = []
        func push(_ watcher: Watcher, from thread: Int) {
            lock.lock()
            entries.append((watcher, thread))
            lock.unlock()
        }
        func pop(notFrom thread: Int) -> Watcher? {
            lock.lock()
            defer { lock.unlock() }
            guard let index = entries.firstIndex(where: { $0.thread != thread }) else { return nil }
            return entries.remove(at: index).watcher
        }
    }

    // MARK: Checking

    /// Checks everything the event contract promises about a case; returns the violations.
    static func problems(in outcome: Outcome) -> [String] {
        if outcome.completedMidway { return midwayProblems(in: outcome) }
        var problems: [String] = []
        func fail(_ message: String) { problems.append(message) }
        let total = outcome.totalSends, perSender = outcome.sendsPerSender

        if !outcome.finishedInTime { fail("the threads did not finish in time") }
        if !outcome.leaked.isEmpty {
            fail("still alive after the case: \(outcome.leaked.prefix(5).joined(separator: "; "))"
                 + (outcome.leaked.count > 5 ? " and \(outcome.leaked.count - 5) more" : ""))
        }

        // The global order: the first stayer saw every value.
        let order = outcome.stayers[0].values
        var position = [Int32](repeating: -1, count: total)
        func slot(_ value: Int) -> Int? {
            let sender = sender(of: value), sequence = sequence(of: value)
            guard (0..<outcome.senders).contains(sender), (0..<perSender).contains(sequence) else { return nil }
            return sender * perSender + sequence
        }
        if order.count != total { fail("stayer got \(order.count) values, not the \(total) sent") }
        var next = [Int](repeating: 0, count: outcome.senders)
        for (index, value) in order.enumerated() {
            guard let slot = slot(value) else { fail("stayer got a value nobody sent: \(value)"); break }
            guard sequence(of: value) == next[sender(of: value)] else {
                fail("stayer: sender \(sender(of: value)) sent \(next[sender(of: value)]) next, got \(sequence(of: value))")
                break
            }
            next[sender(of: value)] += 1
            position[slot] = Int32(index)
        }
        for stayer in outcome.stayers.dropFirst() where stayer.values != order {
            fail("\(stayer.label): its values are not the other stayer's (one global order)")
        }

        for watcher in outcome.all {
            let name = watcher.label
            if watcher.overlaps != 0 { fail("\(name): handlers overlapped \(watcher.overlaps) times") }
            if watcher.afterTerminal != 0 { fail("\(name): \(watcher.afterTerminal) events after its terminal event") }
            if watcher.afterSelfDispose != 0 {
                fail("\(name): \(watcher.afterSelfDispose) events after it disposed itself in its handler")
            }
            if watcher.afterDisposeReturned > 1 {
                fail("\(name): \(watcher.afterDisposeReturned) events started after dispose() returned (at most the one running may finish)")
            }
            let terminals = watcher.terminals
            if terminals.count > 1 { fail("\(name): \(terminals.count) terminal events") }
            if terminals.contains(.error) { fail("\(name): an error nobody sent") }

            // The window: consecutive positions in the global order.
            let values = watcher.values
            var first: Int?
            var previous: Int?
            for value in values {
                guard let slot = slot(value), position[slot] >= 0 else {
                    fail("\(name): a value the stayer never got: \(value)")
                    break
                }
                let here = Int(position[slot])
                if let previous, here != previous + 1 {
                    fail("\(name): after position \(previous) of the global order came \(here): "
                         + (here <= previous ? "a duplicate or reordering" : "a gap"))
                    break
                }
                if first == nil { first = here }
                previous = here
            }

            let stayedToTheEnd = watcher.role != .late && (watcher.disposedBy == nil
                || watcher.disposedBy == "the test, after the end")
            if stayedToTheEnd {
                if terminals.count != 1 { fail("\(name): stayed to the end but got \(terminals.count) terminal events") }
                if let previous, previous != total - 1 {
                    fail("\(name): stayed to the end but its last value is at \(previous), not \(total - 1)")
                }
            } else if watcher.role != .late, !terminals.isEmpty {
                // Every churner was disposed before the terminal event was sent.
                fail("\(name): left before the end but got a terminal event")
            }
            if watcher.role == .late {
                let expected = outcome.kind.replayCapacity == nil ? 0 : 1
                if terminals.count != expected {
                    fail("\(name): a late subscriber got \(terminals.count) terminal events, not \(expected)")
                }
            }

            switch outcome.kind.replayCapacity {
            case .max:
                // Unlimited replay: the history from its start, then the live values.
                if let first, first != 0 { fail("\(name): an unlimited replay started at \(first), not 0") }
                if stayedToTheEnd || watcher.role == .late, values.count != total {
                    fail("\(name): an unlimited replay subscriber that stayed got \(values.count) of \(total)")
                }
            case let capacity?:
                // Bounded replay: at most `capacity` values of history, then the live ones. A
                // window that does not start at 0 began with a full buffer; it is shorter only
                // if the subscriber left during the replay.
                if let first, first > 0, values.count < capacity, stayedToTheEnd || watcher.role == .late {
                    fail("\(name): replay started at \(first) with only \(values.count) values, capacity \(capacity)")
                }
                if watcher.role == .late, values != Array(order.suffix(capacity)) {
                    fail("\(name): a late subscriber should get the last \(capacity) values")
                }
            case nil:
                if watcher.role == .late, !values.isEmpty || !terminals.isEmpty {
                    fail("\(name): a hot subject replayed something to a late subscriber")
                }
            }
        }
        return problems
    }

    /// The checks of a case whose completion raced the sends. There is no global order to
    /// compare with (a plain subject forgets completion, so later subscribers get later
    /// values), so each window is checked per sender: consecutive sequence numbers.
    static func midwayProblems(in outcome: Outcome) -> [String] {
        var problems: [String] = []
        func fail(_ message: String) { problems.append(message) }
        let total = outcome.totalSends, perSender = outcome.sendsPerSender

        if !outcome.finishedInTime { fail("the threads did not finish in time") }
        if !outcome.leaked.isEmpty {
            fail("still alive after the case: \(outcome.leaked.prefix(5).joined(separator: "; "))"
                 + (outcome.leaked.count > 5 ? " and \(outcome.leaked.count - 5) more" : ""))
        }

        /// The first sequence number of each sender in `values`, if they are consecutive per sender.
        func windows(_ values: [Int], _ name: String) -> [Int: Int]? {
            var first: [Int: Int] = [:], last: [Int: Int] = [:]
            for value in values {
                let sender = sender(of: value), sequence = sequence(of: value)
                guard (0..<outcome.senders).contains(sender), (0..<perSender).contains(sequence) else {
                    fail("\(name): a value nobody sent: \(value)")
                    return nil
                }
                if let previous = last[sender], sequence != previous + 1 {
                    fail("\(name): sender \(sender)'s \(previous) was followed by \(sequence): "
                         + (sequence <= previous ? "a duplicate or reordering" : "a gap"))
                    return nil
                }
                if first[sender] == nil { first[sender] = sequence }
                last[sender] = sequence
            }
            return first
        }

        // The stayers were there from the start and completed: from each sender a prefix,
        // and from sender 0 exactly what it sent before completing.
        let reference = outcome.stayers[0].values
        for stayer in outcome.stayers {
            if stayer.values != reference { fail("\(stayer.label): its values are not the other stayer's") }
            if stayer.terminals.count != 1 { fail("\(stayer.label): \(stayer.terminals.count) terminal events, not 1") }
        }
        if let first = windows(reference, "stayer") {
            if first.values.contains(where: { $0 != 0 }) { fail("stayer: some sender's values do not start at 0") }
        }
        let fromSender0 = reference.filter { sender(of: $0) == 0 }.count
        if fromSender0 != perSender / 2 {
            fail("stayer: got \(fromSender0) values from sender 0 before completion, which it sent after \(perSender / 2)")
        }

        for watcher in outcome.churned + [outcome.late] {
            let name = watcher.label
            if watcher.overlaps != 0 { fail("\(name): handlers overlapped \(watcher.overlaps) times") }
            if watcher.afterTerminal != 0 { fail("\(name): \(watcher.afterTerminal) events after its terminal event") }
            if watcher.afterSelfDispose != 0 { fail("\(name): \(watcher.afterSelfDispose) events after it disposed itself") }
            if watcher.afterDisposeReturned > 1 {
                fail("\(name): \(watcher.afterDisposeReturned) events started after dispose() returned")
            }
            if watcher.terminals.count > 1 { fail("\(name): \(watcher.terminals.count) terminal events") }
            if watcher.terminals.contains(.error) { fail("\(name): an error nobody sent") }
            let first = windows(watcher.values, name)
            if let first, outcome.kind.replayCapacity == .max, first.values.contains(where: { $0 != 0 }) {
                fail("\(name): an unlimited replay does not start at each sender's first value")
            }
        }

        // A replay subject remembers completion (and, as in RAC 2.5, keeps recording values
        // sent after it); a plain subject does not.
        let late = outcome.late
        switch outcome.kind.replayCapacity {
        case .max:
            if late.values.count != total || late.terminals != [.completed] {
                fail("late: \(late.values.count) values and \(late.terminals) from an unlimited replay subject, not \(total) and completed")
            }
        case let capacity?:
            if late.values.count != min(capacity, total) || late.terminals != [.completed] {
                fail("late: \(late.values.count) values and \(late.terminals) from a replay subject of capacity \(capacity)")
            }
        case nil:
            if !late.values.isEmpty || !late.terminals.isEmpty {
                fail("late: a plain subject replayed \(late.values.count) values and \(late.terminals)")
            }
        }
        return problems
    }
}
