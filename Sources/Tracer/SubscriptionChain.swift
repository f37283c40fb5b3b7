/// The chain of subscriptions that led to a subscription: from the subscriber that started it
/// (a labelled binding, such as `someLabel`) down to the signal subscribed to, by the trace's
/// signal names.
///
/// It answers "which binding caused this didSubscribe run?". In fetchdata the first run of
/// `fetchData` reads `someLabel → someLabelText → catchTo of title → title → fetchData`: someLabel
/// subscribed to someLabelText, whose startWith subscribed to catchTo of title, which subscribed to
/// title, whose flattenMap subscribed to fetchData.
///
/// The walk goes up from the subscription through its ``TraceSubscription/parent`` (the
/// subscription whose code made it) or, without one, the subscription it feeds
/// (``TraceSubscription/Subscriber/subscription(_:)``), naming each one's signal. A subject that
/// subscribed (``TraceSubscription/Subscriber/signal(_:)``, such as a multicast's) is named on
/// the way; a labelled subscriber ends the walk. So does a subscription with neither parent nor
/// feed, such as one made by `connect()`. The walk takes at most ``maximumDepth`` steps and never
/// visits a subscription twice, so a malformed trace with a cycle or a very long chain still
/// gives a short answer, marked as cut.
///
/// ```swift
/// let chain = SubscriptionChain(leadingTo: 4, in: trace)
/// chain.text   // "someLabel → someLabelText → catchTo of title → title → fetchData"
/// ```
public struct SubscriptionChain: Hashable, Sendable {
    /// The most steps the walk takes up from the subscription.
    public static let maximumDepth = 64

    /// The names, from the subscriber that started the chain down to the signal subscribed to.
    /// Two neighbouring signals are never the same name (an operator that subscribes to a signal
    /// of its own name is named once); a subscriber's label is always kept.
    public let names: [String]
    /// Whether the walk stopped at ``maximumDepth`` or at a cycle before reaching the chain's start.
    public let isCut: Bool

    /// The chain that led to subscription `id` of `trace`; just "subscription N" when the trace has no such subscription.
    public init(leadingTo id: Int, in trace: Trace) {
        let subscriptions = trace.subscriptions
        guard subscriptions.indices.contains(id) else {
            names = ["subscription \(id)"]
            isCut = false
            return
        }
        func name(ofSignal signal: Int) -> String {
            trace.signals.indices.contains(signal) ? trace.signals[signal].name : "signal \(signal)"
        }
        // Built from the source up, then reversed.
        var upward: [String] = []
        func add(_ name: String) {
            if upward.last != name { upward.append(name) }
        }
        var current = id
        var visited: Set<Int> = [id]
        var cut = false
        add(name(ofSignal: subscriptions[current].signal))
        walk: for step in 0...Self.maximumDepth {
            let subscription = subscriptions[current]
            var feeds: Int?
            switch subscription.subscriber {
            case .label(let label):
                upward.append(label)  // kept even when it is its signal's name too
                break walk  // a binding of the scenario's own: where the chain starts
            case .signal(let signal):
                add(name(ofSignal: signal))
            case .subscription(let other):
                feeds = other
            case .anonymous:
                break
            }
            guard let next = subscription.parent ?? feeds, subscriptions.indices.contains(next) else { break walk }
            guard step < Self.maximumDepth, !visited.contains(next) else {
                cut = true
                break walk
            }
            visited.insert(next)
            current = next
            add(name(ofSignal: subscriptions[current].signal))
        }
        names = upward.reversed()
        isCut = cut
    }

    /// Whether the chain names anything besides the signal itself: who subscribed, or on whose behalf.
    public var hasCause: Bool { names.count > 1 || isCut }

    /// The chain in words, joined by arrows, starting with "… → " when it was cut:
    /// "someLabel → someLabelText → catchTo of title → title → fetchData".
    public var text: String {
        (isCut ? "… → " : "") + names.joined(separator: " → ")
    }
}

extension Trace {
    /// The subscription at the start of subscription `id`'s chain (``SubscriptionChain``): reached
    /// going up through each one's parent or, without one, the subscription it feeds, within
    /// ``SubscriptionChain/maximumDepth`` steps. Two subscriptions with the same start were made
    /// for the same subscriber: a `retry`'s attempts, say.
    package func topmostSubscription(of id: Int) -> Int {
        var current = id
        var visited: Set<Int> = [id]
        for _ in 0..<SubscriptionChain.maximumDepth {
            let subscription = subscriptions[current]
            let up: Int? = if let parent = subscription.parent {
                parent
            } else if case .subscription(let fed) = subscription.subscriber {
                fed
            } else {
                nil
            }
            guard let up, subscriptions.indices.contains(up), visited.insert(up).inserted else { break }
            current = up
        }
        return current
    }
}
