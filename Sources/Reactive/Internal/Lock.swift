#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain pthread mutex guarding state kept beside it, for hot paths where
/// ``Locked``'s generic value would cost a generic-metadata look-up per call in
/// unspecialized code. Not recursive. It is locked only through ``withLock(_:)``,
/// so that no path can return with it held.
///
/// The mutex lives in the tail of its one allocation (a non-generic
/// `ManagedBuffer`, so nothing is looked up at run time): a subscription
/// makes several, and an allocation is a large part of what one costs.
struct Lock: @unchecked Sendable {
    // @unchecked: the mutex is only reached through pthread calls.
    private final class Storage: ManagedBuffer<Void, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
        }
    }

    private let storage: ManagedBuffer<Void, pthread_mutex_t>

    init() {
        storage = Storage.create(minimumCapacity: 1) { _ in }
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let result = pthread_mutex_init(mutex, nil)
            precondition(result == 0, "pthread_mutex_init failed with \(result)")
        }
    }

    /// Runs `body` with the mutex locked. The body must not call out to user code
    /// (handlers, `description`, disposal blocks) nor release what could run it.
    /// Not `rethrows`, and with no `defer`: the body is inlined into its caller, as a
    /// hand-written lock and unlock would be (the hot paths of every send use it).
    @inline(__always)
    func withLock<Result>(_ body: () -> Result) -> Result {
        lock()
        let result = LockDepth.whileHeld(body)
        unlock()
        return result
    }

    // Paired only by `withLock`, as in NIO's `NIOLock`: no path returns with the mutex held.
    @inline(__always) private func lock() { storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) } }
    @inline(__always) private func unlock() { storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) } }
}
