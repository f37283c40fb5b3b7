/// Reads a block's tokens into an ``ExpressionBlock``, checking every operand's type against the
/// block's ``BlockSignature``: every error is at its column, saying what was expected.
///
/// The grammar is Swift's, with Swift's precedence, from the loosest: `? :`, `||`, `&&`, the
/// comparisons (which do not chain), `??`, `+ -`, `* / %`, the prefixes `!` and `-`, then members
/// (`.count`, `.contains(...)`) and the primaries (numbers, texts in double quotes, `true`, `false`,
/// `nil`, `$0`, `( )`, `Int(...)`, `Double(...)`, `String(...)`).
struct ExpressionParser {
    typealias Failure = ScenarioParser.Failure

    /// How deep a block's expression may nest: each operator, parenthesis and call is a level.
    /// It bounds the parser's and the evaluation's recursion, whatever the line.
    static let maximumDepth = 64

    private let tokens: [ExpressionLexer.Token]
    private let endColumn: Int
    private let signature: BlockSignature
    private var index = 0
    private var depth = 0
    private var used: Set<Int> = []

    /// An expression read so far, with its type, where it starts and how deep it is.
    private struct Typed {
        let expression: Expression
        let type: ExpressionType
        let column: Int
        let height: Int
    }

    /// The block `block`, written at `column`, read and checked against `signature`; `operatorName`
    /// names its operator in messages.
    static func parse(
        _ block: ExpressionLexer.Block, at column: Int, as signature: BlockSignature, for operatorName: String
    ) throws(Failure) -> ExpressionBlock {
        var parser = ExpressionParser(tokens: block.tokens, endColumn: block.endColumn, signature: signature)
        guard !block.tokens.isEmpty else {
            throw Failure(column: column, message: "expected \(signature.what) such as \(signature.example), found an empty block; "
                + "'{}' stands for the value only inside a template in double quotes, such as map \"<{}>\"")
        }
        let typed = try parser.conditional()
        guard parser.current == nil else { throw parser.fail("expected the end of the block") }
        if let result = signature.result, typed.type != result {
            throw Failure(column: column, message: "\(operatorName)'s block gives \(result.described), and this one gives "
                + "\(typed.type.described)" + Self.hint(from: typed.type, to: result))
        }
        return ExpressionBlock(expression: typed.expression, parameters: parser.used)
    }

    private init(tokens: [ExpressionLexer.Token], endColumn: Int, signature: BlockSignature) {
        self.tokens = tokens
        self.endColumn = endColumn
        self.signature = signature
    }

    // MARK: Tokens

    private var current: ExpressionLexer.Token? { index < tokens.count ? tokens[index] : nil }
    private var column: Int { current?.column ?? endColumn }

    private func fail(_ message: String) -> Failure {
        Failure(column: column, message: message + ", found "
            + (current.map { "'\(ScenarioParser.shortened($0.text))'" } ?? "the end of the block"))
    }

    private mutating func accept(_ symbol: String) -> Bool {
        guard current?.kind == .symbol(symbol) else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ symbol: String, _ why: String = "") throws(Failure) {
        guard accept(symbol) else { throw fail("expected '\(symbol)'" + why) }
    }

    /// The operator at the cursor, if it is one of `operators`; the cursor moves past it.
    private mutating func binary(_ operators: [Expression.BinaryOperator]) -> (Expression.BinaryOperator, Int)? {
        guard case .symbol(let symbol)? = current?.kind, let op = operators.first(where: { $0.rawValue == symbol }) else { return nil }
        let column = self.column
        index += 1
        return (op, column)
    }

