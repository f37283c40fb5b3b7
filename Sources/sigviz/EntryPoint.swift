import SigvizApp
import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SigViz {
    /// The entry point: the only place that does process-wide things.
    ///
    /// It replaces ArgumentParser's `main()`, which prints help with `print` (lost, with exit
    /// status 0, when standard output is closed or full) and writes errors with `putc`, so that
    /// every byte sigviz writes goes through ``StandardOutput`` or ``StandardError``:
    /// - SIGPIPE is ignored, so that a pipe whose reader has gone is an error of the write
    ///   (EPIPE) rather than a signal, whatever disposition sigviz was started with; sigviz then
    ///   ends quietly, as a process killed by SIGPIPE (``endAsBrokenPipe()``). SIGXFSZ is ignored
    ///   too, so that a file size limit (`ulimit -f`) is an error of the write (EFBIG), reported,
    ///   rather than a kill.
    /// - A standard output or error that is closed at start is held by /dev/null opened
    ///   read-only, so that no file sigviz opens takes its number: writes to it fail (EBADF) and
    ///   are reported as "closed", instead of landing in that file.
    /// - A trap, a crash, Ctrl-C or SIGTERM removes the temporary files not yet in place before
    ///   the process ends as it would have (``FatalSignalCleanup``).
    /// - A write error on standard output ends sigviz with `Error: cannot write standard output:
    ///   REASON` on standard error and exit status 1, like any other failure.
    static func main() {
        prepareProcess()
        switch run(Array(CommandLine.arguments.dropFirst()), on: .standard(pendingFiles: FatalSignalCleanup.List())) {
        case .status(let status): Foundation.exit(status)
        case .brokenPipe: endAsBrokenPipe()
        }
    }

    /// How a run ended.
    enum Ending: Equatable {
        /// With this exit status.
        case status(Int32)
        /// Quietly, because the reader of its output has gone (EPIPE): the process should end as
        /// one killed by SIGPIPE.
        case brokenPipe
    }

    /// Parses `arguments` (without the program's name) and runs the command they name on
    /// `console`: help and the version on its output with status 0, any other message on its
    /// messages with the error's exit status (64 for a usage error, 1 for a failure). Nothing
    /// process-wide is touched: the run can be made in-process by a test.
    static func run(_ arguments: [String], on console: Console) -> Ending {
        do {
            var command = try SingleOption.counting { try parseAsRoot(arguments) }
            if let command = command as? any ConsoleCommand {
                try command.run(on: console)
            } else {
                try command.run()
            }
            return .status(ExitCode.success.rawValue)
        } catch {
            return ending(for: error, on: console)
        }
    }

    /// Ignores SIGPIPE and SIGXFSZ, installs ``FatalSignalCleanup``, and holds a closed standard output or error with /dev/null read-only.
    private static func prepareProcess() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        FatalSignalCleanup.install()
        for descriptor in [STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open(2) takes the lowest free number: `descriptor` itself, or 0 when standard input is closed too.
            let placeholder = open("/dev/null", O_RDONLY)
            if placeholder >= 0, placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
    }

    /// How a run ends for `error`: help (and the version) on `console`'s output with status 0,
    /// any other message on its messages with the error's exit status, and quietly for a broken
    /// pipe on its output. A ``CommandFailure/Code/usage`` is a usage error, as ArgumentParser's ValidationError;
    /// a ``CommandFailure/reported(_:)`` has said why already.
    private static func ending(for error: any Error, on console: Console) -> Ending {
        if let error = error as? StandardOutputError, error.isBrokenPipe { return .brokenPipe }
        var error = error
        if let failure = error as? CommandFailure, failure.code == .usage {
            if failure.isReported { return .status(ExitCode.validationFailure.rawValue) }
            error = ValidationError(failure.description)
        }
        if let failure = error as? CommandFailure, failure.isReported { return .status(ExitCode.failure.rawValue) }
        let code = exitCode(for: error)
        let message = fullMessage(for: error, columns: nil)
        if !message.isEmpty {
            if code == .success {
                do {
                    try console.write(message + "\n")
                } catch {
                    return ending(for: error, on: console)
                }
            } else {
                console.tell(BoundedMessage.bounded(message) + "\n")
            }
        }
        return .status(code.rawValue)
    }

    /// Ends the process as SIGPIPE's default action would have: no message, and the status of a
    /// process killed by SIGPIPE (141 in a shell), which is what `yes | head -1` gives.
    private static func endAsBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)  // only if the signal did not end the process
    }
}
