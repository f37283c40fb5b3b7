import Tracer

/// Why a run failed, and how sigviz ends for it: the one error type of the commands.
///
/// A failure with a ``description`` is reported on standard error (`Error: DESCRIPTION`); one
/// made by ``reported(_:)`` has said why on the console already and adds nothing. Its ``code``
/// gives the exit status, and whether the command's usage comes with the message.
package struct CommandFailure: Error, CustomStringConvertible {
    /// What kind of failure it is.
    package enum Code: Sendable, Equatable {
        /// The run could not do its work (a file that cannot be read or written, a failed
        /// expectation, a finding `--fail-on` names): exit status 1.
        case failure
        /// The command was given something it cannot take (an unknown scenario, a malformed
        /// option value): the message comes with the command's usage, and the exit status is 64.
        case usage
    }

    /// What went wrong; empty when the run has said it already (``reported(_:)``).
    package let description: String
    package let code: Code

    /// A failure saying `description`, each of its lines with control and bidi characters escaped
    /// (``visiblyEscaped(_:)``): a path or value quoted in it cannot send an escape sequence to the
    /// terminal. The lines themselves are kept: a parse error shows its line and a caret under it.
    package init(_ description: String, code: Code = .failure) {
        self.description = description.split(separator: "\n", omittingEmptySubsequences: false)
            .map { visiblyEscaped(String($0)) }.joined(separator: "\n")
        self.code = code
    }

    /// A usage error saying `description` (``Code/usage``).
    package static func usage(_ description: String) -> CommandFailure {
        CommandFailure(description, code: .usage)
    }

    /// A failure the run has already told on its console: sigviz ends with `code`'s status and
    /// no further message.
    package static func reported(_ code: Code = .failure) -> CommandFailure {
        CommandFailure("", code: code)
    }

    /// Whether the run has already said why (``reported(_:)``).
    package var isReported: Bool { description.isEmpty }
}
