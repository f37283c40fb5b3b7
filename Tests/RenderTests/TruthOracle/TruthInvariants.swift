import Reactive
import Findings
import Tracer
@testable import Render

// The truth oracle's invariants (issue 25, item 6): what the timeline and the graph draw, checked
// against the trace they are drawn from. Each is written from the trace's own events, apart from
// the code that draws, so that a picture that says something the runtime did not do fails here.

/// One invariant broken by one drawing of one trace.
struct TruthViolation: Hashable, CustomStringConvertible {
    /// Which invariant: a short name, stable across runs, that shrinking keeps to.
    let invariant: String
    let detail: String
    var description: String { "\(invariant): \(detail)" }
}

/// Every violation of the invariants by the timeline and graph of `trace`; `names` are those the
/// scenario file gave its signals, each to be on the one object it named.
func truthViolations(of trace: Trace, names: [String] = []) -> [TruthViolation] {
    var violations: [TruthViolation] = []
    func fail(_ invariant: String, _ detail: String) { violations.append(TruthViolation(invariant: invariant, detail: detail)) }
    let model = TimelineModel(trace)
    // A lane drawn as counts keeps no marks to check one by one: the oracle's files stay small enough.
    let counted = model.lanes.contains { $0.counts != nil }
    let labelled = trace.subscriptions.filter { $0.label != nil }
    let life = SubscriptionLife(trace)

    // 1. Every labelled subscription has exactly one lane, under its label.
    for subscription in labelled {
        let lanes = model.lanes.filter { $0.role == .subscriber && $0.subscription == subscription.id }
        if lanes.count != 1 {
            fail("one lane per labelled subscription", "\(trace.describe(subscription: subscription.id)) has \(lanes.count) lanes")
        } else if lanes[0].title != subscription.label {
            fail("one lane per labelled subscription", "the lane of \(subscription.label ?? "") is titled \(lanes[0].title)")
        }
    }

    // 2. The graph has one node per label, with an arrow to what each of its subscriptions subscribed to.
    let graph = SubscriptionGraph(trace)
    for label in Set(labelled.compactMap(\.label)).sorted() {
        let nodes = graph.nodes.filter { $0.kind == .subscriber && $0.name == label }
        guard nodes.count == 1, let node = nodes.first else {
            fail("one graph node per label", "\(label) has \(nodes.count) nodes")
            continue
        }
        for subscription in labelled where subscription.label == label {
            let target = trace.signals[subscription.signal]
            let reached = graph.edges.filter { $0.from == node.id }.map { graph.nodes[$0.to] }
            if !reached.contains(where: { $0.name == target.name && $0.kind != .subscriber }) {
                fail("an arrow per labelled subscription", "no arrow from \(label) to \(target.name)")
            }
        }
    }

    // 2b. The graph's arrows are the trace's subscriptions, edge by edge.
    violations += graphEdgeViolations(of: trace, graph: graph)

    // 3. A name the file gave is on one graph node and one source lane at most: the object it named.
    for name in names {
        let nodes = graph.nodes.filter { $0.kind != .subscriber && $0.name == name }.count
        let lanes = model.lanes.filter { !$0.drawsSubscription && $0.title == name }.count
        if nodes > 1 || lanes > 1 {
            fail("a name on the object it named", "\(name) names \(nodes) graph nodes and \(lanes) source lanes")
        }
    }

    // 4. Every delivery an operator makes names its cause: what it received, or the timer or
    // subscription that made it act (a time operator's later send carries the delivery it holds).
    // Only a source's own events (a cold signal's timeline, a timer's ticks) start from nothing.
    for (index, event) in trace.events.enumerated() where event.kind.isDelivery && event.cause == nil {
        guard let subscription = event.kind.subscription, trace.subscriptions.indices.contains(subscription) else { continue }
        let signal = trace.signals[trace.subscriptions[subscription].signal]
        if signal.kind == .operator {
            fail("an operator's delivery names its cause", "event \(index) (\(event.kind)) at \(event.time) s, to \(signal.name), has none")
        }
    }

    // 5. What the findings say is what their events show.
    violations += findingViolations(of: trace, life: life)

    // 6. Every value an operator receives is carried on or reported dropped, once (its table row,
    // `receivedValues`, says which values it must account for).
    violations += accountingViolations(of: trace)

    guard !counted else { return violations }
    // 3. Every mark on a subscription's lane is an event of that subscription, and every terminal
    // event and disposal of a labelled subscription is drawn.
    for lane in model.lanes where lane.drawsSubscription {
        guard let subscription = lane.subscription else { continue }
        for mark in lane.marks {
            let kind = trace.events[mark.event].kind
            switch mark.kind {
            case .value, .completed, .error:
                if kind.subscription != subscription || !kind.isDelivery {
                    fail("marks come from the lane's subscription",
                         "\(lane.title) draws event \(mark.event) (\(kind)), not a delivery to subscription \(subscription)")
                }
            case .effect:
                if case .didSubscribe(subscription) = kind {} else {
                    fail("marks come from the lane's subscription", "\(lane.title) draws a run from event \(mark.event) (\(kind))")
                }
            case .dropped:
                guard case .drop(let receiver, _) = kind else {
                    fail("drops come from drop events", "\(lane.title) draws a drop from event \(mark.event) (\(kind))")
                    continue
                }
                if !life.isAlive(subscription, at: mark.event) || !life.reaches(receiver, subscription, at: mark.event) {
                    fail("a drop only where the value was going",
                         "\(lane.title) draws the drop of event \(mark.event) at \(mark.time) s, which was not on its way to "
                             + "\(trace.describe(subscription: subscription))")
                }
            case .sent, .sentCompleted, .sentError, .runEnded, .connect, .disconnect:
                fail("marks come from the lane's subscription", "\(lane.title) draws \(mark.kind) from event \(mark.event)")
            }
        }
    }
    // The ends of every subscription a lane draws, a labelled one's or an inner one's.
    for lane in model.lanes where lane.drawsSubscription {
        guard let subscription = lane.subscription else { continue }
        for (index, event) in trace.events.enumerated() where event.kind.subscription == subscription {
            switch event.kind {
            case .completed, .error:
                if !lane.marks.contains(where: { $0.event == index }) {
                    fail("every end is drawn", "\(lane.title)'s \(event.kind) at \(event.time) s is not drawn")
                }
            case .dispose:
                if lane.ending == .open { fail("every end is drawn", "\(lane.title)'s disposal at \(event.time) s is not drawn") }
            default: break
            }
        }
    }

    // 4. Every connect and disconnect of a connection that is not plumbing is drawn, on its lane.
    let plumbing = trace.plumbing()
    var connectMarks: [Int: Int] = [:]  // by event: how many marks draw it
    for lane in model.lanes where lane.role == .connects {
        for mark in lane.marks {
            switch mark.kind {
            case .connect, .disconnect: connectMarks[mark.event, default: 0] += 1
            default: fail("connects are drawn on connect lanes", "\(lane.title) draws \(mark.kind) from event \(mark.event)")
            }
        }
    }
    for (index, event) in trace.events.enumerated() {
        let connection: Int? = switch event.kind {
        case .connect(let signal, _), .disconnect(let signal): signal
        default: nil
        }
        if let connection, !plumbing[connection], connectMarks[index] != 1 {
            fail("every connect is drawn", "\(event.kind) at \(event.time) s is drawn \(connectMarks[index] ?? 0) times")
        }
    }

    // 5. Every run of a side effect is drawn, once, and nothing else is drawn as one; the graph
    // counts each signal's runs and the report lists them all.
    let runs = Set(trace.sideEffectRuns().map(\.event))
    var drawn: [Int] = []
    for lane in model.lanes {
        for mark in lane.marks {
            if case .effect = mark.kind { drawn.append(mark.event) }
        }
    }
    if Set(drawn) != runs || drawn.count != runs.count {
        fail("every run is drawn once", "runs \(runs.sorted()), drawn \(drawn.sorted())")
    }
    var runsBySignal: [Int: Int] = [:]
    for run in trace.sideEffectRuns() { runsBySignal[run.signal, default: 0] += 1 }
    for node in graph.nodes where node.runs != nil {
        // A name two signals or two nodes share says nothing about which is which.
        let signals = trace.signals.filter { $0.name == node.name }
        guard signals.count == 1, let signal = signals.first, !plumbing[signal.id],
              graph.nodes.count(where: { $0.name == node.name }) == 1 else { continue }
        let expected = runsBySignal[signal.id] ?? 0
        if node.runs != expected {
            fail("every run is counted", "the graph's \(node.name) counts \(node.runs ?? 0) runs, the trace has \(expected)")
        }
    }
    if ReportPage.runs(trace).count != trace.sideEffectRuns().count {
        fail("every run is listed", "the report lists \(ReportPage.runs(trace).count) runs of \(trace.sideEffectRuns().count)")
    }
    return violations
}

