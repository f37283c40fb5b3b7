import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a sigviz started with its standard error on a terminal ended, and what it wrote.
struct TerminalRun: Sendable {
    /// The exit status, or -1 when a signal ended it.
    var status: Int32
    /// What it wrote to the terminal (its standard error), as the terminal received it: a "\n"
    /// written arrives as "\r\n" when the terminal adds carriage returns (ONLCR).
    var terminal: String
    /// What it wrote to standard output (a file).
    var output: String
}

/// A launcher that runs a command with its standard error on a new pseudo-terminal (which posix_spawn
/// cannot make: Glibc's posix_openpt is not visible to Swift), reads the terminal until the command
/// has closed it, writes what it read to a file and exits with the command's status. Its
/// arguments: the terminal's columns (0: a size of 0 × 0, as a terminal that does not say), the
/// file, then the command.
private let terminalLauncher = """
    import fcntl, os, pty, struct, sys, termios
    columns, received = int(sys.argv[1]), sys.argv[2]
    controller, terminal = pty.openpty()
    if columns > 0:
        fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    pid = os.fork()
    if pid == 0:
        os.dup2(terminal, 2)
        os.close(terminal)
        os.close(controller)
        os.execv(sys.argv[3], sys.argv[3:])
    os.close(terminal)
    data = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # EIO: the command, the last holder of the terminal, has gone
            break
        if not chunk:
            break
        data += chunk
    _, status = os.waitpid(pid, 0)
    with open(received, "wb") as file:
        file.write(data)
    sys.exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 255)
    """

/// Runs `sigviz arguments...` with its standard error on a new pseudo-terminal of `columns`
/// columns (0: a size of 0 × 0), its standard output in a temporary file and its standard input
/// from /dev/null, and waits for it.
func sigvizOnTerminal(_ arguments: [String], columns: Int = 0) throws -> TerminalRun {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outputPath = directory.appendingPathComponent("stdout").path
    let terminalPath = directory.appendingPathComponent("terminal").path
    let command = ["/usr/bin/env", "python3", "-c", terminalLauncher, String(columns), terminalPath, sigvizExecutable.path] + arguments
    let pid = try spawn(command) { actions, _ in
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
    }
    func contents(_ path: String) -> String {
        String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self)
    }
    return TerminalRun(
        status: status & 0x7F == 0 ? (status >> 8) & 0xFF : -1, terminal: contents(terminalPath), output: contents(outputPath))
}
