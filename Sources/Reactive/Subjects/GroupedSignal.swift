/// A hot signal of the values that share one key, sent by
/// ``Signal/groupBy(_:transform:)`` (RAC's `RACGroupedSignal`).
///
/// It is a plain ``Subject``: values sent before anything subscribes to the
/// group are lost.
public final class GroupedSignal<Key: Hashable & Sendable, Value: Sendable>: Subject<Value>, @unchecked Sendable {
    /// The key every value of this group shares.
    public let key: Key

    init(key: Key) {
        self.key = key
        super.init(kind: .groupedSignal, name: "")
    }
}
