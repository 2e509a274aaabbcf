import Foundation

/// Decodes JSON request bodies strictly: the one JSON reading rule every app's JSON API shares.
///
/// Foundation's `JSONDecoder` takes the last of two members with the same name and reads `1e2` or `1.0` into an
/// `Int`; a client (or a proxy, or a second parser in front of this one) may read the same body differently, so
/// this decoder refuses anything whose meaning is not unique:
///
/// - The body is one RFC 8259 JSON value in UTF-8, with nothing after it but whitespace (no byte-order mark, no
///   comments, no trailing commas, no `NaN`).
/// - A member name may appear only once in an object (`{"productID": 1, "productID": 2}` is refused). Names are
///   compared as Swift strings, after escapes are decoded (`"\u0061"` is `"a"`).
/// - An integer (`Int`, `Int64`, `UInt8`, …) must be written as an integer literal — optional `-`, digits, no
///   fraction or exponent — that fits the type: `1` is read, `1.0`, `1e2`, `"1"` and `99999999999999999999` are
///   refused.
/// - `Double` and `Float` accept any JSON number that is finite in the type.
/// - Strings must not contain unescaped control characters or unpaired surrogates.
/// - Arrays and objects may nest at most 128 deep.
///
/// Members the type does not read are ignored, as with `JSONDecoder`. Keys are matched as written (no key
/// strategy), `Date` and `Data` decode with their own `Decodable` conformances (a number of seconds since 2001, an
/// array of bytes), and `Decimal` is not supported.
///
/// ```swift
/// struct AddToCart: Decodable { var productID: Int }
/// let body = try StrictJSONDecoder().decode(AddToCart.self, from: request.body)
/// ```
public struct StrictJSONDecoder: Sendable {
    /// Creates a decoder; it has no options.
    public init() {}

    /// Decodes a `T` from `data`.
    /// - Throws: ``JSONInputError`` saying what is wrong and where (a byte offset for malformed JSON, the member's
    ///   path for a value of the wrong type), in words fit for a 400 response.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(JSONInputError) -> T {
        let value = try JSONParser.parse(data)
        do {
            return try T(from: JSONValueDecoder(value: value, codingPath: []))
        } catch let error as JSONInputError {
            throw error
        } catch let error as DecodingError {
            throw JSONInputError(decodingError: error)
        } catch {
            throw JSONInputError(String(describing: error))
        }
    }
}

/// Why a JSON body was refused by ``StrictJSONDecoder``.
public struct JSONInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and where, for example `the member name "productID" appears twice in one object (at byte 16)`
    /// or `productID must be an integer literal such as 1, not 1e2`.
    public let message: String

    /// Creates an error with `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    init(decodingError: DecodingError) {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? "the body" : text
        }
        switch decodingError {
        case .keyNotFound(let key, let context):
            self.init("\(path(context.codingPath + [key])) is missing")
        case .valueNotFound(_, let context), .typeMismatch(_, let context), .dataCorrupted(let context):
            self.init("\(path(context.codingPath)): \(context.debugDescription)")
        @unknown default:
            self.init(String(describing: decodingError))
        }
    }
}

// MARK: - The Decoder over a parsed value

private struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw DecodingError.typeMismatch(
                [String: Any].self,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "expected an object, found \(value.kindName)")
            )
        }
        return KeyedDecodingContainer(JSONKeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw DecodingError.typeMismatch(
                [Any].self,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "expected an array, found \(value.kindName)")
            )
        }
        return JSONUnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueContainer(value: value, codingPath: codingPath)
    }
}

/// A key for array positions and super decoders in coding paths.
private struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

