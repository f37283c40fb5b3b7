import Foundation
import Testing
@testable import Reactive

// No user code runs under a lock, and a value's deinit is user code: an operator that keeps a
// value and later replaces it (sample's latest, scan's running result, distinctUntilChanged's
// last, combineLatest's latest of each side, a bounded replay subject's or takeLast's oldest)
// must let go of the replaced value after unlocking. Debug builds count the locks a thread
// holds (LockDepth); each value records the count when it is released.

/// A value whose deinit records how many locks its thread held.
private final class Witness: Sendable, Equatable, CustomStringConvertible {
    let name: String
    private let depths: Depths

    init(_ name: String, _ depths: Depths) {
        self.name = name
        self.depths = depths
    }

    deinit { depths.record(LockDepth.current) }

    static func == (lhs: Witness, rhs: Witness) -> Bool { lhs.name == rhs.name }
    var description: String { name }
}

/// The lock depths recorded at each release, kept with an NSLock (not a `Locked`, which would count).
private final class Depths: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []

    func record(_ depth: Int) {
        lock.lock()
        values.append(depth)
        lock.unlock()
    }

    var recorded: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

@Suite("Operators let go of replaced values outside their locks")
struct ReleaseOutsideLockTests {
    /// Sends three witnesses through `operate` on a subject and returns the depths at which
    /// every witness was released, once nothing holds them any more.
    private func depths(_ operate: (Signal<Witness>) -> Signal<Witness>) -> [Int] {
        let depths = Depths()
        do {
            let scheduler = TestScheduler()
            let subject = Subject<Witness>()
            let disposable = scheduler.perform { operate(subject).subscribe(next: { _ in }) }
            scheduler.perform {
                for name in ["a", "b", "c"] { subject.sendNext(Witness(name, depths)) }
            }
            disposable.dispose()
        }
        return depths.recorded
    }

    @Test("a replay subject sent a second error lets go of the first outside its lock")
    func replacedError() {
        final class Failure: Error, Sendable {
            private let depths: Depths
            init(_ depths: Depths) { self.depths = depths }
            deinit { depths.record(LockDepth.current) }
        }
        let depths = Depths()
        do {
            let subject = ReplaySubject<Int>(capacity: 1)
            subject.sendError(Failure(depths))
            subject.sendError(Failure(depths))
            // The first error is let go of when the second replaces it, the second with the subject.
        }
        #expect(depths.recorded == [0, 0])
    }

    @Test("the counting itself: a value released inside withLock records a held lock")
    func countingWorks() {
        let depths = Depths()
        let box = Locked<Witness?>(Witness("a", depths))
        box.withLock { $0 = nil }
        #expect(depths.recorded == [1])
    }

    @Test("the counting covers the plain lock too: a value released inside Lock.withLock records a held lock")
    func countingWorksForLock() {
        let depths = Depths()
        let lock = Lock()
        var witness: Witness? = Witness("a", depths)
        lock.withLock { witness = nil }
        #expect(witness == nil)
        #expect(depths.recorded == [1])
    }

    @Test("a behavior subject releases the value it replaces unlocked")
    func behaviorSubject() {
        let depths = Depths()
        do {
            let subject = BehaviorSubject(Witness("start", depths))
            for name in ["a", "b", "c"] { subject.sendNext(Witness(name, depths)) }
        }
        #expect(depths.recorded.count == 4)
        #expect(depths.recorded.allSatisfy { $0 == 0 }, "\(depths.recorded)")
    }

    @Test("a replay subject of capacity 2 releases the values it lets go of unlocked, and replays the last 2")
    func replaySubjectOfTwo() {
        let depths = Depths()
        do {
            let subject = ReplaySubject<Witness>(capacity: 2)
            for name in ["a", "b", "c", "d", "e"] { subject.sendNext(Witness(name, depths)) }
            #expect(depths.recorded == [0, 0, 0])
            let received = Locked<[String]>([])
            TestScheduler().perform { _ = subject.subscribe(next: { value in received.withLock { $0.append(value.name) } }) }
            #expect(received.withLock { $0 } == ["d", "e"])
        }
        #expect(depths.recorded.count == 5)
        #expect(depths.recorded.allSatisfy { $0 == 0 }, "\(depths.recorded)")
    }

    @Test("distinctUntilChanged releases the value it replaces unlocked")
    func distinct() {
        let recorded = depths { $0.distinctUntilChanged() }
        #expect(recorded.count == 3)
        #expect(recorded.allSatisfy { $0 == 0 }, "\(recorded)")
    }

    @Test("scan releases its running result unlocked")
    func scan() {
        let recorded = depths { $0.scan(start: Witness("start", Depths())) { _, value in value } }
        #expect(recorded.count == 3)
        #expect(recorded.allSatisfy { $0 == 0 }, "\(recorded)")
    }

    @Test("sample releases the latest value it replaces unlocked")
    func sample() {
        let recorded = depths { $0.sample(Signal<Int>.never()) }
        #expect(recorded.count == 3)
        #expect(recorded.allSatisfy { $0 == 0 }, "\(recorded)")
    }

    @Test("combineLatest releases the latest value of a side it replaces unlocked")
    func combineLatest() {
        let recorded = depths { signal in signal.combineLatest(with: Signal.return(1)).map { $0.0 } }
        #expect(recorded.count == 3)
        #expect(recorded.allSatisfy { $0 == 0 }, "\(recorded)")
    }

    @Test("zip lets go of the values it has paired unlocked, and only once it has paired them")
    func zip() {
        let depths = Depths()
        do {
            let scheduler = TestScheduler()
            let left = Subject<Witness>(), right = Subject<Int>()
            let disposable = scheduler.perform { left.zip(with: right).subscribe(next: { _ in }) }
            scheduler.perform {
                // Each value waits for its partner, then goes with it; later values grow the buffer the paired ones were in.
                for (index, name) in ["a", "b", "c", "d", "e", "f"].enumerated() {
                    left.sendNext(Witness(name, depths))
                    right.sendNext(index)
                }
            }
            disposable.dispose()
        }
        #expect(depths.recorded.count == 6)
        #expect(depths.recorded.allSatisfy { $0 == 0 }, "\(depths.recorded)")
    }

    @Test("a replay subject of capacity 1 releases the value it lets go of unlocked")
    func replaySubject() {
        let depths = Depths()
        do {
            let subject = ReplaySubject<Witness>(capacity: 1)
            for name in ["a", "b", "c"] { subject.sendNext(Witness(name, depths)) }
        }
        #expect(depths.recorded.count == 3)
        #expect(depths.recorded.allSatisfy { $0 == 0 }, "\(depths.recorded)")
    }

    @Test("takeLast releases the value it lets go of unlocked")
    func takeLast() {
        let recorded = depths { $0.takeLast(1) }
        #expect(recorded.count == 3)
        #expect(recorded.allSatisfy { $0 == 0 }, "\(recorded)")
    }
}
