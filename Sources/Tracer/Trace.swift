import Reactive

/// A recording of what signals did: the single source every diagram, report
/// and check is drawn from.
///
/// A trace is an ordered list of ``events`` plus two tables that the events
/// refer to by id: the ``signals`` (sources, subjects, operators and
/// connections) and the ``subscriptions`` (who subscribed to which signal, and
/// which subscription caused it). Ids are positions in their table, and an
/// event's ``TraceEvent/cause`` is a position in ``events``.
///
/// Record one with ``Trace/record(title:clock:_:)`` or a ``TraceRecorder``;
/// read and write one with ``Trace/init(json:)`` and ``Trace/json()``, whose
/// format docs/trace-format.md describes.
public struct Trace: Sendable, Hashable {
    /// The version of the JSON format this library writes (docs/trace-format.md, "Versions").
    public static let formatVersion = 2
    /// The versions it reads: version 1 as well, whose text `operation` it passes over.
    public static let readableVersions = 1...formatVersion

    /// A title for people, such as the scenario's; `nil` when there is none.
    public var title: String?
    /// Every signal and connection, indexed by id.
    public var signals: [TraceSignal]
    /// Every subscription, indexed by id.
    public var subscriptions: [TraceSubscription]
    /// What happened, in order; an event's position is its sequence number.
    public var events: [TraceEvent]

    /// Makes a trace from its parts; ``validate()`` checks that they fit together.
    public init(
        title: String? = nil,
        signals: [TraceSignal] = [],
        subscriptions: [TraceSubscription] = [],
        events: [TraceEvent] = []
    ) {
        self.title = title
        self.signals = signals
        self.subscriptions = subscriptions
        self.events = events
    }
}

/// A signal, subject or multicast connection in a ``Trace``.
public struct TraceSignal: Sendable, Hashable {
    /// What kind of thing it is: the runtime's own kinds, whose names and prose are in the
    /// extension below.
    public typealias Kind = SignalKind

    /// The signal's position in ``Trace/signals``.
    public var id: Int
    /// Its kind.
    public var kind: Kind
    /// Its name: the one its user gave (with `named(_:fileID:line:)`, or a scenario file's name for it), or,
    /// when none was given, what a reader knows of it, made from the runtime's description by
    /// ``readerNames(of:givenNames:)`` from its ``operation``: "publish of source" for the subject of `source.publish()`.
    public var name: String
    /// RAC's description of it (`[source] -multicast: [source] -publish`, as its
    /// `-setNameWithFormat:` makes it), when that is not its ``name``.
    public var description: String?
    /// For a connection, the signal it subscribes its subject to, if that signal was recorded.
    public var source: Int?
    /// For a connection, its subject.
    public var subject: Int?
    /// Whether it is plumbing: part of the runtime's own machinery (a `Command`'s subjects and
    /// operators), made for its user, not by them. Timelines draw no lanes for it.
    public var isPlumbing: Bool
    /// What it is, as the runtime reported it: the operator that made it (or that took it and
    /// described it anew, as `publish` its subject), with the signals it names by their ids in
    /// this trace (`nil` for one not recorded). Names, findings and drawings learn what an
    /// operator is from it, never from ``description``. `nil` for a signal no operator made
    /// (`Signal.create`, a subject its user made) and in traces of version 1.
    public var operation: SignalOperation?
    /// The signal ``operation`` was applied to (RAC's receiver: `fetchData` of
    /// `[fetchData] -replayLazily`), when it has one and it was recorded.
    public var receiver: Int?
    /// Where the code named it, for a signal named from Swift in a recording (`named(_:fileID:line:)`):
    /// `#fileID` and line, "Module/File.swift:8". `nil` for a scenario file's (its place is the file's line).
    public var site: String?

    public static func == (a: TraceSignal, b: TraceSignal) -> Bool {
        a.id == b.id && a.kind == b.kind && a.name == b.name && a.description == b.description && a.source == b.source
            && a.subject == b.subject && a.isPlumbing == b.isPlumbing && a.operation == b.operation
            && a.receiver == b.receiver && a.site == b.site
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(kind)
        hasher.combine(name)
        hasher.combine(description)
        hasher.combine(source)
        hasher.combine(subject)
        hasher.combine(isPlumbing)
        hasher.combine(operation)
        hasher.combine(receiver)
        hasher.combine(site)
    }

