/// Why a ``Command`` did not execute (RAC's `RACCommandErrorDomain`).
///
/// ``Command/execute(_:)`` returns a signal that fails with ``notEnabled``
/// when the command is disabled, instead of running its signal block.
///
/// ```swift
/// command.execute("save").subscribe(error: { error in
///     if error as? CommandError == .notEnabled { print("busy, try again") }
/// })
/// ```
public struct CommandError: Error, Equatable, CustomStringConvertible {
    enum Code: Int, Sendable {
        /// RAC's `RACCommandErrorNotEnabled` (code 1).
        case notEnabled = 1
    }

    let code: Code

    /// The command was disabled, by its `enabled` signal or by an execution
    /// still running while concurrent executions are not allowed
    /// (RAC's `RACCommandErrorNotEnabled`).
    public static let notEnabled = CommandError(code: .notEnabled)

    /// What went wrong, as RAC's `NSLocalizedDescriptionKey` says it.
    public var description: String {
        switch code {
        case .notEnabled: "The command is disabled and cannot be executed"
        }
    }
}
