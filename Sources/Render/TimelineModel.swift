import Tracer

/// What a timeline draws, read from a trace: source lanes (side effects,
/// subject sends, connects) and one lane per labelled subscriber.
struct TimelineModel {
    enum MarkKind: Hashable {
        /// A value delivered to a subscriber; `replayed` for history.
        case value(String, replayed: Bool)
        case completed(replayed: Bool)
        case error(String, replayed: Bool)
        /// A value, completion or error sent to a subject.
        case sent(String)
        case sentCompleted
        case sentError(String)
        /// The `number`th run of a cold signal's didSubscribe.
        case effect(number: Int)
        /// A connect; `first` is false for the calls that did nothing.
        case connect(first: Bool)

        var isTerminal: Bool {
            switch self {
            case .completed, .error, .sentCompleted, .sentError: true
            default: false
            }
        }
    }

    struct Mark {
        let time: Double
        let kind: MarkKind
        /// The event's position in the trace.
        let event: Int
    }

    enum Ending: Equatable {
        case completed, error, disposed, open
    }

    struct Lane {
        enum Role: Equatable {
            case sideEffects, sends, connects, subscriber
        }

        let role: Role
        /// The subscriber's label, or the source's name.
        let title: String
        /// What the lane shows, or what the subscriber subscribed to.
        let detail: String
        var marks: [Mark] = []
        /// Where the lane's line starts and ends (subscriber lanes).
        var start: Double?
        var end: Double?
        var ending: Ending = .open
        /// The subscription a subscriber lane draws.
        var subscription: Int?
        /// What the subscriber was expected to receive, if given.
        var expected: [TimelineExpectation.Timed]?
        /// Where the lane first differs from its expectation.
        var divergence: Double?
    }

    let title: String
    var lanes: [Lane] = []
    /// didSubscribe runs per cold signal, by name, in signal order.
    var sideEffects: [(name: String, count: Int)] = []
    /// For each delivery drawn on a subscriber lane, the nearest drawn event
    /// in its chain of causes (the send it came from), if any.
    var causes: [Int: Int] = [:]
    let duration: Double

    init(_ trace: Trace) {
        title = trace.title ?? "Trace"
        duration = trace.duration
        var effectLanes: [Int: Int] = [:]  // signal → lane
        var sendLanes: [Int: Int] = [:]
        var connectLanes: [Int: Int] = [:]
        // Source lanes first, in signal order, for the signals that do something visible.
        var usesEffects = Set<Int>(), usesSends = Set<Int>(), usesConnects = Set<Int>()
        for event in trace.events {
            switch event.kind {
            case .didSubscribe(let subscription) where trace.subscriptions.indices.contains(subscription):
                let signal = trace.subscriptions[subscription].signal
                if trace.signals.indices.contains(signal), trace.signals[signal].kind == .cold { usesEffects.insert(signal) }
            case .send(let signal, _), .sendError(let signal, _), .sendCompleted(let signal): usesSends.insert(signal)
            case .connect(let signal, _): usesConnects.insert(signal)
            default: break
            }
        }
        for signal in trace.signals {
            if usesEffects.contains(signal.id) {
                effectLanes[signal.id] = lanes.count
                lanes.append(Lane(role: .sideEffects, title: signal.name, detail: "didSubscribe runs (side effects)"))
            }
            if usesConnects.contains(signal.id) {
                let subject = signal.subject.flatMap { trace.signals.indices.contains($0) ? trace.signals[$0].name : nil }
                connectLanes[signal.id] = lanes.count
                lanes.append(Lane(role: .connects, title: "connect", detail: subject.map { "connection of \($0)" } ?? "connection"))
            }
            if usesSends.contains(signal.id) {
                sendLanes[signal.id] = lanes.count
                lanes.append(Lane(role: .sends, title: signal.name, detail: "sent to this \(signal.kind.name)"))
            }
        }
        var subscriberLanes: [Int: Int] = [:]
        for subscription in trace.labelledSubscriptions {
            subscriberLanes[subscription.id] = lanes.count
            let target = trace.signals.indices.contains(subscription.signal) ? trace.signals[subscription.signal].name : "?"
            lanes.append(Lane(role: .subscriber, title: subscription.label ?? "", detail: "→ " + target, subscription: subscription.id))
        }
        var effectNumbers: [Int: Int] = [:]
        for (index, event) in trace.events.enumerated() {
            func add(_ lane: Int?, _ kind: MarkKind) {
                guard let lane else { return }
                lanes[lane].marks.append(Mark(time: event.time, kind: kind, event: index))
            }
            switch event.kind {
            case .didSubscribe(let subscription):
                guard trace.subscriptions.indices.contains(subscription),
                      let lane = effectLanes[trace.subscriptions[subscription].signal] else { break }
                let number = effectNumbers[lane, default: 0] + 1
                effectNumbers[lane] = number
                add(lane, .effect(number: number))
            case .send(let signal, let value): add(sendLanes[signal], .sent(value))
            case .sendCompleted(let signal): add(sendLanes[signal], .sentCompleted)
            case .sendError(let signal, let message): add(sendLanes[signal], .sentError(message))
            case .connect(let signal, let first): add(connectLanes[signal], .connect(first: first))
            case .subscribe(let subscription):
                if let lane = subscriberLanes[subscription] { lanes[lane].start = event.time }
            case .next(let subscription, let value, let replayed):
                add(subscriberLanes[subscription], .value(value, replayed: replayed))
            case .completed(let subscription, let replayed):
                guard let lane = subscriberLanes[subscription] else { break }
                add(lane, .completed(replayed: replayed))
                lanes[lane].end = event.time
                lanes[lane].ending = .completed
            case .error(let subscription, let message, let replayed):
                guard let lane = subscriberLanes[subscription] else { break }
                add(lane, .error(message, replayed: replayed))
                lanes[lane].end = event.time
                lanes[lane].ending = .error
            case .dispose(let subscription):
                guard let lane = subscriberLanes[subscription], lanes[lane].ending == .open else { break }
                lanes[lane].end = event.time
                lanes[lane].ending = .disposed
            case .signal: break
            }
        }
        var drawn = Set<Int>()
        for lane in lanes { for mark in lane.marks { drawn.insert(mark.event) } }
        for lane in lanes where lane.role == .subscriber {
            for mark in lane.marks {
                var cause = trace.events[mark.event].cause
                var steps = 0
                while let current = cause, steps < 64 {
                    if drawn.contains(current) {
                        causes[mark.event] = current
                        break
                    }
                    cause = trace.events[current].cause
                    steps += 1
                }
            }
        }
        sideEffects = trace.signals.compactMap { signal in
            guard let lane = effectLanes[signal.id] else { return nil }
            return (signal.name, lanes[lane].marks.count)
        }
    }
}
