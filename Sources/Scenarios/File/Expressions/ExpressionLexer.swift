/// Reads a block of a scenario file, `{ $0.count > 2 }`, into its tokens: numbers, strings in double
/// quotes (with the escapes of the file's strings), words, parameters (`$0`) and the operators
/// of ``Expression``. The block ends at its `}`, on the same line.
enum ExpressionLexer {
    /// A block's tokens, and where it ends.
    struct Block: Equatable, Sendable {
        let tokens: [Token]
        /// The column of its closing `}`: where "expected ..., found the end of the block" points.
        let endColumn: Int
    }

    /// One token of a block.
    struct Token: Equatable, Sendable {
        enum Kind: Equatable, Sendable {
            case number(Double)
            case string(String)
            case word(String)
            /// `$0`, `$1`, ...
            case parameter(Int)
            case symbol(String)
        }

        let kind: Kind
        /// The 1-based column of its first character in the line.
        let column: Int
        /// Its text as written, for messages.
        let text: String
    }

    /// The symbols of two characters, read before those of one.
    static let pairs: Set<String> = ["==", "!=", "<=", ">=", "&&", "||", "??"]
    /// The symbols of one character.
    static let singles: Set<Character> = ["<", ">", "!", "?", ":", "+", "-", "*", "/", "%", "(", ")", ".", ","]

    /// The block that starts with the `{` at `index`; `index` moves past its `}`.
    static func block(in characters: [Character], at index: inout Int) throws(ScenarioLexer.Failure) -> Block {
        typealias Failure = ScenarioLexer.Failure
        let opening = index + 1
        var tokens: [Token] = []
        index += 1
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            if character == " " || character == "\t" || character == "\r" {
                index += 1
            } else if character == "}" {
                index += 1
                return Block(tokens: tokens, endColumn: column)
            } else if character == "\"" {
                let value = try ScenarioLexer.string(in: characters, at: &index)
                tokens.append(Token(kind: .string(value), column: column, text: String(characters[(column - 1)..<index])))
            } else if ScenarioLexer.startsNumber(characters, at: index) {
                let text = try ScenarioLexer.number(in: characters, at: &index)
                tokens.append(Token(kind: .number(Double(text)!), column: column, text: text))
            } else if character == "$" {
                var end = index + 1
                while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
                guard end > index + 1, end - index - 1 <= 4, let number = Int(String(characters[(index + 1)..<end])) else {
                    throw Failure(column: column, message: "expected a parameter such as $0, $1: '$' and the parameter's number")
                }
                tokens.append(Token(kind: .parameter(number), column: column, text: String(characters[index..<end])))
                index = end
            } else if character.isLetter || character == "_" {
                var end = index
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
                let text = String(characters[index..<end])
                tokens.append(Token(kind: .word(text), column: column, text: text))
                index = end
            } else if index + 1 < characters.count, pairs.contains(String(characters[index...(index + 1)])) {
                let text = String(characters[index...(index + 1)])
                tokens.append(Token(kind: .symbol(text), column: column, text: text))
                index += 2
            } else if singles.contains(character) {
                tokens.append(Token(kind: .symbol(String(character)), column: column, text: String(character)))
                index += 1
            } else {
                throw Failure(column: column, message: unexpected(character))
            }
        }
        throw Failure(column: opening, message: "this block is not closed: expected a '}' before the end of the line")
    }

    /// Why `character` cannot be in a block, and what was most likely meant.
    private static func unexpected(_ character: Character) -> String {
        switch character {
        case "=": "a block compares with '==' ('=' would assign, which a block cannot)"
        case "&": "'&&' is and: write two '&'"
        case "|": "'||' is or: write two '|' (a block ends at its '}', not at a '|')"
        case "{": "a block cannot hold another block"
        default: "unexpected '\(ScenarioParser.shortened(String(character)))' in a block"
        }
    }
}
