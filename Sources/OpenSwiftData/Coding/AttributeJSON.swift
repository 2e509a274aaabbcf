import Foundation
import Synchronization

/// JSON coding of `Codable` attributes: sorted keys, so equal values are stored as equal text.
///
/// Decoding tolerates fields added to a type since a value was stored: Swift's synthesized `Decodable` ignores field
/// defaults and throws for a missing key, so when the stored JSON does not decode by itself, it is decoded merged over
/// the JSON of a default value of the type (``DefaultInitializable``'s `init()`, else the default the model declares
/// for the property): stored fields win, missing ones — at any depth of nested structs — take the default's. Arrays,
/// sets, dictionaries with `String` keys and optionals of such types are merged element by element when their
/// element type is ``DefaultInitializable``. Only the first decode is attempted when it succeeds, so values in the
/// current shape cost nothing more.
enum AttributeJSON {
    static func encode<T: Encodable>(_ value: T) throws(SwiftDataError) -> StoredValue {
        do {
            return .text(String(decoding: try encoder().encode(value), as: UTF8.self))
        } catch {
            throw .valueOutOfRange("cannot encode \(T.self) as JSON: \(error)")
        }
    }

    /// The stored value as a `T`; nil when it is not JSON of a `T`, even merged over its defaults. `model` and
    /// `property` name the property it is read for (a model type and an index in its `schemaMetadata`), whose
    /// declared default is a default of last resort; they are looked at only when the value does not decode by itself.
    static func decode<T: Codable>(_ type: T.Type, from value: StoredValue, model: Any.Type? = nil, property: Int = -1)
        -> T?
    {
        let data: Data
        switch value {
        case .text(let text): data = Data(text.utf8)
        case .blob(let blob): data = blob
        default: return nil
        }
        if let decoded = try? JSONDecoder().decode(T.self, from: data) { return decoded }
        guard let template = cachedTemplate(for: T.self, model: model, property: property),
            let stored = try? JSONDecoder().decode(JSONValue.self, from: data),
            let merged = try? encoder().encode(template.merge(stored))
        else { return nil }
        return try? JSONDecoder().decode(T.self, from: merged)
    }

    /// Templates by value type and property, worked out once each (every old row of a table needs the same).
    private struct TemplateKey: Hashable {
        let type: ObjectIdentifier
        let model: ObjectIdentifier?
        let property: Int
    }

    private static let templates = Mutex<[TemplateKey: JSONTemplate?]>([:])

    private static func cachedTemplate<T: Codable>(for type: T.Type, model: Any.Type?, property: Int) -> JSONTemplate? {
        let key = TemplateKey(
            type: ObjectIdentifier(T.self), model: model.map(ObjectIdentifier.init), property: property)
        if let cached = templates.withLock({ $0[key] }) { return cached }
        var declaredDefault: Any?
        if let model = model as? any PersistentModel.Type {
            let properties = model.schemaMetadata
            if properties.indices.contains(property) { declaredDefault = properties[property].defaultValue }
        }
        let template = template(for: T.self, declaredDefault: declaredDefault)
        templates.withLock { $0[key] = .some(template) }
        return template
    }

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .deferredToDate
        return encoder
    }

    /// What a stored value of `T` is merged over: the JSON of `T()` when `T` is ``DefaultInitializable``; for a
    /// collection, its element's; else the JSON of the property's declared default.
    static func template<T: Encodable>(for type: T.Type, declaredDefault: Any?) -> JSONTemplate? {
        if let initializable = T.self as? any (DefaultInitializable & Encodable).Type,
            let defaults = json(of: initializable.init())
        {
            return .value(defaults)
        }
        if let collection = T.self as? any JSONCollectionTemplate.Type, let template = collection.jsonTemplate {
            return template
        }
        guard let declared = declaredDefault as? T, let defaults = json(of: declared) else { return nil }
        return .value(defaults)
    }

    private static func json(of value: some Encodable) -> JSONValue? {
        guard let data = try? encoder().encode(value) else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }
}

/// The defaults a stored JSON value is merged over.
indirect enum JSONTemplate: Sendable {
    /// A default value: objects are merged key by key, recursively.
    case value(JSONValue)
    /// Each element of an array.
    case elements(JSONTemplate)
    /// Each value of an object (a dictionary).
    case values(JSONTemplate)

    /// `stored`, with what it lacks taken from the template.
    func merge(_ stored: JSONValue) -> JSONValue {
        switch (self, stored) {
        case (.value(let defaults), _): stored.merged(over: defaults)
        case (.elements(let element), .array(let items)): .array(items.map(element.merge))
        case (.values(let element), .object(let members)): .object(members.mapValues(element.merge))
        default: stored
        }
    }
}

/// Collections whose elements can be merged over their defaults (see ``AttributeJSON``).
protocol JSONCollectionTemplate {
    static var jsonTemplate: JSONTemplate? { get }
}

extension Array: JSONCollectionTemplate where Element: Codable {
    static var jsonTemplate: JSONTemplate? {
        AttributeJSON.template(for: Element.self, declaredDefault: nil).map(JSONTemplate.elements)
    }
}

extension Set: JSONCollectionTemplate where Element: Codable {
    static var jsonTemplate: JSONTemplate? {
        AttributeJSON.template(for: Element.self, declaredDefault: nil).map(JSONTemplate.elements)
    }
}

extension Dictionary: JSONCollectionTemplate where Key == String, Value: Codable {
    static var jsonTemplate: JSONTemplate? {
        AttributeJSON.template(for: Value.self, declaredDefault: nil).map(JSONTemplate.values)
    }
}

extension Optional: JSONCollectionTemplate where Wrapped: Codable {
    static var jsonTemplate: JSONTemplate? {
        AttributeJSON.template(for: Wrapped.self, declaredDefault: nil)
    }
}