/// Reads scalars out of `JSONValue`s; the strictness rules live here.
private enum JSONScalarReader {
    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey], expected: String)
        -> DecodingError
    {
        .typeMismatch(
            type,
            DecodingError.Context(codingPath: path, debugDescription: "expected \(expected), found \(value.kindName)"))
    }

    static func bool(_ value: JSONValue, _ path: [any CodingKey]) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(Bool.self, value, path, expected: "true or false") }
        return bool
    }

    static func string(_ value: JSONValue, _ path: [any CodingKey]) throws -> String {
        guard case .string(let string) = value else { throw mismatch(String.self, value, path, expected: "a string") }
        return string
    }

    static func integer<T: FixedWidthInteger>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> T {
        guard case .number(let literal) = value else {
            throw mismatch(type, value, path, expected: "an integer such as 1")
        }
        guard !literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path,
                    debugDescription:
                        "expected an integer literal such as 1 (no fraction or exponent), found \(literal)"
                ))
        }
        guard let integer = T(literal, radix: 10) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path,
                    debugDescription: "\(literal) is out of range (\(T.min)...\(T.max))"
                ))
        }
        return integer
    }

    static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]
    ) throws -> T {
        guard case .number(let literal) = value else { throw mismatch(type, value, path, expected: "a number") }
        guard let number = T(literal), number.isFinite else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path, debugDescription: "\(literal) is out of range for \(T.self)"
                ))
        }
        return number
    }

    static func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> T {
        // Integers and floating-point numbers go through the checks above whatever asks for them (a
        // Dictionary<String, Int>, an Optional<Int> …), rather than through their own single-value decoding.
        let scalar: Any? =
            switch type {
            case is Bool.Type: try bool(value, path)
            case is String.Type: try string(value, path)
            case is Int.Type: try integer(Int.self, value, path)
            case is Int8.Type: try integer(Int8.self, value, path)
            case is Int16.Type: try integer(Int16.self, value, path)
            case is Int32.Type: try integer(Int32.self, value, path)
            case is Int64.Type: try integer(Int64.self, value, path)
            case is UInt.Type: try integer(UInt.self, value, path)
            case is UInt8.Type: try integer(UInt8.self, value, path)
            case is UInt16.Type: try integer(UInt16.self, value, path)
            case is UInt32.Type: try integer(UInt32.self, value, path)
            case is UInt64.Type: try integer(UInt64.self, value, path)
            case is Double.Type: try floatingPoint(Double.self, value, path)
            case is Float.Type: try floatingPoint(Float.self, value, path)
            default: nil
            }
        // (Unwrapped first: a nil `Any?` would cast to any optional `T`.)
        if let scalar, let typed = scalar as? T { return typed }
        return try T(from: JSONValueDecoder(value: value, codingPath: path))
    }
}

private struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let orderedKeys: [String]
    let codingPath: [any CodingKey]

    init(members: [(key: String, value: JSONValue)], codingPath: [any CodingKey]) {
        // The parser refused duplicate names, so every key is unique.
        self.members = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        orderedKeys = members.map(\.key)
        self.codingPath = codingPath
    }

    var allKeys: [Key] { orderedKeys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func value(for key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "no member named \"\(key.stringValue)\""
                ))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try JSONScalarReader.decode(type, try value(for: key), codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONValueDecoder(value: try value(for: key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONValueDecoder(value: try value(for: key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = JSONKey(stringValue: "super")
        return JSONValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var currentPath: [any CodingKey] { codingPath + [JSONKey(intValue: currentIndex)] }

    private func current(_ type: Any.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: currentPath, debugDescription: "the array has only \(elements.count) elements"
                ))
        }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard try current(Never.self) == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoded = try JSONScalarReader.decode(type, try current(type), currentPath)
        currentIndex += 1
        return decoded
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let container = try JSONValueDecoder(value: try current([String: Any].self), codingPath: currentPath)
            .container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try JSONValueDecoder(value: try current([Any].self), codingPath: currentPath).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = JSONValueDecoder(value: try current(Any.self), codingPath: currentPath)
        currentIndex += 1
        return decoder
    }
}

private struct JSONSingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try JSONScalarReader.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try JSONScalarReader.string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try JSONScalarReader.floatingPoint(type, value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try JSONScalarReader.floatingPoint(type, value, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try JSONScalarReader.integer(type, value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try JSONScalarReader.integer(type, value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try JSONScalarReader.integer(type, value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try JSONScalarReader.integer(type, value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try JSONScalarReader.integer(type, value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try JSONScalarReader.integer(type, value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONScalarReader.integer(type, value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONScalarReader.integer(type, value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONScalarReader.integer(type, value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONScalarReader.integer(type, value, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONScalarReader.decode(type, value, codingPath) }
}
