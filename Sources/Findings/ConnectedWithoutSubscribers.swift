import Tracer

extension Trace {
    /// A finding for each connection that connected and ran its source (subscribed its subject to
    /// it) while nothing ever subscribed to its subject, by the end of the run: work nobody asked
    /// for, as an eager `replay` or `replayLast` does when it is made (RAC's `-replay` connects at
    /// once). No suggested change fits exactly; the sentence names the lazy ones (`replayLazily`,
    /// or `autoconnect` for a plain subject's connection). Its events are the connect and the
    /// source's subscription and run. Plumbing's connections are left out. In the order of the
    /// connects.
    func connectedWithoutSubscribers(plumbing: [Bool], spelling: CodeSpelling) -> [Finding] {
        var subjects: [Int: Int] = [:]  // subject -> connection
        for signal in signals where signal.kind == .connection && !plumbing[signal.id] {
            if let subject = signal.subject, signals.indices.contains(subject) { subjects[subject] = signal.id }
        }
        guard !subjects.isEmpty else { return [] }
        var subscribed = Set<Int>()  // subjects
        var connected: [Int: (event: Int, time: Double)] = [:]  // by connection
        var ran: [Int: [Int]] = [:]  // by connection: the source's subscribe and didSubscribe events
        var order: [Int] = []
        var madeByConnect: [Int: Int] = [:]  // connect event -> connection
        var sourceSubscription: [Int: Int] = [:]  // subscription -> connection
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .connect(let connection, let first) where first:
                guard signals.indices.contains(connection), !plumbing[connection], connected[connection] == nil else { break }
                connected[connection] = (index, event.time)
                madeByConnect[index] = connection
                order.append(connection)
            case .subscribe(let subscription):
                guard subscriptions.indices.contains(subscription) else { break }
                if subjects[subscriptions[subscription].signal] != nil { subscribed.insert(subscriptions[subscription].signal) }
                if let cause = event.cause, let connection = madeByConnect[cause] {
                    sourceSubscription[subscription] = connection
                    ran[connection, default: []].append(index)
                }
            case .didSubscribe(let subscription):
                if let connection = sourceSubscription[subscription] { ran[connection, default: []].append(index) }
            default: break
            }
        }
        return order.compactMap { connection in
            guard let subject = signals[connection].subject, !subscribed.contains(subject),
                  let connect = connected[connection], let run = ran[connection], !run.isEmpty else { return nil }
            let source = signals[connection].source.map { name(of: $0) } ?? "its source"
            let lazy = if case .replaySubject = signals[subject].kind {
                "\(spelling.write(.call("replayLazily"))) in place of \(spelling.write(.call("replay"))) or \(spelling.write(.call("replayLast"))) connects at the first subscription"
            } else {
                "\(spelling.write(.call("autoconnect"))) after the connection connects at the first subscription"
            }
            return Finding(
                kind: .connectedWithoutSubscribers, signals: [connection, subject] + (signals[connection].source.map { [$0] } ?? []),
                subscriptions: [], times: [connect.time], events: [connect.event] + run,
                sentence: "The connection of \(source) through \(name(of: subject)) connected at \(seconds(connect.time)), "
                    + "subscribing to \(source), but nothing ever subscribed to \(name(of: subject)): work nobody asked for. "
                    + "\(lazy), so it would not have subscribed to \(source).")
        }
    }
}
