import Foundation

/// A named scheduler on a ``TestScheduler``'s virtual clock and queue, made by
/// ``TestScheduler/named(_:)``.
///
/// Work scheduled here goes into the test scheduler's queue, so it runs when the
/// test scheduler is stepped or advanced, in the one order of that queue (by due
/// time; at the same time, first scheduled first), and ``now`` is the test
/// scheduler's clock. What differs is who is ``Scheduler/current`` while the work
/// runs: this scheduler, under its own ``Scheduler/name``. So a scenario can have
/// a "main" and a "background" scheduler, hop between them with
/// ``Signal/deliver(on:)`` and ``Signal/subscribe(on:)``, and still run
/// deterministically on one clock.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let background = scheduler.named("background")
/// background.schedule(after: 1) { print(Scheduler.current?.name ?? "none") }   // "background"
/// scheduler.advance(by: 1)
/// ```
public final class VirtualScheduler: Scheduler, @unchecked Sendable {
    // @unchecked: the only stored property besides the base class's name is a constant
    // reference to a test scheduler, which is thread-safe.

    /// The test scheduler whose clock and queue this scheduler uses.
    public let clock: TestScheduler

    init(name: String, clock: TestScheduler) {
        self.clock = clock
        super.init(name: name)
    }

    /// The test scheduler's virtual time, in seconds.
    public override var now: TimeInterval { clock.now }

    override var isVirtualTime: Bool { true }

    /// Schedules `action` in the test scheduler's queue at its current virtual time, after the
    /// work already due then; it runs with this scheduler as ``Scheduler/current``.
    @discardableResult
    public override func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        clock.schedule { self.perform(action) }
    }

    /// Schedules `action` in the test scheduler's queue at its ``now`` plus `delay` seconds; it
    /// runs with this scheduler as ``Scheduler/current``.
    @discardableResult
    public override func schedule(
        after delay: TimeInterval, _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        clock.schedule(after: delay) { self.perform(action) }
    }
}

extension TestScheduler {
    /// A scheduler named `name` that shares this scheduler's virtual clock and queue, and is
    /// ``Scheduler/current`` while its own work runs.
    ///
    /// Each call makes a new one; two made with the same name are different schedulers that
    /// read the same.
    ///
    /// ```swift
    /// let main = scheduler.named("main"), background = scheduler.named("background")
    /// let results = search.subscribe(on: background).deliver(on: main)
    /// ```
    public func named(_ name: String) -> VirtualScheduler {
        VirtualScheduler(name: name, clock: self)
    }
}
