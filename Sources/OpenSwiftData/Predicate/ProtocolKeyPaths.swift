import Foundation
import SQLStore
import Synchronization

/// The stored property a key path reaches through a protocol requirement.
///
/// In a generic function over `T: PersistentModel & Keyed`, or a predicate formed in a protocol extension,
/// `#Predicate<T> { $0.key == key }` forms `\T.key` through `Keyed`'s requirement: a key path that reads the same
/// property as `\Item.key` but is not equal to it, so it is not among the entity's key paths. Swift cannot say which
/// property a key path reads, so the translator watches: on a model that belongs to no context (see
/// ``ProbeValues/model(of:)``), it gives each stored property of the key path's type a value of its own, twice, and
/// takes the one property whose value the key path returns both times. A computed property (`name.lowercased()`,
/// `count * 2`) returns neither and stays untranslated. The answer is kept per model type and key path.
enum ProtocolKeyPaths {
    private struct Key: Hashable, @unchecked Sendable {
        let model: ObjectIdentifier
        let keyPath: AnyKeyPath
    }

    private static let resolved = Mutex<[Key: Int?]>([:])

    /// The index (in the entity's properties) of the stored property `keyPath` reads; nil when it reads none alone.
    static func propertyIndex<Model, Value>(of keyPath: KeyPath<Model, Value>, in entity: EntityMapping) -> Int? {
        let key = Key(model: ObjectIdentifier(entity.entity.modelType), keyPath: keyPath)
        if let known = resolved.withLock({ $0[key] }) { return known }
        let index = watch(keyPath, in: entity)
        resolved.withLock { $0[key] = index }
        return index
    }

    private static func watch<Model, Value>(_ keyPath: KeyPath<Model, Value>, in entity: EntityMapping) -> Int? {
        // A property a subclass inherits has its superclass's key path (`\Vehicle.wheels`), which `\Truck.wheels`
        // (model inheritance) is not equal to: it is written through the class that declares it.
        var roots: [any PersistentModel.Type] = []
        var current: AnyClass? = entity.entity.modelType
        while let type = current, let model = type as? any PersistentModel.Type {
            roots.append(model)
            current = _getSuperclass(type)
        }
        let properties: [(index: Int, write: (AnyObject, Value) -> Void)] = entity.storedProperties.compactMap {
            property, column in
            guard case .attribute = column.kind else { return nil }
            let declared = entity.entity.properties[property].keypath
            for root in roots {
                if let write = writer(root, declared, Value.self) { return (property, write) }
            }
            return nil
        }
        let samples = ProbeValues.samples(Value.self, count: 2)
        guard !properties.isEmpty, samples.count == 2, let model = ProbeValues.model(of: entity) as? Model else {
            return nil
        }
        let object = model as AnyObject
        func stored(_ value: Value) -> StoredValue? { try? StoredValueConversion.storedValue(for: value) }
        var matches: [Int] = []
        for property in properties {
            var returnsIt = true
            for (own, others) in [(samples[0], samples[1]), (samples[1], samples[0])] {
                for other in properties { other.write(object, others) }
                property.write(object, own)
                if stored(model[keyPath: keyPath]) != stored(own) { returnsIt = false }
            }
            if returnsIt { matches.append(property.index) }
        }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Writes a `Value` through `keyPath` when it is a writable key path of `Root`'s.
    private static func writer<Root: PersistentModel, Value>(
        _ root: Root.Type, _ keyPath: AnyKeyPath, _ value: Value.Type
    ) -> ((AnyObject, Value) -> Void)? {
        guard let writable = keyPath as? ReferenceWritableKeyPath<Root, Value> else { return nil }
        return { object, value in
            if let model = object as? Root { model[keyPath: writable] = value }
        }
    }
}
