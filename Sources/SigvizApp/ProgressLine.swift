import Foundation
import Tracer

/// A progress line on the console's messages for the commands that go through many inputs (`report`,
/// `docs`): `[3/12] fetchdata.sigviz`, the input being done, rewritten in place (a carriage
/// return, the line, and spaces over what is left of the one before) and cleared at the end.
///
/// It is shown only when the messages go to a terminal (``Console/progressColumns``) and there are
/// two inputs or more: a log, a pipe or a file never gets a byte of it, so CI logs and the tests' captured output stay clean.
/// Call ``finish()`` before the command writes anything else (its summary on standard output),
/// and with `defer` so that an error message, which the entry point writes, starts on a clean line.
///
/// Steps may come from several threads (`docs` draws in parallel): each writes its whole line
/// under the lock, so lines never mix.
package final class ProgressLine: @unchecked Sendable {
    // @unchecked: `steps` and `shown` are read and written only under `lock`. An NSLock rather
    // than a Mutex, whose locking ThreadSanitizer on Linux does not see (it reports the guarded
    // accesses as races).
    private let total: Int
    private let console: Console
    private let isShown: Bool
    /// The longest line shown, in characters: one less than the terminal is wide, so that a line never wraps.
    private let width: Int
    private let lock = NSLock()
    /// How many steps have begun, and how wide the line on the terminal is.
    private var state = (steps: 0, shown: 0)

    /// A progress line for `total` inputs on `console`, shown if its messages go to a terminal and `total` is 2 or more.
    package init(total: Int, on console: Console) {
        self.total = total
        self.console = console
        isShown = total > 1 && console.progressColumns != nil
        width = console.progressColumns ?? 0
    }

    /// Shows that the next input, `name`, is begun: `[n/total] name`, with `name`'s control characters
    /// escaped, cut short with "…" when it is wider than the terminal.
    package func step(_ name: String) {
        guard isShown else { return }
        lock.withLock {
            state.steps += 1
            var line = "[\(state.steps)/\(total)] \(visiblyEscaped(name))"
            if line.count > width { line = line.prefix(width - 1) + "…" }
            console.tell("\r" + line + String(repeating: " ", count: max(0, state.shown - line.count)))
            state.shown = line.count
        }
    }

    /// Clears the line and puts the cursor at its start; again, it does nothing.
    package func finish() {
        guard isShown else { return }
        lock.withLock {
            guard state.shown > 0 else { return }
            console.tell("\r" + String(repeating: " ", count: state.shown) + "\r")
            state.shown = 0
        }
    }
}
