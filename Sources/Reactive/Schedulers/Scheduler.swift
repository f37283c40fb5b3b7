import Dispatch
import Foundation

/// Decides when and where work runs (RAC's `RACScheduler`).
///
/// Every scheduler in this module is one of the subclasses below; the class
/// itself only defines the interface and the notion of a *current* scheduler:
///
/// - ``ImmediateScheduler`` runs work at once, on the calling thread.
/// - ``QueueScheduler`` runs work on a serial dispatch queue.
/// - ``TestScheduler`` runs work in virtual time, only when told to.
/// - ``Scheduler/subscription`` runs subscription work on the current
///   scheduler, or on a background queue when there is none.
///
/// While a scheduler runs a block, it is ``current`` on that thread. That is
/// what makes subscriptions made from scheduled work happen synchronously, the
/// timing every experiment in the articles relies on.
public class Scheduler: @unchecked Sendable {
    // @unchecked: this base class stores only `name`, a constant; every
    // subclass is final and keeps its mutable state in a lock or an Atomic.

    /// A name for debugging, such as `"TestScheduler"`.
    public let name: String

    init(name: String) {
        self.name = name
    }

    /// Whether its work runs on a virtual clock that only advances when told to (``TestScheduler``
    /// and the schedulers named on one): waiting on its thread would stop the clock.
    var isVirtualTime: Bool { false }

    /// Schedules `action` to run as soon as the scheduler allows.
    ///
    /// - Returns: A disposable that cancels `action` if it has not started, or
    ///   `nil` when the action already ran (as on ``ImmediateScheduler``).
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        preconditionFailure("\(type(of: self)) must override schedule(_:)")
    }

    /// Schedules `action` to run `delay` seconds from ``now``
    /// (RAC's `-afterDelay:schedule:`).
    ///
    /// - Parameters:
    ///   - delay: Seconds from now; must be finite and not negative.
    ///   - action: The work to run.
    /// - Returns: A disposable that cancels `action` if it has not started.
    @discardableResult
    public func schedule(
        after delay: TimeInterval, _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        preconditionFailure("\(type(of: self)) must override schedule(after:_:)")
    }

    /// Schedules `action` to run `delay` seconds from ``now``, then every
    /// `interval` seconds until the result is disposed
    /// (RAC's `-after:repeatingEvery:withLeeway:schedule:`).
    ///
    /// This default, which ``TestScheduler`` uses, schedules each run when the
    /// one before it starts, `interval` after its due time, and before it runs
    /// (as `RACTestScheduler` does), so virtual time never drifts. It ignores
    /// `leeway`; ``QueueScheduler`` passes it to a dispatch timer.
    func schedule(
        after delay: TimeInterval, repeatingEvery interval: TimeInterval, leeway: TimeInterval,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        let repetitions = CompoundDisposable()
        @Sendable func scheduleRun(after delay: TimeInterval) {
            let current = Locked<(any Disposable)?>(nil)
            let scheduled = schedule(after: delay) {
                if let this = current.withLock({ $0 }) { repetitions.remove(this) }
                scheduleRun(after: interval)
                action()
            }
            current.withLock { $0 = scheduled }
            repetitions.add(scheduled)
        }
        scheduleRun(after: delay)
        return repetitions
    }

    /// The scheduler's clock, in seconds.
    ///
    /// Virtual seconds since creation for ``TestScheduler``; for the others a
    /// monotonic clock (seconds since boot), suitable for measuring intervals.
    public var now: TimeInterval {
        TimeInterval(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// Runs `body` synchronously on the calling thread with the receiver as
    /// ``current`` (RAC's private `-performAsCurrentScheduler:`), then restores
    /// the previous current scheduler.
    ///
    /// Subscriptions made inside `body` run synchronously, as they do inside
    /// scheduled work:
    ///
    /// ```swift
    /// scheduler.perform {
    ///     replaySubject.subscribe(next: { print($0) })   // history arrives here
    /// }
    /// ```
    @discardableResult
    public func perform<R>(_ body: () throws -> R) rethrows -> R {
        try Scheduler.currentSlot.withValue(Unmanaged.passUnretained(self).toOpaque(), body)
    }

    // MARK: - Well-known schedulers

    static let currentSlot = ThreadLocalSlot()

    /// The scheduler running the current thread's work, if any
    /// (RAC's `+currentScheduler`).
    ///
    /// That is the scheduler whose block is executing on this thread, else
    /// ``main`` on the main thread, else `nil`.
    public static var current: Scheduler? {
        if let pointer = currentSlot.value {
            return Unmanaged<Scheduler>.fromOpaque(pointer).takeUnretainedValue()
        }
        return Thread.isMainThread ? main : nil
    }

    /// A scheduler that runs work immediately on the calling thread.
    public static let immediate = ImmediateScheduler()

    /// The scheduler for the main dispatch queue (RAC's `mainThreadScheduler`).
    public static let main = QueueScheduler(queue: .main, name: "main")

    /// The scheduler that subscriptions use (RAC's `subscriptionScheduler`).
    ///
    /// It runs work at once when a scheduler is ``current``, and otherwise
    /// hands it to a background queue. So subscribing from scheduled work or
    /// the main thread is synchronous, and subscribing from an arbitrary
    /// thread is not.
    public static let subscription: Scheduler = SubscriptionScheduler()
}

/// Converts seconds to whole nanoseconds, the tick of every clock here.
func nanoseconds(_ seconds: TimeInterval, _ what: StaticString = "delay") -> Int64 {
    precondition(seconds.isFinite && seconds >= 0, "\(what) must be finite and not negative, got \(seconds)")
    precondition(seconds < 9.2e9, "\(what) of \(seconds) seconds is too large")
    return Int64((seconds * 1e9).rounded())
}
