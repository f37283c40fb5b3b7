/// What kind of signal a report is about: the kinds of node in the subscription graph.
///
/// A ``InstrumentationEvent/Kind/signalCreated(signal:kind:name:)`` report names
/// every kind but ``connection``, which only
/// ``InstrumentationEvent/Kind/connectionCreated(connection:source:subject:)`` reports.
public enum SignalKind: Sendable, Hashable {
    /// A cold signal made by ``Signal/create(_:)``.
    case cold
    /// A cold signal made by an operator such as `map` or `defer`.
    case `operator`
    /// ``Signal/empty()``.
    case empty
    /// ``Signal/return(_:)``.
    case `return`
    /// ``Signal/error(_:)``.
    case error
    /// ``Signal/never()``: subscribing to it does nothing, so it has no side effect to report.
    case never
    /// A plain ``Subject``.
    case subject
    /// A ``BehaviorSubject``.
    case behaviorSubject
    /// A ``ReplaySubject``; `capacity` is `nil` when unlimited.
    case replaySubject(capacity: Int?)
    /// A ``GroupedSignal`` sent by `groupBy`.
    case groupedSignal
    /// A ``ChannelTerminal``.
    case channelTerminal
    /// A ``MulticastConnection``: it joins a source to a subject and is never subscribed to itself.
    case connection
}

/// Who subscribed, in a ``InstrumentationEvent/Kind/subscribed(subscription:signal:subscriber:parent:)`` report.
public enum SubscriberIdentity: Sendable, Hashable {
    /// A subscriber given a label, as in `subscribe(label: "Subscriber 1", ...)`.
    case label(String)
    /// An observed signal that is also a subscriber: a subject or channel terminal.
    case signal(Int)
    /// The subscriber of another subscription, which this one feeds
    /// (as `concat` does with its second signal).
    case subscription(Int)
    /// Anything else, such as an operator's internal subscriber.
    case anonymous
}

/// One report from the runtime to an ``Instrument``.
public struct InstrumentationEvent: Sendable {
    /// Numbers the reports of one installation in the order they were made,
    /// from 0. A number can go unused (a delivery that lost a race with its subscription's
    /// disposal on another thread is not reported), so the numbers may skip. Reports may reach the instrument in a different order: those made
    /// concurrently on different threads, and, on one thread, a delivery's report
    /// and what labelling its value caused (a `description` that sends to a
    /// subject is reported before the delivery it labels). Order them by this number.
    public let sequence: Int
    /// The clock's ``Scheduler/now`` when it happened.
    public let time: Double
    /// The ``sequence`` of the delivery, connect or send during which this
    /// happened, if any: a subject's delivery to its subscribers names the send.
    public let cause: Int?
    /// What happened.
    public let kind: Kind

