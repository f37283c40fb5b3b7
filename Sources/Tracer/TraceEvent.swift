/// One thing that happened, in a ``Trace``.
public struct TraceEvent: Sendable, Hashable {
    /// What happened. Ids refer to ``Trace/signals`` and ``Trace/subscriptions``.
    ///
    /// Each case has a row in ``TraceEvent/vocabulary``, which gives its name in the trace
    /// format, its fields in order, what it does and how it reads; everything that writes,
    /// reads, checks or exports events works from that table.
    public enum Kind: Sendable, Hashable {
        /// A signal or connection was created.
        case signal(Int)
        /// A subscription was made.
        case subscribe(Int)
        /// A cold signal's `didSubscribe` closure started for the subscription:
        /// the side effect that runs once per subscription.
        case didSubscribe(Int)
        /// A value, shown by its label, reached the subscription. `replayed`
        /// marks history a subject hands a new subscriber, rather than a live value.
        case next(subscription: Int, value: String, replayed: Bool)
        /// An error, shown by its description, reached the subscription.
        case error(subscription: Int, message: String, replayed: Bool)
        /// Completion reached the subscription.
        case completed(subscription: Int, replayed: Bool)
        /// The subscription was disposed: after a terminal event, or cancelled.
        case dispose(Int)
        /// A subject was sent a value.
        case send(signal: Int, value: String)
        /// A subject was sent an error.
        case sendError(signal: Int, message: String)
        /// A subject was sent completion.
        case sendCompleted(signal: Int)
        /// `connect()` was called on a connection; `first` is `false` for the calls that did nothing.
        case connect(signal: Int, first: Bool)
        /// The connection's disposable was disposed (by the caller of `connect()`, or by
        /// `autoconnect` when its last subscriber left): its source subscription ends, and as in
        /// RAC 2.5 a later `connect()` does nothing.
        case disconnect(signal: Int)
        /// An operator discarded, for good, a value, shown by its label, that the subscription (the
        /// operator's subscription to its source) had received: `filter`, `skip`, `skipWhile` and
        /// `distinctUntilChanged` each value they leave out, `takeWhile` the value that ends it;
        /// `throttle`, `sample` and `combineLatest` a value replaced before it was sent; `takeLast` a
        /// value a newer one pushes out; `throttle`, `sample`, `bufferWithTime`, `takeLast`,
        /// `combineLatest` and `zip` the values they hold unsent when they fail or end; `delay` the
        /// values on their way when it fails.
        case drop(subscription: Int, value: String)
        /// `deliverOn:` or `subscribeOn:` started, on the scheduler named `scheduler`, the block it
        /// scheduled for the subscription (its own): the hop. It comes before what the block does,
        /// which names it as cause: the delivery to the subscription (`deliverOn:`), or the
        /// subscription to the operator's receiver (`subscribeOn:`); its own cause is what was
        /// hopped, the delivery `deliverOn:` received or the subscription's `didSubscribe`.
        case hop(subscription: Int, scheduler: String)
    }

    /// When it happened, in the clock's seconds (virtual seconds for a `TestScheduler`).
    public var time: Double
    /// What happened.
    public var kind: Kind
    /// The position in ``Trace/events`` of the event during which this one
    /// happened (a subject's deliveries name its send), if any.
    public var cause: Int?

    /// Makes an event.
    public init(time: Double, kind: Kind, cause: Int? = nil) {
        self.time = time
        self.kind = kind
        self.cause = cause
    }
}

// MARK: - The vocabulary

