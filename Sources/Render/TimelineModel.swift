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
        /// The end of the subscription of a cold signal's `number`th didSubscribe run: completed,
        /// failed or disposed (as when a connection is disposed).
        case runEnded(number: Int, ending: Ending)
        /// A call of `connect()`, and what it did.
        case connect(ConnectOutcome)
        /// The connection's disposable was disposed: its source subscription ended for good.
        case disconnect
        /// A value, by its label, that an operator in the lane's chain of subscriptions received
        /// and discarded (a `drop` event): `operator` names the signal of the operator's subscription.
        /// Boxed, as the rarest case with the largest payload: every other case fits in 17 bytes, so
        /// that a mark takes 56 bytes, not 72 (a timeline of 10,000,000 events holds that many marks).
        indirect case dropped(String, by: String)

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
        /// Where ``scheduler`` is kept: one box per hop, shared by the marks of what it ran, so that
        /// a mark holds a reference (8 bytes) rather than a string (16).
        let ranOn: SchedulerName?

        /// The scheduler it ran on, when a `deliverOn` or `subscribeOn` hop put it there: the
        /// name of the nearest hop among its causes at the same instant.
        var scheduler: String? { ranOn?.name }
    }

    /// The name of a scheduler a hop ran on, boxed for ``Mark/ranOn``.
    final class SchedulerName: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    enum Ending: Hashable {
        case completed, error, disposed, open
    }

    /// What a call of `connect()` did.
    enum ConnectOutcome: Hashable {
        /// The first call: it subscribed the subject to the source.
        case subscribes
        /// A later call while the connection was live: nothing.
        case alreadyConnected
        /// A call after the connection was disposed (at `since`): nothing, since a RAC 2.5
        /// connection never reconnects.
        case afterDisposal(since: Double)
    }

    struct Lane {
        enum Role: Equatable {
            /// A cold signal's didSubscribe runs (those not drawn as inner subscriptions).
            case sideEffects
            case sends, connects, subscriber
            /// One inner subscription, under the subscriber lane of ``Lane/owner``: see ``InnerSubscriptions``.
            case inner
        }

        let role: Role
        /// The subscriber's label, or the source's name.
        let title: String
        /// What the lane shows, or what the subscriber subscribed to.
        let detail: String
        /// RAC's description of the signal the lane is about (or the one subscribed to), when
        /// that is not its name: for the lane's tooltip.
        var description: String?
        /// The lane's marks, in trace order; none when it is drawn as ``counts``.
        var marks: [Mark] = []
        /// For a lane with more marks than the axis draws one by one (``TimeAxis/markLimit``), its
        /// marks counted per bin in their place.
        var counts: MarkCounts?
        /// Where the lane's line starts and ends (subscriber lanes).
        var start: Double?
        var end: Double?
        var ending: Ending = .open
        /// The subscription a subscriber lane draws.
        var subscription: Int?
        /// What the subscriber was expected to receive, if given.
        var expected: [MarbleEvent.Timed]?
        /// Where the lane first differs from its expectation.
        var divergence: Double?
        /// The names that pick the lane for ``LaneOptions/only``: its subscriber's label and the
        /// name of the signal subscribed to, or the name of the signal (or connection's subject) it shows.
        var names: [String] = []
        /// The signal a subscriber lane's subscription is to.
        var target: Int?
        /// Whether the lane draws a subscription, from its start to its end: a subscriber's or an inner one.
        var drawsSubscription: Bool { role == .subscriber || role == .inner }
        /// For an inner subscription's lane, the labelled subscription whose lane it is drawn under.
        var owner: Int?
        /// For a lane of only `true` and `false` values (a command's `executing`, say), the spans
        /// in which its latest value was `true`: drawn as a band. `end` is `nil` while still true.
        var trueSpans: [(start: Double, end: Double?)] = []
        /// For an inner subscription's lane, when its signal was made for a value, if that was
        /// before the subscription: the signal waited (as `flatten(2)`'s third request does).
        var waitingSince: Double?
        /// The lane's place among the lanes as they were made, before ``arrange(_:)`` orders them.
        fileprivate var made = 0

        /// Adds a mark, or counts it once the lane has more than `limit`.
        fileprivate mutating func add(_ mark: Mark, limit: Int, axis: TimeAxis) {
            if counts != nil {
                counts?.add(mark)
                return
            }
            marks.append(mark)
            if marks.count > limit {
                counts = MarkCounts(marks, on: axis)
                marks = []
            }
        }
    }

    let title: String
    var lanes: [Lane] = []
    /// The most lanes a timeline draws: a lane costs the same bytes whatever the input that made
    /// it, so a file of thousands of subscribers would otherwise make a diagram hundreds of times
    /// its size, and no reader follows thousands of lanes. The first ones are drawn, and the
    /// picture says how many were not (``lanesLeftOut``); ``LaneOptions/only`` picks others.
    static let maximumLanes = 200
    /// How many lanes past ``maximumLanes`` are not drawn.
    private(set) var lanesLeftOut = 0
    /// How many lanes the timeline has, drawn or left out.
    var laneTotal: Int { lanes.count + lanesLeftOut }
    /// Every name ``LaneOptions/only`` can pick a lane by, sorted, the lanes left out included.
    private(set) var laneNames: [String] = []
    /// didSubscribe runs per cold signal, by name, in signal order.
    var sideEffects: [(name: String, count: Int)] = []
    /// didSubscribe runs in all.
    var runs: Int { sideEffects.reduce(0) { $0 + $1.count } }
    /// How many events the trace has: every mark's `event` is below it.
    let eventCount: Int
    /// How long the timeline runs: the trace, and any expected event after it.
    var duration: Double
    /// The axis the lanes are counted for: which are drawn as counts, and their bins.
    let axis: TimeAxis
    /// The trace, for ``cause(of:)`` and ``chain(ofRun:)``.
    private let trace: Trace
    /// The trace's events.
    private var events: [TraceEvent] { trace.events }
    /// The lane each event of the trace is drawn on, by position: -1 for none. An event drawn on
    /// two lanes (a run's end on a cold signal's lane and the completion on the lane of the labelled
    /// subscription that ran it) has the later one, the subscriber's: ``LaneOptions/only`` keeps it
    /// whenever it keeps the other, since both are picked by the signal's name.
    private var lanesOfEvents: [Int32] = []

    /// The lane the event at position `event` is drawn on, as ``lanes`` are ordered: the later of
    /// two. `nil` for an event not drawn.
    func lane(of event: Int) -> Int? {
        guard lanesOfEvents.indices.contains(event) else { return nil }
        let lane = lanesOfEvents[event]
        return lane >= 0 ? Int(lane) : nil
    }

    /// When the event at position `event` happened.
    func time(of event: Int) -> Double { events[event].time }

    /// The subscription the event at position `event` subscribed, when it is a `subscribe`.
    func subscription(subscribedBy event: Int) -> Int? {
        guard events.indices.contains(event), case .subscribe(let subscription) = events[event].kind else { return nil }
        return subscription
    }

    /// For a delivery drawn on a subscriber lane, the nearest drawn event in
    /// its chain of causes (the send it came from), if any.
    ///
    /// Worked out when asked: only the lanes drawn mark by mark need it, not those drawn as counts.
    func cause(of event: Int) -> Int? {
        guard events.indices.contains(event) else { return nil }
        var cause = events[event].cause
        var steps = 0
        while let current = cause, steps < 64, events.indices.contains(current) {
            if lanesOfEvents[current] >= 0 { return current }
            cause = events[current].cause
            steps += 1
        }
        return nil
    }

    /// Whether the event at position `event` is a send of a value labelled `label`.
    func isSend(_ event: Int, labelled label: String) -> Bool {
        guard events.indices.contains(event), case .send(_, let value) = events[event].kind else { return false }
        return value == label
    }

    /// For a didSubscribe run drawn as a mark (the event at position `event`), the chain of
    /// subscriptions that led to it: which binding caused the run. `nil` for any other event.
    ///
    /// Worked out when asked, as ``cause(of:)`` is: a lane drawn as counts needs none.
    func chain(ofRun event: Int) -> SubscriptionChain? {
        guard events.indices.contains(event), case .didSubscribe(let subscription) = events[event].kind else { return nil }
        return SubscriptionChain(leadingTo: subscription, in: trace)
    }

    /// The timeline of `trace`, its lanes counted for `axis` (by default the trace's own, fitted):
    /// made in four passes, each a function of its own. ``Survey`` reads what each signal and
    /// subscription does; ``makeLanes(_:inner:limit:)`` makes the lanes in the order they come;
    /// ``placeMarks(_:_:inner:owners:limit:)`` puts every event's mark on its lane; and
    /// ``arrange(_:)`` orders the lanes and keeps those `options` pick.
    init(_ trace: Trace, lanes options: LaneOptions = LaneOptions(), axis: TimeAxis? = nil) {
        self.trace = trace
        title = trace.title ?? "Trace"
        duration = trace.duration
        let axis = axis ?? TimeAxis(end: trace.duration, scale: nil)
        self.axis = axis
        eventCount = trace.events.count
        let survey = Survey(trace)
        let owners = LabelledOwners(trace)
        let inner = InnerSubscriptions(trace, runs: survey.runs, owners: owners) {
            survey.subscribeEvents[$0].map { trace.events[$0].time }
        }
        let places = makeLanes(survey, inner: inner, limit: axis.markLimit)
        let runNumbers = placeMarks(survey, places, inner: inner, owners: owners, limit: axis.markLimit)
        arrange(options)
        sideEffects = trace.signals.compactMap { signal in
            runNumbers[signal.id] > 0 ? (signal.name, runNumbers[signal.id]) : nil
        }
    }
}

