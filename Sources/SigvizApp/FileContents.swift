import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a file with POSIX calls, so that a failure keeps its error number.
///
/// `Data(contentsOf:)` reports some failed reads as `NSCocoaErrorDomain` 256 with no cause at all
/// (an input/output error, for one), so that sigviz could not say why; here every failure is a
/// `POSIXError` whose number ``FileProblem`` puts into words ("the device reported an
/// input/output error"), as ``AtomicFile`` does for writing.
package enum FileContents {
    /// The bytes of the file at `path` from its start, at most `count` of them: all of a file that
    /// has fewer. A regular file, a pipe and a device are read alike, with read(2), again after an
    /// interruption (EINTR).
    package static func read(_ path: String, upTo count: Int) throws(POSIXError) -> Data {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        var data = Data()
        // A regular file's bytes go into one buffer of their size, as Data(contentsOf:) puts them.
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 {
            data.reserveCapacity(min(count, Int(status.st_size)))
        }
        var buffer = [UInt8](repeating: 0, count: min(1 << 20, max(count, 1)))
        while data.count < count {
            let wanted = min(buffer.count, count - data.count)
            let got = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, wanted) }
            if got < 0 {
                if errno == EINTR { continue }
                throw POSIXError(errno)
            }
            if got == 0 { break }
            data.append(contentsOf: buffer[..<got])
        }
        return data
    }

    /// The file at `path` opened read-only (close-on-exec), again after an interruption (EINTR):
    /// how every file sigviz reads is opened. The caller closes it.
    package static func openForReading(_ path: String) throws(POSIXError) -> Int32 {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw POSIXError(errno) }
        return descriptor
    }
}
