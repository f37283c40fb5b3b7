/// A run that made more events than its limit: its trace would be incomplete, so it has none.
///
/// Thrown by a scenario run given a limit on its events (`Scenario.trace(maximumEvents:)`
/// in Scenarios); see ``TraceRecorder/init(origin:limit:)``.
public struct EventLimitExceeded: Error, Sendable, Hashable, CustomStringConvertible {
    /// The limit the run went past.
    public let maximumEvents: Int

    /// Makes the error for a run that went past `maximumEvents`.
    public init(maximumEvents: Int) {
        self.maximumEvents = maximumEvents
    }

    /// "the scenario made more than N events, the limit".
    public var description: String {
        "the scenario made more than \(maximumEvents) events, the limit"
    }
}
