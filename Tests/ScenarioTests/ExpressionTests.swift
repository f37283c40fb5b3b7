@testable import Scenarios
import Testing
import Tracer

/// The values `map { expression }` makes of `values`, sent one a second by a cold signal.
private func mapped(_ expression: String, _ values: [String]) throws -> [String] {
    try run("map { \(expression) }", values)
}

/// The values a pipeline of `operators` after a cold signal of `values` (one a second) sends.
private func run(_ operators: String, _ values: [String]) throws -> [String] {
    let events = values.enumerated().map { "+\($0.offset + 1) next \"\($0.element)\"" } + ["+\(values.count + 1) completed"]
    let file = try parse("""
        cold c: \(events.joined(separator: ", "))
        let p = c | \(operators)
        subscribe "S" to p
        """)
    let trace = try file.scenario(named: "blocks").trace(maximumEvents: 100_000)
    return deliveries(trace, label: "S").compactMap { delivery in
        guard delivery.hasPrefix("next(") else { return nil }
        return String(delivery.dropFirst(5).prefix { $0 != "@" }.dropLast())
    }
}

@Suite("Blocks: a small, total expression language over the values, read as Swift closures")
struct ExpressionTests {
    @Test("arithmetic has Swift's precedence and associativity; numbers are written whole without a point",
          arguments: [
            ("1 + 2 * 3", "7"), ("(1 + 2) * 3", "9"), ("7 / 2", "3.5"), ("7 % 3", "1"), ("2 - 3 - 4", "-5"),
            ("-$0.count", "-3"), ("1 / 0", "inf"), ("0.1 + 0.2", "0.30000000000000004"), ("--2", "2"),
          ])
    func arithmetic(expression: String, expected: String) throws {
        #expect(try mapped(expression, ["abc"]) == [expected])
    }

    @Test("texts have Swift's String members, counted in characters", arguments: [
        ("$0.uppercased()", "HÉLLO"), ("$0.lowercased()", "héllo"), ("$0 + \"!\"", "héllo!"), ("$0.count", "5"),
        ("$0.contains(\"ll\")", "true"), ("$0.contains(\"e\")", "false"), ("$0.hasPrefix(\"hé\")", "true"),
        ("$0.hasSuffix(\"lo\")", "true"), ("$0.isEmpty", "false"), ("\"a\" < $0", "true"), ("$0 == \"héllo\"", "true"),
        ("$0.contains(\"\")", "true"),
    ])
    func texts(expression: String, expected: String) throws {
        #expect(try mapped(expression, ["héllo"]) == [expected])
    }

    @Test("contains finds a text inside another as Swift does, and in linear time on repetitive texts")
    func contains() throws {
        #expect(TextSearch.contains("aaab", "aab"))
        #expect(TextSearch.contains("abababc", "ababc"))
        #expect(!TextSearch.contains("abababa", "ababc"))
        #expect(!TextSearch.contains("ab", "abc"))
        #expect(TextSearch.contains("x", ""))
        // By characters, as Swift's: "e" is not in "é".
        #expect(!TextSearch.contains("café", "e"))
        #expect(TextSearch.contains(String(repeating: "a", count: 60_000) + "b", String(repeating: "a", count: 30_000) + "b"))
    }

    @Test("Int and Double read a text as a number, nil when it is not one; ?? gives a number for nil; String writes any value",
          arguments: [
            ("Int($0) ?? -1", ["42", "x", "4.5"], ["42", "-1", "-1"]),
            ("Double($0) ?? 0", ["4.5", "x"], ["4.5", "0"]),
            ("Int($0)", ["7", "x"], ["7", "nil"]),
            ("Int($0) == nil", ["7", "x"], ["false", "true"]),
            ("String($0.count) + \"x\"", ["ab"], ["2x"]),
            ("Int(Double($0) ?? 0)", ["-2.7"], ["-2"]),
            ("(Int($0) ?? 0) > 3 ? \"big\" : \"small\"", ["5", "1"], ["big", "small"]),
            ("Int($0) ?? 0 > 3", ["5", "1"], ["true", "false"]),
          ])
    func conversions(expression: String, values: [String], expected: [String]) throws {
        #expect(try mapped(expression, values) == expected)
    }

