import Foundation
import PackagePlugin

/// `swift package sigviz-docs`: runs `sigviz docs` for the package.
///
///     swift package --allow-writing-to-package-directory sigviz-docs \
///         [--scenarios DIR] [--output DIR] [--check] [--jobs N] [--shard I/N] [--theme auto|light|dark]
///
/// Relative directories are inside the package; the defaults are `Scenarios`
/// and `Docs/Diagrams`.
@main
struct SigvizDocs: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let scenarios = extractor.extractOption(named: "scenarios").last ?? "Scenarios"
        let output = extractor.extractOption(named: "output").last ?? "Docs/Diagrams"
        let check = extractor.extractFlag(named: "check") > 0
        let jobs = extractor.extractOption(named: "jobs").last
        let theme = extractor.extractOption(named: "theme").last
        let shard = extractor.extractOption(named: "shard").last
        // SwiftPM may pass --target/--product selections; they mean nothing here.
        _ = extractor.extractOption(named: "target")
        _ = extractor.extractOption(named: "product")
        guard extractor.remainingArguments.isEmpty else {
            throw PluginFailure(
                "unexpected arguments: \(extractor.remainingArguments.joined(separator: " ")). "
                    + "The options are --scenarios DIR, --output DIR, --check, --jobs N, --shard I/N and --theme auto|light|dark.")
        }

        // sigviz runs in the package's directory, so relative paths are the package's (and read well in its messages).
        let package = context.package.directoryURL
        var command = ["docs", scenarios, "--output", output]
        if check { command.append("--check") }
        if let jobs { command += ["--jobs", jobs] }
        if let theme { command += ["--theme", theme] }
        if let shard { command += ["--shard", shard] }

        let tool = try context.tool(named: "sigviz")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = command
        process.currentDirectoryURL = package
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginFailure(
                check
                    ? "the diagrams in \(output) are out of date, or an expectation failed, as said above "
                        + "(sigviz docs --check exited with status \(process.terminationStatus))"
                    : "sigviz docs failed with status \(process.terminationStatus), as said above")
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
