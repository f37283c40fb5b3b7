/// What a cold signal of a file does on each of its subscriptions: its events, or, for the
/// subscriptions an `attempts` statement names (counted from 1), that statement's events.
struct ColdPlan: Sendable {
    let timeline: ScenarioFile.Timeline
    let attempts: [ScenarioFile.Attempts]

    /// The events of subscription `attempt`, counted from 1.
    func timeline(forAttempt attempt: Int) -> ScenarioFile.Timeline {
        attempts.first { $0.range.contains(attempt) }?.timeline ?? timeline
    }

    /// Whether an event of any of its timelines holds `{}`.
    var hasTemplate: Bool {
        ([timeline] + attempts.map(\.timeline)).contains { $0.contains { $0.events.contains(where: \.isTemplate) } }
    }

    /// The plan with every event's text with `{}` made by `fill` (see ``ScenarioFile/SourceEvent/isTemplate``).
    func filled(_ fill: (ScenarioFile.Timeline) -> ScenarioFile.Timeline) -> ColdPlan {
        ColdPlan(timeline: fill(timeline), attempts: attempts.map { .init(range: $0.range, timeline: fill($0.timeline)) })
    }
}
