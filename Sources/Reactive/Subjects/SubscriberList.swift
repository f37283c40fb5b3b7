/// A subject's live subscribers (its passthroughs), under a plain lock.
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

    func snapshot() -> ContiguousArray<AnyObject> {
        lock.withLock { list }
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