/// The findings' claims, recounted from the trace: a repeated side effect's events are runs of its
/// signal; a missed value was sent to the subject before the late subscription; an ignored send
/// reached no one, the subject having no subscriber then, as its sentence says; a dead connection's
/// late connects and subscriptions came after its disconnect; a stale inner value came after a newer
/// inner signal started; a swallowed error is the failed subscription's; a subscription that never
/// ended did not; a connection without subscribers had none. Each sentence's counts, times and
/// reasons are recounted from the events too (``sentenceViolations(of:in:life:)``).
private func findingViolations(of trace: Trace, life: SubscriptionLife) -> [TruthViolation] {
    var violations: [TruthViolation] = []
    func fail(_ detail: String) { violations.append(TruthViolation(invariant: "findings say what their events show", detail: detail)) }
    for finding in trace.findings() {
        guard finding.events.allSatisfy(trace.events.indices.contains),
              finding.subscriptions.allSatisfy(trace.subscriptions.indices.contains),
              finding.signals.allSatisfy(trace.signals.indices.contains) else {
            fail("\(finding.kind) names an event, subscription or signal the trace does not have")
            continue
        }
        for detail in sentenceViolations(of: finding, in: trace, life: life) {
            violations.append(TruthViolation(invariant: "a finding's sentence says what its events show", detail: detail))
        }
        switch finding.kind {
        case .unsubscribedGroups:
            // Each event is a send to the group that no delivery came from.
            guard let group = finding.signals.first else { break }
            if trace.signals[group].kind != .groupedSignal { fail("\(trace.signals[group].name) is not a group") }
            for send in finding.events {
                guard case .send(group, _) = trace.events[send].kind else {
                    fail("its event \(send) is not a value sent to \(trace.signals[group].name)")
                    continue
                }
                if trace.events.contains(where: { $0.cause == send && $0.kind.isDelivery }) {
                    fail("the value sent at event \(send) is said to have reached no one; it was delivered")
                }
            }
        case .unboundedReplay:
            // An unlimited replay subject, sent at least 3 values, none of whose subscriptions was replayed two.
            guard let subject = finding.signals.first else { break }
            guard case .replaySubject(capacity: nil) = trace.signals[subject].kind else {
                fail("\(trace.signals[subject].name) is not a replay subject of unlimited capacity")
                break
            }
            let sends = trace.events.filter { if case .send(subject, _) = $0.kind { true } else { false } }.count
            if sends < 3 { fail("\(trace.signals[subject].name) was sent \(sends) values, not a history") }
            var replayed: [Int: Int] = [:]
            for event in trace.events {
                if case .next(let subscription, _, true) = event.kind, trace.subscriptions[subscription].signal == subject {
                    replayed[subscription, default: 0] += 1
                }
            }
            if let most = replayed.values.max(), most > 1 {
                fail("a subscriber of \(trace.signals[subject].name) was replayed \(most) values: the history was read")
            }
        case .repeatedSideEffect:
            guard let signal = finding.signals.first else { break }
            let runs = Set(trace.sideEffectRuns().filter { $0.signal == signal }.map(\.event))
            if !Set(finding.events).isSubset(of: runs) || finding.events.count < 2 {
                fail("a repeated side effect of \(trace.signals[signal].name) names events \(finding.events) that are not its runs")
            }
        case .missedValues:
            guard let signal = finding.signals.first, let late = finding.subscriptions.first,
                  let subscribed = life.subscribed[late] else { break }
            for event in finding.events {
                guard case .send(signal, _) = trace.events[event].kind, event < subscribed else {
                    fail("a missed value at event \(event) was not sent to \(trace.signals[signal].name) before "
                         + "\(trace.describe(subscription: late)) subscribed")
                    continue
                }
            }
        case .ignoredSend:
            guard let signal = finding.signals.first else { break }
            let delivered = Set(trace.events.compactMap { $0.kind.isDelivery ? $0.cause : nil })
            for event in finding.events.dropFirst() {
                let alive = trace.subscriptions.filter { $0.signal == signal && life.isAlive($0.id, at: event) }
                if delivered.contains(event) {
                    fail("the ignored send at event \(event) reached someone")
                } else if !alive.isEmpty, finding.sentence.contains("it had no subscriber then") {
                    fail("the ignored send at event \(event) is said to have had no subscriber; it had \(alive.count)")
                }
            }
        case .deadConnection:
            // The disconnect, then each connect or subscription to the subject after it.
            guard let connection = finding.signals.first, let disconnect = finding.events.first else { break }
            guard case .disconnect(connection) = trace.events[disconnect].kind else {
                fail("a dead connection's first event \(disconnect) is not the disconnect of \(trace.signals[connection].name)")
                break
            }
            let subject = finding.signals.dropFirst().first
            for event in finding.events.dropFirst() {
                let late: Bool = switch trace.events[event].kind {
                case .connect(connection, _): true
                case .subscribe(let subscription): trace.subscriptions[subscription].signal == subject
                default: false
                }
                if !late || event < disconnect {
                    fail("a dead connection's event \(event) is not a connect or a subscription after its disconnect")
                }
            }
        case .staleInnerValues:
            // Each stale value came on an older inner subscription after a newer one had started; the
            // newer ones' subscriptions are among the events too.
            guard let operatorSubscription = finding.subscriptions.first else { break }
            let inner = trace.subscriptions.filter { $0.parent == operatorSubscription }.map(\.id)
            for event in finding.events {
                // The newer inner signal's subscription, shown beside the values it made stale.
                if case .subscribe(let subscription) = trace.events[event].kind {
                    if !inner.contains(subscription) { fail("event \(event) is not the subscription of an inner signal") }
                    continue
                }
                guard case .next(let subscription, _, _) = trace.events[event].kind, inner.contains(subscription),
                      let started = life.subscribed[subscription] else {
                    fail("the stale value at event \(event) is not a value of an inner subscription of the flattening")
                    continue
                }
                let newer = inner.contains { other in
                    guard other != subscription, let otherStart = life.subscribed[other] else { return false }
                    return otherStart > started && otherStart < event
                }
                if !newer { fail("the stale value at event \(event) came before any newer inner signal started") }
            }
        case .swallowedError:
            guard let error = finding.events.first, finding.subscriptions.count > 1 else { break }
            if case .error(finding.subscriptions[1], _, _) = trace.events[error].kind {} else {
                fail("the swallowed error, event \(error), is not an error of the failed subscription")
            }
        case .neverEnded:
            // Each outlived its owner's signal's end, or subscribed to a subject after its end and never ended.
            for subscription in finding.subscriptions {
                let entry = trace.subscriptions[subscription]
                let subscribed = trace.events.firstIndex { if case .subscribe(subscription) = $0.kind { true } else { false } }
                func end(of signal: Int) -> Int? {
                    trace.events.firstIndex {
                        switch $0.kind {
                        case .sendCompleted(signal), .sendError(signal, _): true
                        default: false
                        }
                    }
                }
                if let owner = entry.owner, let gone = end(of: owner) {
                    let goneAt = trace.events[gone].time
                    let endedAt = life.ended[subscription].map { trace.events[$0].time } ?? .infinity
                    let subscribedAt = subscribed.map { trace.events[$0].time } ?? 0
                    if endedAt <= goneAt && subscribedAt <= goneAt {
                        fail("\(trace.describe(subscription: subscription)) is said to have outlived its owner, which went at "
                             + "\(goneAt) s; it ended at \(endedAt) s")
                    }
                } else if let ended = end(of: entry.signal), let subscribed, ended < subscribed, life.ended[subscription] == nil {
                } else {
                    fail("\(trace.describe(subscription: subscription)) is said to have outlived what should have ended it; "
                         + "neither its owner went nor had its subject ended when it subscribed, or it ended")
                }
            }
        case .terminatedPipeline:
            guard let error = finding.events.first, let ended = finding.subscriptions.first else { break }
            if case .error(ended, _, _) = trace.events[error].kind {} else {
                fail("its first event, \(error), is not the error that ended \(trace.describe(subscription: ended))")
            }
            for send in finding.events.dropFirst() where trace.events.contains(where: { $0.cause == send && $0.kind.isDelivery }) {
                fail("the value sent at event \(send) is said to have reached no one; it was delivered")
            }
        case .stuckConcat:
            // The subscription it waited on never ended.
            guard finding.subscriptions.count > 1 else { break }
            let waited = finding.subscriptions[1]
            if life.ended[waited] != nil {
                fail("\(trace.describe(subscription: waited)) is said to have been waited on to the end; it ended at event "
                     + "\(life.ended[waited] ?? 0)")
            }
        case .offMainDelivery:
            for delivery in finding.events {
                guard case .next(let subscription, _, _) = trace.events[delivery].kind, finding.subscriptions.contains(subscription) else {
                    fail("its event \(delivery) is not a value delivered to its subscriber")
                    continue
                }
            }
        case .unobservedCommandError:
            // The send on the command's errors reached no subscription.
            guard let send = finding.events.first else { break }
            if case .send = trace.events[send].kind {} else { fail("its event, \(send), is not a send on the command's errors") }
            if trace.events.contains(where: { $0.cause == send && $0.kind.isDelivery }) {
                fail("the error sent at event \(send) is said to have reached no one; it was delivered")
            }
        case .runningWithoutSubscribers:
            // The source's subscription never ended, and its values came after every subscriber of the subject left.
            guard let source = finding.subscriptions.first, finding.signals.count > 1 else { break }
            if let end = life.ended[source], finding.events.contains(where: { $0 > end }) {
                fail("the source's subscription is said to have sent after it ended")
            }
            let subject = finding.signals[1]
            for subscription in trace.subscriptions where subscription.signal == subject {
                guard let end = life.ended[subscription.id] else {
                    fail("\(trace.describe(subscription: subscription.id)) is said to have left; it never did")
                    continue
                }
                if finding.events.contains(where: { $0 < end }) {
                    fail("\(trace.describe(subscription: subscription.id)) was still subscribed when a value said to reach no one came")
                }
            }
        case .connectedWithoutSubscribers:
            guard finding.signals.count > 1 else { break }
            let subject = finding.signals[1]
            if trace.subscriptions.contains(where: { $0.signal == subject }) {
                fail("\(trace.signals[subject].name) is said to have had no subscriber; something subscribed to it")
            }
        }
    }
    return violations
}

