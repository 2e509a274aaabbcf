import Foundation
import SQLStore

/// An `NSManagedObjectModel` as the store layer's neutral schema: one table per entity (its own and inherited
/// stored properties; transient ones are not stored), attributes by ``AttributeStorage``, relationships with their
/// inverse and order, uniqueness constraints and indexes. A property's `renamingIdentifier` is its name in the
/// previous model version, so a lightweight migration renames the column instead of dropping it.
enum StoreSchemaBuilder {
    /// The word recorded with each column for how its values are encoded (compared when a store is migrated).
    static let representation = "coredata"

    /// The hidden integer column of every entity's table that holds the row's version (Core Data's name): new rows
    /// start at 1, every save of the row raises it, and a save's `UPDATE`/`DELETE` of a row checks it still holds
    /// the version the object was read with (optimistic locking). It is no `NSAttributeDescription`: not in
    /// `attributesByName`, `changedValues()` or dictionary results.
    static let versionColumn = "Z_OPT"

    /// The store schema of `model`; `rowVersions: false` leaves out the ``versionColumn`` (to read a read-only
    /// store written before there was one).
    static func schema(of model: NSManagedObjectModel, rowVersions: Bool = true) -> StoreSchema {
        StoreSchema(entities: model.entities.compactMap { entity($0, rowVersions: rowVersions) })
    }

    private static func entity(_ entity: NSEntityDescription, rowVersions: Bool) -> StoreEntity? {
        guard let name = entity.name else { return nil }
        var properties: [StoreProperty] = []
        for property in entity.properties where !property.isTransient {
            if let attribute = property as? NSAttributeDescription {
                guard let storageType = AttributeStorage.storageType(of: attribute) else { continue }
                let defaultValue = attribute.defaultValue.flatMap { value -> StoredValue? in
                    guard case .success(let normalized?) = ManagedValue.normalize(value, for: attribute) else {
                        return nil
                    }
                    return AttributeStorage.storedValue(normalized, for: attribute)
                }
                properties.append(
                    .attribute(
                        StoreAttribute(
                            name: attribute.name, storageType: storageType, isOptional: attribute.isOptional,
                            collation: attribute.attributeType == .decimalAttributeType ? DecimalCollation.name : nil,
                            storesExternally: attribute.allowsExternalBinaryDataStorage, defaultValue: defaultValue,
                            originalName: originalName(of: attribute),
                            valueTypeName: attribute.attributeType.modelFileName,
                            representation: representation
                        )))
            } else if let relationship = property as? NSRelationshipDescription,
                let destination = relationship.destinationEntity?.name
            {
                properties.append(
                    .relationship(
                        StoreRelationship(
                            name: relationship.name, destination: destination, isToMany: relationship.isToMany,
                            isOptional: relationship.isOptional, inverseName: relationship.inverseRelationship?.name,
                            isOrdered: relationship.isOrdered, originalName: originalName(of: relationship)
                        )))
            }
        }
        if rowVersions {
            // Last, so that a store written before it existed gains it by a plain added column.
            properties.append(
                .attribute(
                    StoreAttribute(
                        name: versionColumn, storageType: .integer, isOptional: false, defaultValue: .integer(1),
                        valueTypeName: NSAttributeType.integer64AttributeType.modelFileName,
                        representation: representation
                    )))
        }
        let stored = Set(properties.compactMap { $0.attribute?.name }).subtracting([versionColumn])
        return StoreEntity(
            name: name, properties: properties,
            uniquenessConstraints: entity.uniquenessConstraintNames.filter {
                $0.allSatisfy(stored.contains) && !$0.isEmpty
            },
            indices: entity.indexes.map { $0.elements.compactMap(\.propertyName) }.filter {
                !$0.isEmpty && $0.allSatisfy(stored.contains)
            }
        )
    }

    private static func originalName(of property: NSPropertyDescription) -> String? {
        guard let renamed = property.renamingIdentifier, !renamed.isEmpty, renamed != property.name else { return nil }
        return renamed
    }
}
