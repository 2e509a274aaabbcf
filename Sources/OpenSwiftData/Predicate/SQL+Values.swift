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
        guard let index = table.propertyIndex(for: keyPath) else {
            if keyPath == table.persistentModelIDKeyPath {
                return SQLExpression(sql: base.sql, arguments: base.arguments, isNullable: base.isNullable, kind: .identifier(table))
            }
            throw .unsupportedPredicate(
                "\(keyPath) is not a stored property of \(table.name) (computed and @Transient properties have no column)"
            )
        }
        /// The SQL of `column` of the row: read directly when the row is in the FROM clause, else by its key.
        func columnSQL(_ column: EntityTable.Column) -> String {
            let direct = alias.map { "\($0).\(SQL.identifier(column.name))" }
            if let direct {
                return column.isExternal ? ExternalData.bytesSQL(reference: direct) : direct
            }
            let row = translator.uniqueAlias("s")
            let reference = "\(row).\(SQL.identifier(column.name))"
            let value = column.isExternal ? ExternalData.bytesSQL(reference: reference) : reference
            return "(SELECT \(value) FROM \(table.quotedName) AS \(row) WHERE \(row).\(SQL.identifier(SQL.primaryKey)) = \(base.sql))"
        }
        let arguments = alias == nil ? base.arguments : []
        if let columnIndex = table.columnOfProperty[index] {
            let column = table.columns[columnIndex]
            // Through a nil reference every column reads as NULL.
            let nullable = column.isNullable || base.isNullable
            if case .reference = column.kind, let mapping = translator.relationship(of: table, propertyIndex: index) {
                return SQLExpression(
                    sql: columnSQL(column), arguments: arguments, isNullable: true, kind: .reference(mapping.destination, alias: nil)
                )
            }
            return SQLExpression(sql: columnSQL(column), arguments: arguments, isNullable: nullable, kind: alias == nil ? .computed : .column(column))
        }
        guard let mapping = translator.relationship(of: table, propertyIndex: index) else {
            throw .unsupportedPredicate("\(keyPath) of \(table.name) has no SQL translation")
        }
        return SQLExpression(sql: base.sql, arguments: base.arguments, isNullable: false, kind: .collection(mapping))
    }
}

/// `String.count`, `String.isEmpty`, and `count`/`isEmpty` of collections stored as JSON arrays.
enum SQLValueKeyPaths {
    static func translate(
        _ keyPath: AnyKeyPath, on base: SQLExpression, rootType: Any.Type, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression? {
        if case .collection(let mapping) = base.kind, let collection = rootType as? any StoredCollection.Type {
            let source = SQLRelationships.source(of: mapping, ownerKey: base.sql, alias: translator.uniqueAlias("c"))
            if keyPath == collection.isEmptyKeyPath {
                return .computed("(NOT EXISTS (SELECT 1 \(source)))", base.arguments)
            }
            if keyPath == collection.countKeyPath {
                return .computed("(SELECT count(*) \(source))", base.arguments)
            }
            return nil
        }
        if rootType == String.self {
            if keyPath == \String.isEmpty { return .computed("(\(base.sql) = '')", base.arguments) }
            if keyPath == \String.count {
                return .computed("\(StringFunctions.characterCount)(\(base.sql))", base.arguments, nullable: base.isNullable)
            }
            return nil
        }
        guard let collection = rootType as? any StoredCollection.Type else { return nil }
        try SQLRelationships.requireRelationship(base, elementType: collection.elementType)
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
