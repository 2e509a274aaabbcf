/// The type of an attribute's values. Mirrors Core Data's `NSAttributeType` (same cases, same raw values).
public enum NSAttributeType: UInt, Sendable, CaseIterable {
    /// No type (raw value 0). Mirrors Core Data's `NSAttributeType.undefinedAttributeType`.
    case undefinedAttributeType = 0
    /// A 16-bit integer (raw value 100). Mirrors Core Data's `NSAttributeType.integer16AttributeType`.
    case integer16AttributeType = 100
    /// A 32-bit integer (raw value 200). Mirrors Core Data's `NSAttributeType.integer32AttributeType`.
    case integer32AttributeType = 200
    /// A 64-bit integer (raw value 300). Mirrors Core Data's `NSAttributeType.integer64AttributeType`.
    case integer64AttributeType = 300
    /// A decimal number (raw value 400). Mirrors Core Data's `NSAttributeType.decimalAttributeType`.
    case decimalAttributeType = 400
    /// A double-precision floating-point number (raw value 500). Mirrors Core Data's
    /// `NSAttributeType.doubleAttributeType`.
    case doubleAttributeType = 500
    /// A single-precision floating-point number (raw value 600). Mirrors Core Data's
    /// `NSAttributeType.floatAttributeType`.
    case floatAttributeType = 600
    /// A string (raw value 700). Mirrors Core Data's `NSAttributeType.stringAttributeType`.
    case stringAttributeType = 700
    /// A Boolean (raw value 800). Mirrors Core Data's `NSAttributeType.booleanAttributeType`.
    case booleanAttributeType = 800
    /// A date (raw value 900). Mirrors Core Data's `NSAttributeType.dateAttributeType`.
    case dateAttributeType = 900
    /// Binary data (raw value 1000). Mirrors Core Data's `NSAttributeType.binaryDataAttributeType`.
    case binaryDataAttributeType = 1000
    /// A UUID (raw value 1100). Mirrors Core Data's `NSAttributeType.UUIDAttributeType`.
    case UUIDAttributeType = 1100
    /// A URI (URL) (raw value 1200). Mirrors Core Data's `NSAttributeType.URIAttributeType`.
    case URIAttributeType = 1200
    /// A value a value transformer turns into data (raw value 1800). Mirrors Core Data's
    /// `NSAttributeType.transformableAttributeType`.
    case transformableAttributeType = 1800
    /// A managed object ID (raw value 2000). Mirrors Core Data's `NSAttributeType.objectIDAttributeType`.
    case objectIDAttributeType = 2000
    /// A composite attribute, a group of sub-attributes (raw value 2100). Mirrors Core Data's
    /// `NSAttributeType.compositeAttributeType`.
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
        /// The attribute type this name stands for. Mirrors Core Data's
        /// `NSAttributeDescription.AttributeType.rawValue`.
        public let rawValue: NSAttributeType
        /// The name of the attribute type `rawValue`. Mirrors Core Data's
        /// `NSAttributeDescription.AttributeType.init(_:)`.
        public init(_ rawValue: NSAttributeType) { self.rawValue = rawValue }

        /// The `undefinedAttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.undefined`.
        public static let undefined = AttributeType(.undefinedAttributeType)
        /// The `integer16AttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.integer16`.
        public static let integer16 = AttributeType(.integer16AttributeType)
        /// The `integer32AttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.integer32`.
        public static let integer32 = AttributeType(.integer32AttributeType)
        /// The `integer64AttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.integer64`.
        public static let integer64 = AttributeType(.integer64AttributeType)
        /// The `decimalAttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.decimal`.
        public static let decimal = AttributeType(.decimalAttributeType)
        /// The `doubleAttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.double`.
        public static let double = AttributeType(.doubleAttributeType)
        /// The `floatAttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.float`.
        public static let float = AttributeType(.floatAttributeType)
        /// The `stringAttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.string`.
        public static let string = AttributeType(.stringAttributeType)
        /// The `booleanAttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.boolean`.
        public static let boolean = AttributeType(.booleanAttributeType)
        /// The `dateAttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.date`.
        public static let date = AttributeType(.dateAttributeType)
        /// The `binaryDataAttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.binaryData`.
        public static let binaryData = AttributeType(.binaryDataAttributeType)
        /// The `UUIDAttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.uuid`.
        public static let uuid = AttributeType(.UUIDAttributeType)
        /// The `URIAttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.uri`.
        public static let uri = AttributeType(.URIAttributeType)
        /// The `transformableAttributeType` type. Mirrors Core Data's
        /// `NSAttributeDescription.AttributeType.transformable`.
        public static let transformable = AttributeType(.transformableAttributeType)
        /// The `objectIDAttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.objectID`.
        public static let objectID = AttributeType(.objectIDAttributeType)
        /// The `compositeAttributeType` type. Mirrors Core Data's `NSAttributeDescription.AttributeType.composite`.
        public static let composite = AttributeType(.compositeAttributeType)
    }
}
