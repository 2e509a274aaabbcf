import Foundation

/// What deleting an object does to the objects a relationship refers to. Mirrors Core Data's `NSDeleteRule`.
public enum NSDeleteRule: UInt, Sendable, CaseIterable {
    /// Nothing: the related objects keep referring to the deleted object.
    case noActionDeleteRule = 0
    /// The related objects forget the deleted object (their inverse is cleared). The default.
    case nullifyDeleteRule = 1
    /// The related objects are deleted too.
    case cascadeDeleteRule = 2
    /// The object cannot be deleted while the relationship has objects.
    case denyDeleteRule = 3

    /// The name the model file uses (`deletionRule="Cascade"`).
    public var modelFileName: String {
        switch self {
        case .noActionDeleteRule: "No Action"
        case .nullifyDeleteRule: "Nullify"
        case .cascadeDeleteRule: "Cascade"
        case .denyDeleteRule: "Deny"
        }
    }

    init?(modelFileName: String) {
        guard let rule = Self.allCases.first(where: { $0.modelFileName == modelFileName }) else { return nil }
        self = rule
    }
}

/// A relationship from one entity to another. Mirrors Core Data's `NSRelationshipDescription`.
///
/// A relationship is to-one while ``maxCount`` is 1 (the default) and to-many otherwise (0 means no limit):
///
/// ```swift
/// let items = NSRelationshipDescription()
/// items.name = "items"
/// items.destinationEntity = item
/// items.maxCount = 0            // to-many
/// items.deleteRule = .cascadeDeleteRule
/// items.inverseRelationship = cart   // Item.cart, whose inverse is this relationship
/// ```
open class NSRelationshipDescription: NSPropertyDescription {
    /// The entity the relationship refers to. Held weakly (the model holds its entities).
    open weak var destinationEntity: NSEntityDescription?

    /// The relationship back, on the destination entity. Held weakly (its entity holds it). Setting one side
    /// does not set the other: set both, as in Core Data; ``NSManagedObjectModel/validate()`` reports an inverse
    /// that does not point back.
    open weak var inverseRelationship: NSRelationshipDescription?

    /// The most objects the relationship may hold: 1 for to-one (the default), 0 for no limit.
    open var maxCount: Int = 1

    /// The fewest objects the relationship must hold (checked by validation when the relationship is not
    /// optional or has objects).
    open var minCount: Int = 0

    /// What deleting the source object does to the related objects (default `.nullifyDeleteRule`).
    open var deleteRule: NSDeleteRule = .nullifyDeleteRule

    /// Whether a to-many relationship keeps its objects in order (an `NSOrderedSet`).
    open var isOrdered: Bool = false

    /// Whether the relationship may hold more than one object: `maxCount != 1`.
    open var isToMany: Bool { maxCount != 1 }

    public override init() {
        super.init()
    }

    override func hasSameShape(as other: NSPropertyDescription) -> Bool {
        guard let other = other as? NSRelationshipDescription else { return false }
        return super.hasSameShape(as: other) && isToMany == other.isToMany && isOrdered == other.isOrdered
            && destinationEntity?.name == other.destinationEntity?.name
            && inverseRelationship?.name == other.inverseRelationship?.name
    }

    open override var description: String {
        let destination = destinationEntity?.name ?? "?"
        return "NSRelationshipDescription(\(name): \(isToMany ? "to-many" : "to-one") \(destination))"
    }
}
