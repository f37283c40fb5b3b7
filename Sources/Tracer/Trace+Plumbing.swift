extension Trace {
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
            let madeByPlumbing: Bool
            switch events[cause].kind {
            case .didSubscribe(let subscription):
                madeByPlumbing = subscriptions.indices.contains(subscription) && isPlumbing(subscriptions[subscription].signal)
            case .next(let subscription, _, _), .error(let subscription, _, _), .completed(let subscription, _):
                guard subscriptions.indices.contains(subscription), let parent = subscriptions[subscription].parent,
                      subscriptions.indices.contains(parent) else { madeByPlumbing = false; break }
                madeByPlumbing = isPlumbing(subscriptions[parent].signal)
            default: madeByPlumbing = false
            }
            if madeByPlumbing { signals[signal].isPlumbing = true }
        }
        // A connection of a plumbing subject is the machinery's too.
        for index in signals.indices where signals[index].kind == .connection && !signals[index].isPlumbing {
            if let subject = signals[index].subject, isPlumbing(subject) { signals[index].isPlumbing = true }
        }
    }
}
