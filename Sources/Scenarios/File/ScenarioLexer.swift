import Reactive

/// One token of a scenario file line.
struct Token: Equatable {
    enum Kind: Equatable {
        case word(String)
        case string(String)
        case number(Double)
        case symbol(Character)
        /// `{ $0.count > 2 }`: a block's expression, read into its tokens.
        case block(ExpressionLexer.Block)
    }

    let kind: Kind
    /// The 1-based column of its first character.
    let column: Int
    /// Its text as written, for messages.
    let text: String

    var word: String? {
        if case .word(let word) = kind { return word }
        return nil
    }
}

/// Splits one line of a scenario file into tokens: words, numbers, strings
/// in double quotes (with `\"`, `\\`, `\n`, `\t` and `\u{...}` escapes) and the
/// symbols `= | , : + ( )`, and `.` between two words (`save.executing`). A `#` outside a string
/// starts a comment.
struct ScenarioLexer {
    /// The longest line the parser accepts, in characters.
    static let maximumLineLength = 10_000
    /// The longest line the parser accepts, in bytes of UTF-8: four per character of
    /// ``maximumLineLength``. Both are counted, because a character may be any number of bytes
    /// (an `a` and four million combining accents is one character and 8 MB).
    static let maximumLineBytes = 4 * maximumLineLength

    struct Failure: Error {
        let column: Int
        let message: String
    }

    /// The tokens of one line (without its line break).
    static func tokens(of line: String) throws(Failure) -> [Token] {
        try tokens(of: line[...])
    }

    /// The lines of a scenario file's text, without their line breaks: a line ends at "\n" or
    /// "\r\n" (a lone "\r" is whitespace inside a line). The breaks are found in the UTF-8 bytes:
    /// Swift makes "\r\n" one Character, so splitting the Characters at "\n" misses every CRLF.
    /// They are found one at a time, as the lines are read.
    static func lines(of text: String) -> Lines { Lines(text: text) }

    /// Line `number` (1-based) of `text` as ``lines(of:)`` reads it, or "" past the last line:
    /// one pass over the lines before it, for an error found after parsing.
    static func line(_ number: Int, of text: String) -> Substring {
        var lines = Self.lines(of: text)
        for _ in 1..<max(number, 1) { _ = lines.next() }
        return lines.next() ?? ""
    }

    /// The longest part of `line` made of whole Unicode scalars within ``maximumLineBytes`` bytes:
    /// what is read of a line, and what an error about a longer one shows.
    static func limited(_ line: Substring) -> Substring {
        line.prefix(utf8Bytes: maximumLineBytes)
    }

    /// The lines of a text: see ``lines(of:)``.
    struct Lines: Sequence, IteratorProtocol {
        let text: String
        /// Where the next line starts; nil after the last one.
        private var lineStart: String.Index?

        init(text: String) {
            self.text = text
            lineStart = text.startIndex
        }

        mutating func next() -> Substring? {
            guard let start = lineStart else { return nil }
            let utf8 = text.utf8
            let newline = utf8[start...].firstIndex(of: UInt8(ascii: "\n"))
            var lineEnd = newline ?? text.endIndex
            if newline != nil, lineEnd > start, utf8[utf8.index(before: lineEnd)] == UInt8(ascii: "\r") {
                lineEnd = utf8.index(before: lineEnd)
            }
            lineStart = newline.map { utf8.index(after: $0) }
            return text[start..<lineEnd]
        }
    }