extension TimelineModel {
    /// The first pass: what each signal and subscription of a trace does that a timeline draws,
    /// and how many marks each lane will have, to make room for them at once.
    ///
    /// Tables by signal and subscription id are arrays, since a trace numbers them from 0 (a
    /// dictionary per event was most of the time of a large trace).
    struct Survey {
        /// Plumbing (a command's machinery, switchToLatest's own publish) is drawn in its
        /// subscribers' values, not as lanes of its own that would read as the user's code.
        let plumbing: [Bool]
        /// The signals that send (to a subject) and that connect: each gets a lane.
        var usesSends: IDTable<Bool>, usesConnects: IDTable<Bool>
        /// How many marks each signal's lanes and each subscription's lane will have.
        var signalMarks: [Int], subscriptionMarks: [Int]
        /// The didSubscribe runs of cold signals, with their subscribe events.
        var runs: [(subscription: Int, subscribe: Int?)] = []
        /// Each subscription's subscribe event, by position.
        var subscribeEvents: IDTable<Int>
        /// When each signal was made as a consequence of something (for an inner subscription's wait).
        var madeAt: IDTable<Double>

        init(_ trace: Trace) {
            plumbing = trace.plumbing()
            usesSends = IDTable<Bool>(count: trace.signals.count)
            usesConnects = IDTable<Bool>(count: trace.signals.count)
            signalMarks = [Int](repeating: 0, count: trace.signals.count)
            subscriptionMarks = [Int](repeating: 0, count: trace.subscriptions.count)
            subscribeEvents = IDTable<Int>(count: trace.subscriptions.count)
            madeAt = IDTable<Double>(count: trace.signals.count)
            for (index, event) in trace.events.enumerated() {
                switch event.kind {
                case .subscribe(let subscription): subscribeEvents[subscription] = index
                case .signal(let signal) where event.cause != nil: madeAt[signal] = event.time
                case .didSubscribe(let subscription) where trace.subscriptions.indices.contains(subscription):
                    let signal = trace.subscriptions[subscription].signal
                    if trace.runsBlockPerSubscription(signal), !isPlumbing(signal) {
                        runs.append((subscription, subscribeEvents[subscription]))
                    }
                case .send(let signal, _), .sendError(let signal, _), .sendCompleted(let signal):
                    guard !isPlumbing(signal) else { break }
                    usesSends[signal] = true
                    if signalMarks.indices.contains(signal) { signalMarks[signal] += 1 }
                case .connect(let signal, _), .disconnect(let signal):
                    guard !isPlumbing(signal) else { break }
                    usesConnects[signal] = true
                    if signalMarks.indices.contains(signal) { signalMarks[signal] += 1 }
                case .next(let subscription, _, _), .completed(let subscription, _), .error(let subscription, _, _):
                    if subscriptionMarks.indices.contains(subscription) { subscriptionMarks[subscription] += 1 }
                default: break
                }
            }
        }

