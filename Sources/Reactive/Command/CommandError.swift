import Foundation

/// Why a ``Command`` did not execute (RAC's `RACCommandErrorDomain`).
///
/// ``Command/execute(_:)`` returns a signal that fails with ``notEnabled``
/// when the command is disabled, instead of running its signal block. As an
/// `NSError` it is RAC's: domain `RACCommandErrorDomain`, code
/// `RACCommandErrorNotEnabled` (1), the description under
/// `NSLocalizedDescriptionKey` and the command under `RACUnderlyingCommandErrorKey`,
/// so code that matches on the domain and the code works.
///
/// ```swift
/// command.execute("save").subscribe(error: { error in
///     if error as? CommandError == .notEnabled { print("busy, try again") }
///     let error = error as NSError   // error.domain == CommandError.errorDomain, error.code == 1
/// })
/// ```
public struct CommandError: Error, Equatable, CustomStringConvertible {
    enum Code: Int, Sendable {
        /// RAC's `RACCommandErrorNotEnabled` (code 1).
        case notEnabled = 1
    }

    let code: Code

    /// The command that refused to execute (RAC's `RACUnderlyingCommandErrorKey`); `nil` for
    /// ``notEnabled`` itself, which names no command.
    public let command: (any AnyObject & Sendable)?

    /// The command was disabled, by its `enabled` signal or by an execution
    /// still running while concurrent executions are not allowed
    /// (RAC's `RACCommandErrorNotEnabled`). Equal to the error any disabled command sends.
    public static let notEnabled = CommandError(code: .notEnabled, command: nil)

    /// ``notEnabled``, naming `command`: what ``Command/execute(_:)`` of a disabled command sends.
    static func notEnabled(by command: any AnyObject & Sendable) -> CommandError {
        CommandError(code: .notEnabled, command: command)
    }

    /// Errors of the same code are equal, whichever command refused.
    public static func == (lhs: CommandError, rhs: CommandError) -> Bool {
        lhs.code == rhs.code
    }

    /// What went wrong, as RAC's `NSLocalizedDescriptionKey` says it.
    public var description: String {
        switch code {
        case .notEnabled: "The command is disabled and cannot be executed"
        }
    }
}

extension CommandError: CustomNSError {
    /// RAC's `RACCommandErrorDomain`.
    public static let errorDomain = "RACCommandErrorDomain"

    /// RAC's code: `RACCommandErrorNotEnabled`, 1.
    public var errorCode: Int { code.rawValue }

    /// RAC's user info: the description, and the command that refused under `RACUnderlyingCommandErrorKey`.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let command { info[Self.underlyingCommandKey] = command }
        return info
    }

    /// RAC's `RACUnderlyingCommandErrorKey`: where the user info holds the command.
    public static let underlyingCommandKey = "RACUnderlyingCommandErrorKey"
}
