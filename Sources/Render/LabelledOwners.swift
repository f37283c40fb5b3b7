import Tracer

/// Whose lane something belongs on: the one labelled subscription whose pipeline contains a
/// subscription. Drops and inner subscriptions are drawn there, or nowhere.
///
/// The walk goes up from the subscription through each subscription's
/// ``TraceSubscription/parent`` and the subscription it feeds
/// (``TraceSubscription/Subscriber/subscription(_:)``), both, to the labelled subscribers above.
/// A subject that subscribed (``TraceSubscription/Subscriber/signal(_:)``, a multicast's) hands
/// what it receives to every subscriber of its own, so the walk goes on through those, not
/// through whoever happened to connect it: a source that a `publish | autoconnect` shares between
/// two subscribers belongs to neither, while the publish `switchToLatest` makes for its one
/// subscriber belongs to that one. Asked about an instant (an event), the walk goes through a
/// subject only to the subscribers it had then, and ends only at a labelled subscription alive
/// then: a value a replay subject's source dropped at 0 s was on its way to no one who subscribed
/// at 4 s, and one an operator received after its subscriber's end (zip subscribes to its second
/// signal even when the first completed it at once, as RAC does) to no one. No answer when the walk reaches no labelled
/// subscriber or more than one: what it is about is then drawn nowhere rather than on a guessed lane.
///
/// It takes at most ``SubscriptionChain/maximumDepth`` levels and visits each subscription once,
/// so a malformed trace with a cycle still gives an answer.
struct LabelledOwners {
    private let trace: Trace
    /// The subscriptions to each subject that subscribed somewhere, by signal: where the walk goes on.
    private let subscribersOfSubject: [Int: [Int]]
    /// By subscription: the positions of its `subscribe` event and of its end (error, completion
    /// or disposal); -1 for none.
    private var subscribed: [Int32]
    private var ended: [Int32]

    init(_ trace: Trace) {
        self.trace = trace
        var subjects = Set<Int>()
        for subscription in trace.subscriptions {
            if case .signal(let subject) = subscription.subscriber { subjects.insert(subject) }
        }
        var subscribers: [Int: [Int]] = [:]
        if !subjects.isEmpty {
            for subscription in trace.subscriptions where subjects.contains(subscription.signal) {
                subscribers[subscription.signal, default: []].append(subscription.id)
            }
        }
        subscribersOfSubject = subscribers
        subscribed = [Int32](repeating: -1, count: trace.subscriptions.count)
        ended = [Int32](repeating: -1, count: trace.subscriptions.count)
        for (index, event) in trace.events.enumerated() {
            switch event.kind {
            case .subscribe(let subscription) where subscribed.indices.contains(subscription):
                subscribed[subscription] = Int32(truncatingIfNeeded: index)
            case .completed(let subscription, _), .error(let subscription, _, _), .dispose(let subscription):
                if ended.indices.contains(subscription), ended[subscription] < 0 { ended[subscription] = Int32(truncatingIfNeeded: index) }
            default: break
            }
        }
    }

    /// Whether a subscription was subscribed, and had not ended, at event `index`.
    private func isAlive(_ subscription: Int, at index: Int) -> Bool {
        let start = Int(subscribed[subscription]), end = Int(ended[subscription])
        return start >= 0 && start <= index && (end < 0 || end >= index)
    }

    /// The one labelled subscription whose pipeline contains subscription `id`, if there is one;
    /// with `event`, the one whose pipeline contained it at that event.
    func only(above id: Int, at event: Int? = nil) -> Int? {
        let subscriptions = trace.subscriptions
        guard subscriptions.indices.contains(id) else { return nil }
        var found: Set<Int> = []
        var visited: Set<Int> = [id]
        var level = [id]
        for _ in 0...SubscriptionChain.maximumDepth where !level.isEmpty {
            var next: [Int] = []
            for current in level {
                let subscription = subscriptions[current]
                var above: [Int]
                switch subscription.subscriber {
                case .label:
                    if event.map({ isAlive(current, at: $0) }) ?? true { found.insert(current) }
                    continue  // a binding of the scenario's own: where a chain starts
                case .signal(let subject):
                    above = subscribersOfSubject[subject] ?? []
                    if let event { above = above.filter { isAlive($0, at: event) } }
                case .subscription(let fed): above = (subscription.parent.map { [$0] } ?? []) + [fed]
                case .anonymous: above = subscription.parent.map { [$0] } ?? []
                }
                for other in above where subscriptions.indices.contains(other) && visited.insert(other).inserted {
                    next.append(other)
                }
            }
            level = next
        }
        return found.count == 1 ? found.first : nil
    }

    /// What dropped a value subscription `id` received: the signal of the operator's subscription
    /// that made it (its ``TraceSubscription/parent``), if known.
    func dropper(of id: Int) -> Int? {
        let subscriptions = trace.subscriptions
        guard subscriptions.indices.contains(id), let parent = subscriptions[id].parent,
              subscriptions.indices.contains(parent), trace.signals.indices.contains(subscriptions[parent].signal) else {
            return nil
        }
        return subscriptions[parent].signal
    }
}