/// What `finding`'s sentence says that its events do not show, recounted from the trace: how many
/// runs, values, sends or subscriptions it counts; the times it gives of the event it is about (an
/// end, a disconnect, a connect, an error, a late subscription); the message it quotes; and, for an
/// ignored send, each reason it gives (no subscriber then, or subscribers that took nothing more)
/// held for at least one of its sends. A missed value reached no other subscription of the same
/// subscriber.
private func sentenceViolations(of finding: Finding, in trace: Trace, life: SubscriptionLife) -> [String] {
    var details: [String] = []
    let sentence = finding.sentence
    func says(_ part: String, _ why: @autoclosure () -> String) {
        if !sentence.contains(part) { details.append("\(finding.kind) should say \"\(part)\" (\(why())): \(sentence)") }
    }
    func at(_ event: Int) -> String { SecondsFormat.forPeople.format(trace.events[event].time) }
    func plural(_ count: Int, _ one: String, _ many: String) -> String { count == 1 ? "1 \(one)" : "\(count) \(many)" }
    /// The first event at which `subject` was completed or failed by a send, if any.
    func end(of subject: Int) -> Int? {
        trace.events.indices.first { index in
            switch trace.events[index].kind {
            case .sendCompleted(subject), .sendError(subject, _): true
            default: false
            }
        }
    }
    switch finding.kind {
    case .unsubscribedGroups:
        if finding.events.count < Finding.mostEvents {
            says("was sent \(plural(finding.events.count, "value", "values")) that reached no one", "how many values were lost")
        }
        if let first = finding.events.first { says("from \(at(first))", "the first lost value's time") }
    case .unboundedReplay:
        guard let subject = finding.signals.first else { break }
        let sends = trace.events.filter { if case .send(subject, _) = $0.kind { true } else { false } }.count
        says("kept all \(sends) values", "how many values it was sent")
    case .repeatedSideEffect:
        says("ran \(finding.events.count) times", "its events are \(finding.events.count) runs")
    case .missedValues:
        guard let signal = finding.signals.first, let late = finding.subscriptions.first,
              let subscribed = life.subscribed[late] else { break }
        says("at \(at(subscribed)), after \(plural(finding.events.count, "value was", "values were")) sent",
             "the late subscription and the values sent before it")
        // Missed by the subscriber: none of its other subscriptions to the subject was open when it
        // was sent. (A value sent after the subject ended counts: a RAC 2.5 subject keeps no end, and
        // a subscriber that came after it but before the send would have received it.)
        let root = topmost(late, in: trace)
        for event in finding.events {
            let open = trace.subscriptions.filter {
                $0.signal == signal && $0.id != late && topmost($0.id, in: trace) == root && life.isAlive($0.id, at: event)
            }
            if let first = open.first {
                details.append("the missed value at event \(event) reached \(trace.describe(subscription: first.id)), "
                    + "a subscription of the same subscriber")
            }
        }
    case .ignoredSend:
        guard let signal = finding.signals.first, let first = finding.events.first else { break }
        if end(of: signal) != first {
            details.append("an ignored send's end, event \(first), is not the first end of \(trace.signals[signal].name)")
        }
        let how = switch trace.events[first].kind {
        case .sendCompleted: "completed"
        case .sendError(_, let message): "failed with the error \"\(shortened(message, to: 40))\""
        default: "?"
        }
        says("\(how) at \(at(first))", "the subject's end")
        says("\(plural(finding.events.count - 1, "thing", "things")) sent to it after that", "its sends")
        let sends = finding.events.dropFirst()
        let alive = sends.map { send in trace.subscriptions.contains { $0.signal == signal && life.isAlive($0.id, at: send) } }
        if sentence.contains("its subscribers then took nothing more"), !alive.contains(true) {
            details.append("an ignored send is said to have had subscribers that took nothing more; none had any")
        }
        if sentence.contains("it had no subscriber then"), !alive.contains(false) {
            details.append("an ignored send is said to have had no subscriber; each had one")
        }
        // The first send's reason, named in full: with no subscriber then, the last subscription to
        // the subject that ended before it, how and when (or that it never had one).
        if let send = sends.first, alive.first == false {
            let last = trace.subscriptions.filter { $0.signal == signal }.compactMap { subscription -> (end: Int, id: Int)? in
                guard let end = life.ended[subscription.id], end < send else { return nil }
                return (end, subscription.id)
            }.max { $0.end < $1.end }
            if let last {
                let how = switch trace.events[last.end].kind {
                case .error: "failed"
                case .completed: "completed"
                default: "was disposed"
                }
                says("it had no subscriber then: the last, \(trace.describe(subscription: last.id)), \(how) at \(at(last.end))",
                     "the last subscription to end before the first send")
            } else {
                says("it had no subscriber then: it never had one", "no subscription to it ended before the first send")
            }
        }
    case .staleInnerValues:
        let values = finding.events.filter { if case .next = trace.events[$0].kind { true } else { false } }
        says("received \(plural(values.count, "value", "values")) from an older inner signal", "its stale values")
    case .swallowedError:
        guard let error = finding.events.first, case .error(_, let message, _) = trace.events[error].kind else { break }
        says("The error \"\(shortened(message, to: 40))\"", "the error's message")
        says(" at \(at(error)) never reached", "the error's time")
    case .neverEnded:
        says(finding.subscriptions.count == 1 ? "1 subscription outlived what should have ended it"
             : "\(finding.subscriptions.count) subscriptions outlived what should have ended them", "its subscriptions")
    case .deadConnection:
        guard let disconnect = finding.events.first else { break }
        says("was disconnected at \(at(disconnect))", "its disconnect")
    case .terminatedPipeline:
        guard let error = finding.events.first, case .error(_, let message, _) = trace.events[error].kind else { break }
        says("The error \"\(shortened(message, to: 40))\"", "the error's message")
        says(" at \(at(error)), and with it", "the error's time")
        says(plural(finding.events.count - 1, "value", "values"), "how many values reached no one")
    case .stuckConcat:
        says("to the end of the run, at \(SecondsFormat.forPeople.format(trace.duration))", "the run's end")
    case .offMainDelivery:
        says(plural(finding.events.count, "value", "values"), "how many values it received off main")
    case .unobservedCommandError:
        guard let send = finding.events.first, case .send(_, let message) = trace.events[send].kind else { break }
        says("failed at \(at(send)) with \"\(shortened(message, to: 40))\"", "the error's time and message")
    case .runningWithoutSubscribers:
        says(plural(finding.events.count, "value to no subscriber", "values to no subscriber"), "how many values came after")
        if let last = finding.events.last { says("the last at \(at(last))", "its last value's time") }
    case .connectedWithoutSubscribers:
        guard let connect = finding.events.first else { break }
        if case .connect = trace.events[connect].kind {} else { details.append("its first event, \(connect), is not a connect") }
        says("connected at \(at(connect))", "its connect")
    }
    return details
}

