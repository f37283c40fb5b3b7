import SigvizApp
import ArgumentParser
import Foundation
import Render
import Tracer

/// `sigviz docs`.
struct DocsCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Write a timeline and a graph SVG for every scenario or trace file in a directory, and a Markdown page embedding them.",
        discussion: """
            For every NAME.sigviz directly in SCENARIOS-DIR, and every trace file NAME.json (a \
            trace your own tests wrote with Trace.record and json(), or `sigviz trace`: diagrams \
            drawn from the code the tests run), sorted by name (subfolders and hidden files are not \
            read), docs writes into DOCS-DIR:
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

    @Argument(help: ArgumentHelp("The directory of scenario files (*.sigviz) and trace files (*.json).", valueName: "scenarios-dir"))
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
        if let shard { _ = try usage { try Shard(parsing: shard) } }
    }

    func run(on console: Console) throws {
        var docs = DocsPipeline(scenarios: scenarios, output: output, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        docs.check = check
        docs.theme = theme
        docs.shard = try shard.map { text in try usage { try Shard(parsing: text) } } ?? .whole
        docs.maximumEvents = limits.maxEvents
        try docs.run(on: console)
    }
}
