/// The expression of a scenario file's block, parsed and checked (see ``ExpressionParser``): a
/// small, total, side-effect-free language over the block's parameters, read like the Swift
/// closure it stands for (`{ $0.contains("@") && $1.count >= 6 }`).
///
/// Evaluation cannot fail: every operand's type is checked when the file is parsed, division by 0
/// gives infinity as in Swift's `Double`, and a conversion that fails gives nil. Its cost is bounded
/// by an ``ExpressionMeter``: each node costs a step, and each text an operator reads or makes
/// costs a step per byte, so a long text costs what reading it costs.
indirect enum Expression: Sendable {
    case literal(ExpressionValue)
    /// `$0`, `$1`, ...: the block's parameters, by index.
    case parameter(Int)
    case not(Expression)
    case negated(Expression)
    case binary(BinaryOperator, Expression, Expression)
    /// `condition ? then : else`.
    case conditional(Expression, Expression, Expression)
    /// A member of a text: `$0.count`, `$0.contains("@")`.
    case member(TextMember, Expression, argument: Expression?)
    /// `Int(...)`, `Double(...)`, `String(...)`.
    case conversion(Conversion, Expression)

    enum BinaryOperator: String, Sendable, CaseIterable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case and = "&&", or = "||", orIfNil = "??"
        case plus = "+", minus = "-", times = "*", divided = "/", remainder = "%"
    }

    /// What a text has: the same names as Swift's `String`.
    enum TextMember: String, Sendable, CaseIterable {
        case count, isEmpty, contains, hasPrefix, hasSuffix, uppercased, lowercased

        /// Whether it is called with a text (`contains("@")`), with nothing (`uppercased()`), or read (`count`).
        var takesText: Bool { self == .contains || self == .hasPrefix || self == .hasSuffix }
        var isMethod: Bool { takesText || self == .uppercased || self == .lowercased }
        var type: ExpressionType {
            switch self {
            case .count: .number
            case .isEmpty, .contains, .hasPrefix, .hasSuffix: .bool
            case .uppercased, .lowercased: .text
            }
        }
        /// How Swift writes it: `count`, `contains(_:)`, `uppercased()`.
        var written: String { takesText ? "\(rawValue)(_:)" : isMethod ? "\(rawValue)()" : rawValue }
    }

    enum Conversion: String, Sendable, CaseIterable {
        /// A text as a whole number (nil if it is not one); a number without its fraction.
        case int = "Int"
        /// A text as a number (nil if it is not one); a number as it is.
        case double = "Double"
        /// Any value as a signal's value is written (``ExpressionValue/text``).
        case string = "String"
    }

    /// The value of the expression for `parameters`, counting its cost on `meter`.
    func value(_ parameters: [ExpressionValue], meter: inout ExpressionMeter) throws(ExpressionMeter.Stop) -> ExpressionValue {
        try meter.charge(1)
        switch self {
        case .literal(let value): return value
        case .parameter(let index): return parameters[index]
        case .not(let operand):
            return .bool(!(try operand.value(parameters, meter: &meter)).isTrue)
        case .negated(let operand):
            guard case .number(let number) = try operand.value(parameters, meter: &meter) else { return .none }
            return .number(-number)
        case .conditional(let condition, let then, let otherwise):
            return try (condition.value(parameters, meter: &meter).isTrue ? then : otherwise).value(parameters, meter: &meter)
        case .binary(let op, let left, let right):
            return try Self.apply(op, left, right, parameters, &meter)
        case .member(let member, let receiver, let argument):
            guard case .text(let text) = try receiver.value(parameters, meter: &meter) else { return .none }
            var other = ""
            if let argument, case .text(let given) = try argument.value(parameters, meter: &meter) { other = given }
            try meter.charge(text.utf8.count + other.utf8.count)
            switch member {
            case .count: return .number(Double(text.count))
            case .isEmpty: return .bool(text.isEmpty)
            case .contains: return .bool(TextSearch.contains(text, other))
            case .hasPrefix: return .bool(text.hasPrefix(other))
            case .hasSuffix: return .bool(text.hasSuffix(other))
            case .uppercased: return .text(try meter.made(text.uppercased()))
            case .lowercased: return .text(try meter.made(text.lowercased()))
            }
        case .conversion(let conversion, let operand):
            let value = try operand.value(parameters, meter: &meter)
            try meter.charge(value.textBytes)
            switch (conversion, value) {
            case (.string, _): return .text(try meter.made(value.text))
            case (.int, .text(let text)): return Int(text).map { .number(Double($0)) } ?? .none
            case (.int, .number(let number)): return .number(number.isFinite ? number.rounded(.towardZero) : number)
            case (.double, .text(let text)): return Double(text).map(ExpressionValue.number) ?? .none
            case (.double, .number): return value
            default: return .none
            }
        }
    }

    private static func apply(
        _ op: BinaryOperator, _ left: Expression, _ right: Expression, _ parameters: [ExpressionValue], _ meter: inout ExpressionMeter
    ) throws(ExpressionMeter.Stop) -> ExpressionValue {
        // The logical operators and ?? read their right side only when they need it, as Swift's do.
        switch op {
        case .and:
            guard try left.value(parameters, meter: &meter).isTrue else { return .bool(false) }
            return .bool(try right.value(parameters, meter: &meter).isTrue)
        case .or:
            if try left.value(parameters, meter: &meter).isTrue { return .bool(true) }
            return .bool(try right.value(parameters, meter: &meter).isTrue)
        case .orIfNil:
            let value = try left.value(parameters, meter: &meter)
            return value == .none ? try right.value(parameters, meter: &meter) : value
        default: break
        }
        let a = try left.value(parameters, meter: &meter), b = try right.value(parameters, meter: &meter)
        if case .text(let x) = a, case .text(let y) = b {
            try meter.charge(x.utf8.count + y.utf8.count)
            switch op {
            case .plus:
                try meter.check(x.utf8.count + y.utf8.count)
                return .text(x + y)
            case .less: return .bool(x < y)
            case .lessOrEqual: return .bool(x <= y)
            case .greater: return .bool(x > y)
            case .greaterOrEqual: return .bool(x >= y)
            default: break
            }
        }
        if case .number(let x) = a, case .number(let y) = b {
            switch op {
            case .plus: return .number(x + y)
            case .minus: return .number(x - y)
            case .times: return .number(x * y)
            case .divided: return .number(x / y)
            case .remainder: return .number(x.truncatingRemainder(dividingBy: y))
            case .less: return .bool(x < y)
            case .lessOrEqual: return .bool(x <= y)
            case .greater: return .bool(x > y)
            case .greaterOrEqual: return .bool(x >= y)
            default: break
            }
        }
        switch op {
        case .equal: return .bool(a == b)
        case .notEqual: return .bool(a != b)
        default: preconditionFailure("the parser checks the operands' types")
        }
    }
}

