import Tracer

/// A failure to report on standard error, exiting with status 1.
package struct CommandFailure: Error, CustomStringConvertible {
    package let description: String
    /// A failure saying `description`, each of its lines with control and bidi characters escaped
    /// (``visiblyEscaped(_:)``): a path or value quoted in it cannot send an escape sequence to the
    /// terminal. The lines themselves are kept: a parse error shows its line and a caret under it.
    package init(_ description: String) {
        self.description = description.split(separator: "\n", omittingEmptySubsequences: false)
            .map { visiblyEscaped(String($0)) }.joined(separator: "\n")
    }
}
