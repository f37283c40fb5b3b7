/// What a block of an operator takes and gives: its parameters, in order, and the type its
/// expression must have. The operator table's pieces carry one (``OperatorPiece/block(_:)``); the
/// parser checks each block against it, and the documentation shows its example.
struct BlockSignature: Sendable {
    /// One parameter: what it is, in messages ("the value"), and its type.
    struct Parameter: Sendable {
        let meaning: String
        let type: ExpressionType
    }

    let parameters: [Parameter]
    /// The type the expression must have: `.bool` for a predicate; nil when any type will do (the
    /// value is made text, as ``ExpressionValue/text`` writes it).
    let result: ExpressionType?
    /// What the block is for, in messages: "a predicate".
    let what: String
    /// How the documentation writes it: `{ $0.hasPrefix("s") }`.
    let example: String

    /// A predicate of each value: `filter`, `takeWhile`, ...
    static func predicate(example: String = "{ $0.hasPrefix(\"s\") }") -> BlockSignature {
        BlockSignature(parameters: [.init(meaning: "the value", type: .text)], result: .bool, what: "a predicate", example: example)
    }

    /// What each value becomes: `map`.
    static let transform = BlockSignature(
        parameters: [.init(meaning: "the value", type: .text)], result: nil, what: "a block that makes each value",
        example: "{ $0.uppercased() }")

    /// The running text and a value (and the value's index from 0): `scan`, `aggregate`.
    static let accumulator = BlockSignature(
        parameters: [
            .init(meaning: "the running text", type: .text), .init(meaning: "the value", type: .text),
            .init(meaning: "the value's index from 0", type: .number),
        ],
        result: nil, what: "a block that makes the running text", example: "{ $0 + $1 }")

    /// Whether a value counts as the one before it: `distinctUntilChanged`.
    static let sameness = BlockSignature(
        parameters: [.init(meaning: "the value before", type: .text), .init(meaning: "the value", type: .text)],
        result: .bool, what: "a block that says whether two values are the same",
        example: "{ $0.lowercased() == $1.lowercased() }")

    /// The latest (or nth) values of `count` signals, in order: `combineLatest ... reduce`, `reduceEach`.
    static func reduction(of count: Int) -> BlockSignature {
        BlockSignature(
            parameters: (0..<count).map { .init(meaning: "the value of signal \($0 + 1)", type: .text) },
            result: nil, what: "a block that makes a value of the values", example: "{ $0 + \" \" + $1 }")
    }

    /// Its parameters, in a message: "$0 (the running text), $1 (the value) and $2 (...)".
    var parametersDescribed: String {
        let each = parameters.enumerated().map { "$\($0.offset) (\($0.element.meaning))" }
        guard each.count > 1 else { return each.first ?? "none" }
        return each.dropLast().joined(separator: ", ") + " and " + each.last!
    }
}

/// A block of a scenario file, parsed and checked against its signature: what it computes, and
/// which parameters it reads.
struct ExpressionBlock: Sendable {
    let expression: Expression
    /// The indexes of the parameters it reads.
    let parameters: Set<Int>

    /// Its value for `parameters`, within `meter`.
    func value(_ parameters: [ExpressionValue], meter: inout ExpressionMeter) throws(ExpressionMeter.Stop) -> ExpressionValue {
        try expression.value(parameters, meter: &meter)
    }
}
