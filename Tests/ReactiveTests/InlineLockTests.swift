import Dispatch
import Testing
@testable import Reactive

/// A counter guarded by an ``InlineLock``, as the objects that use one hold it.
private final class GuardedCounter: @unchecked Sendable {
    let lock = InlineLock()
    @exclusivity(unchecked) var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

@Suite("InlineLock")
struct InlineLockTests {
    @Test("threads that contend for it each get it alone: no increment is lost")
    func mutualExclusion() {
        let counter = GuardedCounter()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<50_000 { counter.increment() }
        }
        #expect(counter.value == 200_000)
    }

    @Test("it counts as a held lock in debug builds, for the release-outside-lock tests")
    func countsAsHeld() {
        let lock = InlineLock()
        let depth = lock.withLock { LockDepth.current }
        #expect(depth == LockDepth.current + 1)
    }
}
