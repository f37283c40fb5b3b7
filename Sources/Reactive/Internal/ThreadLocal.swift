#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A slot that holds one pointer-sized value per thread, like an entry of
/// RAC's `NSThread.threadDictionary`, without the dictionary's cost.
///
/// The slot never retains what it points to: every writer restores the
/// previous value before the pointee can go away (see ``withValue(_:_:)``).
final class ThreadLocalSlot: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let result = pthread_key_create(&key, nil)
        precondition(result == 0, "pthread_key_create failed with \(result)")
        self.key = key
    }

    var value: UnsafeMutableRawPointer? {
        pthread_getspecific(key)
    }

    /// Runs `body` with the slot set to `value`, then restores what was there.
    @inline(__always)
    func withValue<R>(_ value: UnsafeMutableRawPointer?, _ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, value)
        defer { pthread_setspecific(key, previous) }
        return try body()
    }
}