/// The subscription at the top of `subscription`'s chain: the one no other subscription made or fed.
private func topmost(_ subscription: Int, in trace: Trace) -> Int {
    var current = subscription
    var seen: Set<Int> = []
    while seen.insert(current).inserted {
        let here = trace.subscriptions[current]
        if let parent = here.parent, trace.subscriptions.indices.contains(parent) {
            current = parent
        } else if case .subscription(let fed) = here.subscriber, trace.subscriptions.indices.contains(fed) {
            current = fed
        } else {
            break
        }
    }
    return current
}

/// The graph's arrows against the trace's subscriptions, read apart from the code that draws:
/// - each arrow "A subscribed to X × n" has n subscriptions to a signal named X, each made on behalf
///   of A: A is the label of, or a signal subscribed by, a subscription above it (the one whose code
///   made it, or whose subscriber it feeds, and so on up);
/// - a signal drawn as a node that is not plumbing and that something subscribed to has an arrow
///   in (from what subscribed, or, for machinery, from the runtime's signal kept in its place),
///   unless only the signal itself did (a subject fed by itself: the graph draws no loops).
private func graphEdgeViolations(of trace: Trace, graph: SubscriptionGraph) -> [TruthViolation] {
    var violations: [TruthViolation] = []
    func fail(_ detail: String) { violations.append(TruthViolation(invariant: "the graph's arrows are subscriptions", detail: detail)) }
    let plumbing = trace.plumbing()
    /// The names of what `subscription` was made for: labels and signals above it.
    func above(_ subscription: Int) -> (labels: Set<String>, signals: Set<String>) {
        var labels: Set<String> = []
        var signals: Set<String> = []
        var current = subscription
        var seen: Set<Int> = []
        while seen.insert(current).inserted {
            let here = trace.subscriptions[current]
            switch here.subscriber {
            case .label(let label): labels.insert(label)
            case .signal(let subject): if trace.signals.indices.contains(subject) { signals.insert(trace.signals[subject].name) }
            case .subscription(let fed):
                guard trace.subscriptions.indices.contains(fed) else { break }
                signals.insert(trace.signals[trace.subscriptions[fed].signal].name)
                current = fed
                continue
            case .anonymous: break
            }
            guard let parent = here.parent, trace.subscriptions.indices.contains(parent) else { break }
            signals.insert(trace.signals[trace.subscriptions[parent].signal].name)
            current = parent
        }
        return (labels, signals)
    }
    var madeFor: [Int: (labels: Set<String>, signals: Set<String>)] = [:]
    for subscription in trace.subscriptions { madeFor[subscription.id] = above(subscription.id) }
    for edge in graph.edges where edge.link == .subscription {
        let from = graph.nodes[edge.from], to = graph.nodes[edge.to]
        let onBehalf = trace.subscriptions.filter { subscription in
            guard trace.signals[subscription.signal].name == to.name, let made = madeFor[subscription.id] else { return false }
            return from.kind == .subscriber ? made.labels.contains(from.name) : made.signals.contains(from.name)
        }
        if onBehalf.count < edge.count {
            fail("the arrow \(graph.sentence(for: edge)) stands for \(edge.count) subscriptions; the trace has "
                 + "\(onBehalf.count) to \(to.name) made for \(from.name)")
        }
    }
    var arrowedInto = Set(graph.edges.map { graph.nodes[$0.to].name })
    arrowedInto.formUnion(graph.edges.filter { $0.link == .reads }.map { graph.nodes[$0.from].name })
    for subscription in trace.subscriptions {
        let signal = trace.signals[subscription.signal]
        guard !plumbing[signal.id], graph.nodes.contains(where: { $0.kind != .subscriber && $0.name == signal.name }),
              let made = madeFor[subscription.id], !made.labels.isEmpty || !made.signals.subtracting([signal.name]).isEmpty
        else { continue }  // made for nothing drawn, or for the signal itself (a subject fed by itself: no loops are drawn)
        if !arrowedInto.contains(signal.name) {
            fail("\(trace.describe(subscription: subscription.id)) is drawn with no arrow into \(signal.name)")
        }
    }
    return violations
}

