import SigvizApp
import ArgumentParser
import Foundation
import Render
import Scenarios
import Findings
import Tracer

/// `sigviz report`.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a static HTML report: an index of scenarios and a page for each.",
        discussion: """
            The index lists every scenario with its didSubscribe counts and its number of \
            findings (what went wrong, as `sigviz check` warns), and the total, under the headline \
            comparison (cold, publish, replay, replaylast and replaylazily, when all five are \
            reported). Each scenario's page has its timeline, its findings (each with its \
            suggestion, or "No findings."), its explanation, its didSubscribe counts, its \
            subscription graph, its source when it has one and a table of every event; hovering \
            a mark highlights its event and the events connected to it, and hovering a finding \
            highlights its events.

            The expect lines of scenario files (built-in ones included) are checked as `sigviz \
            check` checks them. A scenario whose expectations failed is marked on the index, and \
            its page opens with the expected and actual marbles of each failed one, its first \
            difference marked; the timeline draws them under their lanes. The whole site is \
            written either way; then each failed expect line is named on standard error \
            (FILE:LINE) and report exits with status 1.

            The site is self-contained (no scripts, styles or fonts from elsewhere), follows the \
            viewer's light or dark preference, and opens from the file system: open \
            DIR/index.html in a browser. DIR is created if needed; the files in it are replaced \
            atomically, and nothing outside it is written.

            Examples:
              sigviz report -o report
              sigviz report fetchdata fetchdata-replaylazily -o fetchdata-report
              sigviz report Examples/scenarios/*.sigviz -o report
              sigviz report cold publish my-trace.json -o report
            """
    )

    @Argument(help: ArgumentHelp("Any \(Input.severalHelp); all the built-in scenarios when none is given."))
    var inputs: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("The directory to write the site to.", valueName: "dir"),
            transform: SingleOption.counted(SingleOption.output))
    var output: String

    @Option(help: "The index page's title.")
    var title: String = "sigviz report"

    @OptionGroup var limits: LimitOptions

    /// The scenarios of the headline comparison, top to bottom.
    static let headlineScenarios = ["cold", "publish", "replay", "replaylast", "replaylazily"]

    func validate() throws {
        try inputs.forEach(Input.validate)
        if output.isEmpty { throw ValidationError("--output needs a directory name.") }
        try SingleOption.check(SingleOption.output)
    }

    func run() throws {
        let arguments = inputs.isEmpty ? Catalog.scenarios.map(\.name) : inputs
        let limits = limits.limits(inputs: arguments.count)
        let progress = ProgressLine(total: arguments.count)
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
        let site = Self.indexLast(ReportBuilder(title: title, headline: headline).build(entries))
        let folder = OutputDirectory(path: output, what: "the report", verb: "is")
        try folder.apply(folder.plan(site, protecting: InputFiles(inputs), skippingUnchanged: false))
        progress.finish()
        let index = (output as NSString).appendingPathComponent("index.html")
        try StandardOutput.write("wrote \(site.count) files to \(output); open \(index)\n")
        // A built-in scenario's expectations are named by its bundled file's path.
        let files = zip(arguments, entries).map { (Catalog.file(named: $0)?.path ?? $0, $1.expectations) }
        if let failure = FailedExpectations.tell(files) {
            throw CommandFailure(failure + "; the report shows them: \(index)")
        }
    }

    /// The site's files in the order they are written: the scenario pages first and `index.html`
    /// last (as `docs` writes its page after its images), so that a run that fails part way (a
    /// full disk) never leaves an index linking to pages it did not write.
    static func indexLast(_ site: [(path: String, contents: Data)]) -> [(path: String, contents: Data)] {
        site.filter { $0.path != "index.html" } + site.filter { $0.path == "index.html" }
    }

    /// A report entry for a built-in scenario, or for a trace (or scenario) file; a scenario's
    /// `expect` lines are checked, and the entry has how each came out.
    static func entry(for argument: String, limits: RunLimits) throws -> ReportEntry {
        if let (file, name) = try InputSource(argument).scenario() {
            let scenario = file.scenario(named: name)
            let (trace, results, explanations) = try limits.checkAndExplain(file, named: name, input: argument)
            return ReportEntry(
                name: scenario.name, title: scenario.title, explanation: scenario.summary, source: file.source,
                trace: trace, expectations: results.map(ExpectationOutcome.init),
                explanations: explanations)
        }
        // A trace file: its events are the table; its JSON is not worth showing as a source.
        let trace = try Input.trace(argument, limits: limits)
        let name = URL(fileURLWithPath: argument).deletingPathExtension().lastPathComponent
        return ReportEntry(
            name: name, title: trace.title ?? name, explanation: "The trace recorded in \(argument).", trace: trace,
            explanations: unprovenExplanations(of: trace))
    }
}
