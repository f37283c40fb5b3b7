/// Which lanes a timeline draws, and in what order.
///
/// By default every lane is drawn: the source lanes first, then the subscribers grouped by the
/// signal they subscribed to, so that a subject's subscribers and a replay subject's read apart
/// (the articles' figures 1 and 3), each group in the order its subscribers subscribed.
///
/// ```swift
/// var lanes = LaneOptions()
/// lanes.only = ["replaySubject"]   // the replay subject and its subscribers
/// let svg = TimelineRenderer(lanes: lanes).render(trace)
/// ```
public struct LaneOptions: Sendable, Hashable {
    /// How subscriber lanes are ordered.
    public enum Order: String, Sendable, Hashable, CaseIterable {
        /// Grouped by the signal subscribed to, groups in the order of their first subscription.
        case signal
        /// In the order the subscriptions were made.
        case subscription
    }

    /// How subscriber lanes are ordered.
    public var order: Order
    /// When given, only the lanes these names pick: a subscriber's label, or a signal's name,
    /// which picks the signal's own lanes and its subscribers'.
    public var only: [String]?

    /// Makes the options; by default every lane, subscribers grouped by signal.
    public init(order: Order = .signal, only: [String]? = nil) {
        self.order = order
        self.only = only
    }
}
