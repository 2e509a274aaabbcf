import Foundation
import SQLStore

/// Values the translator makes when it must see what Swift does with a value it has no row for: samples of a
/// stored type (to decide a cast, or to watch which property a key path reads), and a model made from a row of
/// such values.
enum ProbeValues {
    /// Stored values to make samples from: each type takes those it can be read from.
    private static let candidates: [StoredValue] = [
        .text("osd probe A"), .text(" b-2 "), .integer(7), .integer(-3), .integer(0), .integer(1), .real(2.5),
        .real(-7.25),
        .text("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), .text("0B5D0000-0000-4000-8000-000000000002"),
        .text("https://probe.invalid/a"), .text("file:///probe/b"), .text("12.5"), .text("-3"), .blob(Data([1, 2])),
        .blob(Data([3])),
    ]

    /// Up to `count` values of `type`, each stored differently: a column value, a `RawRepresentable` over one, or a
    /// case of a `CaseIterable` enum. Fewer (perhaps none) for other types.
    static func samples<T>(_ type: T.Type, count: Int) -> [T] {
        var found: [T] = []
        var seen: Set<StoredValue> = []
        func add(_ value: Any?) {
            guard found.count < count, let typed = value as? T,
                let stored = try? StoredValueConversion.storedValue(for: typed),
                !seen.contains(stored)
            else { return }
            seen.insert(stored)
            found.append(typed)
        }
        if let cases = type as? any CaseIterable.Type {
            for value in allCases(of: cases) { add(value) }
        }
        if let column = type as? any ColumnValue.Type {
            for candidate in candidates { add(column.init(storedValue: candidate)) }
        } else if let raw = type as? any RawRepresentable.Type {
            for value in rawRepresentations(of: raw) { add(value) }
            add(firstCase(of: type))
        }
        return found
    }

    /// The first case of an enum of at most one byte that does not list its cases (`enum Status: String { case
    /// draft, published }`): the value whose byte is 0. Swift's ABI lays such an enum out as one tag byte numbering
    /// its cases from 0 (or, with a one-byte payload, the first case with a zero payload); its metadata's kind is
    /// 0x201, `MetadataKind.Enum`, stable since Swift 5. Nil for any other type.
    private static func firstCase<T>(of type: T.Type) -> T? {
        let enumKind = 0x201
        let metadata = unsafeBitCast(type as Any.Type, to: UnsafeRawPointer.self)
        guard metadata.load(as: Int.self) == enumKind, MemoryLayout<T>.size <= 1, _isPOD(T.self) else { return nil }
        let byte: UInt8 = 0
        return withUnsafeBytes(of: byte) { bytes in bytes.baseAddress.map { $0.load(as: T.self) } }
    }

    private static func allCases<C: CaseIterable>(of type: C.Type) -> [Any] { C.allCases.map { $0 as Any } }

    private static func rawRepresentations<R: RawRepresentable>(of type: R.Type) -> [Any] {
        guard let raw = R.RawValue.self as? any ColumnValue.Type else { return [] }
        return candidates.compactMap { raw.init(storedValue: $0) as? R.RawValue }.compactMap { R(rawValue: $0) }
    }

    /// A model of `table`'s entity read from a made-up row: nil for optional attributes, a sample (or an empty
    /// `Codable` value) for the others. Nil when the model cannot be read from one (a required to-one relationship,
    /// an enum whose raw values cannot be guessed).
    ///
    /// The model belongs to no context: setting its properties changes nothing else.
    static func model(of entity: EntityMapping) -> (any PersistentModel)? {
        var values: [StoredValue] = []
        for (property, _) in entity.storedProperties {
            guard let attribute = entity.entity.properties[property].attribute, !attribute.isOptional else {
                values.append(.null)
                continue
            }
            guard let value = storedValue(attribute.codec) else { return nil }
            values.append(value)
        }
        var decoder = ModelRowDecoder(values: values, entityName: entity.name)
        return try? entity.entity.modelType.init(_$row: &decoder)
    }

    private static func storedValue(_ codec: AttributeCodec) -> StoredValue? {
        switch codec.representation {
        case .scalar:
            guard let column = codec.valueType as? any ColumnValue.Type else { return nil }
            let empty: [StoredValue] = [
                .integer(0), .real(0), .text(""), .text("00000000-0000-0000-0000-000000000000"), .text("about:blank"),
                .blob(Data()),
            ]
            return empty.first { column.init(storedValue: $0) != nil }
        case .rawValue:
            return samples(codec.valueType, count: 1).first.flatMap { try? StoredValueConversion.storedValue(for: $0) }
        case .json:
            guard let decodable = codec.valueType as? any Decodable.Type else { return nil }
            return emptyJSON(decodable)
        case .transformable, .unsupported:
            return nil
        }
    }

    private static func emptyJSON<T: Decodable>(_ type: T.Type) -> StoredValue? {
        guard let made = ProbeDecoder.make(T.self, mode: .defaults), let encodable = made.value as? any Encodable else {
            return nil
        }
        return try? AttributeJSON.encode(encodable)
    }
}
