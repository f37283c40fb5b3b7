import Reactive

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

    /// Every run of a block its user wrote, once per subscription, of the signals of
    /// ``sideEffectSources()``, in trace order: the signal, the subscription, and the run's event
    /// (its position) and time. What the report's runs table, the timeline's numbered diamonds
    /// and the repeated-side-effect finding count.
    public func sideEffectRuns() -> [(signal: Int, subscription: Int, event: Int, time: Double)] {
        let plumbing = plumbing()
        return events.indices.compactMap { index in
            guard case .didSubscribe(let subscription) = events[index].kind, subscriptions.indices.contains(subscription) else {
                return nil
            }
            let signal = subscriptions[subscription].signal
            guard runsBlockPerSubscription(signal), !plumbing[signal] else { return nil }
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

    /// What operator made a signal (``TraceSignal/operation``); `nil` for an id the trace does not
    /// have, or a signal no operator made.
    public func operation(of signal: Int) -> SignalOperation? {
        signals.indices.contains(signal) ? signals[signal].operation : nil
    }

    /// The signals whose runs are the user's side effects, in signal order: each subscription to
    /// them runs a block of the user's (``TraceSignal/runsBlockPerSubscription``), and they are
    /// not plumbing (a command's machinery, whose `then` runs a block of its own). What the
    /// report's and the docs' runs tables list, as the timeline draws their runs.
    public func sideEffectSources() -> [TraceSignal] {
        let plumbing = plumbing()
        return signals.filter { $0.runsBlockPerSubscription && !plumbing[$0.id] }
    }

    /// Whether `signal` (an id) is in the trace and each subscription to it runs a block its user
    /// wrote (``TraceSignal/runsBlockPerSubscription``).
    public func runsBlockPerSubscription(_ signal: Int) -> Bool {
        signals.indices.contains(signal) && signals[signal].runsBlockPerSubscription
    }
}

extension TraceSignal {
    /// Whether each subscription to it runs a block its user wrote, whose runs are side effects:
    /// a cold signal's `didSubscribe` (`Signal.create`, a timer), `defer`'s block, `initially`'s.
    /// The one rule the timeline's runs, the graph's counts, the report's runs table and the
    /// findings all follow.
    public var runsBlockPerSubscription: Bool {
        kind == .cold || (kind == .operator && operation?.runsCallersBlock == true)
    }
}