extension TraceEvent {
    /// Every kind of event, a row each, in the order of ``Tag``: the one place that says what
    /// each kind is called, what it carries and what it means.
    ///
    /// The trace JSON writer and reader, the `Codable` conformance, ``Trace/validate()``, the
    /// recorder, the Chrome trace export, the marbles and the report's table of events all work
    /// from these rows. Adding a kind of event means adding a case to ``Kind``, to ``Tag`` and
    /// to ``Kind/parts``, and a row here; then the runtime's report of it (and the line of the
    /// recorder that turns the report into this kind), and the timeline's drawing of it.
    public static let vocabulary: [Definition] = [
        Definition(.signal, "signal", [.signal], .createsSignal, word: "created", detail: .signalKind,
                   summary: "the signal (or connection) was created") { .signal($0.id) },
        Definition(.subscribe, "subscribe", [.subscription], .subscribes,
                   summary: "the subscription was made") { .subscribe($0.id) },
        Definition(.didSubscribe, "didSubscribe", [.subscription], .runsDidSubscribe,
                   summary: "a cold signal's `didSubscribe` closure started for the subscription: the side effect that "
                       + "runs once per subscription (a network request, in the articles' fetchData)") {
            .didSubscribe($0.id)
        },
        Definition(.next, "next", [.subscription, .value, .replayed], .delivers(.next), detail: .label,
                   summary: "a value reached the subscriber, shown by its label") {
            .next(subscription: $0.id, value: $0.text, replayed: $0.flag)
        },
        Definition(.error, "error", [.subscription, .message, .replayed], .delivers(.error), detail: .label,
                   summary: "an error reached the subscriber, shown by its description") {
            .error(subscription: $0.id, message: $0.text, replayed: $0.flag)
        },
        Definition(.completed, "completed", [.subscription, .replayed], .delivers(.completed),
                   summary: "completion reached the subscriber") { .completed(subscription: $0.id, replayed: $0.flag) },
        Definition(.dispose, "dispose", [.subscription], .disposes,
                   summary: "the subscription was disposed: after its error or completion, or cancelled") {
            .dispose($0.id)
        },
        Definition(.send, "send", [.signal, .value], .sendsToSubject, detail: .label,
                   summary: "a value was sent to a subject (by hand, or by the source it subscribes to)") {
            .send(signal: $0.id, value: $0.text)
        },
        Definition(.sendError, "sendError", [.signal, .message], .sendsToSubject, detail: .label,
                   summary: "an error was sent to a subject") { .sendError(signal: $0.id, message: $0.text) },
        Definition(.sendCompleted, "sendCompleted", [.signal], .sendsToSubject,
                   summary: "completion was sent to a subject") { .sendCompleted(signal: $0.id) },
        Definition(.connect, "connect", [.signal, .first], .connects,
                   detail: .flag(
                       ifTrue: "subscribes the subject to the source", ifFalse: "already connected: nothing happens"),
                   summary: "`connect()` was called on the connection; `first` is `false` for the calls that did nothing") {
            .connect(signal: $0.id, first: $0.flag)
        },
        Definition(.disconnect, "disconnect", [.signal], .disconnects, word: "connection disposed",
                   summary: "the connection's disposable was disposed (by the caller of `connect()`, or by `autoconnect` "
                       + "when its last subscriber left): its source subscription ends, and a later `connect()` does nothing, "
                       + "since a RAC 2.5 connection never reconnects") {
            .disconnect(signal: $0.id)
        },
        Definition(.drop, "drop", [.subscription, .value], .drops, word: "dropped", detail: .label,
                   summary: "an operator discarded, for good, a value the subscription (the operator's subscription to its "
                       + "source) had received, shown by its label: `filter`, `skip`, `skipWhile` and `distinctUntilChanged` "
                       + "each value they leave out, and `takeWhile` the value that ends it, caused by its delivery; "
                       + "`throttle`, `sample` and `combineLatest` a value replaced before it was sent, and `takeLast` a value "
                       + "a newer one pushes out, caused by the newer value's delivery; `throttle`, `sample`, "
                       + "`bufferWithTime`, `takeLast`, `combineLatest` and `zip` the values they hold unsent when they fail "
                       + "or end, and `delay` the values on their way when it fails, caused by that error or completion") {
            .drop(subscription: $0.id, value: $0.text)
        },
        Definition(.hop, "hop", [.subscription, .scheduler], .hops, word: "hop to", detail: .label,
                   summary: "`deliverOn:` or `subscribeOn:` started, on the named scheduler, the block it scheduled for the "
                       + "subscription (its own): the hop. Its cause is what was hopped (the delivery `deliverOn:` received, "
                       + "or the subscription's `didSubscribe`), and it is the cause of what the block does: the delivery "
                       + "to the subscription, or the subscription to the operator's receiver") {
            .hop(subscription: $0.id, scheduler: $0.text)
        },
    ]
}

extension TraceEvent.Kind {
    /// The kind's row of the vocabulary and what the event carries: the inverse of ``init(_:_:)``.
    public var parts: (tag: TraceEvent.Tag, payload: TraceEvent.Payload) {
        switch self {
        case .signal(let signal): (.signal, .init(id: signal))
        case .subscribe(let subscription): (.subscribe, .init(id: subscription))
        case .didSubscribe(let subscription): (.didSubscribe, .init(id: subscription))
        case .next(let subscription, let value, let replayed): (.next, .init(id: subscription, text: value, flag: replayed))
        case .error(let subscription, let message, let replayed): (.error, .init(id: subscription, text: message, flag: replayed))
        case .completed(let subscription, let replayed): (.completed, .init(id: subscription, flag: replayed))
        case .dispose(let subscription): (.dispose, .init(id: subscription))
        case .send(let signal, let value): (.send, .init(id: signal, text: value))
        case .sendError(let signal, let message): (.sendError, .init(id: signal, text: message))
        case .sendCompleted(let signal): (.sendCompleted, .init(id: signal))
        case .connect(let signal, let first): (.connect, .init(id: signal, flag: first))
        case .disconnect(let signal): (.disconnect, .init(id: signal))
        case .drop(let subscription, let value): (.drop, .init(id: subscription, text: value))
        case .hop(let subscription, let scheduler): (.hop, .init(id: subscription, text: scheduler))
        }
    }
}