/// The operators' law, from the trace alone: on each subscription an operator made to a signal
/// whose values it must account for (``ReceivedValues``),
/// - every drop is of a value it received, a distinct one for each drop;
/// - every value received is carried (an event names its delivery as cause, or the operator sends
///   a value of its label later, as `sample` and `takeLast` do) or dropped, once the operator sends
///   a later value it received or completes: an operator may still hold values when its
///   subscription is disposed or fails, never leave one out silently while it goes on. Values
///   combined (`combineLatest`, `zip`) are checked by the first rule only.
private func accountingViolations(of trace: Trace) -> [TruthViolation] {
    var violations: [TruthViolation] = []
    // What a value's delivery caused, drops aside: a drop it causes may be of another value.
    let causes = Set(trace.events.compactMap { event -> Int? in
        if case .drop = event.kind { return nil }
        return event.cause
    })
    // By subscription: the positions of the values it received, not yet accounted for.
    var pending: [Int: [Int]] = [:]
    var dropped: Set<Int> = []  // the deliveries whose values were dropped
    func fail(_ detail: String) { violations.append(TruthViolation(invariant: "every value received is carried or dropped", detail: detail)) }
    /// How the values `subscription` receives are accounted for: `nil` when they need not be (not
    /// an operator's subscription, or values folded or ignored); `false` when only its drops are
    /// checked (values combined, whose combinations name no one value as cause).
    func accounting(_ subscription: Int) -> Bool? {
        let received = trace.subscriptions[subscription]
        // A labelled subscriber is where values end, not an operator's.
        if case .label = received.subscriber { return nil }
        guard let parent = received.parent, case let owner = trace.signals[trace.subscriptions[parent].signal],
              owner.kind == .operator, let operation = owner.operation else { return nil }
        switch operation.name.receivedValues {
        case .carriedOrDropped: return true
        // Its receiver's subscription: the others' values only time what it does.
        case .receiverCarriedOrDropped: return owner.receiver == received.signal ? true : nil
        case .combined: return false
        case .folded, .ignored: return nil
        }
    }
    func label(_ index: Int) -> String? {
        if case .next(_, let value, _) = trace.events[index].kind { value } else { nil }
    }
    func unaccounted(on subscription: Int, before end: Int, _ why: String) {
        for index in pending[subscription] ?? [] where index < end {
            fail("\(trace.describe(subscription: subscription)) received \(label(index) ?? "") (event \(index), at "
                 + "\(trace.events[index].time) s), neither carried nor dropped, \(why)")
        }
        pending[subscription]?.removeAll { $0 < end }
    }
    var owners: [Int: [Int]] = [:]  // by operator subscription: the subscriptions it accounts on, strictly
    for subscription in trace.subscriptions {
        guard let strict = accounting(subscription.id) else { continue }
        pending[subscription.id] = []
        if strict, let parent = subscription.parent { owners[parent, default: []].append(subscription.id) }
    }
    for (index, event) in trace.events.enumerated() {
        switch event.kind {
        case .next(let subscription, let value, _):
            if pending[subscription] != nil, !causes.contains(index) { pending[subscription]?.append(index) }
            // The operator sends: the value it carries is accounted for, and so must be every one before it.
            for accounted in owners[subscription] ?? [] {
                if let cause = event.cause, label(cause) != nil, trace.events[cause].kind.subscription == accounted {
                    unaccounted(on: accounted, before: cause, "though a later one (event \(cause)) was sent on (event \(index))")
                } else if let latest = pending[accounted]?.lastIndex(where: { label($0) == value }) {
                    pending[accounted]?.remove(at: latest)
                }
            }
        case .drop(let subscription, let value) where pending[subscription] != nil:
            // The value it drops: the oldest one of its label it holds (a value a newer one replaced),
            // or else its own delivery (a filter's, which may have caused work too: an empty signal).
            if let held = pending[subscription]?.firstIndex(where: { label($0) == value }) {
                dropped.insert(pending[subscription]![held])
                pending[subscription]?.remove(at: held)
            } else if let cause = event.cause, label(cause) == value, trace.events[cause].kind.subscription == subscription {
                if !dropped.insert(cause).inserted {
                    fail("\(trace.describe(subscription: subscription)) drops \(value) of event \(cause) twice")
                }
            } else {
                fail("\(trace.describe(subscription: subscription)) drops \(value) at event \(index), which it does not hold")
            }
        case .completed(let subscription, _):
            for accounted in owners[subscription] ?? [] {
                unaccounted(on: accounted, before: index, "though the operator completed (event \(index))")
            }
        default: break
        }
    }
    return violations
}

