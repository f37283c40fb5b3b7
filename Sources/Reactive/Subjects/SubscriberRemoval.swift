import Synchronization

/// Takes a subscriber off a subject's list when its subscription is disposed: the child a
/// subject adds to each subscription (RAC's block that removes the subscriber from the
/// subject's array), as a small object rather than a closure and its context.
///
/// It holds the list, not the subject: the subject's `deinit` empties the list, so nothing
/// outlives the subject by a cycle.
final class SubscriberRemoval: Disposable {
    private let subscribers: SubscriberList
    private let id: ObjectIdentifier
    private let disposed = Atomic(false)

    /// A removal of the subscriber with identity `id` from `subscribers`.
    init(of id: ObjectIdentifier, from subscribers: SubscriberList) {
        self.subscribers = subscribers
        self.id = id
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        subscribers.remove(id)
    }
}
