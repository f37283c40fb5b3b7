import Tracer
/// A change to a scenario that removes what a ``Finding`` found: what to change, on which signal,
/// and one sentence for people saying where and why.
///
/// A suggestion names signals by their trace ids; a scenario file's run knows where in the file
/// each was made, so the Scenarios module can apply the change to the file and run it again
/// (the proven fix).
public struct Suggestion: Sendable, Hashable {
    /// What to change.
    public enum Change: Sendable, Hashable {
        /// Put `operator` after the signal and let every subscriber subscribe to that instead:
        /// one run of its `didSubscribe`, shared by all of them (fetchData `| replayLazily`).
        case share(signal: Int, through: SharingOperator)
        /// Declare the subject as a replay subject that keeps its last `capacity` values (`nil`:
        /// all of them), so that a late subscriber receives them when it subscribes.
        case replaySubject(signal: Int, capacity: Int?)
        /// Use `switchToLatest` where the signal flattens with `flattenMap` (or `map` then `flatten`):
        /// a newer inner signal disposes the one before it, whose values stop arriving.
        case switchToLatest(signal: Int)
        /// Catch an error inside the signal the `flattenMap` makes for each value (`catchTo` an
        /// empty signal), so that one failed inner signal ends only itself, not the pipeline.
        case catchInner(signal: Int)
        /// Deliver on the main scheduler what the labelled subscribers of the signal receive: they
        /// subscribe to the signal `| deliverOn main` instead.
        case deliverOnMain(signal: Int)
        /// End the subscriptions to the signal that its subscribers' owner has with the owner: they
        /// subscribe to the signal `| takeUntil OWNER` instead, `owner` being the owner's signal.
        case endWithOwner(signal: Int, owner: Int)
        /// Connect on demand: `publish | autoconnect` in place of the replay operator (`replay`,
        /// `replayLast`, `replayLazily`) that made the signal, so that the first subscriber connects
        /// and the last one's leaving disconnects; later subscribers are replayed nothing.
        case connectOnDemand(signal: Int)
    }

    /// The operators that share one subscription to a cold signal among many subscribers.
    public enum SharingOperator: String, Sendable, Hashable, CaseIterable {
        /// Connects at the first subscription and replays every value to later ones (RAC's `-replayLazily`).
        case replayLazily
        /// Connects at once and replays every value (RAC's `-replay`).
        case replay
        /// Connects at once and replays the last value (RAC's `-replayLast`).
        case replayLast
    }

    /// What to change.
    public var change: Change
    /// What to change and where, in one sentence for people.
    public var sentence: String

    /// Makes a suggestion.
    public init(change: Change, sentence: String) {
        self.change = change
        self.sentence = sentence
    }

    /// The signal the change is made at.
    public var signal: Int {
        switch change {
        case .share(let signal, _), .replaySubject(let signal, _), .switchToLatest(let signal), .catchInner(let signal),
             .deliverOnMain(let signal), .endWithOwner(let signal, _), .connectOnDemand(let signal): signal
        }
    }
}