        /// Whether `signal` is plumbing.
        func isPlumbing(_ signal: Int) -> Bool { plumbing.indices.contains(signal) && plumbing[signal] }
    }

    /// Where the second pass put each signal's and subscription's lanes, by id.
    struct LanePlaces {
        var effects: IDTable<Int>, sends: IDTable<Int>, connects: IDTable<Int>, subscribers: IDTable<Int>
    }

    /// The second pass: the lanes, in the order they are made (``Lane/made``). Source lanes first,
    /// in signal order, for the signals that do something visible; then a lane per labelled
    /// subscription; then each inner subscription's, which ``arrange(_:)`` places under its subscriber's.
    private mutating func makeLanes(_ survey: Survey, inner: InnerSubscriptions, limit: Int) -> LanePlaces {
        var places = LanePlaces(
            effects: IDTable(count: trace.signals.count), sends: IDTable(count: trace.signals.count),
            connects: IDTable(count: trace.signals.count), subscribers: IDTable(count: trace.subscriptions.count))
        var usesEffects = IDTable<Bool>(count: trace.signals.count)
        var signalMarks = survey.signalMarks
        for run in survey.runs where inner.owners[run.subscription] == nil {
            let signal = trace.subscriptions[run.subscription].signal
            usesEffects[signal] = true
            signalMarks[signal] += 2  // the run and its end
        }
        var laneSignals: [Int?] = []  // by lane: the signal of a source lane
        for signal in trace.signals {
            defer { while laneSignals.count < lanes.count { laneSignals.append(signal.id) } }
            if usesEffects[signal.id] != nil {
                places.effects[signal.id] = lanes.count
                lanes.append(Lane(role: .sideEffects, title: signal.name, detail: "didSubscribe runs (side effects)",
                                  description: signal.description, names: [signal.name]))
            }
            if survey.usesConnects[signal.id] != nil {
                let subject = signal.subject.flatMap { trace.signals.indices.contains($0) ? trace.signals[$0].name : nil }
                places.connects[signal.id] = lanes.count
                lanes.append(Lane(role: .connects, title: "connect", detail: subject.map { "connection of \($0)" } ?? "connection",
                                  names: [signal.name] + (subject.map { [$0] } ?? [])))
            }
            if survey.usesSends[signal.id] != nil {
                places.sends[signal.id] = lanes.count
                lanes.append(Lane(role: .sends, title: signal.name, detail: "sent to this \(signal.kind.name)",
                                  description: signal.description, names: [signal.name]))
            }
        }
        for subscription in trace.labelledSubscriptions {
            places.subscribers[subscription.id] = lanes.count
            let target = trace.signals.indices.contains(subscription.signal) ? trace.signals[subscription.signal] : nil
            lanes.append(Lane(role: .subscriber, title: subscription.label ?? "", detail: "→ " + (target?.name ?? "?"),
                              description: target?.description, subscription: subscription.id,
                              names: [subscription.label ?? ""] + (target.map { [$0.name] } ?? []), target: subscription.signal))
            laneSignals.append(nil)
        }
        for (subscription, owner) in inner.owners.sorted(by: { $0.key < $1.key }) {
            let entry = trace.subscriptions[subscription]
            let signal = trace.signals.indices.contains(entry.signal) ? trace.signals[entry.signal] : nil
            let start = survey.subscribeEvents[subscription].map { trace.events[$0].time }
            let made = survey.madeAt[entry.signal].flatMap { made in start.flatMap { made < $0 ? made : nil } }
            places.subscribers[subscription] = lanes.count
            let detail = inner.madeLater.contains(subscription) ? "inner subscription" : "subscription"
            lanes.append(Lane(role: .inner, title: signal?.name ?? "?", detail: detail,
                              description: signal?.description, subscription: subscription,
                              names: [signal?.name ?? ""], target: entry.signal, owner: owner, waitingSince: made))
            laneSignals.append(nil)
        }
        for index in lanes.indices {
            lanes[index].made = index
            // A signal with effects, sends and connects counted them together: room enough for each,
            // up to the most a lane draws one by one.
            let count = lanes[index].subscription.map { survey.subscriptionMarks.indices.contains($0) ? survey.subscriptionMarks[$0] : 0 }
                ?? laneSignals[index].map { signalMarks.indices.contains($0) ? signalMarks[$0] : 0 } ?? 0
            lanes[index].marks.reserveCapacity(min(count, limit + 1))
        }
        return places
    }

