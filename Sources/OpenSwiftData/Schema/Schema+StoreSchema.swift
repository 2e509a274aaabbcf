import SQLStore

extension Schema {
    /// The schema as the store layer describes it: entities by name, attributes by storage type, relationships by
    /// destination and inverse name — no key paths, no model types. Checks what only the model layer can: that every
    /// attribute's type can be stored, and that no two model classes map to one table.
    /// - Throws: ``SwiftDataError/invalidSchema(_:)`` naming the model and property.
    func storeSchema() throws(SwiftDataError) -> StoreSchema {
        let layouts = try entityLayouts()
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
            guard let layout = layouts[entity.name], layout.root == entity.name else { continue }
            var stored = try entity.storeEntity(in: self, layouts: layouts)
            guard layout.isInHierarchy else {
                entities.append(stored)
                continue
            }
            // A hierarchy: the subclasses' own properties follow the root's in its table, nullable (a row of
            // another class has none; the object layer always writes a class's required ones), then the entity
            // column.
            for subentity in self.entities
            where subentity.name != entity.name && layouts[subentity.name]?.root == entity.name {
                let own = try subentity.storeEntity(in: self, layouts: layouts)
                let inherited =
                    layouts[subentity.name]?.ancestors.first.flatMap { name in
                        self.entities.first { $0.name == name }?.properties.count
                    } ?? 0
                for property in own.properties.dropFirst(inherited) {
                    switch property {
                    case .attribute(var attribute):
                        attribute.isOptional = true
                        stored.properties.append(.attribute(attribute))
                    case .relationship(var relationship):
                        relationship.isOptional = true
                        stored.properties.append(.relationship(relationship))
                    }
                }
                for group in own.uniquenessConstraints where !stored.uniquenessConstraints.contains(group) {
                    stored.uniquenessConstraints.append(group)
                }
                for group in own.indices where !stored.indices.contains(group) { stored.indices.append(group) }
            }
            stored.properties.append(
                .attribute(
                    StoreAttribute(
                        name: EntityTable.entityColumn, storageType: .text, isOptional: false,
                        defaultValue: .text(entity.name),
                        valueTypeName: "Swift.String"
                    )))
            entities.append(stored)
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
    func storeEntity(in schema: Schema, layouts: [String: Schema.EntityLayout] = [:]) throws(SwiftDataError)
        -> StoreEntity
    {
        var properties: [StoreProperty] = []
        for (index, property) in self.properties.enumerated() {
            switch property.kind {
            case .attribute(let attribute):
                properties.append(.attribute(try storeAttribute(attribute, property: property, index: index)))
            case .relationship(let relationship):
                properties.append(
                    .relationship(
                        StoreRelationship(
                            name: property.name,
                            destination: layouts[relationship.destination]?.root ?? relationship.destination,
                            isToMany: relationship.isToMany,
                            isOptional: relationship.isOptional, inverseName: inverseName(of: relationship, in: schema),
                            originalName: relationship.originalName
                        )))
            }
        }
        return StoreEntity(
            name: name, properties: properties, uniquenessConstraints: uniquenessConstraints, indices: indices)
    }

    private func storeAttribute(_ attribute: Schema.Attribute, property: Schema.PropertyMetadata, index: Int)
        throws(SwiftDataError) -> StoreAttribute
    {
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
            name: property.name, storageType: codec.columnType, isOptional: attribute.isOptional,
            collation: codec.collation,
            storesExternally: attribute.options.contains(.externalStorage),
            defaultValue: property.defaultValue.flatMap { try? StoredValueConversion.storedValue(for: $0) },
            originalName: attribute.originalName, valueTypeName: String(reflecting: attribute.valueType),
            representation: codec.representation.rawValue, acceptsStoredValue: accepts
        )
    }

    /// Whether a stored value reads as a `T` (merged over its defaults when fields are missing).
    private static func decodes<T: Codable>(
        _ type: T.Type, _ value: StoredValue, model: any PersistentModel.Type, property: Int
    ) -> Bool {
        AttributeJSON.decode(T.self, from: value, model: model, property: property) != nil
    }

    /// The name of the destination's relationship that `relationship` declares as its inverse; for a key path that
    /// names no relationship of the destination, the key path's description (which no property has, so the store
    /// refuses it, naming it).
    private func inverseName(of relationship: Schema.Relationship, in schema: Schema) -> String? {
        guard let declared = relationship.inverseKeyPath else { return nil }
        let destination = schema.entities.first { $0.name == relationship.destination }
        if let property = destination?.properties.first(where: { $0.keypath == declared }), property.relationship != nil
        {
            return property.name
        }
        return "\(declared)"
    }
}
