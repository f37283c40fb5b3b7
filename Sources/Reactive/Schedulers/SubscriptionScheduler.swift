import Foundation

/// The scheduler behind ``Scheduler/subscription`` (RAC's `RACSubscriptionScheduler`).
///
/// Work runs immediately when a scheduler is current on the calling thread;
/// otherwise it goes to a background ``QueueScheduler``. Delayed work goes to
/// the current scheduler, or the background one.
final class SubscriptionScheduler: Scheduler, @unchecked Sendable {
    private let background = QueueScheduler(name: "org.sigviz.Reactive.subscription")

    init() {
        super.init(name: "subscription")
    }

    override func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        guard Scheduler.current != nil else { return background.schedule(action) }
        action()
        return nil
    }

    override func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        (Scheduler.current ?? background).schedule(after: delay, action)
    }

    override var now: TimeInterval { (Scheduler.current ?? background).now }
}
