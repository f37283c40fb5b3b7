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
final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed with \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always) func lock() { pthread_mutex_lock(mutex) }
    @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }
}
