import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output, written with write(2): the one way sigviz's commands write to it.
///
/// Nothing is buffered: each call hands all its bytes to the system before it returns, writing
/// again after a partial write or a signal (EINTR), and waiting when the descriptor is
/// non-blocking and full (EAGAIN). So an error — standard output closed (`>&-`), a full device
/// (`>/dev/full`), a file past its size limit, a pipe whose reader has gone — is met by the write
/// that causes it and thrown as a ``StandardOutputError``, never lost in a buffer as `print`'s
/// would be at exit, and never trapped on as `FileHandle.write(_: Data)` does.
package enum StandardOutput {
    /// Writes `buffer`, all of it.
    package static func write(_ buffer: UnsafeRawBufferPointer) throws(StandardOutputError) {
        if let code = writeAll(buffer, to: STDOUT_FILENO) { throw StandardOutputError(code: code) }
    }
}

/// Standard output could not be written: ``description`` says why, in plain words.
///
/// A broken pipe (``isBrokenPipe``) is not reported: the entry point ends the process quietly,
/// as a process killed by SIGPIPE would end (`sigviz trace x | head -1`).
package struct StandardOutputError: Error, CustomStringConvertible {
    /// The error number of the failed write(2).
    package let code: Int32

    /// The failure of a write(2) that failed with `code`.
    package init(code: Int32) {
        self.code = code
    }

    /// Whether the reader of the pipe has gone (EPIPE).
    package var isBrokenPipe: Bool { code == EPIPE }

    /// `cannot write standard output: REASON`.
    package var description: String {
        let reason = code == EBADF ? "it is closed" : FileProblem.reason(code, writing: true)
        return "cannot write standard output: \(reason)"
    }
}
