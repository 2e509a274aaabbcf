import Foundation
import SQLite

// Leaves of the expression tree: captured values, nil, variables, and key paths.

extension PredicateExpressions.Value: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        .bound(try SQLiteConversion.sqliteValue(for: value))
    }
}

extension PredicateExpressions.NilLiteral: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        SQLExpression(sql: "NULL", arguments: [], isNullable: true, kind: .nilLiteral)
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
        throw .unsupportedPredicate("the model itself (\(Output.self)) is used as a value; compare one of its properties")
    }
}

extension PredicateExpressions.KeyPath: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        if let variable = root as? any VariableExpression, variable.variableKey == translator.variable {
            guard let column = translator.table.column(for: keyPath) else {
                throw .unsupportedPredicate(
                    "\(keyPath) is not a stored property of \(translator.table.name) (computed and @Transient properties have no column)"
                )
            }
            // Qualified with the table: inside a json_each subquery an unqualified "key", "value", "type" or "path"
            // would name json_each's column.
            return SQLExpression(
                sql: "\(translator.table.quotedName).\(SQL.identifier(column.name))", arguments: [],
                isNullable: column.attribute.isOptional, kind: .column(column)
            )
        }
        // A key path on a value the SQL computes: the few String and collection properties SQL can answer.
        let base = try translator.translate(root)
        if let translated = try SQLValueKeyPaths.translate(keyPath, on: base, rootType: Root.Output.self) {
            return translated
        }
        throw .unsupportedPredicate("the key path \(keyPath) has no SQL translation")
    }
}

/// `String.count`, `String.isEmpty`, and `count`/`isEmpty` of collections stored as JSON arrays.
enum SQLValueKeyPaths {
    static func translate(_ keyPath: AnyKeyPath, on base: SQLExpression, rootType: Any.Type) throws(SwiftDataError) -> SQLExpression? {
        if rootType == String.self {
            if keyPath == \String.isEmpty { return .computed("(\(base.sql) = '')", base.arguments) }
            if keyPath == \String.count {
                return .computed("\(StringFunctions.characterCount)(\(base.sql))", base.arguments, nullable: base.isNullable)
            }
            return nil
        }
        guard let collection = rootType as? any StoredCollection.Type else { return nil }
        if keyPath == collection.isEmptyKeyPath { return .computed("(json_array_length(\(base.sql)) = 0)", base.arguments) }
        if keyPath == collection.countKeyPath {
            return .computed("json_array_length(\(base.sql))", base.arguments, nullable: base.isNullable)
        }
        return nil
    }
}

/// Collections stored as JSON arrays, and the key paths `#Predicate` forms for their `isEmpty` and `count` (the
/// concrete type's members, which are not equal to key paths through `Collection`).
protocol StoredCollection {
    static var isEmptyKeyPath: AnyKeyPath { get }
    static var countKeyPath: AnyKeyPath { get }
}

extension Array: StoredCollection {
    static var isEmptyKeyPath: AnyKeyPath { \Array.isEmpty }
    static var countKeyPath: AnyKeyPath { \Array.count }
}

extension Set: StoredCollection {
    static var isEmptyKeyPath: AnyKeyPath { \Set.isEmpty }
    static var countKeyPath: AnyKeyPath { \Set.count }
}
