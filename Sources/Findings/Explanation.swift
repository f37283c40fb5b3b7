import Tracer
/// A finding with the proof of its fix, when there is one: what `sigviz explain` and the report show.
public struct Explanation: Sendable, Hashable {
    /// What went wrong.
    public var finding: Finding
    /// The suggested change made and run again, when it removed the finding: in the scenario file,
    /// or at a call of the Swift code a testing kit's run ran again. `nil` when the finding has no
    /// suggestion, the input is a trace file (nothing to run again), or the change could not be made
    /// (``unproven`` says why).
    public var fix: ProvenFix?
    /// The 1-based line and column in the scenario file of the finding's first signal (where
    /// it was declared or made), when the input is a scenario file.
    public var line: Int?
    /// See ``line``.
    public var column: Int?
    /// Where the code that made the finding's first subscription subscribed, for a trace recorded from
    /// Swift: its labelled subscription's ``Tracer/TraceSubscription/site``, "Module/File.swift:12".
    public var site: String?
    /// Why the finding's suggestion has no proof, when it has a suggestion and no ``fix``: for people,
    /// such as "a trace file has nothing to run again".
    public var unproven: String?

    /// Makes an explanation.
    public init(finding: Finding, fix: ProvenFix? = nil, line: Int? = nil, column: Int? = nil) {
        self.finding = finding
        self.fix = fix
        self.line = line
        self.column = column
    }
}

/// A suggested change, made (to the scenario file, or at a call of Swift code) and run on the same
/// virtual times: the edit, the run after it, and how it compares with the run before.
public struct ProvenFix: Sendable, Hashable {
    /// The edit, for people, with line numbers: `after line 11, add "let sharedFetchData = …"`, or
    /// where the call is: "where AppTests/ProfileTests.swift:8 names fetchUser: `.replayLazily()` after it".
    public var edit: String
    /// The scenario file's text after the edit; empty for a change made at a call of Swift code,
    /// which ``edit`` names.
    public var source: String
    /// The trace of the changed scenario.
    public var after: Trace
    /// How the changed run compares with the one before.
    public var outcome: FixOutcome

    /// Makes a proven fix.
    public init(edit: String, source: String, after: Trace, outcome: FixOutcome) {
        self.edit = edit
        self.source = source
        self.after = after
        self.outcome = outcome
    }
}
