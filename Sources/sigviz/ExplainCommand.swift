import SigvizApp
import ArgumentParser
import Foundation
import Findings
import Tracer

/// `sigviz explain`.
struct ExplainCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Say what went wrong in a scenario or trace, why, and prove the fix.",
        discussion: """
            explain reads what the runtime did and reports findings, most important first: \
            \(Finding.Kind.allCases.map(\.words).joined(separator: ", ")) (docs/findings.md). \
            Each says what happened, which signals and subscriptions, and when, with the line and \
            column in the scenario file. Where a change would remove it (share a cold signal with \
            replayLazily, make a subject a replay subject or give one a capacity, use switchToLatest, \
            catch an error inside the signal a flattenMap makes, deliver on main, end a subscription \
            with its owner, connect a replayed timer on demand), explain makes the \
            change to the scenario, runs it again on the same virtual times and shows the \
            difference: the side effect's runs before and after, and for every subscriber whether \
            it receives the same events at the same times, or exactly what changed. A change that \
            does not remove the finding is not suggested. A trace file has findings but no proven \
            fix: there is nothing to run again. A trace recorded from Swift places each finding \
            where its code subscribed and writes its suggestion in Swift (.replayLazily()); the \
            SigvizTesting kit's MarbleTest.explain proves the changes made at a call (sharing, a \
            replay subject, delivering on main, ending with the owner) by running the code again.

            Exits with status 0, or with --fail-on with status 1 when a finding of one of those \
            kinds is found, for CI.

            Examples:
              sigviz explain fetchdata
              sigviz explain my-scenario.sigviz --format json -o findings.json
              sigviz explain Examples/scenarios/*.sigviz --fail-on repeatedSideEffect,missedValues
            """
    )

    /// The output formats.
    typealias Format = ExplainPipeline.Format

    @Argument(help: ArgumentHelp(Input.oneHelp + " Several may be given."))
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The output format.")
    var format: Format = .text

    @Option(name: .customLong("fail-on"),
            help: ArgumentHelp("Exit with status 1 when a finding of one of these kinds is found: a comma-separated list of \(Finding.Kind.allCases.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "kinds"),
            transform: SingleOption.counted(SingleOption.failOn))
    var failOn: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output (-: standard output).", valueName: "file"),
            transform: SingleOption.counted(SingleOption.output))
    var output: String?

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one scenario or trace file to explain.") }
        for input in inputs { try validateInput(input) }
        _ = try failKinds()
        if let output, output.isEmpty { throw ValidationError("--output needs a file name.") }
        try SingleOption.check(SingleOption.output)
        try SingleOption.check(SingleOption.failOn)
    }

    /// The kinds `--fail-on` names; none without it.
    private func failKinds() throws -> Set<Finding.Kind> {
        guard let failOn else { return [] }
        var kinds: Set<Finding.Kind> = []
        for word in failOn.split(separator: ",", omittingEmptySubsequences: false) {
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let kind = Finding.Kind(rawValue: name) else {
                throw ValidationError("--fail-on: '\(visiblyEscaped(name))' is not a kind of finding; the kinds are "
                    + Finding.Kind.allCases.map(\.rawValue).joined(separator: ", ") + ".")
            }
            kinds.insert(kind)
        }
        return kinds
    }

    func run(on console: Console) throws {
        var explain = ExplainPipeline(inputs: inputs)
        explain.format = format
        explain.failOn = try failKinds()
        explain.output = output
        explain.maximumEvents = limits.maxEvents
        try explain.run(on: console)
    }
}

extension ExplainPipeline.Format: ExpressibleByArgument {}
