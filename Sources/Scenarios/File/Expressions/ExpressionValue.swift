/// The value of a block's expression while it runs: text (every value of a signal in a file is text),
/// a number, a Boolean or nil.
enum ExpressionValue: Equatable, Sendable {
    case text(String)
    case number(Double)
    case bool(Bool)
    case none

    /// The value as a signal's value: the text itself; a whole number without a point (`3`),
    /// another as Swift writes it (`2.5`, `inf`); `true` or `false`; `nil`.
    var text: String {
        switch self {
        case .text(let text): text
        case .number(let number): Self.text(of: number)
        case .bool(let answer): ScenarioValue.text(of: answer)
        case .none: "nil"
        }
    }

    /// How a number is written as text: whole numbers without a point.
    static func text(of number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    /// How many bytes of UTF-8 ``text`` has.
    var textBytes: Int { text.utf8.count }

    /// Whether it is `true`: what a predicate's answer is.
    var isTrue: Bool { self == .bool(true) }
}

/// The type of a block's expression, known when the file is parsed: every operator's operands are
/// checked then, so a block that parses cannot fail while it runs.
enum ExpressionType: Equatable, Sendable {
    case text, number, bool
    /// What `Int(...)` and `Double(...)` give: a number, or nil when the text is not one.
    case optionalNumber
    /// The literal `nil`.
    case none

    /// The type, in a message: "a text", "a number", ...
    var described: String {
        switch self {
        case .text: "a text"
        case .number: "a number"
        case .bool: "a Boolean"
        case .optionalNumber: "a number or nil"
        case .none: "nil"
        }
    }

    /// Whether a value of this type may be nil.
    var mayBeNil: Bool { self == .optionalNumber || self == .none }

    /// The type of a value that is one of `self` or `other` (the branches of `? :`, the sides of
    /// `??`), or nil when they cannot be one: only a number may be nil.
    func joined(with other: ExpressionType) -> ExpressionType? {
        if self == other { return self }
        let numeric: Set<ExpressionType> = [.number, .optionalNumber, .none]
        return numeric.contains(self) && numeric.contains(other) ? .optionalNumber : nil
    }
}
