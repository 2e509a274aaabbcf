import Foundation

/// A property of an entity: an attribute or a relationship. Mirrors Core Data's `NSPropertyDescription`.
///
/// Properties are added to an entity through ``NSEntityDescription/properties``; `entity` is set then.
open class NSPropertyDescription: NSObject {
    /// The property's name: the key of `value(forKey:)` and of predicates. Mirrors Core Data's `name`.
    open var name: String = "" {
        didSet { ownerEntity?.propertiesDidChange() }
    }

    weak var ownerEntity: NSEntityDescription?

    /// The entity the property belongs to; nil until the property is added to one. Mirrors Core Data's `entity`.
    open var entity: NSEntityDescription! { ownerEntity }

    /// Whether the property may have no value (default `true`, as Core Data). A non-optional property without a
    /// value fails ``NSManagedObject/validateForInsert()``.
    open var isOptional: Bool = true

    /// Whether the property is kept in memory only, never stored. Mirrors Core Data's `isTransient`.
    open var isTransient: Bool = false

    /// Free-form information from the model (the model editor's User Info).
    open var userInfo: [AnyHashable: Any]?

    /// The property's name in an earlier version of the model, so a lightweight migration renames it. Mirrors
    /// Core Data's `renamingIdentifier` (the model file's `elementID`).
    open var renamingIdentifier: String?

    /// Changes the property's version hash without changing its shape. Mirrors Core Data's `versionHashModifier`.
    open var versionHashModifier: String?

    /// Predicates a value must satisfy (each evaluated with the value as `SELF`), checked by validation.
    open private(set) var validationPredicates: [NSPredicate] = []

    /// The messages reported when the matching ``validationPredicates`` fail.
    open private(set) var validationWarnings: [Any] = []

    /// Sets the validation predicates and their messages. Mirrors Core Data's
    /// `setValidationPredicates(_:withValidationWarnings:)`.
    open func setValidationPredicates(_ predicates: [NSPredicate]?, withValidationWarnings warnings: [String]?) {
        validationPredicates = predicates ?? []
        validationWarnings = warnings ?? []
    }

    public override init() {
        super.init()
    }

    /// Whether this property and `other` describe the same shape (name, kind, type, optionality, relationships by
    /// entity name): what two versions of a model are compared on.
    func hasSameShape(as other: NSPropertyDescription) -> Bool {
        name == other.name && isOptional == other.isOptional && isTransient == other.isTransient
    }
}