    /// Enters one level of nesting at `column`.
    private mutating func enter(at column: Int) throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw Failure(column: column, message: "a block's expression may nest at most \(Self.maximumDepth) levels deep")
        }
    }

    private func node(_ expression: Expression, _ type: ExpressionType, at column: Int, over parts: [Typed]) throws(Failure) -> Typed {
        let height = (parts.map(\.height).max() ?? 0) + 1
        guard height <= Self.maximumDepth else {
            throw Failure(column: column, message: "a block's expression may nest at most \(Self.maximumDepth) levels deep")
        }
        return Typed(expression: expression, type: type, column: parts.first?.column ?? column, height: height)
    }

    // MARK: Grammar, loosest first

    private mutating func conditional() throws(Failure) -> Typed {
        let condition = try or()
        guard current?.kind == .symbol("?") else { return condition }
        let column = self.column
        index += 1
        try requireBool(condition, for: "'? :'", at: column)
        try enter(at: column)
        let then = try conditional()
        try expect(":", ": a condition ? its value when true : its value when false")
        let otherwise = try conditional()
        depth -= 1
        guard let type = then.type.joined(with: otherwise.type) else {
            throw Failure(column: column, message: "the two values of '? :' are of one type, and here one is "
                + "\(then.type.described) and the other \(otherwise.type.described)")
        }
        return try node(.conditional(condition.expression, then.expression, otherwise.expression), type, at: column,
                        over: [condition, then, otherwise])
    }

    private mutating func or() throws(Failure) -> Typed {
        var left = try and()
        while let (op, column) = binary([.or]) {
            let right = try and()
            try requireBool(left, for: "'||'", at: column)
            try requireBool(right, for: "'||'", at: column)
            left = try node(.binary(op, left.expression, right.expression), .bool, at: column, over: [left, right])
        }
        return left
    }

    private mutating func and() throws(Failure) -> Typed {
        var left = try comparison()
        while let (op, column) = binary([.and]) {
            let right = try comparison()
            try requireBool(left, for: "'&&'", at: column)
            try requireBool(right, for: "'&&'", at: column)
            left = try node(.binary(op, left.expression, right.expression), .bool, at: column, over: [left, right])
        }
        return left
    }

    private static let comparisons: [Expression.BinaryOperator] = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]

    private mutating func comparison() throws(Failure) -> Typed {
        let left = try nilCoalescing()
        guard let (op, column) = binary(Self.comparisons) else { return left }
        let right = try nilCoalescing()
        if op == .equal || op == .notEqual {
            guard left.type.joined(with: right.type) != nil else {
                throw Failure(column: column, message: "'\(op.rawValue)' compares two values of one type, and this compares "
                    + "\(left.type.described) with \(right.type.described)" + Self.numberHint(left.type, right.type))
            }
        } else {
            guard left.type == right.type, left.type == .number || left.type == .text else {
                throw Failure(column: column, message: "'\(op.rawValue)' compares two numbers or two texts, and this compares "
                    + "\(left.type.described) with \(right.type.described)" + Self.numberHint(left.type, right.type))
            }
        }
        if let (next, nextColumn) = binary(Self.comparisons) {
            throw Failure(column: nextColumn, message: "comparisons do not chain: write a \(op.rawValue) b && b \(next.rawValue) c")
        }
        return try node(.binary(op, left.expression, right.expression), .bool, at: column, over: [left, right])
    }

    private mutating func nilCoalescing() throws(Failure) -> Typed {
        let left = try additive()
        guard let (op, column) = binary([.orIfNil]) else { return left }
        try enter(at: column)
        let right = try nilCoalescing()
        depth -= 1
        guard left.type.mayBeNil else {
            throw Failure(column: column, message: "'??' gives a value for nil, and its left side, \(left.type.described), is never nil")
        }
        guard let type = left.type.joined(with: right.type) else {
            throw Failure(column: column, message: "'??' gives a number for nil, and its right side is \(right.type.described)")
        }
        return try node(.binary(op, left.expression, right.expression), right.type.mayBeNil ? type : .number, at: column,
                        over: [left, right])
    }

    private mutating func additive() throws(Failure) -> Typed {
        var left = try multiplicative()
        while let (op, column) = binary([.plus, .minus]) {
            let right = try multiplicative()
            left = try arithmetic(op, left, right, at: column)
        }
        return left
    }

    private mutating func multiplicative() throws(Failure) -> Typed {
        var left = try prefixed()
        while let (op, column) = binary([.times, .divided, .remainder]) {
            let right = try prefixed()
            left = try arithmetic(op, left, right, at: column)
        }
        return left
    }

    private func arithmetic(_ op: Expression.BinaryOperator, _ left: Typed, _ right: Typed, at column: Int) throws(Failure) -> Typed {
        if op == .plus, left.type == .text, right.type == .text {
            return try node(.binary(op, left.expression, right.expression), .text, at: column, over: [left, right])
        }
        guard left.type == .number, right.type == .number else {
            let what = op == .plus ? "two numbers or two texts" : "two numbers"
            throw Failure(column: column, message: "'\(op.rawValue)' takes \(what), and here it has \(left.type.described) and "
                + "\(right.type.described)" + Self.numberHint(left.type, right.type))
        }
        return try node(.binary(op, left.expression, right.expression), .number, at: column, over: [left, right])
    }

    private mutating func prefixed() throws(Failure) -> Typed {
        let column = self.column
        if accept("!") {
            try enter(at: column)
            let operand = try prefixed()
            depth -= 1
            try requireBool(operand, for: "'!'", at: column)
            return try node(.not(operand.expression), .bool, at: column, over: [operand])
        }
        if accept("-") {
            try enter(at: column)
            let operand = try prefixed()
            depth -= 1
            guard operand.type == .number else {
                throw Failure(column: column, message: "'-' takes a number, and this is \(operand.type.described)"
                    + Self.numberHint(operand.type, .number))
            }
            return try node(.negated(operand.expression), .number, at: column, over: [operand])
        }
        return try members()
    }

    private mutating func members() throws(Failure) -> Typed {
        var receiver = try primary()
        while current?.kind == .symbol(".") {
            index += 1
            let column = self.column
            guard case .word(let name)? = current?.kind else { throw fail("expected a member of a text, such as count") }
            let listed = Expression.TextMember.allCases.map(\.written)
            guard let member = Expression.TextMember(rawValue: name) else {
                throw Failure(column: column, message: "'\(ScenarioParser.shortened(name))' is not a member of a text; a text has "
                    + ScenarioParser.listed(listed, joinedBy: "and"))
            }
            guard receiver.type == .text else {
                throw Failure(column: column, message: "'\(name)' is a member of a text, and this is \(receiver.type.described)"
                    + (receiver.type == .number ? ": String(...) makes a number a text" : ""))
            }
            index += 1
            var argument: Typed?
            if member.isMethod {
                try expect("(", ": \(name) is called, \(member.written.replacing("_:", with: "\"text\""))")
                if member.takesText {
                    try enter(at: column)
                    let given = try conditional()
                    depth -= 1
                    guard given.type == .text else {
                        throw Failure(column: given.column, message: "\(name) takes a text, and this is \(given.type.described)")
                    }
                    argument = given
                }
                try expect(")")
            } else if current?.kind == .symbol("(") {
                throw fail("\(name) is read, not called: write .\(name)")
            }
            receiver = try node(.member(member, receiver.expression, argument: argument?.expression), member.type,
                                at: column, over: [receiver] + (argument.map { [$0] } ?? []))
        }
        return receiver
    }

    private mutating func primary() throws(Failure) -> Typed {
        let column = self.column
        guard let token = current else { throw fail("expected a value") }
        switch token.kind {
        case .number(let number):
            index += 1
            return Typed(expression: .literal(.number(number)), type: .number, column: column, height: 1)
        case .string(let text):
            index += 1
            return Typed(expression: .literal(.text(text)), type: .text, column: column, height: 1)
        case .parameter(let number):
            guard number < signature.parameters.count else {
                throw Failure(column: column, message: "$\(number) is not a parameter of this block: it has \(signature.parametersDescribed)")
            }
            index += 1
            used.insert(number)
            return Typed(expression: .parameter(number), type: signature.parameters[number].type, column: column, height: 1)
        case .symbol("("):
            index += 1
            try enter(at: column)
            let inner = try conditional()
            depth -= 1
            try expect(")")
            return inner
        case .word("true"), .word("false"):
            index += 1
            return Typed(expression: .literal(.bool(token.text == "true")), type: .bool, column: column, height: 1)
        case .word("nil"):
            index += 1
            return Typed(expression: .literal(.none), type: .none, column: column, height: 1)
        case .word(let word):
            guard let conversion = Expression.Conversion(rawValue: word) else {
                throw Failure(column: column, message: "'\(ScenarioParser.shortened(word))' is not known in a block: a block reads "
                    + "\(signature.parametersDescribed), numbers, texts in double quotes, true, false, nil, Int(...), Double(...) "
                    + "and String(...)")
            }
            index += 1
            try expect("(", ": \(word)(...) is called with a value")
            try enter(at: column)
            let operand = try conditional()
            depth -= 1
            try expect(")")
            let type: ExpressionType
            switch (conversion, operand.type) {
            case (.string, _): type = .text
            case (_, .text): type = .optionalNumber
            case (_, .number): type = .number
            default:
                throw Failure(column: operand.column, message: "\(word)(...) takes a text or a number, and this is \(operand.type.described)")
            }
            return try node(.conversion(conversion, operand.expression), type, at: column, over: [operand])
        default:
            throw fail("expected a value: \(signature.parametersDescribed), a number, a text in double quotes, true, false, nil or '('")
        }
    }

    // MARK: Types

    private func requireBool(_ operand: Typed, for op: String, at column: Int) throws(Failure) {
        guard operand.type != .bool else { return }
        throw Failure(column: column, message: "\(op) takes Booleans, and this is \(operand.type.described)"
            + Self.hint(from: operand.type, to: .bool))
    }

    /// How to make a value of type `from` one of type `to`, in a message.
    private static func hint(from: ExpressionType, to: ExpressionType) -> String {
        switch (from, to) {
        case (.text, .bool): ": compare it, such as $0 == \"true\", or ask it, such as $0.isEmpty"
        case (.number, .bool), (.optionalNumber, .bool): ": compare it, such as $0.count > 0"
        default: ""
        }
    }

    /// How to read a text as a number, when one side is a text and the other a number.
    private static func numberHint(_ a: ExpressionType, _ b: ExpressionType) -> String {
        let types: Set<ExpressionType> = [a, b]
        if types.contains(.text), types.contains(.number) || types.contains(.optionalNumber) {
            return ": every value is a text, and Int($0) ?? 0 reads one as a number"
        }
        if types.contains(.optionalNumber) {
            return ": Int(...) is nil when the text is not a number; give a number for nil with ??, such as Int($0) ?? 0"
        }
        return ""
    }
}
