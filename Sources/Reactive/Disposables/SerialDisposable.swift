import Synchronization

/// A disposable that holds one replaceable disposable (RAC's `RACSerialDisposable`).
///
/// Replacing the held disposable does **not** dispose the old one, as in RAC:
/// use ``swap(in:)`` to get it back. Once the serial disposable is disposed,
/// anything put into it is disposed immediately.
public final class SerialDisposable: Disposable {
    private struct State {
        var disposable: (any Disposable)?
        var isDisposed = false
    }

    private let state: Locked<State>
    private let disposed = Atomic(false)

    /// Creates a serial disposable holding `disposable`.
    public init(_ disposable: (any Disposable)? = nil) {
        state = Locked(State(disposable: disposable))
    }

    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// The disposable held now; `nil` once the receiver is disposed.
    public var disposable: (any Disposable)? {
        get { state.withLock { $0.disposable } }
        set { swap(in: newValue) }
    }

    /// Puts `newDisposable` in place and returns the one it replaced.
    ///
    /// If the receiver is already disposed, `newDisposable` is disposed at
    /// once and the result is `nil`.
    @discardableResult
    public func swap(in newDisposable: (any Disposable)?) -> (any Disposable)? {
        let (previous, alreadyDisposed) = state.withLock { state -> ((any Disposable)?, Bool) in
            if state.isDisposed { return (nil, true) }
            defer { state.disposable = newDisposable }
            return (state.disposable, false)
        }
        if alreadyDisposed { newDisposable?.dispose() }
        return previous
    }

    public func dispose() {
        let held = state.withLock { state -> (any Disposable)? in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            disposed.store(true, ordering: .releasing)
            defer { state.disposable = nil }
            return state.disposable
        }
        held?.dispose()
    }
}
