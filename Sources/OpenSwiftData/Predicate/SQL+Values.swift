import Foundation
import SQLStore

// Leaves of the expression tree: captured values, nil, variables, and key paths.

extension PredicateExpressions.Value: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.value(try StoredValueConversion.storedValue(for: value))
    }
}

extension PredicateExpressions.NilLiteral: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.nilLiteral
    }
}

/// Lets the translator recognise `PredicateExpressions.Value` whatever its generic argument.
protocol CapturedValueExpression {}

extension PredicateExpressions.Value: CapturedValueExpression {}

/// Lets the translator recognise `PredicateExpressions.Variable` whatever its generic argument.
protocol VariableExpression {
    var variableKey: PredicateExpressions.VariableID { get }
}

extension PredicateExpressions.Variable: VariableExpression {
    var variableKey: PredicateExpressions.VariableID { key }
}

extension PredicateExpressions.Variable: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        if let bound = translator.bindings[key] { return bound }
        if key == translator.variable { return translator.modelReference }
        throw .unsupportedPredicate("the variable of type \(Output.self) is not bound")
    }
}

extension PredicateExpressions.KeyPath: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let base = try translator.translate(root)
        if case .reference(let table, let alias) = base.kind {
            return try SQLModelKeyPaths.translate(keyPath, on: base, table: table, alias: alias, translator)
        }
        // A key path on a value the SQL computes: the String and collection properties SQL can answer, and the
        // properties of a Codable value stored as JSON.
        if let translated = try SQLValueKeyPaths.translate(keyPath, on: base, rootType: Root.Output.self, translator) {
            return translated
        }
        if let translated = try SQLCodablePaths.translate(keyPath, on: base, translator) {
            return translated
        }
        throw .unsupportedPredicate(
            "\(PredicateTranslator.describe(keyPath)) of \(base.described(as: Root.Output.self)) has no SQL translation"
        )
    }
}

/// Key paths on a model: its attributes (columns), its relationships (references and collections), and its
/// `persistentModelID` (the primary key).
enum SQLModelKeyPaths {
    static func translate<Model, Value>(
        _ keyPath: KeyPath<Model, Value>, on base: SQLExpression, table: EntityTable, alias: String?,
        _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        // The key path's root names the class (in a hierarchy's table, `\Car.range` after `as? Car` of a Vehicle row).
        let rooted = (Model.self as? any PersistentModel.Type).flatMap { try? translator.schema.entity(for: $0) }
        guard let entity = rooted.flatMap({ $0.table === table ? $0 : nil }) ?? translator.schema.entity(of: table)
        else {
            throw .unsupportedPredicate(
                "\(PredicateTranslator.describe(keyPath)) is not a property of a model in this container")
        }
        if keyPath == entity.persistentModelIDKeyPath {
            return translator.sql.identifier(of: base, table: table)
        }
        // A key path through a protocol requirement (`\T.key` in a generic function) reads a stored property too.
        guard let index = entity.propertyIndex(for: keyPath) ?? ProtocolKeyPaths.propertyIndex(of: keyPath, in: entity)
        else {
            throw .unsupportedPredicate(
                "\(PredicateTranslator.describe(keyPath)) is not a stored property of \(table.name) (computed and @Transient "
                    + "properties have no column)"
            )
        }
        let name = "\(table.name).\(entity.entity.properties[index].name)"
        var result: SQLExpression
        if let column = entity.column(ofProperty: index) {
            if case .reference = column.kind, let mapping = entity.relationships[index]?.storage {
                result = translator.sql.reference(
                    through: column, row: base, table: table, alias: alias, to: mapping.destination)
            } else {
                result = translator.sql.value(of: column, row: base, table: table, alias: alias)
            }
        } else {
            guard let mapping = entity.relationships[index]?.storage else {
                throw .unsupportedPredicate("\(name) has no SQL translation")
            }
            result = translator.sql.collection(mapping, of: base)
        }
        result.name = name
        return result
    }
}

