import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replacing a file atomically, with POSIX calls, so that a failure keeps its error number.
///
/// `Data.write(to:options: .atomic)` does the same, but can report a failed write as
/// `NSCocoaErrorDomain` 512 with no cause at all (a file size limit, for one), so that sigviz
/// could not say why; here every failure is a `POSIXError` whose number ``FileProblem`` puts into
/// words ("no space left on the device").
package enum AtomicFile {
    /// Writes `data` to a new temporary file `.sigviz-XXXXXXXXXXXX` in the folder of `path`, flushes
    /// it to the disk (fsync), then renames it over `path`: a reader, a run killed part way or a
    /// crash sees the old file or the new one, whole, never a mix. A file that is replaced keeps its permissions; a new one gets
    /// 0666 less the umask. On failure the temporary file is removed and `path` is untouched.
    ///
    /// `path` must not be a symbolic link (the link would be replaced by the file); callers
    /// resolve it or refuse it. The temporary file is told to `pending` (``PendingFiles``) from
    /// before it exists until it is in place or removed.
    package static func write(_ data: Data, to path: String, pending: (any PendingFiles)?) throws(POSIXError) {
        try commit(try stage(data, for: path, pending: pending), to: path, pending: pending)
    }

    /// Replaces the file at `path` as ``write(_:to:pending:)`` does, with the bytes that `produce` hands,
    /// in chunks, to the sink it is given: each chunk is written to the temporary file at once, so
    /// that the whole file is never held in memory. An error that `produce` throws (the sink's
    /// `POSIXError`, or its own) removes the temporary file, leaves `path` untouched, and is thrown.
    package static func write(
        to path: String, pending: (any PendingFiles)?, _ produce: (_ sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void
    ) throws {
        try commit(try stage(for: path, pending: pending, produce), to: path, pending: pending)
    }

    /// The first half of ``write(_:to:pending:)``: writes `data` to a new temporary file
    /// `.sigviz-XXXXXXXXXXXX` in the folder of `path`, with the permissions of the file at `path` if
    /// there is one, flushed to the disk, and returns its path; ``commit(_:to:pending:)`` renames it over
    /// `path`, or the caller removes it (`unlink`). On failure nothing is left behind.
    ///
    /// With `flushing` false the file is not flushed: the caller flushes it (with many others at
    /// once, ``Watcher/flush()``) before it commits it.
    package static func stage(_ data: Data, for path: String, flushing: Bool = true, pending: (any PendingFiles)?) throws(POSIXError) -> String {
        do {
            return try stage(for: path, flushing: flushing, pending: pending) { sink in
                try data.withUnsafeBytes { try sink($0.assumingMemoryBound(to: UInt8.self)) }
            }
        } catch let error as POSIXError {
            throw error
        } catch {
            throw POSIXError(EIO)
        }
    }

    /// ``stage(_:for:flushing:pending:)`` with the bytes that `produce` hands, in chunks, to the sink it is given
    /// (see ``write(to:pending:_:)``).
    package static func stage(
        for path: String, flushing: Bool = true, pending: (any PendingFiles)?, _ produce: (_ sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void
    ) throws -> String {
        var status = stat()
        var mode: mode_t?
        if stat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { throw POSIXError(EISDIR) }
            mode = status.st_mode & 0o7777
        }
        let folder = FileProblem.folder(of: path)
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            temporary = (folder as NSString).appendingPathComponent(".sigviz-" + randomSuffix())
            // Removed if the process ends by a signal before the file is in place or removed:
            // remembered before it exists, so that no moment is left when it exists unremembered.
            pending?.remember(temporary, isFolder: false)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { break }
            let failure = errno
            pending?.forget(temporary)
            errno = failure
            if failure != EEXIST { break }
        }
        guard descriptor >= 0 else { throw POSIXError(errno) }
        var failure: Int32?
        var thrown: (any Error)?
        do {
            try produce { chunk throws(POSIXError) in
                if let code = writeAll(UnsafeRawBufferPointer(chunk), to: descriptor) { throw POSIXError(code) }
            }
        } catch let error as POSIXError {
            failure = error.code.rawValue
        } catch {
            (failure, thrown) = (EIO, error)
        }
        if failure == nil, let mode { _ = fchmod(descriptor, mode) }
        // On the disk before it takes the old file's place: a crash after the rename finds the new bytes.
        while flushing, failure == nil, fsync(descriptor) != 0 {
            if errno != EINTR { failure = errno }
        }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure {
            unlink(temporary)
            pending?.forget(temporary)
            throw thrown ?? POSIXError(failure)
        }
        return temporary
    }

    /// The second half of ``write(_:to:pending:)``: renames the file `temporary` that ``stage(_:for:flushing:pending:)`` wrote
    /// over `path`. On failure `temporary` is removed and `path` is untouched.
    package static func commit(_ temporary: String, to path: String, pending: (any PendingFiles)?) throws(POSIXError) {
        defer { pending?.forget(temporary) }
        if rename(temporary, path) != 0 {
            let failure = errno
            unlink(temporary)
            throw POSIXError(failure)
        }
    }

    /// A folder's file system, to flush the files staged in the folder with `flushing` false all at
    /// once: opened (``watch(_:)``) before the first of them is written, its `syncfs` flushes the
    /// whole file system and reports any write-back error on it since then, so a folder of diagrams
    /// costs one flush rather than one each.
    package struct Watcher {
        let folder: String
        let descriptor: Int32
        let syncfs: @convention(c) (Int32) -> Int32

        /// Flushes the file system; throws its error with the folder.
        func flush() throws(FlushFailure) {
            while syncfs(descriptor) != 0 {
                if errno != EINTR { throw FlushFailure(path: folder, error: POSIXError(errno)) }
            }
        }

        func close() {
            closeDescriptor(descriptor)
        }
    }

    /// A flush that failed on the file system of the folder `path`.
    package struct FlushFailure: Error {
        let path: String
        let error: POSIXError
    }

    /// A watcher of `folder`, or `nil` where there can be none (no `syncfs` that reports write-back
    /// errors, or the folder cannot be opened): its files are then staged flushed, each with its
    /// own `fsync`. The caller closes it.
    package static func watch(_ folder: String) -> Watcher? {
        guard let syncfs = fileSystemFlush() else { return nil }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        return descriptor >= 0 ? Watcher(folder: folder, descriptor: descriptor, syncfs: syncfs) : nil
    }

    /// glibc's `syncfs(2)`, which Swift's Glibc module does not import (it is declared for
    /// `_GNU_SOURCE` only); `nil` where there is none, or where it does not report write-back errors
    /// (Linux before 5.8, where it always succeeds).
    private static func fileSystemFlush() -> (@convention(c) (Int32) -> Int32)? {
        #if os(Linux)
        var system = utsname()
        guard uname(&system) == 0 else { return nil }
        let release = withUnsafeBytes(of: &system.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let version = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard version.count == 2, (version[0], version[1]) >= (5, 8) else { return nil }
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }  // RTLD_DEFAULT
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
        #else
        return nil
        #endif
    }

    /// Twelve random letters and digits.
    private static func randomSuffix() -> String {
        let characters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<12).map { _ in characters.randomElement()! })
    }
}

/// `close(2)`, under a name that a type's own `close()` does not hide.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

extension POSIXError {
    /// The error of the POSIX error number `code`.
    package init(_ code: Int32) {
        self.init(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
}
