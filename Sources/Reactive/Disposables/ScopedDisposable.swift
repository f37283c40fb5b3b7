/// A disposable that disposes what it wraps when it is deallocated
/// (RAC's `RACScopedDisposable`).
///
/// Keep it in a property or a local to tie a subscription to that owner's
/// lifetime:
///
/// ```swift
/// final class Screen {
///     private var binding: ScopedDisposable?
///     init(names: Signal<String>) {
///         binding = names.subscribe(next: { print($0) }).scoped()
///     }
/// }   // the subscription ends when the screen goes away
/// ```
public final class ScopedDisposable: Disposable {
    private let wrapped: any Disposable

    /// Wraps `disposable` so that it is disposed when the result is deallocated.
    public init(_ disposable: any Disposable) {
        wrapped = disposable
    }

    deinit { wrapped.dispose() }

    public var isDisposed: Bool { wrapped.isDisposed }

    public func dispose() { wrapped.dispose() }
}

extension Disposable {
    /// Wraps the receiver so that it is disposed when the result is deallocated
    /// (RAC's `-asScopedDisposable`).
    public func scoped() -> ScopedDisposable {
        if let scoped = self as? ScopedDisposable { return scoped }
        return ScopedDisposable(self)
    }
}
