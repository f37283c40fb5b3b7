/// How sigviz writes a number of seconds: in the marble text, scenario file messages, `sigviz check`,
/// the timeline's time labels and the report's tables.
///
/// ```swift
/// SecondsFormat().format(2)                                        // "2"
/// SecondsFormat(unit: .seconds).format(0.25)                       // "0.25 s"
/// SecondsFormat(precision: .decimals(6)).format(2.0000014)         // "2.000001"
/// SecondsFormat(precision: .decimals(2), unit: .secondsOrMilliseconds).format(0.025)  // "25 ms"
/// ```
/// NaN is written `?`.
public struct SecondsFormat: Sendable, Hashable {
    /// How the number is written.
    public enum Precision: Sendable, Hashable {
        /// The number itself: a whole number below 10^15 without a fraction (`2`), any other as Swift
        /// writes a `Double`, the shortest text that reads back as the same number (`0.1`,
        /// `0.30000000000000004`, `1000000000000000.0`, `1e+16`, `inf`).
        case exact
        /// Rounded to this many decimal places, without trailing zeros, as ``decimal(_:places:)`` writes it.
        case decimals(Int)
    }

    /// What follows the number.
    public enum Unit: Sendable, Hashable {
        /// Nothing.
        case none
        /// ` s`.
        case seconds
        /// ` ms` and the number of milliseconds for a time under 0.1 s other than 0; ` s` for any other.
        case secondsOrMilliseconds
    }

    /// How the number is written.
    public var precision: Precision
    /// What follows it.
    public var unit: Unit

    /// How diagrams and findings write a time for people: `1.25 s`, `250 ms`, at most two decimals.
    public static let forPeople = SecondsFormat(precision: .decimals(2), unit: .secondsOrMilliseconds)

    /// A format; by default the exact number and no unit.
    public init(precision: Precision = .exact, unit: Unit = .none) {
        self.precision = precision
        self.unit = unit
    }

    /// `seconds` as text.
    public func format(_ seconds: Double) -> String {
        switch unit {
        case .none: number(seconds)
        case .seconds: number(seconds) + " s"
        case .secondsOrMilliseconds:
            seconds != 0 && abs(seconds) < 0.1 ? number(seconds * 1000) + " ms" : number(seconds) + " s"
        }
    }

    private func number(_ value: Double) -> String {
        guard !value.isNaN else { return "?" }
        switch precision {
        case .exact: return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .decimals(let places): return decimal(value, places: places)
        }
    }
}

/// `value` rounded to `places` decimal places (0 to 17) and written without trailing zeros: `12`,
/// `12.5`, `12.25` for 2 places. The rounding is to the nearest, halves away from zero.
///
/// A number whose rounded form would take more than 18 digits (from 10^(18 − `places`) on, and
/// infinities) is written as Swift writes a `Double`: `1e+16`, `-inf`; NaN is written `?`.
public func decimal(_ value: Double, places: Int) -> String {
    precondition((0...17).contains(places), "decimal(_:places:) writes 0 to 17 places, not \(places)")
    guard !value.isNaN else { return "?" }
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    // Below 10^18 the rounded value fits in an `Int` (up to about 9.2e18).
    guard abs(value) < 1e18 / Double(scale) else { return String(value) }
    let scaled = Int((value * Double(scale)).rounded())
    let sign = scaled < 0 ? "-" : ""
    let whole = String(scaled.magnitude / UInt(scale))
    let fraction = scaled.magnitude % UInt(scale)
    guard fraction != 0 else { return sign + whole }
    var digits = String(fraction)
    digits = String(repeating: "0", count: places - digits.count) + digits
    while digits.last == "0" { digits.removeLast() }
    return sign + whole + "." + digits
}