    /// What happened. Signal, subscription and connection ids are numbered
    /// from 0 in creation order within one installation.
    public enum Kind: Sendable {
        /// A signal was created, named `name`; `operation` is what made it, applied to `receiver`,
        /// when an operator made it (the same as a ``signalOperation(signal:operation:receiver:)``
        /// reported with it: one report, not two, for each signal an operator makes).
        case signalCreated(signal: Int, kind: SignalKind, name: String, operation: SignalOperation?, receiver: Int?)
        /// A signal was given a name with ``Signal/named(_:fileID:line:)``: a name its user chose.
        case signalNamed(signal: Int, name: String)
        /// Where the code that named `signal`, just reported as ``signalNamed(signal:name:)``, called
        /// ``Signal/named(_:fileID:line:)``: the file (`#fileID`, "Module/File.swift") and line. Only to
        /// an instrument that ``Instrument/recordsCallSites``.
        case signalNamedAt(signal: Int, fileID: String, line: Int)
        /// An operator renamed a signal it did not create, as RAC's `-setNameWithFormat:` does
        /// (`multicast:` renaming its subject `[source] -multicast: subject`): a description of how
        /// it was made, which a name given with ``Signal/named(_:fileID:line:)`` goes before.
        case signalDescribed(signal: Int, description: String)
        /// What the signal is, as a value: the operator that made it (reported as it is made), or
        /// that took it and described it anew (`publish` its subject), replacing what was reported
        /// before. `receiver` is the signal the operator was applied to (RAC's receiver), when
        /// it has one and it is observed by the same instrument.
        case signalOperation(signal: Int, operation: SignalOperation, receiver: Int?)
        /// The signal is plumbing: part of the runtime's own machinery (a ``Command``'s subjects
        /// and operators), made for its user, not by them.
        case signalIsPlumbing(signal: Int)
        /// A ``MulticastConnection`` was created; `source` is `nil` when the
        /// source signal is not observed.
        case connectionCreated(connection: Int, source: Int?, subject: Int)
        /// Something subscribed to `signal`. `parent` is the subscription whose code
        /// made this one: the one whose `didSubscribe` was running, or, when an operator's
        /// internal subscriber subscribes while handling a delivery (flattenMap's inner
        /// signals, concat's second), the operator's subscription that made that subscriber.
        case subscribed(subscription: Int, signal: Int, subscriber: SubscriberIdentity, parent: Int?)
        /// The subscriber of `subscription`, just reported, declared an owner whose end is `owner`'s
        /// termination (its `rac_willDeallocSignal`): ``Signal/subscribe(label:owner:next:error:completed:fileID:line:)``.
        case owned(subscription: Int, owner: Int)
        /// Where the code that made `subscription`, just reported, subscribed with a label: the
        /// file (`#fileID`, "Module/File.swift") and line. Only to an instrument that
        /// ``Instrument/recordsCallSites``.
        case called(subscription: Int, fileID: String, line: Int)
        /// A cold signal's `didSubscribe` closure started for `subscription`:
        /// the side effect that runs once per subscription.
        case didSubscribe(subscription: Int)
        /// A value was delivered. `replayed` marks history a subject replays
        /// to a new subscriber (a replay subject's buffer, a behavior subject's
        /// current value) rather than a live value.
        case next(subscription: Int, value: any Sendable, replayed: Bool)
        /// An error was delivered.
        case error(subscription: Int, error: any Error, replayed: Bool)
        /// Completion was delivered.
        case completed(subscription: Int, replayed: Bool)
        /// The subscription was disposed (after a terminal event, or cancelled).
        case disposed(subscription: Int)
        /// A subject was sent a value, by hand or by the source it subscribes to.
        case sentNext(signal: Int, value: any Sendable)
        /// A subject was sent an error.
        case sentError(signal: Int, error: any Error)
        /// A subject was sent completion.
        case sentCompleted(signal: Int)
        /// `connect()` was called; `first` is `false` for the calls that did nothing.
        case connected(connection: Int, first: Bool)
        /// The disposable `connect()` returns was disposed (by its caller, or by `autoconnect`
        /// when its last subscriber left): the source subscription ends, and as in RAC 2.5 the
        /// connection never connects again.
        case connectionDisposed(connection: Int)
        /// An operator discarded a value `subscription` received, for good: `filter`, `skip`,
        /// `skipWhile` and `distinctUntilChanged` each value they leave out, `takeWhile` the value that
        /// ends it; the stateful operators
        /// (``ReceivedValues``) a value replaced or pushed out before it was sent, and the values they
        /// hold when they fail or end without sending them. The report is made when the value is
        /// dropped, caused by what dropped it, and names the subscription that received it, the
        /// operator's subscription to its source.
        case dropped(subscription: Int, value: any Sendable)
        /// ``Signal/deliver(on:)`` or ``Signal/subscribe(on:)`` started the block it scheduled on
        /// the scheduler named `scheduler`, for `subscription` (its own): the hop, reported before the
        /// block delivers the hopped event to the subscription's subscriber (`deliverOn:`) or subscribes
        /// to the receiver (`subscribeOn:`). Its cause is what was hopped: the delivery `deliverOn:`
        /// received, or the `didSubscribe` of the `subscribeOn:` subscription; and the hop is the
        /// cause of what the block does.
        case hopped(subscription: Int, scheduler: String)
    }
}