    /// The tokens of one line (without its line break), such as one of ``lines(of:)``.
    static func tokens(of line: Substring) throws(Failure) -> [Token] {
        // The length is checked before the line becomes an array of Characters (16 bytes each), and
        // without reading past the limits: a line of 60 MB must not take a gigabyte. A line of at
        // most that many UTF-8 bytes has at most that many characters.
        if line.utf8.count > maximumLineLength {
            let within = limited(line)
            var count = 0
            for _ in within {
                count += 1
                guard count <= maximumLineLength else {
                    throw Failure(column: maximumLineLength + 1, message: "a line may have at most \(maximumLineLength) characters")
                }
            }
            if within.utf8.count < line.utf8.count {
                throw Failure(column: count + 1, message: "a line may have at most \(maximumLineBytes) bytes of UTF-8")
            }
        }
        let characters = Array(line)
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            if character == " " || character == "\t" || character == "\r" {
                index += 1
            } else if character == "#" {
                break
            } else if character == "\"" {
                let value = try string(in: characters, at: &index)
                tokens.append(Token(kind: .string(value), column: column, text: String(characters[(column - 1)..<index])))
            } else if startsNumber(characters, at: index) {
                let text = try number(in: characters, at: &index)
                tokens.append(Token(kind: .number(Double(text)!), column: column, text: text))
            } else if character == "{" {
                guard !tokens.isEmpty else {
                    throw Failure(column: column, message: "a statement cannot start with '{': a block, such as { $0.count > 2 }, "
                        + "goes after an operator that takes one, such as filter")
                }
                let block = try ExpressionLexer.block(in: characters, at: &index)
                tokens.append(Token(kind: .block(block), column: column, text: String(characters[(column - 1)..<index])))
            } else if character.isLetter || character == "_" {
                var end = index
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" || characters[end] == "-" {
                    end += 1
                }
                let text = String(characters[index..<end])
                tokens.append(Token(kind: .word(text), column: column, text: text))
                index = end
                // `save.executing`: a point between two words, without spaces, is a symbol; any other
                // point outside a number or a string is still refused.
                if index + 1 < characters.count, characters[index] == ".",
                   characters[index + 1].isLetter || characters[index + 1] == "_" {
                    tokens.append(Token(kind: .symbol("."), column: index + 1, text: "."))
                    index += 1
                }
            } else if "=|,:+()".contains(character) {
                tokens.append(Token(kind: .symbol(character), column: column, text: String(character)))
                index += 1
            } else {
                throw Failure(column: column, message: "unexpected '\(ScenarioParser.shortened(String(character)))'")
            }
        }
        return tokens
    }

    /// Whether a number starts at `index`: a digit, or a point before one.
    static func startsNumber(_ characters: [Character], at index: Int) -> Bool {
        let character = characters[index]
        return character.isNumber && character.isASCII
            || (character == "." && index + 1 < characters.count && characters[index + 1].isASCII && characters[index + 1].isNumber)
    }

    /// The text of the number that starts at `index` (see ``startsNumber(_:at:)``): digits with at most one
    /// point, and no exponent. `index` moves past it.
    static func number(in characters: [Character], at index: inout Int) throws(Failure) -> String {
        let column = index + 1
        var end = index
        while end < characters.count, characters[end].isASCII, characters[end].isNumber || characters[end] == "." { end += 1 }
        let text = String(characters[index..<end])
        // `1e308` reads as the number 1 and the word e308 otherwise: say what is wrong.
        if end < characters.count, characters[end] == "e" || characters[end] == "E" {
            var digit = end + 1
            if digit < characters.count, characters[digit] == "+" || characters[digit] == "-" { digit += 1 }
            if digit < characters.count, characters[digit].isASCII, characters[digit].isNumber {
                throw Failure(column: column, message: "exponents are not supported: write the number with digits and at most one point, such as 0.001")
            }
        }
        guard let value = Double(text), value.isFinite, text.count <= 20 else {
            throw Failure(column: column, message: "'\(ScenarioParser.shortened(text))' is not a number")
        }
        index = end
        return text
    }

    /// The value of the string in double quotes that starts at `index`, with its escapes read;
    /// `index` moves past its closing quote.
    static func string(in characters: [Character], at index: inout Int) throws(Failure) -> String {
        let column = index + 1
        var value = ""
        index += 1
        while index < characters.count {
            let next = characters[index]
            if next == "\"" {
                index += 1
                return value
            }
            if next == "\\" {
                guard index + 1 < characters.count else { break }
                let escaped = characters[index + 1]
                switch escaped {
                case "\"": value.append("\"")
                case "\\": value.append("\\")
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "u":
                    guard index + 2 < characters.count, characters[index + 2] == "{",
                          let end = characters[(index + 3)...].firstIndex(of: "}"),
                          let code = UInt32(String(characters[(index + 3)..<end]), radix: 16),
                          let scalar = Unicode.Scalar(code) else {
                        throw Failure(column: index + 1, message: "expected a Unicode escape like \\u{1F600}")
                    }
                    value.unicodeScalars.append(scalar)
                    index = end - 1
                default:
                    throw Failure(column: index + 1, message: "unknown escape '\\\(ScenarioParser.shortened(String(escaped)))' in a string; use \\\" \\\\ \\n \\t or \\u{...}")
                }
                index += 2
                continue
            }
            if let ascii = next.asciiValue, ascii < 0x20 {
                throw Failure(column: index + 1, message: "a control character in a string; write it as \\u{\(String(ascii, radix: 16))}")
            }
            value.append(next)
            index += 1
        }
        throw Failure(column: column, message: "this string is not closed: expected a '\"' before the end of the line")
    }
}
