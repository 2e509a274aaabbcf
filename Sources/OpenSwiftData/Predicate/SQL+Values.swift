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
        _ keyPath: KeyPath<Model, Value>, on base: SQLExpression, table: EntityTable, alias: String?, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        if keyPath == table.persistentModelIDKeyPath {
            return SQLExpression(sql: base.sql, arguments: base.arguments, isNullable: base.isNullable, kind: .identifier(table))
        }
        // A key path through a protocol requirement (`\T.key` in a generic function) reads a stored property too.
        guard let index = table.propertyIndex(for: keyPath) ?? ProtocolKeyPaths.propertyIndex(of: keyPath, in: table) else {
            throw .unsupportedPredicate(
                "\(PredicateTranslator.describe(keyPath)) is not a stored property of \(table.name) (computed and @Transient "
                    + "properties have no column)"
            )
        }
        let name = "\(table.name).\(table.entity.properties[index].name)"
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
                var result = SQLExpression(
                    sql: columnSQL(column), arguments: arguments, isNullable: true, kind: .reference(mapping.destination, alias: nil)
                )
                result.name = name
                return result
            }
            var result = SQLExpression(
                sql: columnSQL(column), arguments: arguments, isNullable: nullable, kind: alias == nil ? .computed : .column(column)
            )
            result.name = name
            return result
        }
        guard let mapping = translator.relationship(of: table, propertyIndex: index) else {
            throw .unsupportedPredicate("\(name) has no SQL translation")
        }
        var result = SQLExpression(sql: base.sql, arguments: base.arguments, isNullable: false, kind: .collection(mapping))
        result.name = name
        return result
    }
}

/// `String.count`, `String.isEmpty`, and `count`/`isEmpty` of to-many relationships and of collections stored as
/// JSON (arrays, sets, dictionaries, slices of arrays).
enum SQLValueKeyPaths {
    static func translate(
        _ keyPath: AnyKeyPath, on base: SQLExpression, rootType: Any.Type, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression? {
        if case .collection = base.kind, let collection = rootType as? any StoredCollection.Type {
            let isEmpty = keyPath == collection.isEmptyKeyPath
            guard isEmpty || keyPath == collection.countKeyPath else { return nil }
            let rows = try SQLRelationships.rows(of: base, alias: translator.uniqueAlias("c"))
            var result = isEmpty
                ? SQLExpression.computed("(NOT EXISTS (SELECT 1 \(rows.clause)))", rows.arguments)
                : SQLExpression.computed("(SELECT count(*) \(rows.clause))", rows.arguments)
            result.failure = rows.failure
            return result
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
        if let first = collection.firstKeyPath, let last = collection.lastKeyPath, keyPath == first || keyPath == last {
            return try firstOrLast(of: base, rootType: rootType, elementType: collection.elementType, last: keyPath == last, translator)
        }
        if collection.isDictionary {
            // A dictionary with String or Int keys is a JSON object; with other keys, an array of keys and values.
            if keyPath == collection.isEmptyKeyPath {
                return .computed("(NOT EXISTS (SELECT 1 FROM json_each(\(base.sql))))", base.arguments)
            }
            if keyPath == collection.countKeyPath {
                return .computed(
                    "(CASE json_type(\(base.sql)) WHEN 'object' THEN (SELECT count(*) FROM json_each(\(base.sql))) "
                        + "ELSE json_array_length(\(base.sql)) / 2 END)",
                    base.arguments + base.arguments + base.arguments, nullable: base.isNullable
                )
            }
            return nil
        }
        if let elements = base.elements {
            // Some elements of an array (`filter`, a range subscript): counted where they are.
            let alias = translator.uniqueAlias("j")
            if keyPath == collection.isEmptyKeyPath {
                let any = try elements.select("1", alias)
                return .computed("(NOT EXISTS \(any.sql))", any.arguments)
            }
            if keyPath == collection.countKeyPath { return try elements.select("count(*)", alias) }
            return nil
        }
        if keyPath == collection.isEmptyKeyPath { return .computed("(json_array_length(\(base.sql)) = 0)", base.arguments) }
        if keyPath == collection.countKeyPath {
            return .computed("json_array_length(\(base.sql))", base.arguments, nullable: base.isNullable)
        }
        return nil
    }
}

extension SQLValueKeyPaths {
    /// `array.first` or `array.last`: the element at the first (last) index, among those a filter or range
    /// subscript keeps; nil when there is none.
    static func firstOrLast(
        of base: SQLExpression, rootType: Any.Type, elementType: Any.Type, last: Bool, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        let described = "\(last ? "last" : "first") of \(base.described(as: rootType))"
        guard !SQLJSON.isUnordered(rootType), !base.hasUnknownOrder else {
            throw .unsupportedPredicate("\(described) has no SQL translation: a Set's elements come in no order SQL knows")
        }
        guard !(elementType is any OptionalType.Type), SQLJSON.formInJSON(elementType) != .different else {
            throw .unsupportedPredicate("\(described) has no SQL translation for elements of type \(elementType)")
        }
        let elements = JSONElements(base, sequenceType: rootType, elementType: elementType)
        let alias = translator.uniqueAlias("j")
        var result = try elements.select("\(alias).value", alias, then: " ORDER BY \(alias).key \(last ? "DESC" : "ASC") LIMIT 1")
        result.isNullable = true
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
