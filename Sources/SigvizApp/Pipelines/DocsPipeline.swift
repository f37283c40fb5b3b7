import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Render
import Scenarios
import Findings
import Tracer

/// `sigviz docs`: a timeline and a graph SVG for every scenario file of a folder, and a Markdown
/// page embedding them, written into a docs folder (only what changed), or, with ``check``,
/// compared with it.
package struct DocsPipeline: Sendable {
    /// The folder of scenario files (`*.sigviz`).
    package var scenarios: String
    /// The folder the diagrams and the page are written to.
    package var output: String
    /// Whether to write nothing and fail when the folder does not match what the scenarios produce.
    package var check = false
    /// How many scenarios are parsed and drawn at once.
    package var jobs: Int
    /// The diagrams' colours.
    package var theme: Theme = .auto
    /// The part of the scenario files this run draws (``Shard/whole`` by default).
    package var shard: Shard = .whole
    /// `--max-events`: the budget the scenarios share (``RunLimits``).
    package var maximumEvents: Int = Trace.defaultMaximumEvents

    /// A run of the scenario files in `scenarios` into `output`, `jobs` at once.
    package init(scenarios: String, output: String, jobs: Int) {
        self.scenarios = scenarios
        self.output = output
        self.jobs = jobs
    }

    /// Writes (or, with ``check``, checks) the docs, telling what it did on `console`; throws
    /// when a file cannot be read or written, when the folder is out of date (``check``), or
    /// when an expectation failed.
    package func run(on console: Console) throws {
        let sources = try ScenarioFolder.parseAll(in: scenarios, jobs: jobs)
        // Every part of a sharded run shares the events between all the files, as one run would.
        let limits = RunLimits(maximumEvents: maximumEvents, inputs: sources.count)
        let part = shard.range(of: sources.count)
        // The first part writes the page, which covers every scenario: it runs the others too, for
        // their sections of the page, without drawing their diagrams.
        let writesPage = shard.isFirst
        let items = writesPage ? Array(sources.indices) : Array(part)
        let builder = DocsBuilder(theme: theme, generator: "sigviz docs")
        let folder = OutputDirectory(path: output, what: "the docs", verb: "are")
        let staging = Staging(pending: console.pendingFiles)
        let progress = ProgressLine(total: items.count, on: console)
        defer { progress.finish() }
        let check = check
        let kept: [Kept]
        do {
            if !check { try staging.createFolder(output) }
            // Each scenario is run and drawn on one thread, `jobs` at a time; its diagrams are compared
            // with the files there and, when they differ, staged beside them as soon as they are drawn:
            // only the page's part is kept, so memory does not grow with the scenarios.
            let results = ConcurrentWork.results(count: items.count, jobs: jobs, stoppingAtFirstFailure: true) { number in
                let index = items[number]
                let source = sources[index]
                progress.step((source.path as NSString).lastPathComponent)
                let scenario: RecordedScenario
                if let file = source.file {
                    let (trace, results, explanations) = try limits.checkAndExplain(file, named: source.name, input: source.path)
                    scenario = RecordedScenario(
                        name: source.name, title: file.title ?? source.name, about: file.about,
                        trace: trace, expectations: results.map(ExpectationOutcome.init), explanations: explanations)
                } else {
                    // A trace file: named on the page by its name alone, wherever the folder is.
                    scenario = try ReportPipeline.traceEntry(
                        source.path, named: source.name, about: "The trace recorded in \(source.name).json.", limits: limits)
                }
                let section = builder.section(for: scenario, drawing: part.contains(index))
                let pagePart = builder.pagePart(for: section)
                guard part.contains(index) else { return Kept(pagePart: pagePart) }
                let plan = try folder.plan(
                    [(section.name + ".svg", section.timeline), (section.name + "-graph.svg", section.graph)],
                    protecting: InputFiles([]), skippingUnchanged: true)
                var outputs: [Output] = []
                for change in plan.changes {
                    outputs.append(Output(display: change.display, change: change.change,
                                          staged: check ? nil : try staging.stage(change.contents, for: change.display)))
                }
                return Kept(pagePart: pagePart, expectations: section.expectations, outputs: outputs, fresh: plan.fresh, total: plan.total)
            }
            // Those before the first failure all ran: its error is the one of the first failing scenario.
            var made: [Kept] = []
            for result in results {
                guard let result else { break }
                made.append(try result.get())
            }
            kept = made
        } catch {
            staging.discard()
            throw error
        }
        var outputs = kept.flatMap(\.outputs)
        var fresh = kept.reduce(0) { $0 + $1.fresh }, total = kept.reduce(0) { $0 + $1.total }
        var leftovers: [String] = []
        do {
            if writesPage {
                let pagePlan = try folder.plan([builder.page(of: kept.map(\.pagePart))], protecting: InputFiles([]), skippingUnchanged: true)
                for change in pagePlan.changes {
                    outputs.append(Output(display: change.display, change: change.change,
                                          staged: check ? nil : try staging.stage(change.contents, for: change.display)))
                }
                fresh += pagePlan.fresh
                total += pagePlan.total
                // What no scenario produces, whichever part draws it.
                leftovers = DocsFolder.leftovers(
                    in: output, besides: sources.flatMap { [$0.name + ".svg", $0.name + "-graph.svg"] } + [DocsBuilder.pageName])
            }
        } catch {
            staging.discard()
            throw error
        }
        progress.finish()
        // Each part tells the expectations of the scenarios it draws.
        let outcomes = part.map { (sources[$0].path, kept[writesPage ? $0 : $0 - part.lowerBound].expectations) }
        if check {
            let outOfDate = try report(outputs, fresh: fresh, total: total, leftovers: leftovers, on: console)
            let problems = [outOfDate, FailedExpectations.tell(outcomes, on: console)].compactMap { $0 }
            if !problems.isEmpty { throw CommandFailure(problems.joined(separator: "; ")) }
        } else {
            try write(outputs, fresh: fresh, leftovers: leftovers, staging: staging, on: console)
            if let failure = FailedExpectations.tell(outcomes, on: console) {
                let shown = writesPage ? "\((output as NSString).appendingPathComponent(DocsBuilder.pageName)) shows them"
                    : "the page of --shard 1/\(shard.count) shows them"
                throw CommandFailure(failure + "; " + shown)
            }
        }
    }

    /// What is kept of one scenario while the others are drawn: its part of the page, its
    /// expectations and what became of its files (for a scenario of this `--shard`).
    struct Kept: Sendable {
        let pagePart: String
        var expectations: [ExpectationOutcome] = []
        var outputs: [Output] = []
        /// How many of its files are up to date, and how many it has (0 for a scenario of another part).
        var fresh = 0, total = 0
    }

    /// A file that is missing or stale, and, when writing, its new contents staged beside it.
    struct Output: Sendable {
        /// The file's path, as messages show it: DOCS-DIR joined with its name.
        let display: String
        let change: OutputDirectory.Change
        /// The temporary file holding its new contents (``AtomicFile/stage(_:for:)``); `nil` with `--check`.
        let staged: String?
    }
}
