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
        // A key path on a value the SQL computes: the few String and collection properties SQL can answer.
        if let translated = try SQLValueKeyPaths.translate(keyPath, on: base, rootType: Root.Output.self, translator) {
            return translated
        }
        throw .unsupportedPredicate("the key path \(keyPath) has no SQL translation")
    }
}

/// Key paths on a model: its attributes (columns), its relationships (references and collections), and its
/// `persistentModelID` (the primary key).
enum SQLModelKeyPaths {
    static func translate(
        _ keyPath: AnyKeyPath, on base: SQLExpression, table: EntityTable, alias: String?, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        guard let entity = translator.schema.entity(of: table) else {
            throw .unsupportedPredicate("\(keyPath) is not a property of a model in this container")
        }
        guard let index = entity.propertyIndex(for: keyPath) else {
            if keyPath == entity.persistentModelIDKeyPath {
                return translator.sql.identifier(of: base, table: table)
            }
            throw .unsupportedPredicate(
                "\(keyPath) is not a stored property of \(table.name) (computed and @Transient properties have no column)"
            )
        }
        if let columnIndex = table.columnOfProperty[index] {
            let column = table.columns[columnIndex]
            if case .reference = column.kind, let mapping = translator.relationship(of: table, propertyIndex: index) {
                return translator.sql.reference(through: column, row: base, table: table, alias: alias, to: mapping.destination)
            }
            return translator.sql.value(of: column, row: base, table: table, alias: alias)
        }
        guard let mapping = translator.relationship(of: table, propertyIndex: index) else {
            throw .unsupportedPredicate("\(keyPath) of \(table.name) has no SQL translation")
        }
        return translator.sql.collection(mapping, of: base)
    }
}

/// `String.count`, `String.isEmpty`, and `count`/`isEmpty` of collections stored as JSON arrays.
enum SQLValueKeyPaths {
    static func translate(
        _ keyPath: AnyKeyPath, on base: SQLExpression, rootType: Any.Type, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression? {
        if case .collection(let mapping) = base.kind, let collection = rootType as? any StoredCollection.Type {
            if keyPath == collection.isEmptyKeyPath { return translator.sql.relatedIsEmpty(base, mapping) }
            if keyPath == collection.countKeyPath { return translator.sql.relatedCount(base, mapping) }
            return nil
        }
        if rootType == String.self {
            if keyPath == \String.isEmpty { return translator.sql.isEmptyText(base) }
            if keyPath == \String.count { return translator.sql.characterCount(base) }
            return nil
        }
        guard let collection = rootType as? any StoredCollection.Type else { return nil }
        try SQLRelationships.requireRelationship(base, elementType: collection.elementType)
        if keyPath == collection.isEmptyKeyPath { return translator.sql.jsonIsEmpty(base) }
        if keyPath == collection.countKeyPath { return translator.sql.jsonCount(base) }
        return nil
    }
}

/// Collections stored as JSON arrays, and the key paths `#Predicate` forms for their `isEmpty` and `count` (the
/// concrete type's members, which are not equal to key paths through `Collection`).
protocol StoredCollection {
    static var isEmptyKeyPath: AnyKeyPath { get }
    static var countKeyPath: AnyKeyPath { get }
    static var elementType: Any.Type { get }
}

extension Array: StoredCollection {
    static var isEmptyKeyPath: AnyKeyPath { \Array.isEmpty }
    static var countKeyPath: AnyKeyPath { \Array.count }
    static var elementType: Any.Type { Element.self }
}

extension Set: StoredCollection {
    static var isEmptyKeyPath: AnyKeyPath { \Set.isEmpty }
    static var countKeyPath: AnyKeyPath { \Set.count }
    static var elementType: Any.Type { Element.self }
}
