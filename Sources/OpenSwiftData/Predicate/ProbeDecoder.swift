import Foundation

/// A `Decoder` that makes a value of a `Decodable` type out of nothing: every key is present, every array empty, and
/// every leaf a value of its type. The translator uses it where it needs a value it has no row for:
///
/// - `.defaults`: zeros and empty strings, for a model made only to call its getters on (see ``ProtocolKeyPaths``).
/// - `.sentinels`: each leaf a value no other leaf has (Bools all false but the one at `trueBool`), and each value
///   decoded for a key recorded with its coding path, so that the value a key path of the result reads can be traced
///   back to the JSON key it was decoded from (see ``SQLCodablePaths``).
///
/// A type whose `init(from:)` refuses such values (an enum with payloads, a raw value it does not know) cannot be
/// made: decoding throws.
struct ProbeDecoder: Decoder {
    enum Mode {
        case defaults
        case sentinels(trueBool: [String]?)
    }

    /// What one decoding records, shared by the decoders of its nested values.
    final class Record {
        let mode: Mode
        var nextSentinel = 0
        /// Every value decoded for a key, with the keys leading to it.
        var values: [(path: [String], value: Any)] = []
        /// The paths of the Bool leaves.
        var boolPaths: [[String]] = []

        init(mode: Mode) { self.mode = mode }

        var isSentinel: Bool {
            if case .sentinels = mode { return true }
            return false
        }

        func sentinel() -> Int {
            nextSentinel += 1
            return nextSentinel
        }
    }

    let record: Record
    let path: [String]
    var codingPath: [any CodingKey] { path.map(Key.init(stringValue:)) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(mode: Mode) {
        record = Record(mode: mode)
        path = []
    }

    private init(record: Record, path: [String]) {
        self.record = record
        self.path = path
    }

    /// A value of `type` made by this decoder; nil when the type refuses it.
    static func make<T: Decodable>(_ type: T.Type, mode: Mode) -> (value: T, record: Record)? {
        let decoder = ProbeDecoder(mode: mode)
        guard let value = try? decoder.value(T.self, at: []) else { return nil }
        return (value, decoder.record)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Unkeyed(decoder: self) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    /// A leaf: a Bool, a String or a number.
    fileprivate func leaf<T>(_ type: T.Type, at path: [String]) throws -> T {
        let sentinel = record.isSentinel ? record.sentinel() : 0
        let value: Any?
        switch type {
        case is Bool.Type:
            record.boolPaths.append(path)
            if case .sentinels(let trueBool) = record.mode { value = trueBool == path } else { value = false }
        case is String.Type: value = record.isSentinel ? "osd-probe-\(sentinel)" : ""
        case is Double.Type: value = record.isSentinel ? Double(sentinel) + 0.5 : 0.0
        case is Float.Type: value = record.isSentinel ? Float(sentinel) + 0.5 : Float(0)
        case let integer as any FixedWidthInteger.Type: value = integer.init(exactly: sentinel % 100)
        default: value = nil
        }
        guard let typed = value as? T else {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: codingPath, debugDescription: "no probe value"))
        }
        return typed
    }

    /// A value of any decodable type: Foundation's values that validate their text are made directly, enums that
    /// list their cases are their first case, anything else decodes itself from this decoder.
    fileprivate func value<T: Decodable>(_ type: T.Type, at path: [String]) throws -> T {
        let sentinel = record.isSentinel ? record.sentinel() : 0
        let made: Any?
        switch type {
        case is UUID.Type:
            let last = UInt8(sentinel % 256)
            made = UUID(uuid: (0x0B, 0x5D, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, last))
        case is URL.Type: made = URL(string: "https://probe.invalid/\(sentinel)")
        case is Data.Type: made = Data([UInt8(sentinel % 256)])
        case is Decimal.Type: made = Decimal(sentinel)
        case let cases as any CaseIterable.Type: made = Self.firstCase(cases)
        default: made = nil
        }
        if let typed = made as? T { return typed }
        return try T(from: ProbeDecoder(record: record, path: path))
    }

