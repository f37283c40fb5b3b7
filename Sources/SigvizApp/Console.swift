import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a run writes: its output (what goes to standard output, `-o -` included) and its
/// messages (what goes to standard error), and how wide a progress line may be.
///
/// The command-line tool runs on ``standard(pendingFiles:)``; a test, or a program that runs sigviz's commands
/// in its own process, gives its own, to keep what a run writes.
package struct Console: Sendable {
    private let output: @Sendable (UnsafeRawBufferPointer) throws -> Void
    private let messages: @Sendable (String) -> Void
    /// How many columns a progress line may take (one less than the terminal of the messages is
    /// wide); `nil` when the messages do not go to a terminal, and no progress is shown.
    package let progressColumns: Int?
    /// Who removes the run's temporary files if the process ends before they are in place
    /// (``PendingFiles``); `nil` for nobody.
    package let pendingFiles: (any PendingFiles)?

    /// A console writing its output with `output`, which throws when it cannot, and its messages
    /// with `messages`, which drops what it cannot write; with a progress line as wide as
    /// `progressColumns` (none when `nil`); its temporary files told to `pendingFiles`.
    package init(output: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void,
                 messages: @escaping @Sendable (String) -> Void, progressColumns: Int? = nil,
                 pendingFiles: (any PendingFiles)? = nil) {
        self.output = output
        self.messages = messages
        self.progressColumns = progressColumns
        self.pendingFiles = pendingFiles
    }

    /// The process's standard output and standard error (``StandardOutput``, ``StandardError``),
    /// with a progress line when standard error is a terminal, and the temporary files told to
    /// `pendingFiles`.
    package static func standard(pendingFiles: (any PendingFiles)? = nil) -> Console {
        Console(output: { try StandardOutput.write($0) }, messages: { StandardError.write($0) },
                progressColumns: isatty(STDERR_FILENO) == 1 ? max(terminalColumns() ?? 80, 20) - 1 : nil,
                pendingFiles: pendingFiles)
    }

    /// Writes `text` as UTF-8 to the output.
    package func write(_ text: String) throws {
        try write(Data(text.utf8))
    }

    /// Writes `data` to the output, all of it.
    package func write(_ data: Data) throws {
        try data.withUnsafeBytes { try output($0) }
    }

    /// Writes `buffer` to the output, all of it.
    package func write(_ buffer: UnsafeRawBufferPointer) throws {
        try output(buffer)
    }

    /// Writes `text` to the messages, as much of it as they take.
    package func tell(_ text: String) {
        messages(text)
    }

    /// How many columns the terminal of standard error has, if it says.
    private static func terminalColumns() -> Int? {
        var size = winsize()
        #if canImport(Glibc) || canImport(Musl)
        let result = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size)
        #else
        let result = ioctl(STDERR_FILENO, TIOCGWINSZ, &size)
        #endif
        return result == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    }
}
