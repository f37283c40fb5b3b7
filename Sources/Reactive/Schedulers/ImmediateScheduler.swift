import Foundation

/// Runs work at once, on the calling thread (RAC's `immediateScheduler`).
///
/// Delayed work blocks the calling thread for the delay, then runs. Work run
/// here does not make this scheduler ``Scheduler/current``, as in RAC.
public final class ImmediateScheduler: Scheduler, @unchecked Sendable {
    init() {
        super.init(name: "immediate")
    }

    @discardableResult
    public override func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        action()
        return nil
    }

    @discardableResult
    public override func schedule(
        after delay: TimeInterval, _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        let ticks = nanoseconds(delay)
        if ticks > 0 { Thread.sleep(forTimeInterval: TimeInterval(ticks) / 1e9) }
        action()
        return nil
    }
}
