extension Trace {
    /// The first signal with the given name.
    public func signal(named name: String) -> TraceSignal? {
        signals.first { $0.name == name }
    }

    /// The subscriptions made by labelled subscribers (the scenario's own
    /// subscribers, as opposed to operators' and subjects' internal ones), in order.
    public var labelledSubscriptions: [TraceSubscription] {
        subscriptions.filter { $0.label != nil }
    }

    /// The events about one subscription, in order: its subscribe,
    /// didSubscribe, deliveries and dispose.
    public func events(of subscription: Int) -> [TraceEvent] {
        events.filter { $0.kind.subscription == subscription }
    }

    /// How many times the `didSubscribe` of `signal` ran: the number of
    /// side effects (requests, for a network signal) it caused.
    public func didSubscribeCount(of signal: Int) -> Int {
        events.count { event in
            guard case .didSubscribe(let subscription) = event.kind,
                  subscriptions.indices.contains(subscription) else { return false }
            return subscriptions[subscription].signal == signal
        }
    }

    /// Every run of a cold signal's `didSubscribe`, in trace order: the signal, the subscription,
    /// and the run's event (its position) and time. What the report's runs table, the timeline's
    /// numbered diamonds and the repeated-side-effect finding count.
    public func coldRuns() -> [(signal: Int, subscription: Int, event: Int, time: Double)] {
        events.indices.compactMap { index in
            guard case .didSubscribe(let subscription) = events[index].kind, subscriptions.indices.contains(subscription) else {
                return nil
            }
            let signal = subscriptions[subscription].signal
            guard signals.indices.contains(signal), signals[signal].kind == .cold else { return nil }
            return (signal, subscription, index, events[index].time)
        }
    }

    /// The time of the last event, or 0 for an empty trace.
    public var duration: Double { events.last?.time ?? 0 }

    /// A name for a subscription: its subscriber's label, or who subscribed, followed by the signal's name.
    public func describe(subscription id: Int) -> String {
        guard subscriptions.indices.contains(id) else { return "subscription \(id)" }
        let subscription = subscriptions[id]
        let target = signals.indices.contains(subscription.signal) ? signals[subscription.signal].name : "signal \(subscription.signal)"
        switch subscription.subscriber {
        case .label(let label): return "\(label) → \(target)"
        case .signal(let signal):
            let name = signals.indices.contains(signal) ? signals[signal].name : "signal \(signal)"
            return "\(name) → \(target)"
        case .subscription(let other): return "subscription \(other) → \(target)"
        case .anonymous: return "subscription \(id) → \(target)"
        }
    }

    /// RAC's description of what a signal is, for telling operators apart: the description an
    /// operator its user named had before the name (``TraceSignal/operation``), else its
    /// ``TraceSignal/description``, else its name (RAC's, when no one named it). Nil for an id the
    /// trace does not have.
    public func operation(of signal: Int) -> String? {
        guard signals.indices.contains(signal) else { return nil }
        return signals[signal].operation ?? signals[signal].description ?? signals[signal].name
    }
}
