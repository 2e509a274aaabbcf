/// The type of an attribute's values. Mirrors Core Data's `NSAttributeType` (same cases, same raw values).
public enum NSAttributeType: UInt, Sendable, CaseIterable {
    case undefinedAttributeType = 0
    case integer16AttributeType = 100
    case integer32AttributeType = 200
    case integer64AttributeType = 300
    case decimalAttributeType = 400
    case doubleAttributeType = 500
    case floatAttributeType = 600
    case stringAttributeType = 700
    case booleanAttributeType = 800
    case dateAttributeType = 900
    case binaryDataAttributeType = 1000
    case UUIDAttributeType = 1100
    case URIAttributeType = 1200
    case transformableAttributeType = 1800
    case objectIDAttributeType = 2000
    case compositeAttributeType = 2100

    /// The name Xcode's model editor and its `contents` files use (`"Integer 64"`, `"Binary"`, …).
    public var modelFileName: String {
        switch self {
        case .undefinedAttributeType: "Undefined"
        case .integer16AttributeType: "Integer 16"
        case .integer32AttributeType: "Integer 32"
        case .integer64AttributeType: "Integer 64"
        case .decimalAttributeType: "Decimal"
        case .doubleAttributeType: "Double"
        case .floatAttributeType: "Float"
        case .stringAttributeType: "String"
        case .booleanAttributeType: "Boolean"
        case .dateAttributeType: "Date"
        case .binaryDataAttributeType: "Binary"
        case .UUIDAttributeType: "UUID"
        case .URIAttributeType: "URI"
        case .transformableAttributeType: "Transformable"
        case .objectIDAttributeType: "Object ID"
        case .compositeAttributeType: "Composite"
        }
    }

    /// The type named `name` in a model file, or nil for a name Xcode does not write.
    public init?(modelFileName name: String) {
        guard let type = Self.allCases.first(where: { $0.modelFileName == name }) else { return nil }
        self = type
    }

    /// The class Core Data names as the attribute's value class (`attributeValueClassName`).
    var valueClassName: String? {
        switch self {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType,
            .doubleAttributeType, .floatAttributeType, .booleanAttributeType:
            "NSNumber"
        case .decimalAttributeType: "NSDecimalNumber"
        case .stringAttributeType: "NSString"
        case .dateAttributeType: "NSDate"
        case .binaryDataAttributeType: "NSData"
        case .UUIDAttributeType: "NSUUID"
        case .URIAttributeType: "NSURL"
        case .objectIDAttributeType: "NSManagedObjectID"
        case .undefinedAttributeType, .transformableAttributeType, .compositeAttributeType: nil
        }
    }
}

extension NSAttributeDescription {
    /// The Swift-style name of an attribute type. Mirrors Core Data's `NSAttributeDescription.AttributeType`
    /// (`attribute.type = .integer64`).
    public struct AttributeType: Hashable, Sendable {
        public let rawValue: NSAttributeType
        public init(_ rawValue: NSAttributeType) { self.rawValue = rawValue }

        public static let undefined = AttributeType(.undefinedAttributeType)
        public static let integer16 = AttributeType(.integer16AttributeType)
        public static let integer32 = AttributeType(.integer32AttributeType)
        public static let integer64 = AttributeType(.integer64AttributeType)
        public static let decimal = AttributeType(.decimalAttributeType)
        public static let double = AttributeType(.doubleAttributeType)
        public static let float = AttributeType(.floatAttributeType)
        public static let string = AttributeType(.stringAttributeType)
        public static let boolean = AttributeType(.booleanAttributeType)
        public static let date = AttributeType(.dateAttributeType)
        public static let binaryData = AttributeType(.binaryDataAttributeType)
        public static let uuid = AttributeType(.UUIDAttributeType)
        public static let uri = AttributeType(.URIAttributeType)
        public static let transformable = AttributeType(.transformableAttributeType)
        public static let objectID = AttributeType(.objectIDAttributeType)
        public static let composite = AttributeType(.compositeAttributeType)
    }
}
