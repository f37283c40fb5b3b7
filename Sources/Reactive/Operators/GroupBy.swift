import Synchronization

extension Signal {
    /// Splits the values into hot groups by key (RAC's `-groupBy:transform:`).
    ///
    /// The first value with a new key sends a new ``GroupedSignal`` for that
    /// key, then every value goes, transformed, to its group. When the
    /// receiver terminates, the result terminates first, then every group in
    /// the order they were created. Groups are plain subjects: subscribe to a
    /// group as soon as it arrives, or its values are lost.
    public func groupBy<Key: Hashable & Sendable, Result: Sendable>(
        _ key: @escaping @Sendable (Value) -> Key,
        transform: @escaping @Sendable (Value) -> Result
    ) -> Signal<GroupedSignal<Key, Result>> {
        groupBy(named: "[\(name)] -groupBy:transform:", operation: .groupBy(transform: true), key, transform: transform)
    }

    /// Splits the values into hot groups by key (RAC's `-groupBy:`).
    public func groupBy<Key: Hashable & Sendable>(
        _ key: @escaping @Sendable (Value) -> Key
    ) -> Signal<GroupedSignal<Key, Value>> {
        groupBy(named: "[\(name)] -groupBy:", operation: .groupBy(transform: false), key, transform: { $0 })
    }

    private func groupBy<Key: Hashable & Sendable, Result: Sendable>(
        named name: String, operation: SignalOperation,
        _ key: @escaping @Sendable (Value) -> Key,
        transform: @escaping @Sendable (Value) -> Result
    ) -> Signal<GroupedSignal<Key, Result>> {
        typealias Group = GroupedSignal<Key, Result>
        return makeOperator(name: name, operation: operation) { (subscriber: any Subscriber<Group>) in
            let groups = GroupTable<Key, Group>()
            return self.subscribe(
                next: { value in
                    let groupKey = key(value)
                    let group: Group
                    if let existing = groups.byKey[groupKey] {
                        group = existing
                    } else {
                        group = Group(key: groupKey).described(as: "group \(groupKey)", operation: .group(key: boundedSignalName("\(groupKey)")))
                        groups.byKey[groupKey] = group
                        groups.ordered.withLock { $0.append(group) }
                        subscriber.sendNext(group)
                    }
                    group.sendNext(transform(value))
                },
                error: { error in
                    subscriber.sendError(error)
                    for group in groups.ordered.withLock({ $0 }) { group.sendError(error) }
                },
                completed: {
                    subscriber.sendCompleted()
                    for group in groups.ordered.withLock({ $0 }) { group.sendCompleted() }
                })
        }
    }
}

/// The groups of one `groupBy` subscription.
///
/// The key's `hash` and `==` and a new group's name (the key's `description`) are
/// the user's code, so they run outside any lock: ``byKey`` is touched only by the
/// `next` handler, whose calls the subscription serializes, and only the list the
/// terminal events read is locked.
private final class GroupTable<Key: Hashable & Sendable, Group: Sendable>: @unchecked Sendable {
    // @unchecked: `byKey` is touched only from the serialized `next` handler; `ordered` is locked.
    var byKey: [Key: Group] = [:]
    let ordered = Locked<[Group]>([])
}
