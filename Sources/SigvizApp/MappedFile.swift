import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file's bytes, mapped into memory read-only rather than read into it: what a trace file
/// of millions of events is read from, so that its bytes are not held beside the trace they become.
///
/// The pages of a mapped file are the file's own: ``release(before:)`` lets those already read go
/// (they come back from the file if they are read again, as they are to locate an error), so that
/// the resident part of the file stays small however large it is.
package final class MappedFile {
    /// The file's bytes.
    package let bytes: UnsafeBufferPointer<UInt8>
    private let mapping: UnsafeMutableRawPointer
    private var released = 0
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Maps the regular file at `path` when it is larger than `size` bytes; `nil` when it is not a
    /// regular file (a pipe, a device), is no larger than `size`, or cannot be mapped: one to read
    /// instead. A failure is a `POSIXError`, for ``FileProblem`` to put into words.
    ///
    /// Only large files are mapped: a mapped file truncated by another program while it is read,
    /// or a disk error under it, ends the process (SIGBUS), where `read` reports an error.
    package init?(_ path: String, largerThan size: Int) throws(POSIXError) {
        let descriptor = try FileContents.openForReading(path)
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw POSIXError(errno) }
        // A file of no size is read too: an empty file reads as nothing, and the files of /proc that
        // say they have no size have something, or fail to read with their own reason.
        guard status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else { return nil }
        let count = Int(status.st_size)
        guard count > size else { return nil }
        // A file that cannot be mapped (on a file system without mmap) is read instead.
        guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        _ = madvise(address, count, MADV_SEQUENTIAL)
        mapping = address
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Lets the whole pages before `offset` go from memory; reading them again reads the file.
    package func release(before offset: Int) {
        let end = min(offset, bytes.count) / Self.pageSize * Self.pageSize
        guard end > released else { return }
        _ = madvise(mapping + released, end - released, MADV_DONTNEED)
        released = end
    }

    deinit {
        munmap(mapping, bytes.count)
    }
}
