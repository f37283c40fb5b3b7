import SigvizApp
import ArgumentParser
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Render
import Scenarios
import Synchronization
import Tracer

/// `sigviz docs`.
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Write a timeline and a graph SVG for every scenario file in a directory, and a Markdown page embedding them.",
        discussion: """
            For every NAME.sigviz directly in SCENARIOS-DIR (sorted by name; subfolders and \
            hidden files are not read), docs writes into DOCS-DIR:
              NAME.svg        the timeline, as `sigviz render` draws it
              NAME-graph.svg  the subscription graph, as `sigviz graph` draws it
              scenarios.md    one Markdown page: per scenario a section with its title,
                              about paragraph, didSubscribe counts, whether its
                              expect lines pass, both images, linked by file
                              name (relative links), and under them its findings
                              (what went wrong, each with its suggestion, as
                              `sigviz check` warns) or "No findings."

            The folder is flat, so it can be published as it is: put DOCS-DIR inside a DocC \
            catalog (Sources/MyLib/MyLib.docc/Diagrams: scenarios.md becomes an article, <doc:scenarios>, \
            and the SVGs its images), or copy it into a static site or a wiki.

            Every scenario file is parsed before anything is written: a malformed one is reported \
            with its file, line and column, and nothing is written. Outputs whose bytes have not \
            changed are left alone (their modification time too); the others are replaced atomically. \
            Nothing outside DOCS-DIR is written, and nothing is ever deleted: SVGs that sigviz drew \
            but that no scenario produces any more (a renamed scenario's) are named, for you to delete.

            With --check nothing is written: docs exits with status 1 and names every missing, stale \
            or left-over file when DOCS-DIR no longer matches what the scenarios produce, and with \
            status 0 when it does, so a CI job catches diagrams that drifted.

            The expect lines of every scenario file are checked, as `sigviz check` checks them. \
            A failed one is shown on the page, under its scenario's heading, with the expected \
            and actual marbles and their first difference; the files are written either way, then \
            each failed expect line is named on standard error (FILE:LINE) and docs exits with \
            status 1. With --check too, a failed expectation makes docs exit with status 1.

            Scenarios are rendered in parallel (-j); the output is byte-identical to a serial run.

            --shard I/N splits the work across machines (a CI matrix): the scenario files, in name \
            order, are cut into N consecutive parts and only the SVGs of part I are written (or \
            checked). Part 1 also writes (or checks) scenarios.md, running the other parts' \
            scenarios without drawing them, and names left-over files; each part tells its own \
            failed expectations. The N parts together write exactly the files of one run, byte for byte.

            Examples:
              sigviz docs Examples/scenarios -o Docs/Diagrams
              sigviz docs Examples/scenarios -o Docs/Diagrams --check
              sigviz docs Scenarios -o Sources/MyLib/MyLib.docc/Diagrams --theme light -j 1
              sigviz docs Scenarios -o Docs/Diagrams --check --shard 2/4
            """
    )

    @Argument(help: ArgumentHelp("The directory of scenario files (*.sigviz).", valueName: "scenarios-dir"))
    var scenarios: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The directory to write the diagrams and scenarios.md to; created if needed.",
                                                    valueName: "docs-dir"),
            transform: SingleOption.counted(SingleOption.output))
    var output: String

    @Flag(help: "Write nothing; exit 1 naming every file that is missing, stale or left over, or every failed expectation; 0 when all are up to date and pass.")
    var check = false

    @Option(name: [.customShort("j", allowingJoined: true), .customLong("jobs")], parsing: .unconditional,
            help: ArgumentHelp("How many scenarios to render at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Option(help: "The colours: light, dark, or auto (follows the viewer's preference).")
    var theme: Theme = .auto

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Draw only part I of N of the scenario files (in name order, cut into N consecutive runs), for a CI matrix; part 1 also writes scenarios.md and names left-over files.",
        valueName: "i/n"))
    var shard: String?

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if scenarios.isEmpty { throw ValidationError("give the directory of scenario files.") }
        if output.isEmpty { throw ValidationError("--output needs a directory name.") }
        try SingleOption.check(SingleOption.output)
        if let jobs { try PositiveNumber.check(jobs, option: "--jobs", unit: "scenarios rendered at once", maximum: 1024) }
        if let shard { _ = try Shard(parsing: shard) }
    }

    func run() throws {
        let jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let sources = try Self.parseAll(in: scenarios, jobs: jobs)
        // Every part of a sharded run shares the events between all the files, as one run would.
        let limits = limits.limits(inputs: sources.count)
        let shard = try shard.map(Shard.init(parsing:)) ?? .whole
        let part = shard.range(of: sources.count)
        // The first part writes the page, which covers every scenario: it runs the others too, for
        // their sections of the page, without drawing their diagrams.
        let writesPage = shard.isFirst
        let items = writesPage ? Array(sources.indices) : Array(part)
        let builder = DocsBuilder(theme: theme)
        let folder = OutputDirectory(path: output, what: "the docs", verb: "are")
        let staging = Staging()
        let progress = ProgressLine(total: items.count)
        defer { progress.finish() }
        let check = check
        let kept: [Kept]
        do {
            if !check { try staging.createFolder(output) }
            kept = try builder.sections(of: items, jobs: jobs) { index in
                let source = sources[index]
                progress.step((source.path as NSString).lastPathComponent)
                let (trace, results, explanations) = try limits.checkAndExplain(source.file, named: source.name, input: source.path)
                var scenario = DocsBuilder.Scenario(
                    name: source.name, title: source.file.title ?? source.name, about: source.file.about,
                    trace: trace, expectations: results.map(ExpectationOutcome.init), findings: explanations.map(\.finding))
                scenario.drawing = part.contains(index)
                return scenario
            } keeping: { index, section in
                // Each scenario's diagrams are compared with the files there and, when they differ,
                // staged beside them as soon as they are drawn: only the page's part is kept.
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
                leftovers = Self.leftovers(
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
            let outOfDate = try report(outputs, fresh: fresh, total: total, leftovers: leftovers)
            let problems = [outOfDate, FailedExpectations.tell(outcomes)].compactMap { $0 }
            if !problems.isEmpty { throw CommandFailure(problems.joined(separator: "; ")) }
        } else {
            try write(outputs, fresh: fresh, leftovers: leftovers, staging: staging)
            if let failure = FailedExpectations.tell(outcomes) {
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

    // MARK: Reading

    /// A parsed scenario file.
    struct Source: Sendable {
        /// The scenario's name: the file's, without `.sigviz`.
        let name: String
        /// The file's path, as SCENARIOS-DIR given joined with its name: how messages name it.
        let path: String
        let file: ScenarioFile
    }

    /// The scenario files directly in `directory`, sorted by name, all parsed:
    /// every malformed one is reported, and then the command fails.
    static func parseAll(in directory: String, jobs: Int = 1) throws -> [Source] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw CommandFailure("cannot read \(directory): no such directory")
        }
        guard isDirectory.boolValue else { throw CommandFailure("cannot read \(directory): it is a file, not a directory") }
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: directory)
        } catch {
            throw CommandFailure("cannot read \(directory): \(FileProblem.reading(directory, error))")
        }
        // A folder named *.sigviz is passed over; anything else that is not a regular file (a FIFO,
        // which would block the read for ever, a socket, a device) is refused, by name.
        var found: [String] = []
        for name in names where name.hasSuffix(".sigviz") && !name.hasPrefix(".") {
            let path = (directory as NSString).appendingPathComponent(name)
            var status = stat()
            guard stat(path, &status) == 0 else { continue }  // gone, or a broken link: nothing to read
            switch status.st_mode & S_IFMT {
            case S_IFREG: found.append(name)
            case S_IFDIR: continue
            default:
                throw CommandFailure("cannot read \(visiblyEscaped(path)): it is not a regular file (a FIFO, socket or device); "
                    + "docs reads only regular files")
            }
        }
        let files = found.sorted { $0.dropLast(".sigviz".count) < $1.dropLast(".sigviz".count) }  // cold before cold-on-demand
        guard !files.isEmpty else { throw CommandFailure("no scenario files (*.sigviz) in \(directory)") }

        // Parsed `jobs` at a time, each file by one worker; the results are taken in the files' order.
        let parsed = ParsedFiles(count: files.count)
        let workers = max(1, min(jobs, files.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: files.count, by: workers) {
                let path = (directory as NSString).appendingPathComponent(files[index])
                parsed.set(index, Result { Source(name: Input.scenarioName(path), path: path, file: try Input.scenarioFile(path)) })
            }
        }
        var sources: [Source] = [], problems: [String] = []
        for result in parsed.all() {
            switch result {
            case .success(let source): sources.append(source)
            case .failure(let error): problems.append("\(error)")
            }
        }
        if !problems.isEmpty {
            throw CommandFailure(
                problems.joined(separator: "\nError: ")
                    + "\nnothing was written: \(problems.count) of \(files.count) scenario files could not be read")
        }

        // Two scenarios must not claim the same output, even on a case-insensitive file system.
        var owners: [String: String] = [:]
        for source in sources {
            for file in [source.name + ".svg", source.name + "-graph.svg"] {
                if let owner = owners.updateValue(source.name + ".sigviz", forKey: file.lowercased()) {
                    throw CommandFailure(
                        "\(owner) and \(source.name).sigviz would both write \(file); rename one of them")
                }
            }
        }
        return sources
    }

    // MARK: Checking and writing

    /// The SVGs drawn by sigviz in `directory` that are not among `produced`: a renamed
    /// scenario's, left for the user to delete (docs never deletes anything).
    static func leftovers(in directory: String, besides produced: [String]) -> [String] {
        let produced = Set(produced)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { name in
            name.hasSuffix(".svg") && !produced.contains(name)
                && isSigvizDiagram((directory as NSString).appendingPathComponent(name))
        }.sorted()
    }

    /// Whether the file at `path` is an SVG that sigviz drew (its renderers label the title `sigviz-title`).
    static func isSigvizDiagram(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 1024)) ?? Data(), as: UTF8.self)
        return head.contains("<svg") && head.contains("sigviz-title")
    }

    /// `--check`: names what is out of date on standard output, and returns what to fail with
    /// when anything is.
    func report(_ changes: [Output], fresh: Int, total: Int, leftovers: [String]) throws -> String? {
        var text = ""
        for change in changes {
            text += "\(change.change == .create ? "missing" : "stale"): \(change.display)\n"
        }
        for leftover in leftovers {
            text += "left over: \((output as NSString).appendingPathComponent(leftover)) (no scenario produces it; delete it)\n"
        }
        if changes.isEmpty, leftovers.isEmpty {
            try StandardOutput.write(text + "\(total) files in \(output) are up to date\n")
            return nil
        }
        try StandardOutput.write(text)
        var problems: [String] = []
        if !changes.isEmpty {
            problems.append("\(changes.count) of \(total) files are missing or stale")
        }
        if !leftovers.isEmpty {
            problems.append("\(leftovers.count) left over")
        }
        // docs never deletes a file: for the ones left over, the fix is the user's.
        let update = "run `sigviz docs \(scenarios) -o \(output)` to update them"
        let fix = switch (changes.isEmpty, leftovers.isEmpty) {
        case (false, true): update
        case (true, false): "delete the files left over"
        default: update + " and delete the files left over"
        }
        return problems.joined(separator: ", ") + " in \(output); " + fix
    }

    /// Puts the staged files in place, in order (images before the page), then names each file
    /// written: the list goes to standard output once every file is written, so that standard
    /// output closed or full does not stop the writing half way (sigviz then fails, with the files
    /// in place).
    func write(_ changes: [Output], fresh: Int, leftovers: [String], staging: Staging) throws {
        try staging.flush()
        var text = "", written: [String] = []
        for change in changes {
            guard let staged = change.staged else { continue }
            do {
                try AtomicFile.commit(staged, to: change.display)
            } catch {
                staging.discard()
                let before = switch written.count {
                case 0: "nothing was written"
                case 1: "1 file was written before it: \(written[0])"
                default: "\(written.count) files were written before it: \(written.joined(separator: ", "))"
                }
                throw CommandFailure("cannot write \(change.display): \(FileProblem.writing(change.display, error)); \(before)")
            }
            staging.committed(staged)
            written.append((change.display as NSString).lastPathComponent)
            text += "\(change.change == .create ? "created" : "updated"): \(visiblyEscaped(change.display))\n"
        }
        for leftover in leftovers {
            text += "left over: \((output as NSString).appendingPathComponent(leftover)) (no scenario produces it; delete it if it is stale)\n"
        }
        text += "\(changes.count) written, \(fresh) unchanged in \(output)\n"
        try StandardOutput.write(text)
    }
}

/// The scenario files `docs` parses at once, by index: each is set once, by the worker that parsed it.
private final class ParsedFiles: @unchecked Sendable {
    // @unchecked: `results` is only touched with `lock` held. An NSLock, not a Mutex:
    // ThreadSanitizer on Linux does not see Synchronization's Mutex.
    private let lock = NSLock()
    private var results: [Result<DocsCommand.Source, any Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<DocsCommand.Source, any Error>) {
        lock.withLock { results[index] = result }
    }

    /// Every result, in order.
    func all() -> [Result<DocsCommand.Source, any Error>] {
        lock.withLock { results.map { $0! } }
    }
}