    /// The third pass: every event's mark on its lane, in the trace's order, with the scheduler it
    /// ran on after a hop; each lane's start, end and spans of `true`; and ``lanesOfEvents``.
    /// Returns the didSubscribe runs of each signal, by id.
    private mutating func placeMarks(
        _ survey: Survey, _ places: LanePlaces, inner: InnerSubscriptions, owners: LabelledOwners, limit: Int
    ) -> [Int] {
        let trace = trace, axis = axis
        // didSubscribe runs so far, by signal: each run's number.
        var runNumbers = [Int](repeating: 0, count: trace.signals.count)
        // Each didSubscribe run's subscription drawn on a signal's lane: its lane and number, until its end is drawn.
        var openRuns: [Int: (lane: Int, number: Int)] = [:]
        // When each connection was disposed.
        var disconnections: [Int: Double] = [:]
        var lanesOfEvents = [Int32](repeating: -1, count: trace.events.count)
        // The spans of `true` of each lane that draws a subscription, kept as its marks come.
        var spans = [TrueSpans](repeating: TrueSpans(), count: lanes.count)
        // The scheduler each event ran on after a hop, by the hop's position in `hopNames`: what a
        // hop did at once (its delivery and all that followed in the instant) ran on its
        // scheduler. Only within the hop's instant: work scheduled for later (a delay) runs on
        // its own scheduler, though it names its cause. Made at the first hop: a trace without
        // one needs none.
        var hopNames: [SchedulerName] = []
        var ranOn: [Int32] = []
        for (index, event) in trace.events.enumerated() {
            if case .hop(_, let scheduler) = event.kind {
                if ranOn.isEmpty { ranOn = [Int32](repeating: -1, count: trace.events.count) }
                ranOn[index] = Int32(hopNames.count)
                hopNames.append(SchedulerName(scheduler))
            } else if !ranOn.isEmpty, let cause = event.cause, cause < index, cause >= 0, trace.events[cause].time == event.time {
                ranOn[index] = ranOn[cause]
            }
            func add(_ lane: Int?, _ kind: MarkKind) {
                guard let lane else { return }
                let scheduler = !ranOn.isEmpty && ranOn[index] >= 0 ? hopNames[Int(ranOn[index])] : nil
                let mark = Mark(time: event.time, kind: kind, event: index, ranOn: scheduler)
                lanes[lane].add(mark, limit: limit, axis: axis)
                if lanes[lane].drawsSubscription { spans[lane].add(mark) }
                lanesOfEvents[index] = Int32(lane)
            }
            /// Draws the end of a didSubscribe run's subscription on its lane, once.
            func endRun(_ subscription: Int, _ ending: Ending) {
                guard let run = openRuns.removeValue(forKey: subscription) else { return }
                add(run.lane, .runEnded(number: run.number, ending: ending))
            }
            switch event.kind {
            case .didSubscribe(let subscription):
                guard trace.subscriptions.indices.contains(subscription) else { break }
                let signal = trace.subscriptions[subscription].signal
                guard trace.runsBlockPerSubscription(signal), !survey.isPlumbing(signal) else { break }
                runNumbers[signal] += 1
                if inner.owners[subscription] != nil {
                    add(places.subscribers[subscription], .effect(number: runNumbers[signal]))
                } else if let lane = places.effects[signal] {
                    add(lane, .effect(number: runNumbers[signal]))
                    openRuns[subscription] = (lane, runNumbers[signal])
                }
            case .send(let signal, let value): add(places.sends[signal], .sent(value))
            case .sendCompleted(let signal): add(places.sends[signal], .sentCompleted)
            case .sendError(let signal, let message): add(places.sends[signal], .sentError(message))
            case .connect(let signal, let first):
                let outcome: ConnectOutcome = first ? .subscribes
                    : disconnections[signal].map { .afterDisposal(since: $0) } ?? .alreadyConnected
                add(places.connects[signal], .connect(outcome))
            case .disconnect(let signal):
                if disconnections[signal] == nil { disconnections[signal] = event.time }
                add(places.connects[signal], .disconnect)
            case .subscribe(let subscription):
                if let lane = places.subscribers[subscription] { lanes[lane].start = event.time }
            case .next(let subscription, let value, let replayed):
                add(places.subscribers[subscription], .value(value, replayed: replayed))
            case .completed(let subscription, let replayed):
                endRun(subscription, .completed)
                guard let lane = places.subscribers[subscription] else { break }
                add(lane, .completed(replayed: replayed))
                lanes[lane].end = event.time
                lanes[lane].ending = .completed
            case .error(let subscription, let message, let replayed):
                endRun(subscription, .error)
                guard let lane = places.subscribers[subscription] else { break }
                add(lane, .error(message, replayed: replayed))
                lanes[lane].end = event.time
                lanes[lane].ending = .error
            case .dispose(let subscription):
                endRun(subscription, .disposed)
                guard let lane = places.subscribers[subscription], lanes[lane].ending == .open else { break }
                lanes[lane].end = event.time
                lanes[lane].ending = .disposed
            case .drop(let subscription, let value):
                // A value an operator's plumbing drops (a command's distinctUntilChanged) is its machinery's business.
                let dropper = owners.dropper(of: subscription)
                guard !(dropper.map(survey.isPlumbing) ?? false),
                      let lane = owners.only(above: subscription, at: index).flatMap({ places.subscribers[$0] }) else { break }
                add(lane, .dropped(value, by: dropper.map { trace.signals[$0].name } ?? "an operator"))
            // A hop is no mark: what it moved is named by the scheduler under its marks (`ranOn`).
            case .signal, .hop: break
            }
        }
        self.lanesOfEvents = lanesOfEvents
        for index in lanes.indices { lanes[index].trueSpans = spans[index].spans }
        return runNumbers
    }
}

