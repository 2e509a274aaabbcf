import Foundation

/// An attribute of an entity: a value of one of Core Data's attribute types. Mirrors Core Data's
/// `NSAttributeDescription`.
///
/// ```swift
/// let price = NSAttributeDescription()
/// price.name = "price"
/// price.attributeType = .doubleAttributeType
/// price.isOptional = false
/// price.defaultValue = 0.0
/// ```
///
/// Values are held in managed objects as these Swift types (numbers convert on `setValue(_:forKey:)`):
/// `Int16`, `Int32`, `Int64`, `Decimal`, `Double`, `Float`, `String`, `Bool`, `Date`, `Data`, `UUID`, `URL`,
/// `NSManagedObjectID`; a transformable attribute holds any `Codable` value (see ``valueTransformerName``).
open class NSAttributeDescription: NSPropertyDescription {
    /// The type of the attribute's values (default `.undefinedAttributeType`, which a stored attribute may not have).
    open var attributeType: NSAttributeType = .undefinedAttributeType

    /// The same type, in the Swift form Core Data also offers (`.string`, `.integer64`, …).
    open var type: AttributeType {
        get { AttributeType(attributeType) }
        set { attributeType = newValue.rawValue }
    }

    private var explicitValueClassName: String?

    /// The class of the attribute's values: for a transformable attribute the custom class the model names (for
    /// example `"[String]"`), otherwise the Foundation class Core Data uses for the type (`"NSString"`,
    /// `"NSNumber"`, …). Mirrors Core Data's `attributeValueClassName`.
    open var attributeValueClassName: String? {
        get { explicitValueClassName ?? attributeType.valueClassName }
        set { explicitValueClassName = newValue }
    }

    /// The value a newly inserted object starts with (set before `awakeFromInsert()`), in the Swift type of the
    /// attribute. Mirrors Core Data's `defaultValue`.
    open var defaultValue: Any?

    /// For binary data: whether large values may be stored outside the row (Core Data's "Allows External
    /// Storage").
    open var allowsExternalBinaryDataStorage: Bool = false

    /// For a transformable attribute: the name of the value transformer Core Data would use. OpenCoreData stores
    /// transformable values as JSON of their `Codable` form whatever the name, so any `Codable` value works;
    /// the name is kept for the model's sake.
    open var valueTransformerName: String?

    /// Whether the value is kept in persistent history after deletion (no history on Linux: recorded only).
    open var preservesValueInHistoryOnDeletion: Bool = false

    /// Whether CloudKit encrypts the value (no CloudKit on Linux: recorded only).
    open var allowsCloudEncryption: Bool = false

    public override init() {
        super.init()
    }

    override func hasSameShape(as other: NSPropertyDescription) -> Bool {
        guard let other = other as? NSAttributeDescription else { return false }
        return super.hasSameShape(as: other) && attributeType == other.attributeType
            && allowsExternalBinaryDataStorage == other.allowsExternalBinaryDataStorage
            && ManagedValue.isEqual(defaultValue, other.defaultValue)
    }

    open override var description: String {
        "NSAttributeDescription(\(name): \(attributeType.modelFileName)\(isOptional ? ", optional" : ""))"
    }
}
