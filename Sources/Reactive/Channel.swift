/// A two-way binding between two parties, each holding one terminal
/// (RAC's `RACChannel`).
///
/// Values sent into one terminal come out of the other. The following
/// terminal also replays the latest value from the leading side to each new
/// subscriber, and termination travels both ways.
///
/// ```text
///  leading party ── leadingTerminal ══ replay subjects ══ followingTerminal ── following party
///  sendNext(x) ──────────────────────────────────────────────▶ subscribers receive x (and replay it)
///  subscribers receive y ◀───────────────────────────────────── sendNext(y)
/// ```
///
/// Inside, as in RAC, are two replay subjects: the leading one with capacity
/// 0, the following one with capacity 1, each forwarding its termination to
/// the other through `ignoreValues`. Those two subscriptions are made on
/// ``Scheduler/subscription``, so create a channel where a scheduler is
/// current (scheduled work, the main thread, or ``Scheduler/perform(_:)``)
/// for it to be wired before `init` returns.
///
/// A channel that never terminates keeps itself alive, as in RAC: each
/// subject is subscribed to the other (through `ignoreValues`), so the two subjects
/// (and whatever their subscribers hold) are released only once an error or
/// completion has been sent into either terminal, even after every reference
/// to the channel and its terminals is gone. Send `sendCompleted()` into a
/// terminal when the binding is no longer needed.
public final class Channel<Value: Sendable>: Sendable {
    /// The terminal of the side that owns the data, such as a view model property.
    public let leadingTerminal: ChannelTerminal<Value>
    /// The terminal of the side that follows, such as a text field.
    public let followingTerminal: ChannelTerminal<Value>

    /// Creates a channel (RAC's `-[RACChannel init]`).
    public init() {
        let leading = ReplaySubject<Value>(capacity: 0).described(as: "leadingSubject", operation: .channelSubject(leading: true))
        let following = ReplaySubject<Value>(capacity: 1).described(as: "followingSubject", operation: .channelSubject(leading: false))
        // How the channel's ends pass their completion and errors both ways: its machinery.
        Probe.plumbing {
            leading.ignoreValues().subscribe(following)
            following.ignoreValues().subscribe(leading)
        }
        let (leadingID, followingID) = (leading.operandID, following.operandID)
        leadingTerminal = ChannelTerminal(values: leading, otherTerminal: following)
            .described(as: "leadingTerminal", operation: .channelTerminal(leading: true, values: leadingID, other: followingID))
        followingTerminal = ChannelTerminal(values: following, otherTerminal: leading)
            .described(as: "followingTerminal", operation: .channelTerminal(leading: false, values: followingID, other: leadingID))
    }
}

/// One end of a ``Channel`` (RAC's `RACChannelTerminal`).
///
/// Subscribing receives what the other party sends; sending delivers to the
/// other party's subscribers. It is a signal and a subscriber, so two
/// terminals can be bound to each other:
///
/// ```swift
/// viewTerminal.subscribe(modelTerminal)
/// modelTerminal.subscribe(viewTerminal)
/// ```
public final class ChannelTerminal<Value: Sendable>: Signal<Value>, Subscriber, @unchecked Sendable {
    /// The subject a subscription to the terminal subscribes to (RAC's `values`): package-visible
    /// so that a scenario can name it after the terminal its user named.
    package let values: Signal<Value>
    private let otherTerminal: Subject<Value>

    init(values: Signal<Value>, otherTerminal: Subject<Value>) {
        self.values = values
        self.otherTerminal = otherTerminal
        super.init(kind: .channelTerminal, name: "")
    }

    @discardableResult
    public override func subscribe(_ subscriber: any Subscriber<Value>) -> any Disposable {
        values.subscribe(subscriber)
    }

    /// Sends `value` to the other party's subscribers.
    /// A subscription to a terminal is one to the subject it reads: that subject's deliveries bring its values.
    override var deliveringSignalID: Int { values.deliveringSignalID }

    public func sendNext(_ value: Value) { otherTerminal.sendNext(value) }

    /// Sends `error` to the other party's subscribers.
    public func sendError(_ error: any Error) { otherTerminal.sendError(error) }

    /// Sends completion to the other party's subscribers.
    public func sendCompleted() { otherTerminal.sendCompleted() }

    /// Hands the feeding subscription to the other side's subject, which owns it.
    public func didSubscribe(with disposable: CompoundDisposable) {
        otherTerminal.didSubscribe(with: disposable)
    }
}
