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
        groupBy(named: "[\(name)] -groupBy:transform:", key, transform: transform)
    }

    /// Splits the values into hot groups by key (RAC's `-groupBy:`).
    public func groupBy<Key: Hashable & Sendable>(
        _ key: @escaping @Sendable (Value) -> Key
    ) -> Signal<GroupedSignal<Key, Value>> {
        groupBy(named: "[\(name)] -groupBy:", key, transform: { $0 })
    }

    private func groupBy<Key: Hashable & Sendable, Result: Sendable>(
        named name: String,
        _ key: @escaping @Sendable (Value) -> Key,
        transform: @escaping @Sendable (Value) -> Result
    ) -> Signal<GroupedSignal<Key, Result>> {
        typealias Group = GroupedSignal<Key, Result>
        return Signal<Group>.makeOperator(name: name) { subscriber in
            let groups = Locked<(byKey: [Key: Group], ordered: [Group])>(([:], []))
            return self.subscribe(
                next: { value in
                    let groupKey = key(value)
                    let (group, isNew) = groups.withLock { groups -> (Group, Bool) in
                        if let group = groups.byKey[groupKey] { return (group, false) }
                        let group = Group(key: groupKey).named("group \(groupKey)")
                        groups.byKey[groupKey] = group
                        groups.ordered.append(group)
                        return (group, true)
                    }
                    if isNew { subscriber.sendNext(group) }
                    group.sendNext(transform(value))
                },
                error: { error in
                    subscriber.sendError(error)
                    for group in groups.withLock({ $0.ordered }) { group.sendError(error) }
                },
                completed: {
                    subscriber.sendCompleted()
                    for group in groups.withLock({ $0.ordered }) { group.sendCompleted() }
                })
        }
    }
}
