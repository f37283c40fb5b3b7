import SigvizApp
import ArgumentParser

/// The one rule for the numeric options that measure or count something (`--scale`, `--frame`,
/// `--max-events`, `--jobs`): the number must be positive, and at most a largest value (finite,
/// for one without a largest). A number outside is a usage error (exit status 64) naming the
/// option, the range and the number given:
/// `--scale must be positive and at most 100000, not -2 (pixels per second).`
///
/// The options are declared with `parsing: .unconditional`, so that `--scale -2` gives the option
/// the value -2 for this rule to refuse, rather than ArgumentParser taking `-2` for an option and
/// saying the value is missing.
enum PositiveNumber {
    /// Refuses `value` of `option` unless it is positive and at most `maximum` (finite when there
    /// is no maximum); `unit` says what it counts, as the message shows it ("pixels per second").
    static func check(_ value: Double, option: String, unit: String, maximum: Double? = nil) throws {
        let within = value.isFinite && value > 0 && value <= (maximum ?? .infinity)
        guard !within else { return }
        throw refusal(option: option, given: shown(value), unit: unit, maximum: maximum.map(shown))
    }

    /// Refuses `value` of `option` unless it is from 1 to `maximum`; `unit` says what it counts ("events").
    static func check(_ value: Int, option: String, unit: String, maximum: Int) throws {
        guard !(1...maximum).contains(value) else { return }
        throw refusal(option: option, given: String(value), unit: unit, maximum: String(maximum))
    }

    /// The message: `--jobs must be positive and at most 1024, not -3 (scenarios rendered at once).`
    private static func refusal(option: String, given: String, unit: String, maximum: String?) -> ValidationError {
        ValidationError("\(option) must be positive and \(maximum.map { "at most \($0)" } ?? "finite"), not \(given) (\(unit)).")
    }

    /// A number as the user would have written it: `-2` rather than `-2.0`; `-0.1`, `nan`, `inf` as they are.
    private static func shown(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
