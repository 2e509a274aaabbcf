import Foundation

/// How an index element is collated. Mirrors Core Data's `NSFetchIndexElementType`.
public enum NSFetchIndexElementType: UInt, Sendable {
    /// An ordinary (B-tree) index.
    case binary = 0
    /// A spatial index (recorded; SQLite stores it as an ordinary index).
    case rTree = 1
}

/// One property of an index. Mirrors Core Data's `NSFetchIndexElementDescription`.
open class NSFetchIndexElementDescription: NSObject {
    /// The indexed property, when the element was made from one.
    open var property: NSPropertyDescription? {
        didSet { if let property { storedPropertyName = property.name } }
    }

    private var storedPropertyName: String?

    /// The indexed property's name.
    open var propertyName: String? { property?.name ?? storedPropertyName }

    /// Binary or R-tree.
    open var collationType: NSFetchIndexElementType

    /// Whether the index orders this element ascending (default `true`).
    open var isAscending: Bool = true

    /// The index the element belongs to.
    open internal(set) weak var indexDescription: NSFetchIndexDescription?

    /// An element indexing `property`. Mirrors Core Data's `init(property:collationType:)`.
    public init(property: NSPropertyDescription, collationType: NSFetchIndexElementType) {
        self.property = property
        self.storedPropertyName = property.name
        self.collationType = collationType
        super.init()
    }

    /// An element naming a property that is resolved later (how a model file's `fetchIndexElement` is read).
    init(propertyName: String, collationType: NSFetchIndexElementType) {
        self.storedPropertyName = propertyName
        self.collationType = collationType
        super.init()
    }
}

/// An index over one or more properties of an entity. Mirrors Core Data's `NSFetchIndexDescription`.
open class NSFetchIndexDescription: NSObject {
    /// The index's name (the model file's `fetchIndex name`).
    open var name: String

    /// The indexed properties, in order.
    open var elements: [NSFetchIndexElementDescription] {
        didSet { for element in elements { element.indexDescription = self } }
    }

    /// The entity the index belongs to (set when it is added to ``NSEntityDescription/indexes``).
    open internal(set) weak var entity: NSEntityDescription?

    /// When set, only rows matching this predicate are indexed.
    open var partialIndexPredicate: NSPredicate?

    /// Mirrors Core Data's `init(name:elements:)`.
    public init(name: String, elements: [NSFetchIndexElementDescription]?) {
        self.name = name
        self.elements = elements ?? []
        super.init()
        for element in self.elements { element.indexDescription = self }
    }
}
