#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value protected by a pthread mutex; the state stays inside the lock.
///
/// It serves where `Synchronization.Mutex` would, for one reason: on Linux,
/// ThreadSanitizer cannot see `Mutex` (the standard library is not
/// instrumented) and reports every access it protects as a race, whereas it
/// intercepts `pthread_mutex_lock`. The value and the mutex share one
/// allocation, as in NIO's `LockedValueBox`.
///
/// Like `Mutex`, it is not recursive: locking it again from inside
/// ``withLock(_:)`` on the same thread deadlocks. Call out of it only after
/// unlocking.
struct Locked<Value> {

    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
        }
    }

    private let storage: ManagedBuffer<Value, pthread_mutex_t>

    init(_ value: Value) {
        storage = Storage.create(minimumCapacity: 1) { _ in value }
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let result = pthread_mutex_init(mutex, nil)
            precondition(result == 0, "pthread_mutex_init failed with \(result)")
        }
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            #if DEBUG
            return try LockDepth.held { try body(&value.pointee) }
            #else
            return try body(&value.pointee)
            #endif
        }
    }

    /// Stores `newValue` and returns the value it replaces, for the caller to release after the
    /// lock is unlocked: a value's `deinit` may be user code, which never runs under a lock.
    @inline(__always)
    func exchange(_ newValue: Value) -> Value {
        withLock { value in
            let old = value
            value = newValue
            return old
        }
    }
}

/// How many ``Locked`` values the current thread holds, counted in debug builds only: for the
/// tests that check that no user code (a handler, a value's `deinit`) runs under a lock.
enum LockDepth {
    #if DEBUG
    private static let slot = ThreadLocalSlot()

    /// The number of locks the current thread holds.
    static var current: Int { Int(bitPattern: slot.value) }

    /// Runs `body` counted as holding one more lock.
    @inline(__always)
    static func held<R>(_ body: () throws -> R) rethrows -> R {
        try slot.withValue(UnsafeMutableRawPointer(bitPattern: current + 1), body)
    }
    #endif

    /// Runs `body`, the section a lock guards: counted as holding one more lock in debug builds
    /// (for the tests that check no user code runs locked), simply run in release builds. The one
    /// place ``Lock`` and ``InlineLock`` count their sections.
    @inline(__always)
    static func whileHeld<R>(_ body: () -> R) -> R {
        #if DEBUG
        held(body)
        #else
        body()
        #endif
    }
}

// @unchecked: the value is only reached through withLock, under the mutex. Only a
// Sendable value may be shared this way (as NIO's NIOLockedValueBox): the lock keeps
// the accesses apart, but not a non-Sendable value's references leaking out of it.
extension Locked: @unchecked Sendable where Value: Sendable {}
