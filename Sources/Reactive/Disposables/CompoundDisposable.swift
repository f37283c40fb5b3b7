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
public final class CompoundDisposable: Disposable {
    /// The children, or `nil` once disposed.
    private let children: Locked<[any Disposable]?>
    private let disposed = Atomic(false)

    /// Creates a compound disposable holding `disposables`.
    public init(_ disposables: [any Disposable] = []) {
        children = Locked(disposables)
    }

    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Adds `disposable`, or disposes it right away if the receiver is already disposed.
    ///
    /// Adding `nil` does nothing, so the optional result of ``Scheduler/schedule(_:)``
    /// can be passed straight in.
    public func add(_ disposable: (any Disposable)?) {
        guard let disposable else { return }
        let added = children.withLock { children -> Bool in
            guard children != nil else { return false }
            // Room for the few that a subscription adds, in one allocation.
            if children!.capacity == 0 { children!.reserveCapacity(4) }
            children!.append(disposable)
            return true
        }
        if !added { disposable.dispose() }
    }

    /// Removes `disposable` without disposing it (it is matched by identity).
    ///
    /// Nothing is released under the lock: the caller's reference keeps the removed child alive.
    public func remove(_ disposable: any Disposable) {
        children.withLock { children in
            children?.removeAll { $0 === disposable }
        }
    }

    public func dispose() {
        let children = self.children.withLock { children -> [any Disposable]? in
            defer { children = nil }
            if children != nil { disposed.store(true, ordering: .releasing) }
            return children
        }
        children?.forEach { $0.dispose() }
    }
}
