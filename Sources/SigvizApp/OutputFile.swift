import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `data` to `path` atomically (a temporary file renamed over it: ``AtomicFile``), or to `console`'s output
/// when `path` is nil or `-` (a file named `-` is `./-`);
/// refuses, writing nothing, when `path` is one of the command's `inputs` (see ``InputFiles``), so that
/// `sigviz render x.sigviz -o x.sigviz` does not replace the scenario with its SVG.
///
/// A `path` that is, or leads by symbolic links to, a device or a pipe (`/dev/null`, `/dev/stdout` on a terminal
/// or a pipe, a FIFO) is written through, never replaced: renaming a file over `/dev/null` would turn it into a
/// plain file. A symbolic link to a regular file has that file replaced, the link kept. A failure is
/// `cannot write PATH: REASON (--output)`, the reason in plain words (``FileProblem``).
package func write(_ data: Data, to path: String?, inputs: [String], console: Console) throws {
    try write(to: path, inputs: inputs, console: console) { sink in
        try data.withUnsafeBytes { try sink($0.assumingMemoryBound(to: UInt8.self)) }
    }
}

/// Writes what `produce` hands, in chunks, to the sink it is given, to `path` as
/// ``write(_:to:inputs:console:)`` writes its data (atomically, or to standard output, or through a device
/// or a pipe; never over an input), each chunk as it comes, so that the output is never held whole
/// in memory. A failure to write says why in the same words; a run that fails part way leaves the
/// file it would have replaced as it was.
package func write(to path: String?, inputs: [String], console: Console, _ produce: (_ sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void) throws {
    guard let path, path != "-" else {
        try produce { chunk in try console.write(UnsafeRawBufferPointer(chunk)) }
        return
    }
    if InputFiles(inputs).contains(path) {
        throw CommandFailure("refusing to write \(path) (--output): it is one of the input files, which it would replace")
    }
    do {
        if isSpecialFile(path) {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try produce { chunk in try handle.write(contentsOf: UnsafeRawBufferPointer(chunk)) }
        } else {
            // Through a symbolic link (such as /dev/stdout redirected to a file), the file it leads
            // to is replaced, never the link.
            try AtomicFile.write(
                to: isSymbolicLink(path) ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : path,
                pending: console.pendingFiles, produce)
        }
    } catch {
        throw CommandFailure("cannot write \(path): \(FileProblem.writing(path, error)) (--output)")
    }
}

/// Whether `path` exists and is, after following symbolic links, neither a regular file nor a directory.
private func isSpecialFile(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    return type != S_IFREG && type != S_IFDIR
}

/// Whether `path` itself is a symbolic link.
private func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
}
