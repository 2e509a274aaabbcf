import Foundation

/// The one form of JSON text that equal values share, so that stored JSON can be compared as text: its strings in
/// Unicode normalization form C — Swift compares strings by canonical equivalence, but an encoder writes them as
/// given — and negative zero written as zero (`-0.0 == 0.0`; an encoder writes `-0`).
///
/// Normalizing the whole text is normalizing each string in it: JSON's own characters are ASCII starters that
/// compose with nothing, so no composition or reordering crosses a string's quotes.
package enum CanonicalJSON {
    /// `json` in canonical form.
    package static func canonicalize(_ json: String) -> String {
        let text = json.canonicalForm
        guard text.utf8.contains(UInt8(ascii: "-")) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var inString = false, escaped = false
        var remaining = text.utf8[...]
        while let byte = remaining.first {
            if inString {
                // Inside a string nothing changes; a backslash escapes the next byte, a quote ends it.
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                bytes.append(byte)
                remaining = remaining.dropFirst()
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            guard byte == UInt8(ascii: "-") else {
                bytes.append(byte)
                remaining = remaining.dropFirst()
                continue
            }
            // A negative number: drop the sign when its digits before any exponent are all zeros.
            let number = remaining.dropFirst().prefix { isNumberByte($0) }
            let mantissa = number.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
            let isZero =
                mantissa.contains(UInt8(ascii: "0"))
                && mantissa.allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") }
            if !isZero { bytes.append(byte) }
            bytes.append(contentsOf: number)
            remaining = remaining.dropFirst(1 + number.count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A stored JSON text in canonical form (other values as they are).
    package static func canonical(_ value: StoredValue) -> StoredValue {
        guard case .text(let json) = value else { return value }
        return .text(canonicalize(json))
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
            UInt8(ascii: "+"),
            UInt8(ascii: "-"):
            true
        default: false
        }
    }
}

extension String {
    /// This string in Unicode normalization form C (how text is stored); ASCII strings are returned as they are.
    package var canonicalForm: String {
        isASCII ? self : precomposedStringWithCanonicalMapping
    }

    /// Whether every byte is ASCII, tested eight bytes at a time (a save tests every string it writes).
    private var isASCII: Bool {
        let contiguous = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 <= bytes.count {
                if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                    return false
                }
                offset += 8
            }
            while offset < bytes.count {
                if bytes[offset] >= 0x80 { return false }
                offset += 1
            }
            return true
        }
        return contiguous ?? utf8.allSatisfy { $0 < 0x80 }
    }
}
