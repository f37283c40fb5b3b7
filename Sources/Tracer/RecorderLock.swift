#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock of a ``TraceRecorder``: a pthread mutex, taken once per report.
///
/// A class of its own, final and with no dynamic calls (NSLock's `lock()` and `unlock()` are
/// overridable methods on Linux), and seen by ThreadSanitizer, which intercepts pthread calls.
final class RecorderLock: @unchecked Sendable {
    // @unchecked: the mutex is only reached through pthread calls.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed with \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the mutex locked; `body` must not run user code.
    @inline(__always)
    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        let result = body()
        pthread_mutex_unlock(mutex)
        return result
    }
}
