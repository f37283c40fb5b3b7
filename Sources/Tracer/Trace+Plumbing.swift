extension Trace {
    /// Which signals, by id, a diagram or a finding takes for plumbing rather than the user's: the
    /// one policy the timeline, the graph, the findings and the report all follow. Plumbing is
    /// - what the runtime reported (``TraceSignal/isPlumbing``: a command's machinery);
    /// - what an operator made in its own didSubscribe (switchToLatest's publish and its flattenMap),
    ///   but for an operator whose didSubscribe runs its user's block (`defer`, `initially`, `then`'s
    ///   block: what that block makes is the user's);
    /// - what plumbing's own code made while it ran: in the didSubscribe of a plumbing signal, or
    ///   while handling a delivery for a subscription a plumbing signal made (switchToLatest's
    ///   `takeUntil` of each inner signal). A signal the user's code makes while handling a value
    ///   of a plumbing signal (the user's flattenMap on a command's `executing`) is not;
    /// - the connections of plumbing subjects.
    ///
    /// One pass in event order: a signal's maker was created, and classified, before it. Works on
    /// traces read from files as well as recorded ones.
    public func plumbing() -> [Bool] {
        var plumbing = signals.map(\.isPlumbing)
        for event in events {
            guard case .signal(let signal) = event.kind, plumbing.indices.contains(signal), !plumbing[signal],
                  let cause = event.cause, events.indices.contains(cause) else { continue }
            let maker = events[cause].kind
            guard let subscription = maker.subscription, subscriptions.indices.contains(subscription) else { continue }
            let inDidSubscribe: Bool = if case .didSubscribe = maker { true } else { false }
            // The subscription whose code made the signal: the one whose didSubscribe ran, or the
            // operator's subscription that made the subscriber handling the delivery.
            let code = inDidSubscribe ? subscription : maker.isDelivery ? subscriptions[subscription].parent : nil
            guard let code, subscriptions.indices.contains(code), signals.indices.contains(subscriptions[code].signal) else {
                continue
            }
            let made = signals[subscriptions[code].signal]
            if plumbing[made.id] {
                plumbing[signal] = true
            } else if inDidSubscribe, made.kind == .operator, !(made.operation?.runsCallersBlock ?? false),
                      made.operation != .thenBlock {
                plumbing[signal] = true
            }
        }
        for signal in signals where signal.kind == .connection {
            if let subject = signal.subject, plumbing.indices.contains(subject), plumbing[subject] { plumbing[signal.id] = true }
        }
        return plumbing
    }

    /// Marks as plumbing the signals that plumbing's own code made while it ran, and the
    /// connections of plumbing subjects: those created in
    /// the `didSubscribe` of a plumbing signal, or while handling an event for a subscription that
    /// a plumbing signal made (whose ``TraceSubscription/parent`` is to a plumbing signal), as a
    /// command's `flattenMap` makes a `catchTo` of each execution. The runtime reports the
    /// signals a command makes when it is created and executed; these are made later, by that
    /// machinery, and are its machinery too. A signal the user's code makes, even while handling
    /// a value of a plumbing signal (the user's `flattenMap` on `executing`), is not plumbing.
    ///
    /// One pass in event order: a signal's maker was created, and classified, before it.
    mutating func markMachineryOfPlumbing() {
        guard signals.contains(where: \.isPlumbing) else { return }
        func isPlumbing(_ signal: Int) -> Bool { signals.indices.contains(signal) && signals[signal].isPlumbing }
        for event in events {
            guard case .signal(let signal) = event.kind, signals.indices.contains(signal), !signals[signal].isPlumbing,
                  let cause = event.cause, events.indices.contains(cause) else { continue }
            let maker = events[cause].kind
            guard let subscription = maker.subscription, subscriptions.indices.contains(subscription) else { continue }
            // Plumbing's own didSubscribe, or plumbing's operator handling a delivery to its subscription.
            let code: Int? = if case .didSubscribe = maker { subscription }
                else if maker.isDelivery { subscriptions[subscription].parent } else { nil }
            if let code, subscriptions.indices.contains(code), isPlumbing(subscriptions[code].signal) {
                signals[signal].isPlumbing = true
            }
        }
        // A connection of a plumbing subject is the machinery's too.
        for index in signals.indices where signals[index].kind == .connection && !signals[index].isPlumbing {
            if let subject = signals[index].subject, isPlumbing(subject) { signals[index].isPlumbing = true }
        }
    }
}
