import SigvizApp
import ArgumentParser
import Foundation

/// `sigviz check`.
struct CheckCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run scenario files and check their expectations: diagrams that are tests.",
        discussion: """
            Each `expect` line of a scenario file gives the marbles a subscriber should receive. \
            check runs every file on the real runtime and compares. On a mismatch it prints the \
            expected and actual marbles with the first difference marked (its frame, its time, and \
            what was expected there against what the subscriber received) and exits with status 1, \
            so a CI job fails when the behaviour drifts from the diagram. report, docs and \
            render --expect show the same failures and exit with status 1 too.

            After a file's expectations, check prints what went wrong in its run as warnings, \
            one line each, with the suggestion that removes it indented under it:
              FILE:LINE:COLUMN: warning: repeated side effect: fetchData's didSubscribe ran 6 times, ...
            (the findings that report lists and render --findings marks), and before them what the \
            file says that it most likely did not mean, such as a cold signal whose {} no value fills:
              FILE:LINE:COLUMN: warning: {} left as written: 'request' has {} in its events, ...
            Warnings are printed with --quiet too, and never change the exit status.

            Examples:
              sigviz check Examples/scenarios/*.sigviz
              sigviz check my-scenario.sigviz --quiet
            """
    )

    @Argument(help: "Scenario files (.sigviz).")
    var files: [String]

    @Flag(name: .shortAndLong, help: "Print only failures and warnings.")
    var quiet = false

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one scenario file to check.") }
    }

    func run(on console: Console) throws {
        var check = CheckPipeline(files: files)
        check.quiet = quiet
        check.maximumEvents = limits.maxEvents
        try check.run(on: console)
    }
}
