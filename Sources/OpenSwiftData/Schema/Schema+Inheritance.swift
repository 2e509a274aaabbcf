import SQLStore

extension Schema {
    /// Where one model class's rows live (SwiftData's model inheritance, stored as Core Data stores it: one table per
    /// hierarchy). A class with no model superclass has its own table; a subclass's rows are rows of its root's
    /// table, whose columns are the root's then every subclass's own (each class's own properties contiguous, in
    /// schema order), then the entity column ``EntityTable/entityColumn`` naming each row's class. A model with no
    /// subclass has no entity column, so its table is exactly what it was before inheritance was stored.
    struct EntityLayout: Sendable {
        /// The root's entity name: the table.
        let root: String
        /// For each of the entity's properties (by index), its index among the table's properties.
        let tableProperty: [Int]
        /// The entity column's value for rows of exactly this class (its entity name); nil outside a hierarchy.
        let code: String?
        /// The entity column's values of this class and every subclass in the schema (what a fetch of it selects).
        let codes: [String]
        /// The model superclasses, nearest first.
        let ancestors: [String]

        var isInHierarchy: Bool { code != nil }
    }

    /// The layout of every entity, by name.
    /// - Throws: ``SwiftDataError/invalidSchema(_:)`` for a subclass whose model superclass is not in the schema.
    func entityLayouts() throws(SwiftDataError) -> [String: EntityLayout] {
        let names = Set(entities.map(\.name))
        var ancestorsByName: [String: [String]] = [:]
        for entity in entities {
            var ancestors: [String] = []
            var type: AnyClass? = entity.modelType
            while let superclass = type.flatMap({ _getSuperclass($0) }),
                let model = superclass as? any PersistentModel.Type
            {
                let name = EntityNames.name(of: model)
                guard names.contains(name) else {
                    throw .invalidSchema(
                        "\(entity.name) is a subclass of the model \(name), which is not in the schema; add \(name) to the "
                            + "schema (its rows and \(entity.name)'s share one table)"
                    )
                }
                ancestors.append(name)
                type = superclass
            }
            ancestorsByName[entity.name] = ancestors
        }
        let hierarchyRoots = Set(ancestorsByName.values.compactMap(\.last))
        // Union layout per root: its properties, then each subclass's own, in schema order.
        var tablePropertyCount: [String: Int] = [:]
        var layouts: [String: EntityLayout] = [:]
        var ownStart: [String: Int] = [:]
        for entity in entities where ancestorsByName[entity.name]?.isEmpty ?? true {
            tablePropertyCount[entity.name] = entity.properties.count
            ownStart[entity.name] = 0
        }
        for entity in entities {
            guard let ancestors = ancestorsByName[entity.name], let root = ancestors.last else { continue }
            ownStart[entity.name] = tablePropertyCount[root, default: 0]
            let inherited = entities.first { $0.name == ancestors[0] }?.properties.count ?? 0
            tablePropertyCount[root, default: 0] += entity.properties.count - inherited
        }
        for entity in entities {
            let ancestors = ancestorsByName[entity.name] ?? []
            let root = ancestors.last ?? entity.name
            let inHierarchy = !ancestors.isEmpty || hierarchyRoots.contains(entity.name)
            // Property i of the entity was declared by the class whose own range holds it: the chain from the root.
            var tableProperty: [Int] = []
            let chain = ([entity.name] + ancestors).reversed()
            var declared = 0
            for name in chain {
                guard let count = entities.first(where: { $0.name == name })?.properties.count,
                    let start = ownStart[name]
                else { continue }
                for offset in 0..<(count - declared) { tableProperty.append(start + offset) }
                declared = count
            }
            let codes = entities.filter {
                $0.name == entity.name || (ancestorsByName[$0.name] ?? []).contains(entity.name)
            }.map(\.name)
            layouts[entity.name] = EntityLayout(
                root: root, tableProperty: tableProperty, code: inHierarchy ? entity.name : nil,
                codes: inHierarchy ? codes : [], ancestors: ancestors
            )
        }
        return layouts
    }
}

/// Class tests for model inheritance, which Linux's Swift runtime answers without Objective-C.
enum ModelHierarchy {
    /// Whether `model` is a `type` or an instance of a subclass of it.
    static func isKind(_ model: any PersistentModel, of type: any PersistentModel.Type) -> Bool {
        isSubclass(Swift.type(of: model), of: type)
    }

    /// Whether `subclass` is `type` or inherits from it.
    static func isSubclass(_ subclass: any PersistentModel.Type, of type: any PersistentModel.Type) -> Bool {
        var current: AnyClass? = subclass
        let target = ObjectIdentifier(type)
        while let candidate = current {
            if ObjectIdentifier(candidate) == target { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }
}
