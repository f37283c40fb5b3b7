import Synchronization

/// A limit on how much an instrumented run may do, counted in reports.
///
/// A few signals can make events without end: a subject subscribed to itself
/// sends each value back into itself, and a `defer` that subscribes to its own
/// signal recurses. Installed with ``Instrumentation/withInstrument(_:clock:budget:_:)``,
/// a budget counts every report the observed signals make, whether or not the
/// instrument keeps it. Past ``maximumReports`` it is exhausted, and from then
/// on those signals stop: subscribers receive no more events and cold signals
/// run no more `didSubscribe` closures, so every loop of events among them ends.
/// What the run did after that point is not what ReactiveCocoa would do:
/// check ``isExhausted`` and discard the run.
///
/// ```swift
/// let budget = ReportBudget(maximumReports: 1_000_000)
/// Instrumentation.withInstrument(recorder, clock: scheduler, budget: budget) {
///     buildScenario(on: scheduler)
///     while !budget.isExhausted, scheduler.pendingCount > 0 { scheduler.step() }
/// }
/// if budget.isExhausted { /* too many events: refuse the run */ }
/// ```
///
/// It is thread-safe; a report made on any thread counts.
public final class ReportBudget: Sendable {
    /// How many reports the run may make.
    public let maximumReports: Int
    private let exhausted = Atomic(false)

    /// Makes a budget of `maximumReports` reports, 0 or more.
    public init(maximumReports: Int) {
        precondition(maximumReports >= 0, "a report budget needs 0 reports or more, got \(maximumReports)")
        self.maximumReports = maximumReports
    }

    /// Whether the run has gone past ``maximumReports``. Once true, it stays true.
    public var isExhausted: Bool { exhausted.load(ordering: .relaxed) }

    /// Stops the run now, as if it had gone past ``maximumReports``: for a limit of another
    /// kind that the run went past, such as the memory its values take.
    public func exhaust() { exhausted.store(true, ordering: .relaxed) }
}
