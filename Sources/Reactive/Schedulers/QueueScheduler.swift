import Dispatch
import Foundation

/// Runs work in order on a serial dispatch queue
/// (RAC's `RACTargetQueueScheduler`, created by `+[RACScheduler scheduler]`).
///
/// While its work runs, the scheduler is ``Scheduler/current`` on that thread.
///
/// ```swift
/// let background = QueueScheduler(name: "images")
/// background.schedule { decode(data) }
/// ```
public final class QueueScheduler: Scheduler, @unchecked Sendable {
    /// The serial queue the work runs on.
    public let queue: DispatchQueue

    /// Creates a scheduler with a new serial queue at the given quality of service.
    public init(name: String = "org.sigviz.Reactive.QueueScheduler", qos: DispatchQoS = .default) {
        queue = DispatchQueue(label: name, qos: qos)
        super.init(name: name)
    }

    /// Creates a scheduler on `queue`, which must be serial (such as `.main`).
    public init(queue: DispatchQueue, name: String) {
        self.queue = queue
        super.init(name: name)
    }

    @discardableResult
    public override func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        let disposable = BlockDisposable()
        queue.async { [self] in
            if disposable.isDisposed { return }
            perform(action)
        }
        return disposable
    }

    @discardableResult
    public override func schedule(
        after delay: TimeInterval, _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        let disposable = BlockDisposable()
        let deadline = DispatchTime.now() + .nanoseconds(Int(nanoseconds(delay)))
        queue.asyncAfter(deadline: deadline) { [self] in
            if disposable.isDisposed { return }
            perform(action)
        }
        return disposable
    }

    /// A dispatch timer on ``queue``: the first run `delay` seconds from now,
    /// then every `interval` seconds, each allowed `leeway` seconds late.
    override func schedule(
        after delay: TimeInterval, repeatingEvery interval: TimeInterval, leeway: TimeInterval,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(
            deadline: .now() + .nanoseconds(Int(nanoseconds(delay))),
            repeating: .nanoseconds(Int(nanoseconds(interval, "interval"))),
            leeway: .nanoseconds(Int(nanoseconds(leeway, "leeway"))))
        let cancellable = CancellableTimer(timer)
        let disposable = BlockDisposable { cancellable.cancel() }
        timer.setEventHandler { [self] in
            if disposable.isDisposed { return }
            perform(action)
        }
        timer.resume()
        return disposable
    }
}

/// A dispatch timer that any thread may cancel.
private final class CancellableTimer: @unchecked Sendable {
    // @unchecked: Dispatch does not mark its sources Sendable, but `cancel()` is
    // documented as safe from any thread, and this class offers nothing else.
    private let timer: any DispatchSourceTimer

    init(_ timer: any DispatchSourceTimer) { self.timer = timer }

    func cancel() { timer.cancel() }
}
