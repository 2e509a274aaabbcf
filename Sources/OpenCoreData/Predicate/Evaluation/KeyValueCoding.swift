import Foundation

/// Reading values by key and key path, as Core Data's key-value coding does, for managed objects, dictionaries,
/// collections, strings (`length`) and other Swift values (their stored properties, through `Mirror`).
enum KeyValueCoding {
    /// The elements of a collection (`Array`, `Set`, `NSArray`, `NSSet`, `NSOrderedSet`); nil for anything else,
    /// strings, dictionaries and data included.
    static func elements(of value: Any) -> [Any]? {
        guard type(of: value) is AnyClass else {
            if value is String || value is Data { return nil }
            if let array = value as? [Any] { return array }
            if let set = value as? Set<AnyHashable> { return set.map(\.base) }
            return nil
        }
        if let set = value as? NSOrderedSet { return set.array }
        if let set = value as? NSSet { return set.allObjects }
        if let array = value as? NSArray { return array.map { $0 } }
        return nil
    }

    /// The value at a dotted key path. A step through a collection gives the values of all its elements (nils
    /// dropped, nested collections flattened); `@count`, `@sum`, `@avg`, `@min`, `@max`,
    /// `@distinctUnionOfObjects` and `@unionOfObjects` apply to the collection before them and the key path after
    /// them.
    static func value(of root: Any?, keyPath: String) -> Result<Any?, CoreDataError> {
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        do {
            return .success(try value(of: root, components: components[...]))
        } catch let error as CoreDataError {
            return .failure(error)
        } catch {
            return .failure(.unknownKey(entityName: "?", key: keyPath))
        }
    }

    static func value(of root: Any?, components: ArraySlice<String>) throws -> Any? {
        var current = unwrapped(root)
        var position = components.startIndex
        while position < components.endIndex {
            let component = components[position]
            if component.hasPrefix("@") {
                return try collectionOperator(component, on: current, rest: components[(position + 1)...])
            }
            current = try value(of: current, key: component)
            position += 1
        }
        return current
    }

    /// The value of `key` on one object, or on each element of a collection.
    static func value(of object: Any?, key: String) throws -> Any? {
        guard let object = unwrapped(object) else { return nil }
        if let managed = instance(object, of: NSManagedObject.self) { return try value(of: managed, key: key) }
        if let dictionary = object as? [String: Any] { return unwrapped(dictionary[key]) }
        if let dictionary = instance(object, of: NSDictionary.self) { return unwrapped(dictionary.value(forKey: key)) }
        if let elements = elements(of: object) {
            var values: [Any] = []
            for element in elements {
                guard let value = try value(of: element, key: key) else { continue }
                if let nested = Self.elements(of: value) { values += nested } else { values.append(value) }
            }
            return values
        }
        if let string = object as? String, key == "length" { return string.utf16.count }
        if key == "self" { return object }
        for child in Mirror(reflecting: object).children where child.label == key {
            return unwrapped(child.value)
        }
        throw CoreDataError.unknownKey(entityName: "\(type(of: object))", key: key)
    }

    /// A managed object's stored value of `key`: attributes as held, to-many relationships as their objects in
    /// order.
    static func value(of object: NSManagedObject, key: String) throws -> Any? {
        if object.entity.property(named: key) != nil {
            // A transformable read from a store is JSON until a typed property decodes it: evaluate its JSON.
            if let encoded = object.values[key] as? EncodedTransformableValue { return encoded.jsonObject }
            return object.values[key]
        }
        switch key {
        case "objectID": return object.objectID
        case "self": return object
        default: throw CoreDataError.unknownKey(entityName: object.entity.name ?? "?", key: key)
        }
    }

    private static func collectionOperator(_ name: String, on value: Any?, rest: ArraySlice<String>) throws -> Any? {
        let collection = value.flatMap(elements(of:)) ?? (value.map { [$0] } ?? [])
        func operands() throws -> [Any] {
            try collection.compactMap { element in
                rest.isEmpty ? element : try Self.value(of: element, components: rest)
            }
        }
        switch name {
        case "@count":
            guard rest.isEmpty else {
                throw CoreDataError.unknownKey(entityName: "@count", key: rest.joined(separator: "."))
            }
            return collection.count
        case "@sum":
            return try ExpressionFunctions.sum(operands())
        case "@avg":
            return try ExpressionFunctions.average(operands())
        case "@min":
            return try ExpressionFunctions.extreme(operands(), wanting: .orderedAscending)
        case "@max":
            return try ExpressionFunctions.extreme(operands(), wanting: .orderedDescending)
        case "@unionOfObjects":
            return try operands()
        case "@distinctUnionOfObjects":
            var distinct: [Any] = []
            for value in try operands() where !distinct.contains(where: { ManagedValue.isEqual($0, value) }) {
                distinct.append(value)
            }
            return distinct
        default:
            throw CoreDataError.unknownKey(entityName: "collection operators", key: name)
        }
    }
}
