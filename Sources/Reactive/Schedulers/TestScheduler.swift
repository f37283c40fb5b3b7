import Foundation
import Synchronization

/// A scheduler that runs work in virtual time, only when told to
/// (RAC's `RACTestScheduler`, with a virtual clock added).
///
/// Nothing runs until you call ``step()``, ``step(_:)``, ``stepAll()``,
/// ``advance(by:)`` or ``advance(to:)``. Work runs on the calling thread in
/// order of its due time; work due at the same time runs first in, first
/// out. ``now`` moves to each action's due time as it runs, so an experiment
/// spread over seconds runs in microseconds, identically every time.
///
/// ```swift
/// let scheduler = TestScheduler()
/// scheduler.schedule(after: 1) { subject.sendNext("send package 1") }
/// scheduler.schedule(after: 2) { subject.sendNext("send package 2") }
/// scheduler.advance(by: 1.5)   // runs the first; now == 1.5
/// scheduler.stepAll()          // runs the rest; now == 2
/// ```
///
/// While an action runs, the test scheduler is ``Scheduler/current``, so
/// subscriptions made by scheduled work happen synchronously, as on RAC's
/// main thread scheduler. Time is kept in whole nanoseconds.
public final class TestScheduler: Scheduler, @unchecked Sendable {
    private struct Entry: Comparable {
        let time: Int64
        let sequence: Int
        let action: @Sendable () -> Void
        let disposable: BlockDisposable

        /// Earlier time first; at the same time, first scheduled first.
        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.time, lhs.sequence) < (rhs.time, rhs.sequence)
        }

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.time, lhs.sequence) == (rhs.time, rhs.sequence)
        }
    }

    private struct State {
        var now: Int64 = 0
        var queue = BinaryHeap<Entry>()
        var nextSequence = 0
        var isRunning = false
    }

    private let state = Locked(State())
    /// `state.now`, stored under the lock whenever it changes, so that
    /// reading the clock (once per instrumentation report) takes no lock.
    private let clock = Atomic<Int64>(0)

    /// Creates a test scheduler whose clock reads 0.
    public override init(name: String = "TestScheduler") {
        super.init(name: name)
    }

    /// The virtual time in seconds: 0 at creation, then the due time of the
    /// action running or last run, or the time last advanced to.
    override var isVirtualTime: Bool { true }

    public override var now: TimeInterval {
        TimeInterval(clock.load(ordering: .acquiring)) / 1e9
    }

    /// How many actions are waiting (including cancelled ones not yet dropped).
    public var pendingCount: Int {
        state.withLock { $0.queue.count }
    }

    /// Schedules `action` at the current virtual time, after the work already due then.
    @discardableResult
    public override func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        enqueue(action) { $0 }
    }

    /// Schedules `action` at ``now`` plus `delay` seconds.
    @discardableResult
    public override func schedule(
        after delay: TimeInterval, _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        let ticks = nanoseconds(delay)
        return enqueue(action) { Self.adding(ticks, to: $0) }
    }

    /// `time` plus `ticks`, or the end of the clock (`Int64.max` nanoseconds, about 292 years)
    /// when the sum would pass it: work due later than the clock can say is due at its end, and
    /// a run bounded in time (a scenario's) stops before it.
    private static func adding(_ ticks: Int64, to time: Int64) -> Int64 {
        let (sum, overflow) = time.addingReportingOverflow(ticks)
        return overflow ? .max : sum
    }

    /// The due time, in seconds, of the next action not cancelled, or `nil` when none is waiting:
    /// where ``step()`` would move the clock.
    public var nextDueTime: TimeInterval? {
        state.withLock { state in
            while let first = state.queue.first, first.disposable.isDisposed { state.queue.removeFirst() }
            return state.queue.first.map { TimeInterval($0.time) / 1e9 }
        }
    }

    private func enqueue(_ action: @escaping @Sendable () -> Void, at time: (Int64) -> Int64) -> any Disposable {
        let disposable = BlockDisposable()
        state.withLock { state in
            let entry = Entry(time: time(state.now), sequence: state.nextSequence, action: action, disposable: disposable)
            state.nextSequence += 1
            state.queue.insert(entry)
        }
        return disposable
    }

    /// Runs the next action that has not been cancelled, moving the clock to its time.
    public func step() {
        step(1)
    }

    /// Runs the next `count` actions that have not been cancelled.
    public func step(_ count: Int) {
        precondition(count >= 0, "step(_:) needs a count of 0 or more, got \(count)")
        running {
            var ran = 0
            while ran < count, let didRun = runNext(until: .max) {
                if didRun { ran += 1 }
            }
        }
    }

    /// Runs actions until none is left, including those scheduled meanwhile
    /// (RAC's `-stepAll`).
    public func stepAll() {
        running {
            while runNext(until: .max) != nil {}
        }
    }

    /// Runs everything due within `interval` seconds from now, then sets the
    /// clock to that time.
    public func advance(by interval: TimeInterval) {
        let ticks = nanoseconds(interval, "interval")
        advance(toTicks: Self.adding(ticks, to: state.withLock { $0.now }))
    }

    /// Runs everything due up to `time`, then sets the clock to `time`, which
    /// must not be in the past.
    public func advance(to time: TimeInterval) {
        advance(toTicks: nanoseconds(time, "time"))
    }

    private func advance(toTicks target: Int64) {
        running {
            let now = state.withLock { $0.now }
            precondition(target >= now, "cannot advance a TestScheduler back in time, from \(now) ns to \(target) ns")
            while runNext(until: target) != nil {}
            state.withLock { state in
                state.now = max(state.now, target)
                clock.store(state.now, ordering: .releasing)
            }
        }
    }

    /// Marks the scheduler as running for the duration of `body`; running it
    /// again from inside one of its own actions is a programming error.
    private func running(_ body: () -> Void) {
        state.withLock { state in
            precondition(!state.isRunning, "a TestScheduler cannot be stepped or advanced from inside one of its own actions")
            state.isRunning = true
        }
        defer { state.withLock { $0.isRunning = false } }
        body()
    }

    /// Pops the next action due by `limit` and runs it unless cancelled.
    /// - Returns: `nil` when nothing is due; otherwise whether it ran.
    private func runNext(until limit: Int64) -> Bool? {
        let entry = state.withLock { state -> Entry? in
            guard let first = state.queue.first, first.time <= limit else { return nil }
            state.queue.removeFirst()
            state.now = max(state.now, first.time)
            clock.store(state.now, ordering: .releasing)
            return first
        }
        guard let entry else { return nil }
        if entry.disposable.isDisposed { return false }
        perform(entry.action)
        return true
    }
}

/// A binary min-heap.
struct BinaryHeap<Element: Comparable> {
    private var elements: [Element] = []

    var count: Int { elements.count }
    var first: Element? { elements.first }

    mutating func insert(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() {
        elements.swapAt(0, elements.count - 1)
        elements.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < elements.count, elements[left] < elements[smallest] { smallest = left }
            if right < elements.count, elements[right] < elements[smallest] { smallest = right }
            if smallest == parent { return }
            elements.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
