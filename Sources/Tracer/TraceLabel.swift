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
    let text: String
    switch value {
    case let value as any TraceLabelConvertible: text = value.traceLabel
    case let value as String: text = value
    case let value as any OptionalProtocol: text = value.wrapped.map(traceLabel(of:)) ?? "nil"
    case let value as any CustomStringConvertible: text = value.description
    default: text = String(describing: value)
    }
    return shortened(text)
}

/// `text` cut to ``traceLabelLimit`` characters.
func shortened(_ text: String) -> String {
    // UTF-8 bytes are at least as many as characters: most labels are settled without counting.
    guard text.utf8.count > traceLabelLimit, text.count > traceLabelLimit else { return text }
    var characters = 0
    var end = text.startIndex
    while end < text.endIndex, characters < traceLabelLimit - 1 {
        end = text.index(after: end)
        characters += 1
    }
    return end == text.endIndex ? text : text[..<end] + "…"
}

/// Lets labels see through optionals.
private protocol OptionalProtocol {
    var wrapped: Any? { get }
}

extension Optional: OptionalProtocol {
    fileprivate var wrapped: Any? { self.map { $0 as Any } }
}