    private static func firstCase<C: CaseIterable>(_ type: C.Type) -> Any? { C.allCases.first }

    fileprivate func child(_ key: String) -> ProbeDecoder { ProbeDecoder(record: record, path: path + [key]) }

    /// A coding key of any name.
    fileprivate struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Keyed<K: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: ProbeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [K] { [] }

        func contains(_ key: K) -> Bool { true }
        func decodeNil(forKey key: K) throws -> Bool { false }

        private func recorded<T>(_ key: K, _ make: ([String]) throws -> T) rethrows -> T {
            let path = decoder.path + [key.stringValue]
            let value = try make(path)
            decoder.record.values.append((path, value))
            return value
        }

        func decode(_ type: Bool.Type, forKey key: K) throws -> Bool {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode(_ type: String.Type, forKey key: K) throws -> String {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode(_ type: Double.Type, forKey key: K) throws -> Double {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode(_ type: Float.Type, forKey key: K) throws -> Float {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode(_ type: Int.Type, forKey key: K) throws -> Int {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode(_ type: Int8.Type, forKey key: K) throws -> Int8 {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode(_ type: Int16.Type, forKey key: K) throws -> Int16 {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode(_ type: Int32.Type, forKey key: K) throws -> Int32 {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode(_ type: Int64.Type, forKey key: K) throws -> Int64 {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode(_ type: UInt.Type, forKey key: K) throws -> UInt {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode(_ type: UInt8.Type, forKey key: K) throws -> UInt8 {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode(_ type: UInt16.Type, forKey key: K) throws -> UInt16 {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode(_ type: UInt32.Type, forKey key: K) throws -> UInt32 {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode(_ type: UInt64.Type, forKey key: K) throws -> UInt64 {
            try recorded(key) { try decoder.leaf(type, at: $0) }
        }
        func decode<T: Decodable>(_ type: T.Type, forKey key: K) throws -> T {
            try recorded(key) { try decoder.value(type, at: $0) }
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: K) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            KeyedDecodingContainer(Keyed<NestedKey>(decoder: decoder.child(key.stringValue)))
        }

        func nestedUnkeyedContainer(forKey key: K) throws -> any UnkeyedDecodingContainer {
            Unkeyed(decoder: decoder.child(key.stringValue))
        }

        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: K) throws -> any Decoder { decoder.child(key.stringValue) }
    }

    /// Always empty.
    private struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: ProbeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { 0 }
        var isAtEnd: Bool { true }
        var currentIndex: Int { 0 }

        private func end() -> DecodingError {
            .valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "a probe array is empty"))
        }

        mutating func decodeNil() throws -> Bool { throw end() }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { throw end() }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw end()
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw end() }
        mutating func superDecoder() throws -> any Decoder { throw end() }
    }

    private struct Single: SingleValueDecodingContainer {
        let decoder: ProbeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { false }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.leaf(type, at: decoder.path) }
        func decode(_ type: String.Type) throws -> String { try decoder.leaf(type, at: decoder.path) }
        func decode(_ type: Double.Type) throws -> Double { try decoder.leaf(type, at: decoder.path) }
        func decode(_ type: Float.Type) throws -> Float { try decoder.leaf(type, at: decoder.path) }
        func decode(_ type: Int.Type) throws -> Int { try decoder.leaf(type, at: decoder.path) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.leaf(type, at: decoder.path) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.leaf(type, at: decoder.path) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.leaf(type, at: decoder.path) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.leaf(type, at: decoder.path) }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.leaf(type, at: decoder.path) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.leaf(type, at: decoder.path) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.leaf(type, at: decoder.path) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.leaf(type, at: decoder.path) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.leaf(type, at: decoder.path) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.value(type, at: decoder.path) }
    }
}
