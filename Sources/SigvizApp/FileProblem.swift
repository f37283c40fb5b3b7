import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain words for why a file could not be read or written: the one place that turns Foundation's
/// `CocoaError`s and POSIX error numbers into the end of a sentence such as
/// `cannot read dir: it is a directory`.
///
/// Foundation's own messages name neither the path nor the cause ("The operation could not be
/// completed. (NSCocoaErrorDomain error 256.)" for a directory read as a file), and its codes
/// can lose the cause (a folder on the way that is a file reads as "no such file"), so the path
/// itself is looked at first, and the error's number only after that.
package enum FileProblem {
    /// Why reading the file at `path` failed with `error`: "it is a directory", "no such file", ...
    package static func reading(_ path: String, _ error: any Error) -> String {
        var status = stat()
        if stat(path, &status) != 0 { return reason(errno, writing: false) }
        if status.st_mode & S_IFMT == S_IFDIR { return "it is a directory" }
        return errorNumber(of: error).map { reason($0, writing: false) } ?? unexplained(error)
    }

    /// Why writing (creating or replacing) the file at `path` failed with `error`: "it is a
    /// directory", "the folder F does not exist", "no space left on the device", ...
    package static func writing(_ path: String, _ error: any Error) -> String {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return "it is a directory" }
        if let problem = folderProblem(of: path) { return problem }
        return errorNumber(of: error).map { reason($0, creatingIn: path) } ?? unexplained(error)
    }

    /// Why creating the folder `path` (and the folders it is in) failed with `error`.
    package static func creatingFolder(_ path: String, _ error: any Error) -> String {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR { return "it exists and is not a directory" }
        // The missing folders on the way are created too: the problem is where the first of them goes.
        var first = path
        while folder(of: first) != first, stat(folder(of: first), &status) != 0, errno == ENOENT {
            first = folder(of: first)
        }
        if let problem = folderProblem(of: first) { return problem }
        return errorNumber(of: error).map { reason($0, creatingIn: first) } ?? unexplained(error)
    }

    /// An error number in plain words; `writing` for a write or a file being created.
    package static func reason(_ code: Int32, writing: Bool) -> String {
        switch code {
        case ENOENT: writing ? "the folder it goes in does not exist" : "no such file"
        case ENOTDIR: "a folder on its path is a file"
        case EISDIR: "it is a directory"
        case EACCES, EPERM: "permission denied"
        case ENOSPC: "no space left on the device"
        case EDQUOT: "the disk quota is used up"
        case EFBIG: "it would be larger than the file size limit"
        case EROFS: "the file system is read-only"
        case EPIPE: "the reader of the pipe has gone"
        case EIO: "the device reported an input/output error"
        case ENAMETOOLONG: "its name is too long"
        case ELOOP: "too many symbolic links on its path"
        case EMFILE, ENFILE: "too many files are open"
        case EEXIST: "it already exists"
        default:
            // The system's own words, as a clause: "Invalid argument" becomes "invalid argument".
            String(cString: strerror(code)).lowercasedFirstLetter
        }
    }

    /// An error number of creating or replacing `path` in plain words, its folder being there: "no
    /// such file" then means that the folder takes no new files (a folder of /proc, say).
    private static func reason(_ code: Int32, creatingIn path: String) -> String {
        code == ENOENT ? "nothing can be created in \(folder(of: path))" : reason(code, writing: true)
    }

    /// The error number that `error` carries: its own (a `POSIXError`, or an `NSError` of the POSIX
    /// domain), its underlying error's, or the one a `CocoaError` code stands for.
    package static func errorNumber(of error: any Error) -> Int32? {
        if let error = error as? POSIXError { return error.code.rawValue }
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, let code = errorNumber(of: underlying) { return code }
        guard error.domain == NSCocoaErrorDomain else { return nil }
        switch error.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return ENOENT
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return EACCES
        case NSFileWriteOutOfSpaceError: return ENOSPC
        case NSFileWriteVolumeReadOnlyError: return EROFS
        case NSFileReadTooLargeError: return EFBIG
        case NSFileWriteFileExistsError: return EEXIST
        default: return nil
        }
    }

    /// What is wrong with the folder that `path` goes in, if anything: missing, or not a folder.
    private static func folderProblem(of path: String) -> String? {
        let folder = folder(of: path)
        var status = stat()
        guard stat(folder, &status) == 0 else {
            let code = errno
            return code == ENOENT ? "the folder \(folder) does not exist" : reason(code, writing: true)
        }
        return status.st_mode & S_IFMT == S_IFDIR ? nil : "\(folder) is not a directory"
    }

    /// The folder that `path` goes in, `.` for a bare name.
    package static func folder(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// An error with no number to explain it: its domain and code, for a report.
    private static func unexplained(_ error: any Error) -> String {
        let error = error as NSError
        return "the system gave no reason (\(error.domain) \(error.code))"
    }
}

private extension String {
    /// The string with its first letter lowercased.
    var lowercasedFirstLetter: String { prefix(1).lowercased() + dropFirst() }
}
