/// Installs instruments.
public enum Instrumentation {
    /// Whether this build of the runtime has the instrumentation hook: `false` in a build with
    /// the compilation condition `SIGVIZ_NO_INSTRUMENTATION` (`swift build -Xswiftc
    /// -DSIGVIZ_NO_INSTRUMENTATION`), where no signal is ever observed and an installed
    /// instrument receives nothing. That build exists to measure what the hook costs
    /// an unobserved runtime (the benchmark `tracing-no-recorder`).
    public static var isAvailable: Bool {
        #if SIGVIZ_NO_INSTRUMENTATION
        false
        #else
        true
        #endif
    }

    /// Runs `body` with `instrument` observing the signals created inside it.
    ///
    /// Signals created inside `body`, including those created later by their
    /// operators and subscriptions, report to `instrument` for their whole
    /// lifetime. The installation is per thread: `body` runs synchronously on
    /// the calling thread, and other threads are unaffected unless they
    /// deliver events of observed signals.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// Instrumentation.withInstrument(recorder, clock: scheduler) {
    ///     buildScenario(on: scheduler)
    ///     scheduler.stepAll()
    /// }
    /// ```
    /// - Parameters:
    ///   - instrument: Receives the reports.
    ///   - clock: Whose ``Scheduler/now`` timestamps the reports; with `nil`,
    ///     a monotonic wall clock.
    ///   - budget: How many reports the observed signals may make; with `nil`, no limit.
    ///     See ``ReportBudget``.
    ///   - body: The code to observe.
    public static func withInstrument<R>(
        _ instrument: some Instrument, clock: Scheduler? = nil, budget: ReportBudget? = nil, _ body: () throws -> R
    ) rethrows -> R {
        try withInstrument(instrument, clock: clock, budget: budget, rewriting: nil, body)
    }

    /// ``withInstrument(_:clock:budget:_:)``, with `rewrites` made at the calls of the observed code
    /// they name, to run it as if written with them: a run that proves a suggested fix (see
    /// `CodeRewrite`).
    package static func withInstrument<R>(
        _ instrument: some Instrument, clock: Scheduler?, budget: ReportBudget? = nil, rewriting rewrites: CodeRewrites?,
        _ body: () throws -> R
    ) rethrows -> R {
        let probe = Probe(instrument: instrument, clock: clock, budget: budget, rewrites: rewrites)
        return try probe.within(subscription: nil, cause: nil, body)
    }
}