    @Test("&& binds tighter than ||, ! than both; a conditional is the loosest")
    func logic() throws {
        #expect(try mapped("!$0.isEmpty && $0.count < 3 || $0 == \"long\"", ["ab", "abcd", "long", ""])
                == ["true", "false", "true", "false"])
        #expect(try mapped("$0 == \"a\" ? \"yes\" : $0 == \"b\" ? \"bee\" : \"no\"", ["a", "b", "c"]) == ["yes", "bee", "no"])
        #expect(try mapped("true || false && false", ["a"]) == ["true"])
    }

    @Test("every error is at its line and column, saying what was expected", arguments: [
        ("map { $0 > 3 }", 22, "'>' compares two numbers or two texts, and this compares a text with a number: every value is a text, and Int($0) ?? 0 reads one as a number"),
        ("filter { $0 }", 20, "filter's block gives a Boolean, and this one gives a text: compare it, such as $0 == \"true\", or ask it, such as $0.isEmpty"),
        ("filter { $0.lenght > 2 }", 25, "'lenght' is not a member of a text; a text has count, isEmpty, contains(_:), hasPrefix(_:), hasSuffix(_:), uppercased() and lowercased()"),
        ("map { $1 }", 19, "$1 is not a parameter of this block: it has $0 (the value)"),
        ("map {}", 17, "expected a block that makes each value such as { $0.uppercased() }, found an empty block; '{}' stands for the value only inside a template in double quotes, such as map \"<{}>\""),
        ("map { $0 = \"a\" }", 22, "a block compares with '==' ('=' would assign, which a block cannot)"),
        ("map { $0 | \"a\" }", 22, "'||' is or: write two '|' (a block ends at its '}', not at a '|')"),
        ("map { $0.count", 17, "this block is not closed: expected a '}' before the end of the line"),
        ("map { $0.uppercased }", 33, "expected '(': uppercased is called, uppercased(), found the end of the block"),
        ("map { $0.count() }", 27, "count is read, not called: write .count, found '('"),
        ("map { value }", 19, "'value' is not known in a block: a block reads $0 (the value), numbers, texts in double quotes, true, false, nil, Int(...), Double(...) and String(...)"),
        ("map { 1 < 2 < 3 }", 25, "comparisons do not chain: write a < b && b < c"),
        ("map { true ? \"a\" : 1 }", 24, "the two values of '? :' are of one type, and here one is a text and the other a number"),
        ("map { $0 ?? \"x\" }", 22, "'??' gives a value for nil, and its left side, a text, is never nil"),
        ("map { $0 && true }", 22, "'&&' takes Booleans, and this is a text: compare it"),
        ("map { Int($0) > 3 }", 27, "'>' compares two numbers or two texts, and this compares a number or nil with a number: Int(...) is nil when the text is not a number; give a number for nil with ??, such as Int($0) ?? 0"),
        ("map { $0.count.count }", 28, "'count' is a member of a text, and this is a number: String(...) makes a number a text"),
        ("map { $0 } extra", 24, "expected the end of the line, found 'extra'"),
        ("map { $0 $0 }", 22, "expected the end of the block, found '$0'"),
        ("map { $ }", 19, "expected a parameter such as $0, $1"),
        ("map { 1e3 }", 19, "exponents are not supported"),
        ("takeUntil { $0 }", 23, "takeUntil's block gives a Boolean, and this one gives a text"),
        ("scan \"\" { $3 }", 23, "$3 is not a parameter of this block: it has $0 (the running text), $1 (the value) and $2 (the value's index from 0)"),
        ("and", 13, "and takes the values of each combination of a combineLatest or zip source, so it comes right after one: let both = combineLatest a, b | and"),
        ("reduceEach { $0 }", 13, "reduceEach takes the values of each combination of a combineLatest or zip source, so it comes right after one: let both = combineLatest a, b | reduceEach { $0 + \" \" + $1 }"),
    ])
    func errors(operators: String, column: Int, message: String) {
        expectRefused("cold c: +1 next \"a\"\nlet p = c | \(operators)", line: 2, column: column, message: message)
    }

    @Test("an expression nests at most 64 levels deep: parentheses, prefixes and operators all count")
    func depth() {
        let limit = ExpressionParser.maximumDepth
        let message = "a block's expression may nest at most 64 levels deep"
        let within = String(repeating: "(", count: limit - 1) + "$0" + String(repeating: ")", count: limit - 1)
        #expect(throws: Never.self) { try parse("cold c: +1 next \"a\"\nlet p = c | map { \(within) }") }
        let over = String(repeating: "(", count: limit + 1) + "$0" + String(repeating: ")", count: limit + 1)
        expectRefused("cold c: +1 next \"a\"\nlet p = c | map { \(over) }", line: 2, column: 19 + limit, message: message)
        // 65 terms make a chain 65 deep: refused at its 64th '+'.
        let chain = Array(repeating: "$0", count: limit + 1).joined(separator: " + ")
        expectRefused("cold c: +1 next \"a\"\nlet p = c | map { \(chain) }", line: 2, column: 19 + 5 * (limit - 1) + 3, message: message)
        // 10,000 characters of '!' and '(' are refused as quickly, without deep recursion.
        let deep = String(repeating: "!(", count: 4_900)
        expectRefused("cold c: +1 next \"a\"\nlet p = c | filter { \(deep) }", line: 2, column: 22 + limit, message: message)
    }
}