/// `String.count`, `String.isEmpty`, and `count`/`isEmpty` of to-many relationships and of collections stored as
/// JSON (arrays, sets, dictionaries, slices of arrays); `first` and `last` of arrays.
enum SQLValueKeyPaths {
    static func translate(
        _ keyPath: AnyKeyPath, on base: SQLExpression, rootType: Any.Type, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression? {
        let sql = translator.sql
        if case .collection(let mapping) = base.kind, let collection = rootType as? any StoredCollection.Type {
            if keyPath == collection.isEmptyKeyPath { return sql.relatedIsEmpty(base, mapping) }
            if keyPath == collection.countKeyPath { return sql.relatedCount(base, mapping) }
            return nil
        }
        if rootType == String.self {
            if keyPath == \String.isEmpty { return sql.isEmptyText(base) }
            if keyPath == \String.count { return sql.characterCount(base) }
            return nil
        }
        guard let collection = rootType as? any StoredCollection.Type else { return nil }
        try SQLRelationships.requireRelationship(base, elementType: collection.elementType)
        if let first = collection.firstKeyPath, let last = collection.lastKeyPath, keyPath == first || keyPath == last {
            return try firstOrLast(
                of: base, rootType: rootType, elementType: collection.elementType, last: keyPath == last, translator)
        }
        if collection.isDictionary {
            // A dictionary with String or Int keys is a JSON object; with other keys, an array of keys and values.
            if keyPath == collection.isEmptyKeyPath { return sql.jsonObjectIsEmpty(base) }
            if keyPath == collection.countKeyPath { return sql.jsonObjectCount(base) }
            return nil
        }
        if let elements = base.elements {
            // Some elements of an array (`filter`, a range subscript): counted where they are.
            if keyPath == collection.isEmptyKeyPath { return sql.jsonIsEmpty(elements) }
            if keyPath == collection.countKeyPath { return sql.jsonCount(elements) }
            return nil
        }
        if keyPath == collection.isEmptyKeyPath { return sql.jsonIsEmpty(base) }
        if keyPath == collection.countKeyPath { return sql.jsonCount(base) }
        return nil
    }

    /// `array.first` or `array.last`: the element at the first (last) index, among those a filter or range
    /// subscript keeps; nil when there is none.
    static func firstOrLast(
        of base: SQLExpression, rootType: Any.Type, elementType: Any.Type, last: Bool, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        let described = "\(last ? "last" : "first") of \(base.described(as: rootType))"
        guard !SQLJSON.isUnordered(rootType), !base.hasUnknownOrder else {
            throw .unsupportedPredicate(
                "\(described) has no SQL translation: a Set's elements come in no order SQL knows")
        }
        guard !(elementType is any OptionalType.Type), SQLJSON.formInJSON(elementType) != .different else {
            throw .unsupportedPredicate("\(described) has no SQL translation for elements of type \(elementType)")
        }
        let elements = SQLSequences.elements(of: base, sequenceType: rootType, elementType: elementType, translator)
        var result = translator.sql.jsonFirst(elements, last: last)
        result.name = base.name.map { "\($0).\(last ? "last" : "first")" }
        return result
    }
}

/// Collections stored as JSON, and the key paths `#Predicate` forms for their `isEmpty`, `count`, `first` and `last`
/// (the concrete type's members, which are not equal to key paths through `Collection`).
protocol StoredCollection {
    static var isEmptyKeyPath: AnyKeyPath { get }
    static var countKeyPath: AnyKeyPath { get }
    /// `first` and `last`, for collections in an order (not sets, not dictionaries).
    static var firstKeyPath: AnyKeyPath? { get }
    static var lastKeyPath: AnyKeyPath? { get }
    static var elementType: Any.Type { get }
    /// Stored as a JSON object (or an array of keys and values), not an array of elements.
    static var isDictionary: Bool { get }
}

extension StoredCollection {
    static var isDictionary: Bool { false }
    static var firstKeyPath: AnyKeyPath? { nil }
    static var lastKeyPath: AnyKeyPath? { nil }
}

extension Array: StoredCollection {
    static var isEmptyKeyPath: AnyKeyPath { \Array.isEmpty }
    static var countKeyPath: AnyKeyPath { \Array.count }
    static var firstKeyPath: AnyKeyPath? { \Array.first }
    static var lastKeyPath: AnyKeyPath? { \Array.last }
    static var elementType: Any.Type { Element.self }
}

extension ArraySlice: StoredCollection {
    static var isEmptyKeyPath: AnyKeyPath { \ArraySlice.isEmpty }
    static var countKeyPath: AnyKeyPath { \ArraySlice.count }
    static var firstKeyPath: AnyKeyPath? { \ArraySlice.first }
    static var lastKeyPath: AnyKeyPath? { \ArraySlice.last }
    static var elementType: Any.Type { Element.self }
}

extension Set: StoredCollection {
    static var isEmptyKeyPath: AnyKeyPath { \Set.isEmpty }
    static var countKeyPath: AnyKeyPath { \Set.count }
    static var elementType: Any.Type { Element.self }
}

extension Dictionary: StoredCollection {
    static var isEmptyKeyPath: AnyKeyPath { \Dictionary.isEmpty }
    static var countKeyPath: AnyKeyPath { \Dictionary.count }
    static var elementType: Any.Type { Value.self }
    static var isDictionary: Bool { true }
}
