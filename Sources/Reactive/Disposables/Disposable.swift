import Synchronization

/// Something that can be cancelled or cleaned up, such as a subscription.
///
/// Disposing is idempotent and thread-safe: only the first call to
/// ``dispose()`` has an effect, whichever thread makes it.
public protocol Disposable: AnyObject, Sendable {
    /// Whether ``dispose()`` has been called.
    var isDisposed: Bool { get }

    /// Performs the cleanup once; later calls do nothing.
    func dispose()
}

/// A disposable that runs a closure the first time it is disposed
/// (RAC's `+[RACDisposable disposableWithBlock:]`).
///
/// The closure is released once it has run, so whatever it captures is freed
/// as soon as the disposable is disposed.
///
/// ```swift
/// let cancel = BlockDisposable { task.cancel() }
/// cancel.dispose()   // runs the closure
/// cancel.dispose()   // does nothing
/// ```
public final class BlockDisposable: Disposable {
    private let action: Locked<(@Sendable () -> Void)?>
    private let disposed = Atomic(false)

    /// Creates a disposable that runs `action` when it is first disposed.
    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = Locked(action)
    }

    /// Creates a disposable with nothing to clean up; it only records disposal.
    public init() {
        self.action = Locked(nil)
    }

    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let action = self.action.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}
