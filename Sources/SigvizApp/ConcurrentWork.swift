import Dispatch
import Foundation
import Synchronization

/// Work on numbered items done several at a time, each item on one thread from start to end, and
/// the results kept by number: what is made does not depend on how many threads did it, or which.
package enum ConcurrentWork {
    /// The result of `work` for each number of `0..<count`, in order, made `jobs` at a time.
    ///
    /// With `stoppingAtFirstFailure`, no item is begun after one that failed: the results after
    /// the first failure (in order) may be `nil`, and every one before it is there, so the first
    /// failure found by reading them in order is the first that would have happened one at a
    /// time. Without it, every result is there.
    package static func results<Result: Sendable>(
        count: Int, jobs: Int, stoppingAtFirstFailure: Bool, _ work: @Sendable (Int) throws -> Result
    ) -> [Swift.Result<Result, any Error>?] {
        let results = IndexedResults<Result>(count: count)
        let next = Atomic<Int>(0)
        let firstFailure = Atomic<Int>(.max)
        let workers = max(1, min(jobs, count))
        // concurrentPerform runs the iterations on up to one thread per core; each worker takes the next item.
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count, index < firstFailure.load(ordering: .relaxed) else { return }
                let result = Swift.Result { try work(index) }
                if stoppingAtFirstFailure, case .failure = result { _ = firstFailure.min(index, ordering: .relaxed) }
                results.set(index, result)
            }
        }
        return results.all()
    }
}

/// The results of ``ConcurrentWork``, by number: each is set once, by the thread that made it.
private final class IndexedResults<Element: Sendable>: @unchecked Sendable {
    // @unchecked: `results` is only touched with `lock` held. An NSLock, not a Mutex:
    // ThreadSanitizer on Linux does not see Synchronization's Mutex.
    private let lock = NSLock()
    private var results: [Result<Element, any Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Element, any Error>) {
        lock.withLock { results[index] = result }
    }

    func all() -> [Result<Element, any Error>?] {
        lock.withLock { results }
    }
}
