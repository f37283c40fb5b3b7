import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the standard output of a sigviz started by ``sigviz(_:standardOutput:ignoringSIGPIPE:fileSizeLimit:closingStandardError:)`` goes.
enum StandardOutputTarget: Sendable, CustomStringConvertible {
    /// Descriptor 1 closed, as by `>&-`.
    case closed
    /// A device opened for writing, never created or truncated: `/dev/full`.
    case device(String)
    /// A regular file, created or emptied.
    case file(String)
    /// A pipe (of 4 KB on Linux) whose reader reads `readerReads` bytes and then closes it; with 0
    /// the reader has closed it before sigviz starts, as `sigviz list | true` can.
    case pipe(readerReads: Int)

    var description: String {
        switch self {
        case .closed: "closed"
        case .device(let path): path
        case .file(let path): "file \(path)"
        case .pipe(let count): "a pipe closed after \(count) bytes"
        }
    }
}

/// How a sigviz started with its standard streams set up by hand ended, and what it wrote.
struct StreamRun: Sendable {
    /// The exit status, when it exited.
    var status: Int32?
    /// The signal that ended it, when one did.
    var signal: Int32?
    /// What it wrote to standard error.
    var errors: String
    /// What the reader of its standard output read (a pipe or a file).
    var output: Data

    var summary: String {
        (signal.map { "killed by signal \($0)" } ?? "exited \(status ?? -1)") + "; stderr: \(errors.prefix(600))"
    }
}

/// A launcher for the cases that posix_spawn cannot set up: it sets a file size limit (RLIMIT_FSIZE)
/// and SIGPIPE's disposition (ignored: inherited through exec, as from a parent that ignores it),
/// then becomes sigviz.
private let launcher = """
    import os, resource, signal, sys
    limit, ignore = int(sys.argv[1]), sys.argv[2] == "1"
    if limit > 0:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    signal.signal(signal.SIGPIPE, signal.SIG_IGN if ignore else signal.SIG_DFL)
    signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
    os.execv(sys.argv[3], sys.argv[3:])
    """

/// Runs `sigviz arguments...` with its standard output set up as `standardOutput`, its standard
/// input from /dev/null and its standard error in a temporary file (or closed), and waits for it.
/// It starts with SIGPIPE and SIGXFSZ at their default actions, or SIGPIPE ignored.
/// Devices are only ever opened for writing, never created, truncated or replaced.
func sigviz(
    _ arguments: [String], standardOutput: StandardOutputTarget, ignoringSIGPIPE: Bool = false,
    fileSizeLimit: Int? = nil, closingStandardError: Bool = false
) throws -> StreamRun {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-stream-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let errorsPath = directory.appendingPathComponent("stderr").path

    var command = [sigvizExecutable.path] + arguments
    if ignoringSIGPIPE || fileSizeLimit != nil {
        command = ["/usr/bin/env", "python3", "-c", launcher, String(fileSizeLimit ?? 0), ignoringSIGPIPE ? "1" : "0"] + command
    }
    // The pipe's ends are close-on-exec, so that no other process the tests start meanwhile holds them.
    var pipeEnds: [Int32] = [-1, -1]
    defer { for end in pipeEnds where end >= 0 { close(end) } }
    let pid = try spawn(command) { actions, attributes in
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if closingStandardError {
            posix_spawn_file_actions_addclose(&actions, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        switch standardOutput {
        case .closed:
            posix_spawn_file_actions_addclose(&actions, 1)
        case .device(let path):
            posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
        case .file(let path):
            posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        case .pipe(let count):
            guard pipe(&pipeEnds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            #if os(Linux)
            _ = fcntl(pipeEnds[1], 1031 /* F_SETPIPE_SZ */, 4096)  // smaller than every output read here
            #endif
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            if count == 0 {
                close(pipeEnds[0])
                pipeEnds[0] = -1
            }
        }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGXFSZ)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    }

    var output = Data()
    if case .pipe(let count) = standardOutput {
        close(pipeEnds[1])
        pipeEnds[1] = -1
        if pipeEnds[0] >= 0 {
            var buffer = [UInt8](repeating: 0, count: count)
            while output.count < count {
                let got = read(pipeEnds[0], &buffer, count - output.count)
                if got < 0, errno == EINTR { continue }
                if got <= 0 { break }
                output.append(contentsOf: buffer[..<got])
            }
            close(pipeEnds[0])  // the reader goes
            pipeEnds[0] = -1
        }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
    }
    if case .file(let path) = standardOutput { output = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data() }
    let signalled = status & 0x7F
    return StreamRun(
        status: signalled == 0 ? (status >> 8) & 0xFF : nil,
        signal: signalled == 0 ? nil : signalled,
        errors: String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: errorsPath))) ?? Data(), as: UTF8.self),
        output: output)
}
