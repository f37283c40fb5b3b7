import Tracer

/// The didSubscribe runs a timeline draws as inner subscriptions: each on a lane of its own,
/// under the subscriber whose pipeline made it.
///
/// A higher-order operator (`flattenMap`, `switchToLatest`, `flatten`, `concat`) or `retry`
/// subscribes to a cold signal while handling a delivery: a value, an error or a completion.
/// Such a run belongs to one subscriber's pipeline, and drawn on the cold signal's shared lane
/// it would not say whose it is: the search box's two pipelines each make a `request("sw")`.
/// Drawn under its subscriber, from the subscription to its end, it shows what the operator
/// did with it: `switchToLatest` disposing the previous request, `flatten(2)` making the third
/// wait.
///
/// A cold signal qualifies when at least one of its runs was made while handling a delivery
/// (the subscription's chain of causes reaches a `next`, `error` or `completed`) after its
/// subscriber had subscribed: later, as the search box's requests are, not in the same instant
/// as the subscription (as `merge` subscribing to the signals it was given); then every
/// run of it that belongs to exactly one labelled subscriber is drawn under that subscriber, so
/// `retry`'s first attempt sits with the others. A run is the subscriber's that
/// ``LabelledOwners`` finds for it, as it finds the lane of a dropped value: a run shared through
/// a multicast by two subscribers is neither's. Anything else stays on the signal's own lane: the
/// drawing never guesses whose a run is.
///
/// A subscriber with more than ``maximumPerSubscriber`` such runs keeps them all on the
/// signal lanes, where many runs are drawn as counts.
struct InnerSubscriptions {
    /// The most steps the walk up a run's causes takes, as the walk up its subscriptions does.
    static let maximumDepth = SubscriptionChain.maximumDepth
    /// The most inner lanes one subscriber gets.
    static let maximumPerSubscriber = 12

    /// For each inner subscription drawn on a lane of its own, the labelled subscription it is drawn under.
    let owners: [Int: Int]
    /// The subscriptions of ``owners`` made while handling a later delivery: the inner subscriptions
    /// proper. The others are their subscribers' own subscriptions of the same signal, such as
    /// `retry`'s first attempt.
    let madeLater: Set<Int>

    /// Finds the inner subscriptions of `trace`; `runs` are the subscriptions whose didSubscribe
    /// ran, to a cold signal, with the event of their `subscribe`, and `subscribedAt` gives when a
    /// subscription was made.
    init(
        _ trace: Trace, runs: [(subscription: Int, subscribe: Int?)], owners labelled: LabelledOwners,
        subscribedAt: (Int) -> Double?
    ) {
        let events = trace.events
        let subscriptions = trace.subscriptions
        /// Whether the event's chain of causes reaches a delivery.
        func madeByDelivery(_ event: Int?) -> Bool {
            var current = event.flatMap { events.indices.contains($0) ? events[$0].cause : nil }
            for _ in 0..<Self.maximumDepth {
                guard let index = current, events.indices.contains(index) else { return false }
                switch events[index].kind {
                case .next, .error, .completed: return true
                default: current = events[index].cause
                }
            }
            return false
        }
        var owners: [Int: Int] = [:]
        var madeLater = Set<Int>()
        var qualifying = Set<Int>()  // the cold signals with a run made later, while handling a delivery
        for run in runs where subscriptions.indices.contains(run.subscription) {
            guard let owner = labelled.only(above: run.subscription, at: run.subscribe), owner != run.subscription else { continue }
            owners[run.subscription] = owner
            if let time = subscribedAt(run.subscription), let ownerTime = subscribedAt(owner), time > ownerTime,
               madeByDelivery(run.subscribe) {
                madeLater.insert(run.subscription)
                qualifying.insert(subscriptions[run.subscription].signal)
            }
        }
        owners = owners.filter { qualifying.contains(subscriptions[$0.key].signal) }
        var counts: [Int: Int] = [:]
        for owner in owners.values { counts[owner, default: 0] += 1 }
        let kept = owners.filter { counts[$0.value, default: 0] <= Self.maximumPerSubscriber }
        self.owners = kept
        self.madeLater = madeLater.filter { kept[$0] != nil }
    }
}