/// What a block's evaluation may cost, and what it has: a step for each node, and one for each byte
/// of a text an operator reads or makes. Past its steps, or making a text longer than a value may
/// be, evaluation stops (``Stop``).
struct ExpressionMeter {
    /// The steps left.
    private(set) var remaining: Int
    /// The most bytes a text made by an operator may have.
    let maximumTextBytes: Int

    /// Why an evaluation stopped.
    enum Stop: Error {
        /// It went past its steps.
        case steps
        /// It would have made a text of this many bytes.
        case text(bytes: Int)
    }

    mutating func charge(_ steps: Int) throws(Stop) {
        remaining -= steps
        if remaining < 0 { throw .steps }
    }

    /// Checks that a text of `bytes` bytes may be made, before it is made.
    func check(_ bytes: Int) throws(Stop) {
        if bytes > maximumTextBytes { throw .text(bytes: bytes) }
    }

    /// `text`, made by an operator whose result's length is not known before (`uppercased()`, whose
    /// result is at most a few times its receiver's): checked once made, and charged.
    mutating func made(_ text: String) throws(Stop) -> String {
        try check(text.utf8.count)
        try charge(text.utf8.count)
        return text
    }
}

/// Whether a text contains another, as Swift's `contains` on `String` says (by characters), in time
/// linear in their lengths (Knuth, Morris and Pratt), whatever the texts.
enum TextSearch {
    static func contains(_ text: String, _ part: String) -> Bool {
        let pattern = Array(part)
        guard !pattern.isEmpty else { return true }
        // The longest proper prefix of pattern[...i] that is also its suffix, for each i.
        var border = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for index in pattern.indices.dropFirst() {
            while length > 0, pattern[index] != pattern[length] { length = border[length - 1] }
            if pattern[index] == pattern[length] { length += 1 }
            border[index] = length
        }
        var matched = 0
        for character in text {
            while matched > 0, character != pattern[matched] { matched = border[matched - 1] }
            if character == pattern[matched] { matched += 1 }
            if matched == pattern.count { return true }
        }
        return false
    }
}
