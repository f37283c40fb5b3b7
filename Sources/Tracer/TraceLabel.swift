import Reactive

/// A value that chooses how a trace shows it.
///
/// Traces show values and errors by a short label. Without this conformance
/// a value is labelled by its `description` (strings as they are, optionals
/// unwrapped, `nil` as "nil"). Labels are kept as text: any Unicode is
/// allowed, and nothing in a label is ever treated as markup.
///
/// ```swift
/// struct Response: TraceLabelConvertible {
///     let status: Int
///     var traceLabel: String { "HTTP \(status)" }
/// }
/// ```
public protocol TraceLabelConvertible {
    /// The label a trace shows for this value.
    var traceLabel: String { get }
}

extension Signal: TraceLabelConvertible {
    /// A signal sent as a value (a group of `groupBy`, an inner signal of
    /// `flatten`) is labelled by its name.
    public var traceLabel: String { name }
}

/// The longest label a trace keeps, in characters; longer ones end in "…".
public let traceLabelLimit = 256

/// The label of `value`, as ``TraceRecorder`` records it.
func traceLabel(of value: Any) -> String {
    if let label = commonLabel(of: value) { return label }
    let text: String
    switch value {
    case let value as any TraceLabelConvertible: text = value.traceLabel
    case let value as String: text = value
    case let value as any ArrayLabel: text = value.labelPrefix
    case let value as any OptionalProtocol: text = value.wrapped.map(traceLabel(of:)) ?? "nil"
    case let value as any CustomStringConvertible: text = value.description
    default: text = String(describing: value)
    }
    return shortened(text)
}

/// The label of a value of a common type, or `nil` for other types.
///
/// Each cast to a protocol in ``traceLabel(of:)`` is a conformance look-up
/// in the runtime, several per value; comparing the opened type with a few
/// common ones costs a pointer comparison. A common type that is made
/// ``TraceLabelConvertible`` (a retroactive conformance) takes the general path.
private func commonLabel<T>(of value: T) -> String? {
    if T.self == Int.self { return CommonTypes.intIsPlain ? String(value as! Int) : nil }
    if T.self == String.self { return CommonTypes.stringIsPlain ? shortened(value as! String) : nil }
    if T.self == Double.self { return CommonTypes.doubleIsPlain ? String(value as! Double) : nil }
    if T.self == Bool.self { return CommonTypes.boolIsPlain ? String(value as! Bool) : nil }
    return nil
}

/// Whether each common type is labelled by its description: checked once.
enum CommonTypes {
    static let intIsPlain = !((Int.self as Any.Type) is any TraceLabelConvertible.Type)
    static let stringIsPlain = !((String.self as Any.Type) is any TraceLabelConvertible.Type)
    static let doubleIsPlain = !((Double.self as Any.Type) is any TraceLabelConvertible.Type)
    static let boolIsPlain = !((Bool.self as Any.Type) is any TraceLabelConvertible.Type)
}

/// `text` cut to `limit` characters (``traceLabelLimit`` by default) and 4 bytes of UTF-8 each,
/// ending in "…" when it was longer: the runtime's one rule for cutting text
/// (``Swift/String/cut(toCharacters:)``), for the modules that read traces.
package func shortened(_ text: String, to limit: Int = traceLabelLimit) -> String {
    text.cut(toCharacters: limit)
}

/// An array's label: its `description` (`["a", "b"]`) only as far as the label keeps it, so that
/// labelling each of a growing array's values is not a whole description each time.
private protocol ArrayLabel {
    var labelPrefix: String { get }
}

extension Array: ArrayLabel {
    fileprivate var labelPrefix: String { descriptionPrefix(characters: traceLabelLimit + 8) }
}

extension CollectedValues: ArrayLabel {
    /// Labelled as its array is: `collect`'s running values read as the arrays RAC's would.
    fileprivate var labelPrefix: String { values.labelPrefix }
}

/// Lets labels see through optionals.
private protocol OptionalProtocol {
    var wrapped: Any? { get }
}

extension Optional: OptionalProtocol {
    fileprivate var wrapped: Any? { self.map { $0 as Any } }
}
