import Foundation
import Render
import Scenarios
import Findings
import Tracer

/// `sigviz report`: a static HTML site, an index of scenarios and a page for each.
package struct ReportPipeline: Sendable {
    /// The inputs: built-in scenarios' names, scenario files or trace files; every built-in
    /// scenario when empty.
    package var inputs: [String] = []
    /// The folder the site is written to.
    package var output: String
    /// The index page's title.
    package var title = "sigviz report"
    /// `--max-events`: the budget the inputs share (``RunLimits``).
    package var maximumEvents: Int = Trace.defaultMaximumEvents

    /// A report of `inputs` written into `output`.
    package init(inputs: [String], output: String) {
        self.inputs = inputs
        self.output = output
    }

    /// The scenarios of the headline comparison, top to bottom.
    package static let headlineScenarios = ["cold", "publish", "replay", "replaylast", "replaylazily"]

    /// Writes the site, telling where on `console`; throws when a file cannot be read or written,
    /// or when an expectation failed (after writing the site, which shows it).
    package func run(on console: Console) throws {
        let arguments = inputs.isEmpty ? Catalog.scenarios.map(\.name) : inputs
        let limits = RunLimits(maximumEvents: maximumEvents, inputs: arguments.count)
        let progress = ProgressLine(total: arguments.count, on: console)
        defer { progress.finish() }
        let entries = try arguments.map { name in
            progress.step(name)
            return try Self.entry(for: name, limits: limits)
        }
        var headline: ReportBuilder.Headline?
        let traces = Self.headlineScenarios.compactMap { name in entries.first { $0.name == name }?.trace }
        if traces.count == Self.headlineScenarios.count {
            headline = ReportBuilder.Headline(
                caption: "The same cold source through no conversion, publish, replay, replayLast and replayLazily, "
                    + "with the same subscribers, on one time axis. Each badge counts the source's didSubscribe runs.",
                traces: traces)
        }
        let site = Self.indexLast(ReportBuilder(title: title, headline: headline, hints: Self.hints).build(entries))
        let folder = OutputDirectory(path: output, what: "the report", verb: "is")
        try folder.apply(folder.plan(site, protecting: InputFiles(inputs), skippingUnchanged: false), pending: console.pendingFiles)
        progress.finish()
        let index = (output as NSString).appendingPathComponent("index.html")
        try console.write("wrote \(site.count) files to \(output); open \(index)\n")
        // A built-in scenario's expectations are named by its bundled file's path.
        let files = zip(arguments, entries).map { (Catalog.file(named: $0)?.path ?? $0, $1.expectations) }
        if let failure = FailedExpectations.tell(files, on: console) {
            throw CommandFailure(failure + "; the report shows them: \(index)")
        }
    }

    /// The site's files in the order they are written: the scenario pages first and `index.html`
    /// last (as `docs` writes its page after its images), so that a run that fails part way (a
    /// full disk) never leaves an index linking to pages it did not write.
    package static func indexLast(_ site: [(path: String, contents: Data)]) -> [(path: String, contents: Data)] {
        site.filter { $0.path != "index.html" } + site.filter { $0.path == "index.html" }
    }

    /// What the pages say of sigviz's own commands: how to get every event of a trace whose
    /// events table is cut, and what else reports failed expectations.
    package static let hints = ReportBuilder.Hints(
        allEvents: [
            .text("Every event is in the trace: "), .code("sigviz trace INPUT -o trace.json"),
            .text(" writes them all (INPUT: the scenario, scenario file or trace file given to "), .code("sigviz report"),
            .text(", and its "), .code("--max-events"), .text("), and "),
            .code("sigviz trace INPUT --format perfetto -o trace.perfetto.json"),
            .text(" a file to browse them in at ui.perfetto.dev."),
        ],
        failedExpectations: [.code("sigviz check"), .text(" reports the same")])

    /// A report entry for a built-in scenario, or for a trace (or scenario) file; a scenario's
    /// `expect` lines are checked, and the entry has how each came out.
    package static func entry(for argument: String, limits: RunLimits) throws -> RecordedScenario {
        if let (file, name) = try InputSource(argument).scenario() {
            let scenario = file.scenario(named: name)
            let (trace, results, explanations) = try limits.checkAndExplain(file, named: name, input: argument)
            return RecordedScenario(
                name: scenario.name, title: scenario.title, about: scenario.summary, source: file.source,
                trace: trace, expectations: results.map(ExpectationOutcome.init),
                explanations: explanations)
        }
        let name = URL(fileURLWithPath: argument).deletingPathExtension().lastPathComponent
        return try traceEntry(argument, named: name, about: "The trace recorded in \(argument).", limits: limits)
    }

    /// The entry of the trace file at `path`: its events are the table, and its findings have no
    /// proof (there is nothing to run again); its JSON is not worth showing as a source.
    package static func traceEntry(_ path: String, named name: String, about: String, limits: RunLimits) throws -> RecordedScenario {
        let trace = try Input.trace(path, limits: limits)
        return RecordedScenario(name: name, title: trace.title ?? name, about: about, trace: trace,
                                explanations: unprovenExplanations(of: trace))
    }
}
