import Reactive
import Tracer

/// A named, documented experiment: signals built with the real runtime and
/// run on virtual time, recorded into a ``Trace``.
///
/// ```swift
/// let trace = Catalog.scenario(named: "subject-vs-replay")!.trace()
/// ```
public struct Scenario: Sendable, Identifiable {
    /// The name used on the command line, such as `subject-vs-replay`.
    public let name: String
    /// A title for people, such as "Subject vs ReplaySubject".
    public let title: String
    /// The article experiment it reproduces (1 to 6, see shared/seeds/README.md).
    public let experiment: Int
    /// One paragraph on what it shows.
    public let summary: String
    private let body: @Sendable (TestScheduler) -> [Any]

    /// Makes a scenario.
    /// - Parameters:
    ///   - name: The name used on the command line.
    ///   - title: A title for people.
    ///   - experiment: The article experiment it reproduces.
    ///   - summary: One paragraph on what it shows.
    ///   - body: Creates the signals and schedules the subscriptions and
    ///     sends on the scheduler. It runs at virtual time 0 with the scheduler
    ///     current, so subscriptions made directly in it are synchronous.
    ///     It returns the subjects and signals to keep alive until the
    ///     recording ends: a subject released mid-run disposes its
    ///     subscribers, which would show as disposals the scenario never made.
    public init(
        name: String, title: String, experiment: Int, summary: String,
        body: @escaping @Sendable (TestScheduler) -> [Any]
    ) {
        self.name = name
        self.title = title
        self.experiment = experiment
        self.summary = summary
        self.body = body
    }

    /// The scenario's ``name``.
    public var id: String { name }

    /// Runs the scenario on a new virtual-time scheduler until nothing is
    /// left to do, and returns what the runtime did. Every call gives the same trace.
    public func trace() -> Trace {
        let scheduler = TestScheduler()
        return Trace.record(title: title, clock: scheduler) {
            let kept = scheduler.perform { body(scheduler) }
            scheduler.stepAll()
            return kept
        }
    }
}
