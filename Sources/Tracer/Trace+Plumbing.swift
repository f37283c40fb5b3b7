extension Trace {
    /// Which signals, by id, a diagram or a finding takes for plumbing rather than the user's:
    /// those the runtime reported (``TraceSignal/isPlumbing``), the subjects and connections an
    /// operator made in its own didSubscribe (switchToLatest's publish), and the connections of
    /// either kind of subject. Works on traces read from files as well as recorded ones.
    public func plumbing() -> [Bool] {
        var plumbing = signals.map(\.isPlumbing)
        for event in events {
            guard case .signal(let signal) = event.kind, plumbing.indices.contains(signal), let cause = event.cause,
                  events.indices.contains(cause), case .didSubscribe(let maker) = events[cause].kind,
                  subscriptions.indices.contains(maker), signals.indices.contains(subscriptions[maker].signal),
                  signals[subscriptions[maker].signal].kind == .operator else { continue }
            plumbing[signal] = true
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
