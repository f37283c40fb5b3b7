/// A subject's live subscribers, under a plain lock.
///
/// They are kept as `AnyObject`: an array of a non-generic element type is
/// specialized, while indexing a `ContiguousArray<Passthrough<Value>>` from
/// the subject's unspecialized generic code looks up the element type's
/// metadata on every send. A subscriber let go of is released after the lock.
final class SubscriberList<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `list` is only touched inside `lock.withLock`.
    private let lock = Lock()
    private var list: ContiguousArray<AnyObject> = []

    /// An element of a ``snapshot()``.
    @inline(__always)
    static func passthrough(_ object: AnyObject) -> Passthrough<Value> {
        unsafeDowncast(object, to: Passthrough<Value>.self)
    }

    func append(_ passthrough: Passthrough<Value>) {
        lock.withLock { list.append(passthrough) }
    }

    /// Removes the subscriber with identity `id`; it is released outside the lock.
    func remove(_ id: ObjectIdentifier) {
        let removed = lock.withLock { () -> AnyObject? in
            let index = list.lastIndex { ObjectIdentifier($0) == id }
            return index.map { list.remove(at: $0) }
        }
        _ = removed  // released here, after the lock
    }

    func snapshot() -> ContiguousArray<AnyObject> {
        lock.withLock { list }
    }

    func removeAll() {
        let removed = lock.withLock { () -> ContiguousArray<AnyObject> in
            defer { list = [] }
            return list
        }
        _ = removed  // released here, after the lock
    }
}
