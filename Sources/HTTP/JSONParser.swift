import Foundation

/// Parses RFC 8259 JSON text strictly (see ``StrictJSONDecoder`` for the rules) into a ``JSONValue``.
///
/// Iterative, not recursive, so that deeply nested input cannot exhaust the stack; nesting deeper than
/// ``maximumDepth`` is refused instead.
struct JSONParser {
    /// Arrays and objects nested deeper than this are refused.
    static let maximumDepth = 128

    private let bytes: [UInt8]
    private var offset = 0

    private init(_ data: Data) {
        bytes = [UInt8](data)
    }

    /// The one value `data` holds.
    /// - Throws: ``JSONInputError`` naming the offset and what was wrong.
    static func parse(_ data: Data) throws(JSONInputError) -> JSONValue {
        var parser = JSONParser(data)
        let value = try parser.parseDocument()
        return value
    }

    private enum Container {
        case array([JSONValue])
        /// Members so far, the keys seen (to refuse duplicates), and the key waiting for its value.
        case object([(key: String, value: JSONValue)], Set<String>, pendingKey: String?)
    }

    private mutating func parseDocument() throws(JSONInputError) -> JSONValue {
        var stack: [Container] = []
        var result: JSONValue?
        skipWhitespace()
        while result == nil {
            // Read one value, or open a container.
            var value: JSONValue
            guard let byte = peek() else { throw failure("the body ends before a JSON value") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < Self.maximumDepth else {
                    throw failure("arrays and objects are nested more than \(Self.maximumDepth) deep")
                }
                offset += 1
                skipWhitespace()
                if byte == UInt8(ascii: "[") {
                    if peek() == UInt8(ascii: "]") {
                        offset += 1
                        value = .array([])
                    } else {
                        stack.append(.array([]))
                        continue
                    }
                } else {
                    if peek() == UInt8(ascii: "}") {
                        offset += 1
                        value = .object([])
                    } else {
                        let key = try parseKey(seen: [])
                        stack.append(.object([], [key], pendingKey: key))
                        continue
                    }
                }
            default:
                value = try parseScalar()
            }
            // Hand the value to its container, closing every container that ends after it.
            while true {
                guard let top = stack.popLast() else {
                    result = value
                    break
                }
                skipWhitespace()
                switch top {
                case .array(var elements):
                    elements.append(value)
                    if consume(UInt8(ascii: ",")) {
                        skipWhitespace()
                        stack.append(.array(elements))
                    } else if consume(UInt8(ascii: "]")) {
                        value = .array(elements)
                        continue
                    } else {
                        throw failure("expected , or ] after an array element")
                    }
                case .object(var members, var keys, let pendingKey):
                    members.append((key: pendingKey ?? "", value: value))
                    if consume(UInt8(ascii: ",")) {
                        skipWhitespace()
                        let key = try parseKey(seen: keys)
                        keys.insert(key)
                        stack.append(.object(members, keys, pendingKey: key))
                    } else if consume(UInt8(ascii: "}")) {
                        value = .object(members)
                        continue
                    } else {
                        throw failure("expected , or } after an object member")
                    }
                }
                break
            }
        }
        skipWhitespace()
        guard offset == bytes.count else { throw failure("unexpected text after the JSON value") }
        return result ?? .null
    }

    /// `"key"` and the `:` after it; the key must not be in `seen`.
    private mutating func parseKey(seen: Set<String>) throws(JSONInputError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a member name in double quotes") }
        let start = offset
        let key = try parseString()
        if seen.contains(key) {
            offset = start
            throw failure("the member name \"\(key)\" appears twice in one object")
        }
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { throw failure("expected : after the member name \"\(key)\"") }
        skipWhitespace()
        return key
    }

    private mutating func parseScalar() throws(JSONInputError) -> JSONValue {
        guard let byte = peek() else { throw failure("the body ends before a JSON value") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("expected a JSON value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONInputError) {
        let text = word.withUTF8Buffer { [UInt8]($0) }
        guard offset + text.count <= bytes.count, Array(bytes[offset..<(offset + text.count)]) == text else {
            throw failure("expected a JSON value")
        }
        offset += text.count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, returned as written.
    private mutating func parseNumber() throws(JSONInputError) -> String {
        let start = offset
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            if let next = peek(), isDigit(next) { throw failure("a number must not start with 0 unless it is 0") }
        } else {
            guard digits() > 0 else { throw failure("expected digits in a number") }
        }
        if consume(UInt8(ascii: ".")) {
            guard digits() > 0 else { throw failure("expected digits after the decimal point") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw failure("expected digits in the exponent") }
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func digits() -> Int {
        let start = offset
        while let byte = peek(), isDigit(byte) { offset += 1 }
        return offset - start
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// A string (the opening quote at `offset`): escapes decoded, UTF-8 checked, control characters refused.
    private mutating func parseString() throws(JSONInputError) -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        func flushRun() throws(JSONInputError) {
            guard runStart < offset else { return }
            guard let text = String(validating: bytes[runStart..<offset], as: UTF8.self) else {
                offset = runStart
                throw failure("a string is not valid UTF-8")
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard let byte = peek() else { throw failure("a string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                try flushRun()
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flushRun()
                offset += 1
                scalars.append(try parseEscape())
                runStart = offset
            case 0..<0x20:
                throw failure(
                    "a string contains a control character (U+\(String(byte, radix: 16, uppercase: true))); escape it")
            default:
                offset += 1
            }
        }
    }

    /// The character after a backslash (and, for `\u`, its surrogate pair).
    private mutating func parseEscape() throws(JSONInputError) -> Unicode.Scalar {
        guard let byte = peek() else { throw failure("a string is not closed") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hexQuad()
            if (0xD800...0xDBFF).contains(first) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
                    throw failure("a \\u escape is half of a surrogate pair without its other half")
                }
                let second = try hexQuad()
                guard (0xDC00...0xDFFF).contains(second),
                    let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else { throw failure("a \\u escape is half of a surrogate pair without its other half") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else {
                throw failure("a \\u escape is half of a surrogate pair without its other half")
            }
            return scalar
        default:
            offset -= 1
            throw failure("\\\(Character(Unicode.Scalar(byte))) is not a JSON escape")
        }
    }

    private mutating func hexQuad() throws(JSONInputError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw failure("a \\u escape needs four hexadecimal digits") }
        var value: UInt32 = 0
        for byte in bytes[offset..<(offset + 4)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw failure("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
        }
        offset += 4
        return value
    }

    // MARK: Bytes

    private func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        offset += 1
        return true
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
    }

    private func failure(_ message: String) -> JSONInputError {
        JSONInputError("\(message) (at byte \(offset))")
    }
}
