import SigvizApp
import Foundation
import Tracer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress line on standard error for the commands that go through many inputs (`report`,
/// `docs`): `[3/12] fetchdata.sigviz`, the input being done, rewritten in place (a carriage
/// return, the line, and spaces over what is left of the one before) and cleared at the end.
///
/// It is shown only when standard error is a terminal and there are two inputs or more: a log, a
/// pipe or a file never gets a byte of it, so CI logs and the tests' captured output stay clean.
/// Call ``finish()`` before the command writes anything else (its summary on standard output),
/// and with `defer` so that an error message, which the entry point writes, starts on a clean line.
///
/// Steps may come from several threads (`docs` draws in parallel): each writes its whole line
/// under the lock, so lines never mix.
final class ProgressLine: @unchecked Sendable {
    // @unchecked: `steps` and `shown` are read and written only under `lock`. An NSLock rather
    // than a Mutex, whose locking ThreadSanitizer on Linux does not see (it reports the guarded
    // accesses as races).
    private let total: Int
    private let isShown: Bool
    /// The longest line shown, in characters: one less than the terminal is wide, so that a line never wraps.
    private let width: Int
    private let lock = NSLock()
    /// How many steps have begun, and how wide the line on the terminal is.
    private var state = (steps: 0, shown: 0)

    /// A progress line for `total` inputs, shown if standard error is a terminal and `total` is 2 or more.
    init(total: Int) {
        self.total = total
        isShown = total > 1 && isatty(STDERR_FILENO) == 1
        width = isShown ? max(Self.terminalColumns() ?? 80, 20) - 1 : 0
    }

    /// Shows that the next input, `name`, is begun: `[n/total] name`, with `name`'s control characters
    /// escaped, cut short with "…" when it is wider than the terminal.
    func step(_ name: String) {
        guard isShown else { return }
        lock.withLock {
            state.steps += 1
            var line = "[\(state.steps)/\(total)] \(visiblyEscaped(name))"
            if line.count > width { line = line.prefix(width - 1) + "…" }
            StandardError.write("\r" + line + String(repeating: " ", count: max(0, state.shown - line.count)))
            state.shown = line.count
        }
    }

    /// Clears the line and puts the cursor at its start; again, it does nothing.
    func finish() {
        guard isShown else { return }
        lock.withLock {
            guard state.shown > 0 else { return }
            StandardError.write("\r" + String(repeating: " ", count: state.shown) + "\r")
            state.shown = 0
        }
    }

    /// How many columns the terminal of standard error has, if it says.
    private static func terminalColumns() -> Int? {
        var size = winsize()
        #if canImport(Glibc) || canImport(Musl)
        let result = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size)
        #else
        let result = ioctl(STDERR_FILENO, TIOCGWINSZ, &size)
        #endif
        return result == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    }
}