/// When each subscription lived, and which subscriptions a value received by one was on its way to:
/// the trace's own structure, read apart from the code that draws.
private struct SubscriptionLife {
    let trace: Trace
    /// By subscription: the position of its `subscribe` event and of its end (its error or
    /// completion, or its disposal), if any.
    var subscribed: [Int: Int] = [:]
    var ended: [Int: Int] = [:]
    /// The subscriptions to each signal.
    var subscriptionsTo: [Int: [Int]] = [:]

    init(_ trace: Trace) {
        self.trace = trace
        for (index, event) in trace.events.enumerated() {
            switch event.kind {
            case .subscribe(let subscription): subscribed[subscription] = index
            case .completed(let subscription, _), .error(let subscription, _, _), .dispose(let subscription):
                if ended[subscription] == nil { ended[subscription] = index }
            default: break
            }
        }
        for subscription in trace.subscriptions { subscriptionsTo[subscription.signal, default: []].append(subscription.id) }
    }

    /// Whether `subscription` was subscribed, and had not ended, at event `index`.
    func isAlive(_ subscription: Int, at index: Int) -> Bool {
        guard let start = subscribed[subscription], start <= index else { return false }
        return (ended[subscription] ?? .max) >= index
    }

    /// Whether what subscription `from` received at event `index` was on its way to subscription
    /// `to`: `to` is reached going up from `from` through the subscription whose code made each
    /// (its parent), the subscription each feeds, and, through a subject, the subscriptions to
    /// that subject alive at that instant.
    func reaches(_ from: Int, _ to: Int, at index: Int) -> Bool {
        var seen: Set<Int> = [from]
        var stack = [from]
        while let current = stack.popLast() {
            if current == to { return true }
            let subscription = trace.subscriptions[current]
            var above: [Int] = subscription.parent.map { [$0] } ?? []
            switch subscription.subscriber {
            case .subscription(let fed): above.append(fed)
            case .signal(let subject): above += (subscriptionsTo[subject] ?? []).filter { isAlive($0, at: index) }
            case .label, .anonymous: break
            }
            for next in above where seen.insert(next).inserted { stack.append(next) }
        }
        return false
    }
}
