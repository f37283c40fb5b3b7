import SigvizApp
import ArgumentParser
import Foundation
import Scenarios
import Tracer

/// The sigviz command-line tool.
@main
struct SigViz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sigviz",
        abstract: "See how reactive signals behave: run ReactiveCocoa 2.5 scenarios on virtual time and record what they do.",
        discussion: """
            Every scenario runs on a faithful Swift port of the ReactiveCocoa 2.5 runtime, on a \
            virtual-time scheduler, and is recorded into a trace: every subscription, side effect \
            (didSubscribe), value, completion, error, disposal and connect, in order. Traces are \
            drawn as timelines, comparisons and subscription graphs (SVG), or written as JSON, \
            Perfetto traces and marble text.

            Examples:
              sigviz list
              sigviz compare cold publish replay replaylast replaylazily -o compare.svg
              sigviz render fetchdata -o fetchdata.svg
              sigviz graph fetchdata -o fetchdata-graph.svg
              sigviz explain fetchdata
              sigviz trace subject-vs-replay --format marbles
              sigviz trace fetchdata --format perfetto -o fetchdata.perfetto.json
            """,
        version: "0.4.0",
        subcommands: [List.self, TraceCommand.self, RenderCommand.self, CompareCommand.self, GraphCommand.self, CheckCommand.self, ExplainCommand.self, ReportCommand.self, DocsCommand.self]
    )
}

extension SigViz {
    /// `sigviz list`.
    struct List: ConsoleCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the built-in scenarios.",
            discussion: """
                Prints one line per scenario: its name (what `sigviz trace` takes), the article experiment \
                it reproduces ("no article" for the scenarios beyond the articles) and its title. With \
                --verbose, also what each one shows.

                Example:
                  sigviz list --verbose
                """
        )

        @Flag(name: .shortAndLong, help: "Also print what each scenario shows.")
        var verbose = false

        func run(on console: Console) throws {
            var list = ListPipeline()
            list.verbose = verbose
            try list.run(on: console)
        }
    }
}
