/// A subject's live subscribers (its passthroughs), under a plain lock.
///
/// The lock also guards the state of a subject that keeps some (a replay or behavior subject's
/// state machine, through ``withLock(_:)``), so that a send records its value and takes the
/// subscribers to deliver it to in one section (``snapshot(after:)``).
///
/// They are kept as `AnyObject`, and the list is not generic: an array of a
/// non-generic element type is specialized, while indexing a
/// `ContiguousArray<Passthrough<Value>>` from the subject's unspecialized generic
/// code looks up the element type's metadata on every send, and the closures
/// given to the lock are inlined only outside generic code. A subscriber let go of
/// is released after the lock.
final class SubscriberList: @unchecked Sendable {
    // @unchecked: `list` is only touched inside `lock.withLock`, which also makes
    // the run-time exclusivity checks of a closure's accesses redundant.
    private let lock = Lock()
    @exclusivity(unchecked) private var list: ContiguousArray<AnyObject> = []

    func append(_ passthrough: AnyObject) {
        lock.withLock { list.append(passthrough) }
    }

    /// Removes the subscriber with identity `id`; it is released outside the lock.
    func remove(_ id: ObjectIdentifier) {
        let removed = lock.withLock { () -> AnyObject? in
            let index = list.lastIndex { ObjectIdentifier($0) == id }
            return index.map { list.remove(at: $0) }
        }
        withExtendedLifetime(removed) {}  // released here, after the lock
    }

    /// The live subscribers, taken after `update` (a change to the subject's state, if any) in
    /// the same section of the lock.
    @inline(__always)
    func snapshot(after update: () -> Void = {}) -> ContiguousArray<AnyObject> {
        lock.withLock {
            update()
            return list
        }
    }

    /// Runs `body` under the lock, for the subject's state that the lock guards. `body` must not
    /// call out to user code nor release what could run it.
    @inline(__always)
    func withLock<Result>(_ body: () -> Result) -> Result {
        lock.withLock(body)
    }

    func removeAll() {
        let removed = lock.withLock { () -> ContiguousArray<AnyObject> in
            defer { list = [] }
            return list
        }
        // Released here, after the lock: an array's lifetime may otherwise end at its last use.
        withExtendedLifetime(removed) {}
    }
}
