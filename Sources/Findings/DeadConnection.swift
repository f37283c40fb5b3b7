import Tracer

extension Trace {
    /// A finding for each connection that was used after it was disconnected: a `connect()` after
    /// its `disconnect` (which does nothing: as in RAC 2.5's `RACMulticastConnection`, whose
    /// `-connect` subscribes only the first time, a connection never connects again; `autoconnect`
    /// calls it for each subscriber), or a subscription to its subject, by a subscriber's chain,
    /// after the disconnect. The source is not subscribed again, so nothing from it arrives.
    ///
    /// Not when the subject has terminated and is a replay subject: a late subscriber then
    /// receives its history and its end, as if connected. A plain subject that has terminated
    /// gives a late subscriber nothing at all (it does not replay its end), so that still counts.
    /// A connect or a subscription made for one subscriber (autoconnect's, in the subscriber's
    /// didSubscribe) is said once. The sentence says what disconnected it when the disconnect's
    /// cause is an event about a subscription (autoconnect's last subscriber completing, failing or
    /// disposed); a connection disposed by hand names none. Plumbing's connections are left out.
    /// Its events are the disconnect, then each late connect and subscription. In the order of
    /// each connection's first late use.
    func deadConnections(plumbing: [Bool]) -> [Finding] {
        var connectionOfSubject: [Int: Int] = [:]
        for signal in signals where signal.kind == .connection && !plumbing[signal.id] {
            if let subject = signal.subject { connectionOfSubject[subject] = signal.id }
        }
        guard !connectionOfSubject.isEmpty else { return [] }
        struct Late {
            var origin: Int?  // the subscription it was made for, to say it once
            var chain: String?
            var time: Double
            var connect: Bool
            var subscription: Int?
        }
        var disconnected: [Int: (event: Int, time: Double)] = [:]  // by connection
        var terminated = Set<Int>()  // subjects
        var late: [Int: [Late]] = [:]  // by connection
        var events: [Int: [Int]] = [:]  // by connection
        var order: [Int] = []
        var slot: [Int: Int] = [:]  // origin -> position in its connection's late
        func isDead(_ connection: Int) -> Bool {
            guard disconnected[connection] != nil, let subject = signals[connection].subject else { return false }
            return !terminated.contains(subject) || signals[subject].kind == .subject
        }
        for (index, event) in self.events.enumerated() {
            switch event.kind {
            case .sendCompleted(let signal), .sendError(let signal, _):
                terminated.insert(signal)
            case .disconnect(let connection) where signals.indices.contains(connection) && !plumbing[connection]:
                if disconnected[connection] == nil { disconnected[connection] = (index, event.time) }
            case .connect(let connection, let first) where !first && signals.indices.contains(connection)
                && !plumbing[connection] && isDead(connection):
                var origin: Int?
                var chain: String?
                if let cause = event.cause, self.events.indices.contains(cause), case .didSubscribe(let maker) = self.events[cause].kind {
                    origin = maker
                    chain = SubscriptionChain(leadingTo: maker, in: self).text
                }
                if late[connection] == nil { order.append(connection) }
                if let origin, let at = slot[origin] {
                    late[connection]?[at].connect = true
                } else {
                    if let origin { slot[origin] = late[connection, default: []].count }
                    late[connection, default: []].append(Late(origin: origin, chain: chain, time: event.time, connect: true))
                }
                events[connection, default: []].append(index)
            case .subscribe(let subscription):
                guard subscriptions.indices.contains(subscription),
                      let connection = connectionOfSubject[subscriptions[subscription].signal], isDead(connection) else { break }
                let chain = SubscriptionChain(leadingTo: subscription, in: self)
                guard chain.hasCause else { break }
                let origin = subscriptions[subscription].parent ?? subscription
                if late[connection] == nil { order.append(connection) }
                if let at = slot[origin] {
                    late[connection]?[at].chain = chain.text
                    late[connection]?[at].subscription = subscription
                } else {
                    slot[origin] = late[connection, default: []].count
                    late[connection, default: []].append(
                        Late(origin: origin, chain: chain.text, time: event.time, connect: false, subscription: subscription))
                }
                events[connection, default: []].append(index)
            default: break
            }
        }
        return order.compactMap { connection in
            guard let items = late[connection], let end = disconnected[connection],
                  let subject = signals[connection].subject else { return nil }
            let source = signals[connection].source
            let through = source.map { "The connection of \(name(of: $0)) through \(name(of: subject))" }
                ?? "The connection through \(name(of: subject))"
            let listed = items.prefix(Finding.listedMost).map { item in
                switch (item.chain, item.connect) {
                case (let chain?, true): "\(chain) subscribed at \(seconds(item.time)) and its connect() did nothing"
                case (let chain?, false): "\(chain) subscribed at \(seconds(item.time))"
                case (nil, _): "connect() at \(seconds(item.time)) did nothing"
                }
            }
            // What disconnected it, when an event about a subscription did (autoconnect's last subscriber leaving).
            var when = ""
            if let cause = self.events[end.event].cause, self.events.indices.contains(cause),
               let left = self.events[cause].kind.subscription, subscriptions.indices.contains(left) {
                let how = switch self.events[cause].kind {
                case .completed: "completed"
                case .error: "failed"
                case .dispose: "was disposed"
                default: ""
                }
                if !how.isEmpty { when = " (when \(SubscriptionChain(leadingTo: left, in: self).text) \(how))" }
            }
            let more = items.count > Finding.listedMost ? ", and \(items.count - Finding.listedMost) more" : ""
            let what = source.map { "\(name(of: $0)) is not subscribed again, so nothing from it arrives" }
                ?? "its source is not subscribed again, so nothing from it arrives"
            return Finding(
                kind: .deadConnection, signals: [connection, subject] + (source.map { [$0] } ?? []),
                subscriptions: items.compactMap(\.subscription), times: [end.time] + items.map(\.time),
                events: [end.event] + events[connection, default: []],
                sentence: "\(through) was disconnected at \(seconds(end.time))\(when), and a connection never connects again: "
                    + "after that, " + listed.joined(separator: "; ") + more + "; \(what).")
        }
    }
}