extension TraceEvent {
    /// A kind of event without what it carries: the index of its row in ``vocabulary``. Its cases
    /// are ``Kind``'s, by the same names.
    public enum Tag: UInt8, CaseIterable, Sendable, Hashable {
        case signal, subscribe, didSubscribe, next, error, completed, dispose, send, sendError, sendCompleted, connect, disconnect, drop,
             hop

        /// The kind's row of ``TraceEvent/vocabulary``.
        public var definition: Definition { TraceEvent.vocabulary[Int(rawValue)] }

        /// The kind named `name` in the trace format, if there is one.
        public init?(name: String) {
            guard let tag = Self.byName[name] else { return nil }
            self = tag
        }

        private static let byName = Dictionary(uniqueKeysWithValues: TraceEvent.vocabulary.map { ($0.name, $0.tag) })

        // What the hot paths (checking, exporting, recording) need of a row, without copying it.
        // A loop over many events takes the table it needs into a local first: each use of a
        // global checks that it has been made.

        /// ``Definition/role``.
        var role: Role { Self.roles[Int(rawValue)] }
        /// ``Definition/about``.
        var about: Field { Self.abouts[Int(rawValue)] }
        /// Whether ``Definition/fields`` has ``Field/replayed``.
        var isReplayable: Bool { Self.replayable[Int(rawValue)] }

        /// Every row's ``Definition/make``, by tag.
        static let makers = TraceEvent.vocabulary.map(\.make)
        /// Every row's ``Definition/role``, by tag.
        static let roles = TraceEvent.vocabulary.map(\.role)
        /// Every row's ``Definition/about``, by tag.
        static let abouts = TraceEvent.vocabulary.map(\.about)
        /// Whether each row's ``Definition/fields`` has ``Field/replayed``, by tag.
        static let replayable = TraceEvent.vocabulary.map { $0.fields.contains(.replayed) }
    }

    /// A field of an event besides `seq`, `time`, `kind` and `cause`, by its name in the trace format.
    public enum Field: String, CaseIterable, Sendable, Hashable {
        /// The id of the subscription the event is about.
        case subscription
        /// The id of the signal (or connection) the event is about.
        case signal
        /// A value's label.
        case value
        /// An error's description.
        case message
        /// Whether a delivery is replayed history rather than a live one.
        case replayed
        /// Whether a connect was the first, the one that did something.
        case first
        /// The name of the scheduler a hop went to.
        case scheduler

        /// The field's name in the trace format.
        public var name: String { rawValue }

        /// Where a ``Payload`` keeps the field's value.
        public var slot: Slot {
            switch self {
            case .subscription, .signal: .id
            case .value, .message, .scheduler: .text
            case .replayed, .first: .flag
            }
        }

        /// A place in a ``Payload``: no kind has two fields in one place.
        public enum Slot: Sendable, Hashable {
            /// ``Payload/id``, an integer.
            case id
            /// ``Payload/text``, a string.
            case text
            /// ``Payload/flag``, a Boolean.
            case flag
        }
    }

    /// What an event carries, whatever its kind: the id of what it is about, and its text and
    /// flag if it has them (`""` and `false` if not). Its ``Definition/fields`` say what each means.
    public struct Payload: Sendable, Hashable {
        /// The subscription or signal the event is about.
        public var id: Int
        /// A ``Field/value``, ``Field/message`` or ``Field/scheduler``.
        public var text: String
        /// A ``Field/replayed`` or ``Field/first``.
        public var flag: Bool

        /// Makes a payload.
        public init(id: Int, text: String = "", flag: Bool = false) {
            self.id = id
            self.text = text
            self.flag = flag
        }
    }

