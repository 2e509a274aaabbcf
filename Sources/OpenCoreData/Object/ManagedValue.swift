import Foundation

/// Why a value cannot be stored in a property.
struct ValueProblem: Error, Equatable {
    let reason: String
}

/// The values managed objects hold: what `setValue(_:forKey:)` turns a value into, how two values are compared
/// for change tracking, and how a stored value is handed back as the Swift type an `@NSManaged` property declares.
///
/// Attributes hold one Swift type per attribute type (`Int16`, `Int32`, `Int64`, `Decimal`, `Double`, `Float`,
/// `String`, `Bool`, `Date`, `Data`, `UUID`, `URL`, `NSManagedObjectID`; transformable: the value itself); a
/// to-one relationship holds its object, a to-many relationship an array of distinct objects in the order added.
enum ManagedValue {
    /// `value` in the stored form of `attribute`'s type, or why it cannot be stored there.
    static func normalize(_ value: Any?, for attribute: NSAttributeDescription) -> Result<Any?, ValueProblem> {
        guard let value = unwrapped(value) else { return .success(nil) }
        let typeName = attribute.attributeType.modelFileName
        func wrongType() -> Result<Any?, ValueProblem> {
            .failure(ValueProblem(reason: "is a \(Swift.type(of: value)), not a value of type \(typeName)"))
        }
        switch attribute.attributeType {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType:
            guard let number = NumericValue(value) else { return wrongType() }
            guard let integer = number.exactInteger else {
                return .failure(ValueProblem(reason: "\(value) is not a whole number in the range of \(typeName)"))
            }
            switch attribute.attributeType {
            case .integer16AttributeType:
                guard let v = Int16(exactly: integer) else { return outOfRange(integer, typeName) }
                return .success(v)
            case .integer32AttributeType:
                guard let v = Int32(exactly: integer) else { return outOfRange(integer, typeName) }
                return .success(v)
            default:
                return .success(integer)
            }
        case .decimalAttributeType:
            guard let number = NumericValue(value) else { return wrongType() }
            return .success(number.decimalValue)
        case .doubleAttributeType:
            guard let number = NumericValue(value) else { return wrongType() }
            return .success(number.doubleValue)
        case .floatAttributeType:
            guard let number = NumericValue(value) else { return wrongType() }
            return .success(Float(number.doubleValue))
        case .booleanAttributeType:
            guard let number = NumericValue(value) else { return wrongType() }
            if case .boolean(let flag) = number { return .success(flag) }
            return .success(number.doubleValue != 0)
        case .stringAttributeType:
            if let string = value as? String { return .success(string) }
            if let substring = value as? Substring { return .success(String(substring)) }
            return wrongType()
        case .dateAttributeType:
            guard let date = value as? Date else { return wrongType() }
            return .success(date)
        case .binaryDataAttributeType:
            if let data = value as? Data { return .success(data) }
            if let bytes = value as? [UInt8] { return .success(Data(bytes)) }
            return wrongType()
        case .UUIDAttributeType:
            guard let uuid = value as? UUID else { return wrongType() }
            return .success(uuid)
        case .URIAttributeType:
            guard let url = value as? URL else { return wrongType() }
            return .success(url)
        case .objectIDAttributeType:
            guard let objectID = value as? NSManagedObjectID else { return wrongType() }
            return .success(objectID)
        case .transformableAttributeType:
            guard value is any Encodable else {
                return .failure(
                    ValueProblem(
                        reason:
                            "is a \(Swift.type(of: value)), which is not Codable (a transformable attribute stores its value as JSON)"
                    ))
            }
            return .success(value)
        case .undefinedAttributeType, .compositeAttributeType:
            return .success(value)
        }
    }

    private static func outOfRange(_ value: Int64, _ typeName: String) -> Result<Any?, ValueProblem> {
        .failure(ValueProblem(reason: "\(value) is out of the range of \(typeName)"))
    }

