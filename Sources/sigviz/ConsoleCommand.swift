import SigvizApp
import ArgumentParser

/// A sigviz command: its options, and a run that writes on a ``Console``, so that the same run
/// can go to the process's standard output and error or be kept by a caller
/// (``SigViz/run(_:on:)``).
protocol ConsoleCommand: ParsableCommand {
    /// Does the command's work, writing its output and messages on `console`.
    func run(on console: Console) throws
}

extension ConsoleCommand {
    func run() throws {
        try run(on: .standard(pendingFiles: FatalSignalCleanup.List()))
    }
}

/// Runs `body`, turning a usage error it throws (``CommandFailure/Code/usage``) into
/// ArgumentParser's, so that the message comes with the command's usage.
func usage<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as CommandFailure where error.code == .usage && !error.isReported {
        throw ValidationError(error.description)
    }
}

/// Refuses `argument` as ``Input/validate(_:)`` does, as a usage error.
func validateInput(_ argument: String) throws {
    try usage { try Input.validate(argument) }
}