    /// What an event does: it decides the rules the event follows (``Trace/validate()``) and how
    /// the exports show it.
    public enum Role: Sendable, Hashable {
        /// Creates the signal or connection it names, which has exactly one such event.
        case createsSignal
        /// Makes the subscription it names, which has exactly one such event, before any other.
        case subscribes
        /// Runs the subscription's `didSubscribe`: at most once per subscription.
        case runsDidSubscribe
        /// Delivers one of the event grammar's events to the subscription; nothing but its
        /// disposal follows an error or completion.
        case delivers(Delivery)
        /// Disposes of the subscription; nothing follows.
        case disposes
        /// Sends an event to the subject it names.
        case sendsToSubject
        /// Calls `connect()` on the connection it names.
        case connects
        /// Disposes the connection it names, at most once: its source subscription ends for good.
        case disconnects
        /// Tells of a value the subscription it names had received and an operator discarded; it
        /// follows the subscription's `subscribe` event, and may come after its disposal (a value
        /// dropped on one thread while another disposes).
        case drops
        /// Starts, on the scheduler it names, the work `deliverOn:` or `subscribeOn:` scheduled for the
        /// subscription it names, before that work's delivery or subscription.
        case hops
    }

    /// One of the event grammar's three events, as a subscription receives it.
    public enum Delivery: Sendable, Hashable {
        /// A value.
        case next
        /// An error: terminal.
        case error
        /// Completion: terminal.
        case completed

        /// Whether nothing can be delivered after it.
        public var isTerminal: Bool { self != .next }
    }

    /// How an event's payload reads in words, besides what it is about (as in the report's table of events).
    public enum Detail: Sendable, Hashable {
        /// Nothing more.
        case none
        /// Its text: the value's label, the error's description or the scheduler's name.
        case label
        /// The kind of the signal it created, in words, such as "replay subject (capacity 1)".
        case signalKind
        /// Its flag, in words.
        case flag(ifTrue: String, ifFalse: String)
    }

    /// One kind of event: a row of ``vocabulary``.
    public struct Definition: Sendable {
        /// The kind.
        public let tag: Tag
        /// Its name in the trace format, such as `didSubscribe`.
        public let name: String
        /// Its fields besides `seq`, `time`, `kind` and `cause`, all required, in the order the
        /// trace format writes them. The first is the id of what it is about.
        public let fields: [Field]
        /// What it does.
        public let role: Role
        /// Its name in prose, as the report's table of events and the Chrome trace export name it:
        /// "created" for a `signal` event.
        public let word: String
        /// How its payload reads.
        public let detail: Detail
        /// What it means, in a sentence (Markdown), as docs/trace-format.md gives it.
        public let summary: String
        /// Makes the kind from a payload.
        let make: @Sendable (Payload) -> Kind

        /// Makes a row; `word` is `name` unless given, and `detail` ``Detail/none``.
        init(
            _ tag: Tag, _ name: String, _ fields: [Field], _ role: Role, word: String? = nil, detail: Detail = .none,
            summary: String, make: @escaping @Sendable (Payload) -> Kind
        ) {
            (self.tag, self.name, self.fields, self.role) = (tag, name, fields, role)
            (self.word, self.detail, self.summary, self.make) = (word ?? name, detail, summary, make)
        }

        /// What an event of this kind is about: ``Field/subscription`` or ``Field/signal``.
        public var about: Field { fields[0] }

        /// Whether it has a field in `slot`.
        public func has(_ slot: Field.Slot) -> Bool { fields.contains { $0.slot == slot } }
    }
}

extension TraceEvent.Kind {
    /// The kind with `tag` that carries `payload`: the inverse of ``parts``.
    public init(_ tag: TraceEvent.Tag, _ payload: TraceEvent.Payload) {
        self = TraceEvent.Tag.makers[Int(tag.rawValue)](payload)
    }

    /// The kind's row of ``TraceEvent/vocabulary``.
    public var definition: TraceEvent.Definition { parts.tag.definition }

    /// The kind's name in the trace format, such as `didSubscribe`.
    public var name: String { definition.name }

    /// The subscription the event is about, if any.
    public var subscription: Int? {
        let (tag, payload) = parts
        return tag.about == .subscription ? payload.id : nil
    }

    /// Whether it is a delivery of next, error or completed to a subscription.
    public var isDelivery: Bool {
        if case .delivers = parts.tag.role { return true }
        return false
    }

    /// Whether it is a delivery of error or completed.
    public var isTerminal: Bool {
        if case .delivers(let delivery) = parts.tag.role { return delivery.isTerminal }
        return false
    }

    /// Whether it is replayed history rather than a live delivery.
    public var isReplayed: Bool {
        let (tag, payload) = parts
        return payload.flag && tag.isReplayable
    }

    /// The same delivery marked as replayed history; other events unchanged.
    func replayed() -> Self {
        let (tag, payload) = parts
        guard tag.isReplayable, !payload.flag else { return self }
        return Self(tag, .init(id: payload.id, text: payload.text, flag: true))
    }
}
