/// The offset of the first byte of `bytes` that does not start a valid UTF-8 sequence, or `nil`
/// when all of `bytes` is valid UTF-8.
///
/// A sequence is valid as `String(validating:as:)` has it: no stray continuation byte, no
/// overlong form (`C0 AF`), no surrogate (`ED A0 80`), nothing above U+10FFFF (`F4 90 80 80`), and
/// not cut short by the end of `bytes`. The offset is that of the sequence's first byte: for
/// `41 E2 82 41`, 1. The trace reader and `sigviz` report invalid files with it, each turning it
/// into a line and column in its own units.
///
/// ```swift
/// Array("é".utf8).withUnsafeBufferPointer(firstInvalidUTF8)       // nil
/// [0x41, 0xFF].withUnsafeBufferPointer(firstInvalidUTF8)         // 1
/// ```
public func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    while index < bytes.count {
        let length: Int
        switch bytes[index] {
        case 0x00..<0x80: length = 1
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return index
        }
        guard index + length <= bytes.count,
              String(validating: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self) != nil
        else { return index }
        index += length
    }
    return nil
}
