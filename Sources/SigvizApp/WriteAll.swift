import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `data` to the open file `descriptor` with write(2): again after a partial write
/// or an interruption (EINTR), and after waiting with poll(2) when it is non-blocking and full
/// (EAGAIN). Returns `nil` when everything was written, otherwise the error number of the write
/// that failed.
package func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
    data.withUnsafeBytes { writeAll($0, to: descriptor) }
}

/// Writes all of `buffer` to the open file `descriptor`, as ``writeAll(_:to:)-(Data,_)`` writes a `Data`.
package func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    do {
        guard var next = buffer.baseAddress else { return nil }
        var left = buffer.count
        while left > 0 {
            let written = Foundation.write(descriptor, next, left)
            if written >= 0 {
                next += written
                left -= written
                continue
            }
            let code = errno
            switch code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            default:
                return code
            }
        }
        return nil
    }
}
