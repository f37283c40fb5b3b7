/// Reads JSON text from UTF-8 bytes, one token at a time, and reports the
/// first problem with its byte offset. It never traps on bad input.
struct JSONScanner: ~Copyable {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var offset = 0
    /// How deep ``skipValue()`` may nest before it gives up.
    static let maximumDepth = 512

    init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    struct Failure: Error {
        let offset: Int
        let message: String
    }

    func fail(_ message: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? self.offset, message: message)
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// Whether `byte` is JSON's whitespace: space, line feed, carriage return or tab.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    mutating func skipWhitespace() {
        while offset < bytes.count, Self.isWhitespace(bytes[offset]) { offset += 1 }
    }

    /// The next significant byte, after whitespace; `nil` at the end.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return offset < bytes.count ? bytes[offset] : nil
    }

    /// A short description of what is at the current offset, for messages.
    mutating func found() -> String {
        guard let byte = peek() else { return "the end of the file" }
        switch byte {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard peek() == byte else { throw fail("expected \(what), found \(found())") }
        offset += 1
    }

    // MARK: Containers

    mutating func beginObject() throws(Failure) { try expect(UInt8(ascii: "{"), "an object") }

    /// The next key of the object being read, with the offsets of the key and
    /// of its value, or `nil` at its closing brace. `first` tells whether a comma is due.
    mutating func nextKey(first: inout Bool) throws(Failure) -> (key: String, keyOffset: Int, offset: Int)? {
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return nil
        }
        if !first { try expect(UInt8(ascii: ","), "',' or '}'") }
        first = false
        guard peek() == UInt8(ascii: "\"") else { throw fail("expected a field name in quotes, found \(found())") }
        let keyOffset = offset
        let key = try string()
        try expect(UInt8(ascii: ":"), "':' after the field name")
        skipWhitespace()
        return (key, keyOffset, offset)
    }

    mutating func beginArray() throws(Failure) { try expect(UInt8(ascii: "["), "an array") }

    /// Whether another element follows in the array being read; consumes the comma or closing bracket.
    mutating func nextElement(first: inout Bool) throws(Failure) -> Bool {
        if peek() == UInt8(ascii: "]") {
            offset += 1
            return false
        }
        if !first { try expect(UInt8(ascii: ","), "',' or ']'") }
        first = false
        skipWhitespace()
        return true
    }

    /// Fails unless only whitespace is left.
    mutating func expectEnd() throws(Failure) {
        guard peek() == nil else { throw fail("unexpected \(found()) after the end of the document") }
    }

    // MARK: Scalars

    mutating func null() -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        guard matches("null") else { return false }
        offset += 4
        return true
    }

    mutating func bool() throws(Failure) -> Bool {
        if peek() == UInt8(ascii: "t"), matches("true") {
            offset += 4
            return true
        }
        if peek() == UInt8(ascii: "f"), matches("false") {
            offset += 5
            return false
        }
        throw fail("expected true or false, found \(found())")
    }

    private func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { return false }
        if offset + count < bytes.count {
            switch bytes[offset + count] {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return false
            default: break
            }
        }
        return true
    }

    /// Reads a whole number that fits in an `Int`.
    mutating func int() throws(Failure) -> Int {
        guard let byte = peek(), byte == UInt8(ascii: "-") || isDigit(byte) else {
            throw fail("expected a whole number, found \(found())")
        }
        let start = offset
        if let value = shortWholeNumber() { return value }
        let number = try numberText()
        guard !number.fractional else { throw fail("expected a whole number, found \(number.text)", at: start) }
        guard let value = Int(number.text) else { throw fail("\(number.text) is too large", at: start) }
        return value
    }

    /// Reads a number.
    mutating func double() throws(Failure) -> Double {
        guard let byte = peek(), byte == UInt8(ascii: "-") || isDigit(byte) else {
            throw fail("expected a number, found \(found())")
        }
        let start = offset
        let number = try numberText()
        guard let value = Double(number.text), value.isFinite else {
            throw fail("\(number.text) is out of range", at: start)
        }
        return value
    }

    /// Reads a number: a whole one that fits in an `Int` as `whole`, any other as `fractional`.
    mutating func number() throws(Failure) -> (whole: Int?, fractional: Double) {
        guard let byte = peek(), byte == UInt8(ascii: "-") || isDigit(byte) else {
            throw fail("expected a number, found \(found())")
        }
        let start = offset
        if let value = shortWholeNumber() { return (value, Double(value)) }
        let number = try numberText()
        if !number.fractional, let value = Int(number.text) { return (value, Double(value)) }
        guard let value = Double(number.text), value.isFinite else { throw fail("\(number.text) is out of range", at: start) }
        return (nil, value)
    }

    /// A whole number of at most 18 digits with no fraction or exponent, read
    /// without making a string; `nil` (and nothing read) for anything else.
    private mutating func shortWholeNumber() -> Int? {
        var index = offset
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var value = 0
        while index < bytes.count, isDigit(bytes[index]), index - digitsStart < 18 {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - digitsStart
        guard digits > 0, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        offset = index
        return negative ? -value : value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Scans a number with JSON's grammar and returns its text.
    private mutating func numberText() throws(Failure) -> (text: String, fractional: Bool) {
        let start = offset
        var fractional = false
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let digitsStart = offset
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        let integerDigits = offset - digitsStart
        guard integerDigits > 0 else { throw fail("expected digits in a number", at: offset) }
        guard integerDigits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else {
            throw fail("a number may not start with 0", at: digitsStart)
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            fractional = true
            offset += 1
            let fractionStart = offset
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
            guard offset > fractionStart else { throw fail("expected digits after '.'", at: offset) }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            fractional = true
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            let exponentStart = offset
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
            guard offset > exponentStart else { throw fail("expected digits in the exponent", at: offset) }
        }
        guard offset - start <= 64 else { throw fail("a number of \(offset - start) characters is too long", at: start) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        return (text, fractional)
    }

    /// Reads a string, decoding escapes; rejects control characters and invalid UTF-8.
    mutating func string() throws(Failure) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw fail("expected a string, found \(found())") }
        offset += 1
        let start = offset
        // Fast path: no escapes.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = try validString(start..<offset)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("a control character (0x\(String(byte, radix: 16))) must be escaped in a string") }
            offset += 1
        }
        guard offset < bytes.count else { throw fail("a string is not closed", at: start - 1) }
        return try escapedString(from: start)
    }

    /// The string of the UTF-8 bytes in `range`, or a failure at the first invalid byte.
    private func validString(_ range: Range<Int>) throws(Failure) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        // ASCII needs no validation, and `String(decoding:as:)` is specialized where
        // `String(validating:as:)` is a generic call with metadata look-ups.
        var index = 0
        while index < slice.count, slice[index] < 0x80 { index += 1 }
        if index == slice.count { return String(decoding: slice, as: UTF8.self) }
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw fail("a string is not valid UTF-8", at: firstInvalidUTF8(in: range))
        }
        return text
    }

    /// The bytes of the next string, without its quotes, if it has no escapes
    /// (`nil` otherwise, and nothing is read). The caller checks the bytes.
    mutating func rawString() -> UnsafeBufferPointer<UInt8>? {
        guard peek() == UInt8(ascii: "\"") else { return nil }
        var end = offset + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[offset + 1..<end])
                offset = end + 1
                return raw
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            end += 1
        }
        return nil
    }

    private mutating func escapedString(from start: Int) throws(Failure) -> String {
        var utf8: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw fail("a string is not valid UTF-8", at: firstInvalidUTF8(in: start..<offset))
                }
                offset += 1
                return text
            case UInt8(ascii: "\\"):
                let escapeStart = offset
                offset += 1
                guard offset < bytes.count else { break }
                let escaped = bytes[offset]
                offset += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                            throw fail("an unpaired surrogate \\u\(String(scalar, radix: 16)) in a string", at: escapeStart)
                        }
                        offset += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            throw fail("an unpaired surrogate \\u\(String(scalar, radix: 16)) in a string", at: escapeStart)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw fail("an unpaired surrogate \\u\(String(scalar, radix: 16)) in a string", at: escapeStart)
                    }
                    utf8.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
                default:
                    throw fail("an unknown escape '\\\(Character(Unicode.Scalar(escaped)))' in a string", at: escapeStart)
                }
            case 0x00..<0x20:
                throw fail("a control character (0x\(String(byte, radix: 16))) must be escaped in a string")
            default:
                utf8.append(byte)
                offset += 1
            }
        }
        throw fail("a string is not closed", at: start - 1)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw fail("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("expected four hex digits after \\u")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    /// The offset in the document of the first invalid byte in `range` (its start if there is none).
    private func firstInvalidUTF8(in range: Range<Int>) -> Int {
        range.lowerBound + (Tracer.firstInvalidUTF8(in: UnsafeBufferPointer(rebasing: bytes[range])) ?? 0)
    }

    // MARK: Skipping

    /// Skips one value of any kind, checking its syntax.
    mutating func skipValue(depth: Int = 0) throws(Failure) {
        guard depth < Self.maximumDepth else { throw fail("values are nested more than \(Self.maximumDepth) deep") }
        switch peek() {
        case UInt8(ascii: "{"):
            try beginObject()
            var first = true
            while try nextKey(first: &first) != nil { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            try beginArray()
            var first = true
            while try nextElement(first: &first) { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"):
            guard null() else { throw fail("expected a value, found \(found())") }
        case let byte? where byte == UInt8(ascii: "-") || isDigit(byte): _ = try double()
        default: throw fail("expected a value, found \(found())")
        }
    }

    /// Where element `index` (counted from 0) of the array at the current offset starts, or `nil`
    /// when the array has no more than `index` elements or is not an array. A quick walk over the
    /// bytes that only follows strings and nesting, so that an array too long to read is refused
    /// before any of it is decoded; the reading that follows checks the syntax.
    func startOfElement(_ index: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let end = bytes.count
        // An element is at least two bytes and a comma: an array with room for fewer is not searched.
        guard (end - offset) / 2 > index else { return nil }
        var at = offset
        while at < end, Self.isWhitespace(base[at]) { at += 1 }
        guard at < end, base[at] == UInt8(ascii: "[") else { return nil }
        at += 1
        while at < end, Self.isWhitespace(base[at]) { at += 1 }
        guard at < end, base[at] != UInt8(ascii: "]") else { return nil }
        if index == 0 { return at }
        var element = 0
        var depth = 0
        while at < end {
            let byte = base[at]
            at += 1
            if byte == UInt8(ascii: "\"") {
                while at < end {
                    let inString = base[at]
                    at += 1
                    if inString == UInt8(ascii: "\"") { break }
                    if inString == UInt8(ascii: "\\") { at += 1 }
                }
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                if depth == 0 { return nil }
                depth -= 1
            } else if byte == UInt8(ascii: ","), depth == 0 {
                element += 1
                if element == index {
                    while at < end, Self.isWhitespace(base[at]) { at += 1 }
                    return at
                }
            }
        }
        return nil
    }

    /// The 1-based line and column of a byte offset; columns count Unicode scalars.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }
}
