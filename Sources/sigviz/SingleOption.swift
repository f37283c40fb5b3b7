import SigvizApp
import ArgumentParser
import Synchronization
import Tracer

/// Options that may be given only once, such as `-o`.
///
/// ArgumentParser keeps the last value of an option given twice, so `render cold -o a.svg -o b.svg`
/// would write b.svg and never a.svg, without a word. An option declared with ``counted(_:)`` as
/// its transform has every occurrence counted while the entry point parses (``counting(_:)``),
/// and the command's `validate()` calls ``check(_:)``, which refuses a repeat as a usage error
/// (exit status 64) naming the option. (An array option would count them too, but its usage
/// line would advertise `-o <file> ...`.) Outside ``counting(_:)``, as when a test parses a
/// command itself, nothing is counted and nothing refused.
enum SingleOption {
    /// `-o/--output`, as messages name it: the option every command that writes has once.
    static let output = "-o/--output"
    /// `--fail-on` of `explain`.
    static let failOn = "--fail-on"

    /// The values given to each counted option, by its name as messages show it.
    private final class Tally: Sendable {
        let values = Mutex<[String: [String]]>([:])
    }

    /// The tally of the parse under way; `nil` outside ``counting(_:)``.
    @TaskLocal private static var tally: Tally?

    /// Runs `parse` (ArgumentParser's parsing, which validates too) with the occurrences of every
    /// option declared with ``counted(_:)`` counted.
    static func counting<T>(_ parse: () throws -> T) rethrows -> T {
        try $tally.withValue(Tally(), operation: parse)
    }

    /// The transform of an `@Option` that may be given once, `option` being its names as a
    /// message shows them (`-o/--output`): it counts each occurrence, and keeps the value as it is.
    static func counted(_ option: String) -> @Sendable (String) -> String {
        { value in
            tally?.values.withLock { $0[option, default: []].append(value) }
            return value
        }
    }

    /// Refuses `option` given more than once in the parse under way, naming it and its values.
    static func check(_ option: String) throws {
        guard let values = tally?.values.withLock({ $0[option] }), values.count > 1 else { return }
        let times = values.count == 2 ? "twice" : "\(values.count) times"
        throw ValidationError(
            "\(option) was given \(times) (\(values.map { visiblyEscaped($0) }.joined(separator: ", "))); give it once.")
    }
}
