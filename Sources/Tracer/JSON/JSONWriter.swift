/// Writes JSON text into a byte buffer, deterministically: the same calls
/// always give the same bytes.
///
/// A writer that streams hands its buffer to a sink now and then (``flush(over:to:)``) and starts
/// it again empty, so that what it holds is bounded by the sink's chunk size, not by the document.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Hands the bytes written since the last flush to `sink`, and forgets them, once there are at
    /// least `threshold` of them (and at least one); otherwise does nothing.
    package mutating func flush<E: Error>(over threshold: Int, to sink: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
        guard !bytes.isEmpty, bytes.count >= threshold else { return }
        try bytes.withUnsafeBufferPointer { (buffer) throws(E) in try sink(buffer) }
        bytes.removeAll(keepingCapacity: true)
    }

    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes text that needs no escaping, such as a kind's name.
    package mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Writes bytes that need no escaping, made once, such as a key and its colon.
    package mutating func raw(_ text: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: text) }

    package mutating func byte(_ byte: UInt8) { bytes.append(byte) }

    /// Writes `"key": `.
    package mutating func key(_ key: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(key)
        raw("\": ")
    }

    package mutating func int(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch
        let negative = value < 0
        var magnitude = value.magnitude
        withUnsafeMutableBytes(of: &digits) { scratch in
            var end = scratch.count
            repeat {
                end -= 1
                scratch[end] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if negative {
                end -= 1
                scratch[end] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: scratch[end...])
        }
    }

    /// Writes a finite number in its shortest round-tripping form (`1.1`, `2.0`, `1e-05`).
    package mutating func double(_ value: Double) {
        precondition(value.isFinite, "JSON has no \(value)")
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            int(Int(value))
            raw(".0")
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    package mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    /// Writes a string, escaping quotes, backslashes, control characters and
    /// the line and paragraph separators; everything else is kept as UTF-8.
    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                let escape: StaticString?
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0x00..<0x20, 0x7F: escape = ""
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80
                    && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                default: escape = nil
                }
                guard let escape else {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                if escape.utf8CodeUnitCount == 0 {
                    raw("\\u00")
                    bytes.append(hexDigit(byte >> 4))
                    bytes.append(hexDigit(byte & 0xF))
                } else {
                    raw(escape)
                }
                index += length
                start = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