extension TimelineModel {
    /// The fourth pass: orders the subscriber lanes, each followed by its inner subscriptions' lanes, and keeps
    /// those `options` pick. Source lanes stay first, in signal order.
    private mutating func arrange(_ options: LaneOptions) {
        let made = lanes.count
        var subscribers = lanes.filter { $0.role == .subscriber }
        if options.order == .signal {
            // Each group where its first lane was: groups in the order of their first subscription.
            var groups: [Int: [Lane]] = [:]
            var order: [Int] = []
            for lane in subscribers {
                let key = lane.target ?? -1
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(lane)
            }
            subscribers = order.flatMap { groups[$0] ?? [] }
        }
        var inner: [Int: [Lane]] = [:]  // by owner, in subscription order
        for lane in lanes where lane.role == .inner { inner[lane.owner ?? -1, default: []].append(lane) }
        lanes = lanes.filter { $0.role != .subscriber && $0.role != .inner } + subscribers.flatMap { lane in
            // An inner lane is picked with its subscriber too.
            [lane] + (inner[lane.subscription ?? -1] ?? []).map { innerLane in
                var innerLane = innerLane
                innerLane.names += lane.names
                return innerLane
            }
        }
        laneNames = Set(lanes.flatMap(\.names)).filter { !$0.isEmpty }.sorted()
        if let only = options.only {
            let picked = Set(only)
            lanes = lanes.filter { lane in lane.names.contains(where: picked.contains) }
        }
        if lanes.count > Self.maximumLanes {
            lanesLeftOut = lanes.count - Self.maximumLanes
            lanes.removeLast(lanesLeftOut)
        }
        // Each event's lane, where its lane is now (-1 for one left out): causes are looked for
        // among the marks drawn.
        var moved = [Int32](repeating: -1, count: made)
        for (index, lane) in lanes.enumerated() { moved[lane.made] = Int32(index) }
        func place(_ lane: Int32) -> Int32 { lane >= 0 && Int(lane) < moved.count ? moved[Int(lane)] : -1 }
        for event in lanesOfEvents.indices where lanesOfEvents[event] >= 0 {
            lanesOfEvents[event] = place(lanesOfEvents[event])
        }
    }
}

/// Values by id: an array for the ids `0..<count` (those a trace uses), a dictionary for any other.
struct IDTable<Value> {
    private var values: [Value?]
    private var others: [Int: Value] = [:]

    init(count: Int) { values = [Value?](repeating: nil, count: max(0, count)) }

    subscript(id: Int) -> Value? {
        get { values.indices.contains(id) ? values[id] : others[id] }
        set {
            if values.indices.contains(id) { values[id] = newValue } else { others[id] = newValue }
        }
    }
}
