import SigvizApp
import ArgumentParser

/// `sigviz report`.
struct ReportCommand: ConsoleCommand {
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

    func validate() throws {
        try inputs.forEach(validateInput)
        if output.isEmpty { throw ValidationError("--output needs a directory name.") }
        try SingleOption.check(SingleOption.output)
    }

    func run(on console: Console) throws {
        var report = ReportPipeline(inputs: inputs, output: output)
        report.title = title
        report.maximumEvents = limits.maxEvents
        try report.run(on: console)
    }
}
