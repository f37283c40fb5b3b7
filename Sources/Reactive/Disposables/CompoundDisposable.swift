import Synchronization

/// A disposable that disposes a changing set of disposables together
/// (RAC's `RACCompoundDisposable`).
///
/// Adding to a compound disposable that is already disposed disposes the added
/// disposable at once. The children are disposed outside the lock, in the
/// order they were added.
///
/// ```swift
/// let subscription = CompoundDisposable()
/// subscription.add(timer)
/// subscription.add(request)
/// subscription.dispose()   // disposes timer, then request
/// ```
public final class CompoundDisposable: Disposable, @unchecked Sendable {
    /// The children, in the order added. As in RAC, the first two are kept inline, so that a
    /// subscription's few children cost no array; more spill into `rest`.
    private struct Children {
        // Invariant: `second` is set only if `first` is, and `rest` is non-empty only if both are.
        var first: (any Disposable)?
        var second: (any Disposable)?
        var rest: [any Disposable] = []
        var isDisposed = false

        mutating func append(_ disposable: any Disposable) {
            if first == nil {
                first = disposable
            } else if second == nil {
                second = disposable
            } else {
                rest.append(disposable)
            }
        }

        /// Removes every child that is `disposable`, keeping the others in order.
        mutating func removeAll(_ disposable: any Disposable) {
            if rest.isEmpty {
                if second === disposable { second = nil }
                if first === disposable {
                    first = second
                    second = nil
                }
                return
            }
            // Spilled: rare, so simply rebuilt.
            var kept = [first!, second!] + rest
            kept.removeAll { $0 === disposable }
            self = Children()
            for child in kept { append(child) }
        }

        /// Disposes the children in order; called outside the lock.
        func disposeAll() {
            first?.dispose()
            second?.dispose()
            for child in rest { child.dispose() }
        }
    }

    // `children` is only touched inside `lock.withLock`; the lock lives in the object, so a
    // compound disposable is one allocation.
    private let lock = InlineLock()
    @exclusivity(unchecked) private var children = Children()
    private let disposed = Atomic(false)

    /// Creates a compound disposable holding `disposables`.
    public init(_ disposables: [any Disposable] = []) {
        for disposable in disposables { children.append(disposable) }
    }

    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Adds `disposable`, or disposes it right away if the receiver is already disposed.
    ///
    /// Adding `nil` does nothing, so the optional result of ``Scheduler/schedule(_:)``
    /// can be passed straight in.
    public func add(_ disposable: (any Disposable)?) {
        guard let disposable else { return }
        let added = lock.withLock { () -> Bool in
            guard !children.isDisposed else { return false }
            children.append(disposable)
            return true
        }
        if !added { disposable.dispose() }
    }

    /// Removes `disposable` without disposing it (it is matched by identity).
    ///
    /// Nothing is released under the lock: the caller's reference keeps the removed child alive.
    public func remove(_ disposable: any Disposable) {
        lock.withLock {
            if !children.isDisposed { children.removeAll(disposable) }
        }
    }

    public func dispose() {
        // Taken into a local rather than returned from `withLock` (a generic result).
        var taken = Children(isDisposed: true)
        let wasDisposed = lock.withLock { () -> Bool in
            guard !children.isDisposed else { return true }
            swap(&taken, &children)
            disposed.store(true, ordering: .releasing)
            return false
        }
        if !wasDisposed { taken.disposeAll() }
    }
}
