import SQLStore

extension Schema {
    /// The schema as the store layer describes it: entities by name, attributes by storage type, relationships by
    /// destination and inverse name — no key paths, no model types. Checks what only the model layer can: that every
    /// attribute's type can be stored, and that no two model classes map to one table.
    /// - Throws: ``SwiftDataError/invalidSchema(_:)`` naming the model and property.
    func storeSchema() throws(SwiftDataError) -> StoreSchema {
        var seenNames: [String: String] = [:]
        var entities: [StoreEntity] = []
        for entity in self.entities {
            let typeName = String(reflecting: entity.modelType)
            if let other = seenNames[entity.name.lowercased()] {
                throw .invalidSchema(
                    "\(typeName) and \(other) both map to the table \(entity.name); SQLite table names ignore case and "
                        + "module — rename one of the classes"
                )
            }
            seenNames[entity.name.lowercased()] = typeName
            // `@Model` compiles a subclass of a model (SwiftData's model inheritance, iOS 26), but the store does not
            // keep one yet: it would need the subclass's rows in its superclass's table, or fetching the superclass
            // would silently leave them out.
            if let superclass = _getSuperclass(entity.modelType), let model = superclass as? any PersistentModel.Type {
                throw .invalidSchema(
                    "\(typeName) is a subclass of the model \(String(reflecting: model)); storing model inheritance is not "
                        + "supported yet — make \(entity.name) a model of its own (with a to-one relationship to "
                        + "\(model.entityName) if it extends one), or store both as \(model.entityName) with a kind attribute"
                )
            }
            entities.append(try entity.storeEntity(in: self))
        }
        return StoreSchema(entities: entities, version: version.storeVersion)
    }
}

extension Schema.Version {
    /// The version as the store records it.
    var storeVersion: SchemaVersion { SchemaVersion(major, minor, patch) }

    /// A version the store recorded.
    init(_ version: SchemaVersion) {
        self.init(version.major, version.minor, version.patch)
    }
}

extension Schema.Entity {
    /// The entity as the store layer describes it.
    func storeEntity(in schema: Schema) throws(SwiftDataError) -> StoreEntity {
        var properties: [StoreProperty] = []
        for (index, property) in self.properties.enumerated() {
            switch property.kind {
            case .attribute(let attribute):
                properties.append(.attribute(try storeAttribute(attribute, property: property, index: index)))
            case .relationship(let relationship):
                properties.append(.relationship(StoreRelationship(
                    name: property.name, destination: relationship.destination, isToMany: relationship.isToMany,
                    isOptional: relationship.isOptional, inverseName: inverseName(of: relationship, in: schema),
                    originalName: relationship.originalName
                )))
            }
        }
        return StoreEntity(name: name, properties: properties, uniquenessConstraints: uniquenessConstraints, indices: indices)
    }

    private func storeAttribute(_ attribute: Schema.Attribute, property: Schema.PropertyMetadata, index: Int) throws(SwiftDataError) -> StoreAttribute {
        let codec = attribute.codec
        if codec.representation == .unsupported {
            throw .invalidSchema(
                "\(name).\(property.name) has type \(attribute.valueType), which cannot be stored: use a "
                    + "String, number, Bool, Date, Data, UUID, URL or Decimal, a RawRepresentable or Codable type, "
                    + "an optional of one of these, a @Model class or an array of one, or mark the property @Transient"
            )
        }
        var accepts: (@Sendable (StoredValue) -> Bool)?
        if let json = codec.jsonType {
            let model = modelType
            accepts = { value in Self.decodes(json.type, value, model: model, property: index) }
        }
        return StoreAttribute(
            name: property.name, storageType: codec.columnType, isOptional: attribute.isOptional, collation: codec.collation,
            storesExternally: attribute.options.contains(.externalStorage),
            defaultValue: property.defaultValue.flatMap { try? StoredValueConversion.storedValue(for: $0) },
            originalName: attribute.originalName, valueTypeName: String(reflecting: attribute.valueType),
            representation: codec.representation.rawValue, acceptsStoredValue: accepts
        )
    }

    /// Whether a stored value reads as a `T` (merged over its defaults when fields are missing).
    private static func decodes<T: Codable>(_ type: T.Type, _ value: StoredValue, model: any PersistentModel.Type, property: Int) -> Bool {
        AttributeJSON.decode(T.self, from: value, model: model, property: property) != nil
    }

    /// The name of the destination's relationship that `relationship` declares as its inverse; for a key path that
    /// names no relationship of the destination, the key path's description (which no property has, so the store
    /// refuses it, naming it).
    private func inverseName(of relationship: Schema.Relationship, in schema: Schema) -> String? {
        guard let declared = relationship.inverseKeyPath else { return nil }
        let destination = schema.entities.first { $0.name == relationship.destination }
        if let property = destination?.properties.first(where: { $0.keypath == declared }), property.relationship != nil {
            return property.name
        }
        return "\(declared)"
    }
}
