import Foundation
import Findings
import Tracer

/// A scenario as the report and the docs show it: what it is called, what it shows, where it
/// came from, what the runtime did, how its expectations came out and what went wrong in it.
/// ``ReportBuilder`` makes a page of each, ``DocsBuilder`` a section of its page and two diagrams.
public struct RecordedScenario: Sendable, Hashable {
    /// The scenario's name, such as `fetchdata`: a report page's file name is made from it (see
    /// ``ReportBuilder/slugs(for:)``), and the docs diagrams are `NAME.svg` and `NAME-graph.svg`.
    public var name: String
    /// A title for people, such as "fetchData, six requests or one".
    public var title: String
    /// What the scenario shows: one or more paragraphs separated by blank lines (a scenario file's
    /// `about` lines); empty for nothing. The report's index shows its first sentence.
    public var about: String
    /// The scenario's source text, such as a scenario file's contents, shown as it is; `nil` when there is none.
    public var source: String?
    /// The recording drawn on the scenario's page.
    public var trace: Trace
    /// How each `expect` line of the scenario's file came out, in the file's order; empty when it has none.
    /// A failing one is marked on the index and shown at the top of the page, drawn under its lane.
    public var expectations: [ExpectationOutcome]
    /// What went wrong in the trace (``Trace/findings()``), each with the proof of its fix when
    /// there is one: a report page's Findings section and the counts on its index, the findings
    /// under a docs section's diagrams.
    public var explanations: [Explanation]

    /// Makes a recorded scenario.
    /// - Parameter explanations: The findings to show; `nil` for the trace's own findings, without fixes.
    public init(
        name: String, title: String, about: String, source: String? = nil, trace: Trace,
        expectations: [ExpectationOutcome] = [], explanations: [Explanation]? = nil
    ) {
        self.name = name
        self.title = title
        self.about = about
        self.source = source
        self.trace = trace
        self.expectations = expectations
        self.explanations = explanations ?? trace.findings().map { Explanation(finding: $0) }
    }
}
