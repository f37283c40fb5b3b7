import Testing
import Findings
import Tracer

@Suite("Finding the first byte that is not UTF-8")
struct UTF8ValidationTests {
    static func firstInvalid(_ bytes: [UInt8]) -> Int? { bytes.withUnsafeBufferPointer(firstInvalidUTF8) }

    @Test("valid UTF-8 has no invalid byte: ASCII, two, three and four bytes, noncharacters, the BOM, NUL", arguments: [
        [], [0x41], Array("é → 👩‍👩‍👧".utf8), [0xEF, 0xBF, 0xBE], [0xEF, 0xBB, 0xBF, 0x41], [0x00], [0xC2, 0x80],
        [0xF4, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
    ] as [[UInt8]])
    func valid(bytes: [UInt8]) {
        #expect(Self.firstInvalid(bytes) == nil)
    }

    @Test("the offset is that of the first byte of the first invalid sequence", arguments: [
        ([0xFF], 0),                                 // never in UTF-8
        ([0x41, 0x80, 0x41], 1),                     // a stray continuation byte
        ([0x41, 0xC0, 0xAF], 1),                     // overlong
        ([0xE0, 0x80, 0x80], 0),                     // overlong, three bytes
        ([0xF0, 0x80, 0x80, 0x80], 0),               // overlong, four bytes
        (Array("é".utf8) + [0xED, 0xA0, 0x80], 2),   // a surrogate
        ([0x41, 0x42, 0xF4, 0x90, 0x80, 0x80], 2),   // above U+10FFFF
        ([0xF5, 0x80, 0x80, 0x80], 0),               // a lead byte past F4
        ([0x41, 0xE2, 0x82], 1),                     // cut short by the end
        ([0x41, 0xE2, 0x82, 0x41], 1),               // cut short by the next character
        ([0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0xF0, 0x9F], 6),
    ] as [([UInt8], Int)])
    func invalid(bytes: [UInt8], offset: Int) {
        #expect(Self.firstInvalid(bytes) == offset)
    }
}
