#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain pthread mutex, for hot paths where ``Locked``'s generic
/// `withLock(_:)` would cost a generic-metadata look-up per call in
/// unspecialized code. Not recursive.
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

    @inline(__always) func lock() { storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) } }
    @inline(__always) func unlock() { storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) } }
}
