import Tracer

/// A run stopped because work was due past the most virtual time a run may take
/// (``Scenario/maximumTime``): a timer repeated for ever, a long signal repeated, a chain of delays.
public struct TimeLimitExceeded: Error, Sendable, Hashable, CustomStringConvertible {
    /// The limit, in seconds of virtual time.
    public let maximumTime: Double
    /// When the first work past the limit was due, in seconds; `nil` when it was due past the end of
    /// the clock itself (about 292 years).
    public let dueTime: Double?

    /// "the scenario's work goes on past 1000000000 s of virtual time, the limit (work was due at 10000000000 s)".
    public var description: String {
        let format = SecondsFormat(unit: .seconds)
        let due = dueTime.map { "work was due at \(format.format($0))" } ?? "work was due past the end of the clock"
        return "the scenario's work goes on past \(format.format(maximumTime)) of virtual time, the limit (\(due))"
    }
}
