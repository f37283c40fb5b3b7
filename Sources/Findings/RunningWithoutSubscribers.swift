import Tracer

extension Trace {
    /// A finding for each connection whose source stayed subscribed, and went on sending, after the
    /// last subscriber of its subject had left: a timer (`interval | replayLast`) that goes on
    /// ticking for a screen that is gone, because nothing disposes the connection. It needs subscribers that came and left (a connection nobody ever subscribed to
    /// is ``connectedWithoutSubscribers``) and values its source sent after the last one left. Its
    /// events are those values. The sentence says what would stop it; for a replay operator's connection
    /// the suggestion is to connect on demand (``Suggestion/Change/connectOnDemand(signal:)``).
    /// Plumbing's connections are left out.
    func runningWithoutSubscribers(plumbing: [Bool], spelling: CodeSpelling) -> [Finding] {
        var connections: [Int: (source: Int, subject: Int)] = [:]
        for signal in signals where signal.kind == .connection && !plumbing[signal.id] {
            if let subject = signal.subject, signals.indices.contains(subject) { connections[signal.id] = (signal.source ?? -1, subject) }
        }
        guard !connections.isEmpty else { return [] }
        var ended: [Int: Int] = [:]  // subscription -> the event that ended it
        var connectOf: [Int: Int] = [:]  // connect event -> connection
        var sourceSubscription: [Int: Int] = [:]  // connection -> its source's subscription
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .connect(let connection, let first) where first && connections[connection] != nil:
                connectOf[index] = connection
            case .subscribe(let subscription):
                if let cause = event.cause, let connection = connectOf[cause], sourceSubscription[connection] == nil {
                    sourceSubscription[connection] = subscription
                }
            case .completed(let subscription, _), .error(let subscription, _, _), .dispose(let subscription):
                if ended[subscription] == nil { ended[subscription] = index }
            default: break
            }
        }
        return connections.keys.sorted().compactMap { connection in
            guard let (_, subject) = connections[connection], let source = sourceSubscription[connection] else { return nil }
            let watchers = subscriptions.filter { $0.signal == subject }
            guard !watchers.isEmpty else { return nil }
            let leaves = watchers.map { ended[$0.id] }
            guard !leaves.contains(nil) else { return nil }  // someone still listens
            let left = leaves.compactMap { $0 }.max()!
            let lastWatcher = watchers.first { ended[$0.id] == left }!
            // Its values after the last subscriber left, while it was still subscribed (not disposed, nor ended).
            let values = events.indices.filter { index in
                guard index > left, index < ended[source] ?? events.count, case .next(source, _, _) = events[index].kind else {
                    return false
                }
                return true
            }
            guard !values.isEmpty else { return nil }
            let sourceName = name(of: subscriptions[source].signal)
            // A replay operator's connection can be made on demand instead.
            let replaying = operation(of: subject).map { [.replay, .replayLast, .replayLazily].contains($0.name) } ?? false
            // What the operator returned, which the file made: the subject, or (replayLazily) the signal that connects to it.
            let returned = signals.first { other in
                other.id != subject && other.kind == .operator && other.receiver == signals[subject].receiver
                    && other.operation?.name == signals[subject].operation?.name
            }?.id ?? subject
            return Finding(
                kind: .runningWithoutSubscribers, signals: [connection, subject, subscriptions[source].signal],
                subscriptions: [source], times: values.map { events[$0].time }, events: values,
                sentence: "The connection of \(sourceName) through \(name(of: subject)) kept \(sourceName) subscribed after its last "
                    + "subscriber, \(describe(subscription: topmostSubscription(of: lastWatcher.id))), left at "
                    + "\(seconds(events[left].time)): \(sourceName) sent \(values.count) value\(values.count == 1 ? "" : "s") to no "
                    + "subscriber, the last at \(seconds(events[values.last!].time)). Nothing disposed the connection: dispose what "
                    + "connect returned when the last subscriber leaves, or connect with autoconnect, which does.",
                suggestion: replaying ? Suggestion(
                    change: .connectOnDemand(signal: returned),
                    sentence: "Connect on demand: \(code(of: .connectOnDemand(signal: returned), in: spelling).written) in place of the "
                        + "\(spelling.write(.call(operation(of: subject)!.name.rawValue))) that made \(place(of: returned, in: spelling)), so that the first subscriber connects and the last one's leaving disconnects; a later "
                        + "subscriber is no longer replayed what came before it.") : nil)
        }
    }
}