    /// Makes a table entry.
    public init(
        id: Int, kind: Kind, name: String, description: String? = nil, source: Int? = nil, subject: Int? = nil,
        isPlumbing: Bool = false, operation: SignalOperation? = nil, receiver: Int? = nil, site: String? = nil
    ) {
        self.site = site
        self.operation = operation
        self.receiver = receiver
        self.id = id
        self.kind = kind
        self.name = name
        self.description = description
        self.source = source
        self.subject = subject
        self.isPlumbing = isPlumbing
    }
}

/// One subscription in a ``Trace``: an edge of the subscription graph.
public struct TraceSubscription: Sendable, Hashable {
    /// Who subscribed.
    public enum Subscriber: Sendable, Hashable {
        /// A subscriber given a label, as in `subscribe(label: "Subscriber 1", ...)`.
        case label(String)
        /// A recorded signal that is also a subscriber, such as a connection's subject.
        case signal(Int)
        /// The subscriber of another subscription, which this one feeds (as `concat` does).
        case subscription(Int)
        /// Anything else, such as an operator's internal subscriber.
        case anonymous
    }

    /// The subscription's position in ``Trace/subscriptions``.
    public var id: Int
    /// The signal subscribed to.
    public var signal: Int
    /// Who subscribed.
    public var subscriber: Subscriber
    /// The subscription whose code made this one: the one whose `didSubscribe` was
    /// running, or the operator's own subscription when an operator subscribes while
    /// handling a delivery (flattenMap's inner signals). `nil` for a subscription
    /// made directly by the scenario.
    public var parent: Int?
    /// The signal whose end is the end of the subscriber's owner, when one was declared: the
    /// owner's `rac_willDeallocSignal`, which completes when it goes (a screen closing). A
    /// subscription still open after its owner went has outlived it.
    public var owner: Int?
    /// Where the code subscribed, for a labelled subscription recorded from Swift: `#fileID` and
    /// line, "Module/File.swift:12". `nil` for a scenario file's (its place is the file's line).
    public var site: String?

    /// Makes a table entry.
    public init(id: Int, signal: Int, subscriber: Subscriber, parent: Int? = nil, owner: Int? = nil, site: String? = nil) {
        self.id = id
        self.signal = signal
        self.subscriber = subscriber
        self.parent = parent
        self.owner = owner
        self.site = site
    }

    /// The subscriber's label, if it has one.
    public var label: String? {
        if case .label(let label) = subscriber { return label }
        return nil
    }
}

// MARK: - The signal kinds

extension SignalKind {
    /// One of each kind, a replay subject without its capacity, in the order docs/trace-format.md lists them.
    public static let all: [SignalKind] = [
        .cold, .operator, .empty, .return, .error, .never, .subject, .behaviorSubject, .replaySubject(capacity: nil),
        .groupedSignal, .channelTerminal, .connection,
    ]

    /// The kind's name in the trace format, its name in prose and whether it is hot: one row of the table.
    private var definition: (name: String, prose: String, isHot: Bool) {
        switch self {
        case .cold: ("cold", "cold signal", false)
        case .operator: ("operator", "operator", false)
        case .empty: ("empty", "empty signal", false)
        case .return: ("return", "return signal", false)
        case .error: ("error", "error signal", false)
        case .never: ("never", "never signal", false)
        case .subject: ("subject", "subject", true)
        case .behaviorSubject: ("behaviorSubject", "behavior subject", true)
        case .replaySubject: ("replaySubject", "replay subject", true)
        case .groupedSignal: ("groupedSignal", "grouped signal", true)
        case .channelTerminal: ("channelTerminal", "channel terminal", true)
        case .connection: ("connection", "multicast connection", false)
        }
    }

    /// The kinds by their names in the trace format; a replay subject without its capacity.
    static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The kind's name in the trace format, such as `replaySubject`.
    public var name: String { definition.name }

    /// The kind in words, as the report writes it: "cold signal", "replay subject (capacity 1)".
    public var prose: String {
        guard case .replaySubject(let capacity?) = self else { return definition.prose }
        return "\(definition.prose) (capacity \(capacity))"
    }

    /// Whether it is a hot signal (a subject of some kind) that shares one stream with every subscriber.
    public var isHot: Bool { definition.isHot }
}