    /// Whether two stored values are the same, for change tracking and for comparing models: numbers by value,
    /// objects by identity, collections element by element, anything else by `Equatable` when it is.
    static func isEqual(_ a: Any?, _ b: Any?) -> Bool {
        switch (unwrapped(a), unwrapped(b)) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (let x?, let y?):
            if let x = instance(x, of: NSManagedObject.self) { return instance(y, of: NSManagedObject.self) === x }
            if let xs = x as? [NSManagedObject], let ys = y as? [NSManagedObject] {
                return xs.count == ys.count && zip(xs, ys).allSatisfy { $0 === $1 }
            }
            if let m = NumericValue(x), let n = NumericValue(y) { return NumericValue.compare(m, n) == .orderedSame }
            if let x = x as? String, let y = y as? String { return x == y }
            if equatableEqual(x, y) { return true }
            if let xs = x as? [Any], let ys = y as? [Any] {
                return xs.count == ys.count && zip(xs, ys).allSatisfy { isEqual($0, $1) }
            }
            return false
        }
    }

    /// A to-many relationship's new value (`NSSet`, `NSOrderedSet`, `Set`, `Array`, nil) as its objects, distinct,
    /// in order; nil when `value` holds something that is not a managed object.
    static func relatedObjects(in value: Any?) -> [NSManagedObject]? {
        guard let value = unwrapped(value) else { return [] }
        let elements: [Any]
        if let object = instance(value, of: NSManagedObject.self) {
            elements = [object]
        } else if let collection = KeyValueCoding.elements(of: value) {
            elements = collection
        } else {
            return nil
        }
        var objects: [NSManagedObject] = []
        var seen = Set<ObjectIdentifier>()
        for element in elements {
            guard let object = instance(element, of: NSManagedObject.self) else { return nil }
            if seen.insert(ObjectIdentifier(object)).inserted { objects.append(object) }
        }
        return objects
    }

    /// A stored value as `T`, converting numbers between Swift types exactly, to-many objects into the
    /// collection `T` is (`NSSet`, `NSOrderedSet`, `Set<Item>`, `[Item]`), and transformable JSON into `T`; nil
    /// when it is not representable as `T`.
    static func cast<T>(_ stored: Any?, to _: T.Type) -> T? {
        guard let stored = unwrapped(stored) else { return nil }
        if let objects = stored as? [NSManagedObject] { return collection(of: objects, as: T.self) }
        if let encoded = stored as? EncodedTransformableValue { return encoded.decoded(as: T.self) }
        if let number = NumericValue(stored), let converted = convert(number, to: T.self) { return converted }
        return stored as? T
    }

    private static func collection<T>(of objects: [NSManagedObject], as _: T.Type) -> T? {
        if T.self == NSSet.self || T.self == NSMutableSet.self { return NSMutableSet(array: objects) as? T }
        if T.self == NSOrderedSet.self || T.self == NSMutableOrderedSet.self {
            return NSMutableOrderedSet(array: objects) as? T
        }
        if let array = objects as? T { return array }
        return Set(objects) as? T
    }

    /// `number` as the numeric Swift type `T`, exactly (an integer out of `T`'s range is nil).
    private static func convert<T>(_ number: NumericValue, to _: T.Type) -> T? {
        switch T.self {
        case is Int64.Type: return number.exactInteger as? T
        case is Int.Type: return number.exactInteger.flatMap { Int(exactly: $0) } as? T
        case is Int32.Type: return number.exactInteger.flatMap { Int32(exactly: $0) } as? T
        case is Int16.Type: return number.exactInteger.flatMap { Int16(exactly: $0) } as? T
        case is Int8.Type: return number.exactInteger.flatMap { Int8(exactly: $0) } as? T
        case is UInt.Type: return unsigned(number).flatMap { UInt(exactly: $0) } as? T
        case is UInt64.Type: return unsigned(number) as? T
        case is UInt32.Type: return unsigned(number).flatMap { UInt32(exactly: $0) } as? T
        case is UInt16.Type: return unsigned(number).flatMap { UInt16(exactly: $0) } as? T
        case is UInt8.Type: return unsigned(number).flatMap { UInt8(exactly: $0) } as? T
        case is Double.Type: return number.doubleValue as? T
        case is Float.Type: return Float(number.doubleValue) as? T
        case is Bool.Type:
            if case .boolean(let flag) = number { return flag as? T }
            return (number.doubleValue != 0) as? T
        case is Decimal.Type: return number.decimalValue as? T
        case is NSNumber.Type: return number.number as? T
        default: return nil
        }
    }

    private static func unsigned(_ number: NumericValue) -> UInt64? {
        if case .unsigned(let v) = number { return v }
        return number.exactInteger.flatMap { UInt64(exactly: $0) }
    }

    /// A stored attribute value in the form Core Data's `value(forKey:)` returns: numbers and Booleans as
    /// `NSNumber` (so `as? Int`, `as? Double`, `as? Bool` all work), other values as they are.
    static func publicValue(_ stored: Any?, for attribute: NSAttributeDescription) -> Any? {
        guard let stored = unwrapped(stored) else { return nil }
        switch attribute.attributeType {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType,
            .doubleAttributeType, .floatAttributeType, .booleanAttributeType:
            return NumericValue(stored)?.number ?? stored
        default:
            return stored
        }
    }
}

/// A transformable value as JSON, not yet decoded: how a store hands back a transformable attribute, whose Swift
/// type only the reading `@NSManaged` property (or `as?` on `value(forKey:)`'s result) knows.
public struct EncodedTransformableValue: Equatable, @unchecked Sendable {
    /// The value's JSON (sorted keys).
    public let json: Data

    /// The value whose JSON is `json`, not decoded.
    public init(json: Data) { self.json = json }

    /// The JSON of `value`, as a store writes a transformable attribute. Throws `EncodingError` when `value`
    /// cannot be encoded.
    public init(encoding value: any Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        json = try encoder.encode(value)
    }

    /// The JSON as Foundation's JSON objects (arrays, dictionaries, strings, numbers), for evaluating predicates
    /// on a value whose Swift type is not known; nil when it is JSON's `null`.
    var jsonObject: Any? {
        guard let object = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]),
            !(object is NSNull)
        else { return nil }
        return object
    }

    /// The value decoded as `T`; nil when `T` is not `Decodable` or the JSON is not a `T`.
    func decoded<T>(as _: T.Type) -> T? {
        guard let decodable = T.self as? any Decodable.Type else { return nil }
        return (try? JSONDecoder().decode(decodable, from: json)) as? T
    }
}
