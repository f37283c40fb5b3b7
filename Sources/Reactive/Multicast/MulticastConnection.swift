import Synchronization

/// Shares one subscription to a cold source among many subscribers, through
/// a subject (RAC's `RACMulticastConnection`).
///
/// ```text
///  source ──(one subscription, made by connect)──▶ subject ──▶ subscriber 1
///                                                          ├─▶ subscriber 2
///                                                          └─▶ subscriber 3
/// ```
///
/// Subscribers subscribe to ``signal``, the subject; nothing reaches them
/// until ``connect()`` subscribes the subject to the source, once. Create a
/// connection with ``Signal/multicast(_:)`` or ``Signal/publish()``.
///
/// ```swift
/// let connection = request.publish()
/// connection.signal.subscribe(next: { print("product: \($0)") })
/// connection.signal.subscribe(next: { print("id: \($0.id)") })
/// connection.connect()          // the request runs once
/// ```
public final class MulticastConnection<Value: Sendable>: Sendable {
    private let source: Signal<Value>
    private let subject: Subject<Value>
    private let serialDisposable = SerialDisposable()
    /// What ``connect()`` returns: the serial disposable, or, when observed, a disposable that
    /// reports the connection's end before disposing it.
    private let connectionDisposable: any Disposable
    private let hasConnected = Atomic(false)
    private let probe: Probe?
    private let connectionID: Int

    /// The hot signal to subscribe to: the subject the source is multicast through.
    public var signal: Signal<Value> { subject }

    init(source: Signal<Value>, subject: Subject<Value>) {
        self.source = source
        self.subject = subject
        if let probe = subject.probe {
            self.probe = probe
            connectionID = probe.makeConnectionID()
            probe.record(.connectionCreated(
                connection: connectionID, source: source.probe === probe ? source.signalID : nil,
                subject: subject.signalID))
            connectionDisposable = ObservedConnectionDisposable(serialDisposable, probe: probe, connection: connectionID)
        } else {
            probe = nil
            connectionID = 0
            connectionDisposable = serialDisposable
        }
    }

    /// Subscribes the subject to the source, the first time it is called.
    ///
    /// The first call, even among many racing threads, wins a compare-and-swap
    /// and subscribes; every other call does nothing. All calls return the same
    /// disposable, which ends the source subscription.
    ///
    /// - Returns: The connection's disposable; disposing it disconnects the
    ///   source for good, since a connection never connects twice.
    @discardableResult
    public func connect() -> any Disposable {
        let shouldConnect = hasConnected.compareExchange(
            expected: false, desired: true, ordering: .acquiringAndReleasing
        ).exchanged
        let report = probe?.record(.connected(connection: connectionID, first: shouldConnect))
        if shouldConnect {
            probe.caused(by: report) { serialDisposable.disposable = source.subscribe(subject) }
        }
        return connectionDisposable
    }

    /// A signal that connects on its first subscription and disconnects when
    /// its last subscriber leaves (RAC's `-autoconnect`).
    ///
    /// Each subscription subscribes to the subject, then calls ``connect()``.
    /// A count of subscribers is kept; when a subscription is disposed (which
    /// also happens when it terminates) and the count returns to zero, the
    /// connection is disposed.
    ///
    /// As in RAC 2.5, that is final: a later subscriber joins the subject but
    /// the source is not subscribed again, so it receives nothing from a
    /// plain subject (only the history of a replay subject).
    public func autoconnect() -> Signal<Value> {
        let subscriberCount = Atomic(0)
        return subject.makeOperator(name: "[\(subject.name)] -autoconnect", operation: .autoconnect) { [self] subscriber in
            subscriberCount.add(1, ordering: .acquiringAndReleasing)
            let subscription = subject.subscribe(subscriber)
            let connection = connect()
            return BlockDisposable {
                subscription.dispose()
                if subscriberCount.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
                    connection.dispose()
                }
            }
        }
    }
}

extension Signal {
    /// Creates a connection that multicasts the receiver through `subject`
    /// (RAC's `-multicast:`).
    ///
    /// Nothing is subscribed until ``MulticastConnection/connect()``. Pass a
    /// ``ReplaySubject`` so that subscribers arriving after `connect` still
    /// get the values sent before.
    public func multicast(_ subject: Subject<Value>) -> MulticastConnection<Value> {
        multicast(subject, operation: .multicast)
    }

    /// ``multicast(_:)`` through a subject an operator made for it (`publish`'s), reported as
    /// `operation` on the receiver.
    private func multicast(_ subject: Subject<Value>, operation: SignalOperation) -> MulticastConnection<Value> {
        subject.described(as: "[\(name)] -multicast: \(subject.name)", operation: operation, receiver: operandID)
        return MulticastConnection(source: self, subject: subject)
    }

    /// Creates a connection that multicasts the receiver through a plain
    /// ``Subject`` (RAC's `-publish`).
    ///
    /// Nothing happens until `connect()`; subscribers that join after a value
    /// was sent miss it.
    public func publish() -> MulticastConnection<Value> {
        multicast(Subject<Value>().described(as: "[\(name)] -publish", operation: .publish), operation: .publish)
    }

    /// Multicasts the receiver through an unlimited ``ReplaySubject`` and
    /// connects at once, even with no subscriber (RAC's `-replay`).
    ///
    /// The source is subscribed exactly once, now; every subscriber, however
    /// late, receives all values sent so far, then the live ones.
    public func replay() -> Signal<Value> {
        connected(through: ReplaySubject<Value>().described(as: "[\(name)] -replay", operation: .replay), operation: .replay)
    }

    /// Like ``replay()``, with a replay subject of capacity 1: late subscribers
    /// receive only the latest value (RAC's `-replayLast`).
    public func replayLast() -> Signal<Value> {
        connected(
            through: ReplaySubject<Value>(capacity: 1).described(as: "[\(name)] -replayLast", operation: .replayLast),
            operation: .replayLast)
    }

    /// Multicasts the receiver through `subject`, connects now, and returns the subject.
    private func connected(through subject: ReplaySubject<Value>, operation: SignalOperation) -> Signal<Value> {
        let connection = multicast(subject, operation: operation)
        connection.connect()
        return connection.signal
    }

    /// Like ``replay()``, but connects only when the result is first
    /// subscribed to (RAC's `-replayLazily`).
    ///
    /// Built with ``defer(_:)``: each subscription calls `connect()` (only the
    /// first one subscribes to the source), then subscribes to the replay subject.
    public func replayLazily() -> Signal<Value> {
        let connection = multicast(ReplaySubject<Value>(), operation: .replayLazily)
        return Signal.defer(named: "[\(name)] -replayLazily", operation: .replayLazily, receiver: operandID) {
            connection.connect()
            return connection.signal
        }
    }
}
