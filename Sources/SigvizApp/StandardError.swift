import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard error, written with write(2): the one way sigviz writes its messages there.
///
/// A message that cannot be written (standard error closed or full) is dropped: there is no
/// place left to report it, and `FileHandle.standardError.write(_: Data)` would trap on it.
package enum StandardError {
    /// Writes `text` as UTF-8, as much of it as standard error takes.
    package static func write(_ text: String) {
        _ = writeAll(Data(text.utf8), to: STDERR_FILENO)
    }
}
