import Tracer

/// Why a scenario's run was stopped: it went past one of the limits that keep any run within
/// bounded time and memory. A stopped run has no trace.
public enum RunLimitExceeded: Error, Sendable, Hashable, CustomStringConvertible {
    /// It made more events than its limit.
    case events(EventLimitExceeded)
    /// Its virtual clock would have gone past ``Scenario/maximumTime``: work was due later.
    case time(TimeLimitExceeded)
    /// A scenario file's template would have made a value larger than a run may hold, or more
    /// text in all (see `ScenarioFile`): the error is at that operator.
    case text(ScenarioFileError)

    /// What went past which limit.
    public var description: String {
        switch self {
        case .events(let error): error.description
        case .time(let error): error.description
        case .text(let error): error.description
        }
    }
}
