import Foundation

/// Keeps both sides of a relationship in step in memory, before any save: setting `book.author = a` adds the book
/// to `a.books` and removes it from its previous author's; setting `a.books` sets each added book's `author`.
///
/// Edits of the other side go through its public setter (so observers and change tracking see them) while
/// ``isSyncing`` is true, which stops them from echoing back.
enum RelationshipSync {
    @TaskLocal static var isSyncing = false

    /// A to-one property of `model` changes from `old` to `new`.
    static func toOneWillChange<Model: PersistentModel>(
        _ model: Model, _ property: AnyKeyPath, from old: (any PersistentModel)?, to new: (any PersistentModel)?
    ) {
        guard old !== new, let mapping = RelationshipMappings.relationship(Model.self, property) else { return }
        $isSyncing.withValue(true) {
            if let old {
                for inverse in mapping.inverseAccessors { inverse.remove(old, model) }
            }
            // With several inverses (lists that share this one), which list the model joins cannot be told: none.
            if let new, mapping.inverseAccessors.count == 1, let inverse = mapping.inverseAccessors.first {
                if mapping.inverseIsToOne, let forward = mapping.relationship.accessors {
                    // One-to-one: whatever `new` pointed at no longer points at `new`.
                    for previous in inverse.related(new) where previous !== model { forward.remove(previous, new) }
                }
                inverse.add(new, model)
            }
        }
        if let new { adopt(new, by: model) }
    }

    /// A to-many property of `model` changes from `old` to `new`.
    static func toManyWillChange<Model: PersistentModel>(
        _ model: Model, _ property: AnyKeyPath, from old: [any PersistentModel], to new: [any PersistentModel]
    ) {
        guard let mapping = RelationshipMappings.relationship(Model.self, property) else { return }
        let removed = old.filter { item in !new.contains { $0 === item } }
        let added = new.filter { item in !old.contains { $0 === item } }
        $isSyncing.withValue(true) {
            guard mapping.inverseAccessors.count == 1, let inverse = mapping.inverseAccessors.first else { return }
            // A model still in another list sharing the inverse keeps its reference to the owner.
            for item in removed where !mapping.siblingAccessors.contains(where: { $0.holds(model, item) }) {
                inverse.remove(item, model)
            }
            for item in added {
                if mapping.inverseIsToOne, let forward = mapping.relationship.accessors {
                    // The item leaves its previous owner's collection (and the lists sharing its inverse).
                    for previous in inverse.related(item) where previous !== model {
                        forward.remove(previous, item)
                        for sibling in mapping.siblingAccessors { sibling.remove(previous, item) }
                    }
                }
                inverse.add(item, model)
            }
        }
        for item in added { adopt(item, by: model) }
    }

    /// Brings every model `model`'s relationships hold into step with it — the other side of each, and `model`'s
    /// context — as when they were set in an initializer (which bypasses the setters). Called when `model` is
    /// inserted.
    static func adoptRelationships<Model: PersistentModel>(of model: Model) {
        guard let mappings = RelationshipMappings.relationships(Model.self) else { return }
        for mapping in mappings {
            // A relationship still in the store is already consistent there.
            if model._$persistentState.faults[mapping.propertyIndex] != nil { continue }
            guard let accessors = mapping.relationship.accessors else { continue }
            let related = accessors.related(model)
            if mapping.inverseAccessors.count == 1, let inverse = mapping.inverseAccessors.first {
                $isSyncing.withValue(true) {
                    for item in related {
                        if mapping.inverseIsToOne {
                            for previous in inverse.related(item) where previous !== model {
                                accessors.remove(previous, item)
                                for sibling in mapping.siblingAccessors { sibling.remove(previous, item) }
                            }
                        }
                        inverse.add(item, model)
                    }
                }
            }
            for item in related { adopt(item, by: model) }
        }
    }

    /// Two models now related share a context: one that belongs to none joins the other's (as SwiftData does).
    private static func adopt(_ related: any PersistentModel, by owner: some PersistentModel) {
        if let context = owner.modelContext, related.modelContext == nil {
            context.insert(related)
        } else if let context = related.modelContext, owner.modelContext == nil {
            context.insert(owner)
        }
    }
}

/// Relationship mappings per model type, resolved once from the model's own schema (the type and every type it
/// reaches), so that models not yet in any context keep their relationships in step too.
enum RelationshipMappings {
    struct Entry: Sendable {
        let relationship: Schema.Relationship
        let propertyIndex: Int
        /// The other side: one inverse, or none — or, for a to-one that several lists name as their inverse, each
        /// of those lists.
        let inverseAccessors: [RelationshipAccessors]
        let inverseIsToOne: Bool
        /// The owner's other lists that share this one's to-one inverse.
        let siblingAccessors: [RelationshipAccessors]
    }

    private final class Cache: @unchecked Sendable {
        // Invariant behind @unchecked Sendable: the dictionaries are only touched while `lock` is held.
        let lock = NSLock()
        var entries: [ObjectIdentifier: [Entry]] = [:]
        nonisolated(unsafe) var indexes: [ObjectIdentifier: [AnyKeyPath: Int]] = [:]
    }

    private static let cache = Cache()

    /// Every relationship of `type`, with its inverse; nil when the type's schema is invalid.
    static func relationships(_ type: any PersistentModel.Type) -> [Entry]? {
        let key = ObjectIdentifier(type)
        if let entries = cache.lock.withLock({ cache.entries[key] }) { return entries }
        guard let entity = try? ModelMapping(schema: Schema([type])).entity(for: type) else { return nil }
        let entries = entity.orderedRelationships.map { mapping in
            Entry(
                relationship: mapping.relationship, propertyIndex: mapping.propertyIndex,
                inverseAccessors: mapping.inverses.compactMap(\.accessors),
                inverseIsToOne: mapping.inverse?.isToOneRelationship ?? false,
                siblingAccessors: mapping.siblings.compactMap(\.accessors)
            )
        }
        let indexes = Dictionary(
            type.schemaMetadata.enumerated().map { ($1.keypath, $0) }, uniquingKeysWith: { first, _ in first }
        )
        cache.lock.withLock {
            cache.entries[key] = entries
            cache.indexes[key] = indexes
        }
        return entries
    }

    /// The relationship of `type` a key path names.
    static func relationship(_ type: any PersistentModel.Type, _ keyPath: AnyKeyPath) -> Entry? {
        guard let index = propertyIndex(type, keyPath) else { return nil }
        return relationships(type)?.first { $0.propertyIndex == index }
    }

    /// The index (in `schemaMetadata`) of the property a key path of `type` names.
    static func propertyIndex(_ type: any PersistentModel.Type, _ keyPath: AnyKeyPath) -> Int? {
        let key = ObjectIdentifier(type)
        if let index = cache.lock.withLock({ cache.indexes[key]?[keyPath] }) { return index }
        _ = relationships(type)
        return cache.lock.withLock { cache.indexes[key]?[keyPath] }
    }
}
