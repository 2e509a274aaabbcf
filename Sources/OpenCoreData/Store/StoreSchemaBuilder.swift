import Foundation
import SQLStore

/// An `NSManagedObjectModel` as the store layer's neutral schema: one table per entity (its own and inherited
/// stored properties; transient ones are not stored), attributes by ``AttributeStorage``, relationships with their
/// inverse and order, uniqueness constraints and indexes. A property's `renamingIdentifier` is its name in the
/// previous model version, so a lightweight migration renames the column instead of dropping it.
enum StoreSchemaBuilder {
    /// The word recorded with each column for how its values are encoded (compared when a store is migrated).
    static let representation = "coredata"

    static func schema(of model: NSManagedObjectModel) -> StoreSchema {
        StoreSchema(entities: model.entities.compactMap(entity(_:)))
    }

    private static func entity(_ entity: NSEntityDescription) -> StoreEntity? {
        guard let name = entity.name else { return nil }
        var properties: [StoreProperty] = []
        for property in entity.properties where !property.isTransient {
            if let attribute = property as? NSAttributeDescription {
                guard let storageType = AttributeStorage.storageType(of: attribute) else { continue }
                let defaultValue = attribute.defaultValue.flatMap { value -> StoredValue? in
                    guard case .success(let normalized?) = ManagedValue.normalize(value, for: attribute) else { return nil }
                    return AttributeStorage.storedValue(normalized, for: attribute)
                }
                properties.append(.attribute(StoreAttribute(
                    name: attribute.name, storageType: storageType, isOptional: attribute.isOptional,
                    collation: attribute.attributeType == .decimalAttributeType ? DecimalCollation.name : nil,
                    storesExternally: attribute.allowsExternalBinaryDataStorage, defaultValue: defaultValue,
                    originalName: originalName(of: attribute), valueTypeName: attribute.attributeType.modelFileName,
                    representation: representation
                )))
            } else if let relationship = property as? NSRelationshipDescription, let destination = relationship.destinationEntity?.name {
                properties.append(.relationship(StoreRelationship(
                    name: relationship.name, destination: destination, isToMany: relationship.isToMany,
                    isOptional: relationship.isOptional, inverseName: relationship.inverseRelationship?.name,
                    isOrdered: relationship.isOrdered, originalName: originalName(of: relationship)
                )))
            }
        }
        let stored = Set(properties.compactMap { $0.attribute?.name })
        return StoreEntity(
            name: name, properties: properties,
            uniquenessConstraints: entity.uniquenessConstraintNames.filter { $0.allSatisfy(stored.contains) && !$0.isEmpty },
            indices: entity.indexes.map { $0.elements.compactMap(\.propertyName) }.filter { !$0.isEmpty && $0.allSatisfy(stored.contains) }
        )
    }

    private static func originalName(of property: NSPropertyDescription) -> String? {
        guard let renamed = property.renamingIdentifier, !renamed.isEmpty, renamed != property.name else { return nil }
        return renamed
    }
}
