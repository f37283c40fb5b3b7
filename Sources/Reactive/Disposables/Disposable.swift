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
public final class BlockDisposable: Disposable, @unchecked Sendable {
    // @unchecked: `action` is set before the disposable is shared, and afterwards
    // touched only by the one caller of `dispose()` that wins `disposed`.
    // No lock: a lock would cost two more allocations per disposable, and
    // subscriptions make several.
    private var action: (@Sendable () -> Void)?
    private let disposed = Atomic(false)

    /// Creates a disposable that runs `action` when it is first disposed.
    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
    }

    /// Creates a disposable with nothing to clean up; it only records disposal.
    public init() {
        self.action = nil
    }

    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let action = self.action
        self.action = nil
        action?()
    }
}
