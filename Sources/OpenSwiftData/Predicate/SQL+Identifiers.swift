import Foundation
import SQLStore

// `persistentModelID` compared as Swift compares `PersistentIdentifier`s: equal when entity, store and key all
// are; ordered by entity name, then key (the store takes no part in the order). In SQL an identifier is its row's
// primary key, which says nothing of the entity or the store, so each comparison is resolved here from what its
// sides are:
// - identifiers of rows of a known entity (`$0.persistentModelID`, `$0.author?.persistentModelID`, a choice
//   between identifiers of one entity): their key;
// - a constant identifier: compared for equality, the key of its row when it names a row of that entity in this
//   store, else a key no row has; ordered, its key when it is of that entity, else a known order by entity names.
// Identifiers of different entities are never equal (but nil equals nil) and order by their entities' names. An
// identifier whose entity the SQL cannot know — a choice between identifiers of different entities, an element of
// a captured collection inside a closure — throws unsupportedPredicate instead of comparing bare keys.

enum SQLIdentifiers {
    /// Whether values of `type` are `PersistentIdentifier` or `PersistentIdentifier?`.
    static func isIdentifier(_ type: Any.Type) -> Bool {
        type == PersistentIdentifier.self || type == PersistentIdentifier?.self
    }

    /// What one side of a comparison of identifiers is.
    private enum Side {
        /// Identifiers of rows of an entity's table.
        case rows(EntityTable)
        /// A constant identifier, or nil.
        case constant(PersistentIdentifier?)
    }

    private static func side(_ node: Any, _ translated: SQLExpression, _ translator: PredicateTranslator)
        throws(SwiftDataError) -> Side
    {
        if case .identifier(let table) = translated.kind { return .rows(table) }
        if translated.isNilLiteral { return .constant(nil) }
        if let value = translator.constantValue(of: node) {
            if let identifier = value as? PersistentIdentifier { return .constant(identifier) }
            if let optional = value as? PersistentIdentifier?, optional == nil { return .constant(nil) }
        }
        throw .unsupportedPredicate(
            "a persistentModelID whose entity SQL cannot know (a choice between models of different entities, or an element "
                + "of a captured collection inside a closure) has no SQL translation; compare identifiers of one entity, or "
                + "write ids.contains($0.persistentModelID)"
        )
    }

    /// The key `identifier` stands for among the identifiers of `table`'s rows: its row's key when it names a row of
    /// that entity in this store, else -1, the key of no row (as a temporary identifier has).
    private static func key(
        _ identifier: PersistentIdentifier, in table: EntityTable, _ translator: PredicateTranslator
    ) -> StoredValue {
        // In a hierarchy's table, the identifier of any of its classes names a row of it.
        let entityTable =
            identifier.entityName == table.name ? table : translator.schema.entity(named: identifier.entityName)?.table
        guard entityTable === table, let key = identifier.primaryKey else { return .integer(-1) }
        if let store = translator.schema.storeIdentifier, identifier.storeIdentifier != store { return .integer(-1) }
        return .integer(key)
    }

    private static func bound(
        _ identifier: PersistentIdentifier?, in table: EntityTable, _ translator: PredicateTranslator
    ) -> SQLExpression {
        translator.sql.value(identifier.map { key($0, in: table, translator) } ?? .null)
    }

    /// `left == right` (or `!=`) for identifiers; nil when the values compared are not identifiers.
    static func equality(
        _ lhs: Any, _ left: SQLExpression, _ rhs: Any, _ right: SQLExpression, type: Any.Type, negated: Bool,
        optional: Bool,
        _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression? {
        guard isIdentifier(type) else { return nil }
        switch (try side(lhs, left, translator), try side(rhs, right, translator)) {
        case (.rows(let table), .rows(let other)):
            let sql = translator.sql
            if table === other { return sql.equality(left, right, negated: negated, optional: optional) }
            // Rows of different entities: never equal, but nil == nil.
            let bothNil = optional ? sql.bothNull(left, right) : sql.constant(false)
            return negated ? sql.not(bothNil) : bothNil
        case (.rows(let table), .constant(let identifier)):
            return translator.sql.equality(
                left, bound(identifier, in: table, translator), negated: negated, optional: optional)
        case (.constant(let identifier), .rows(let table)):
            return translator.sql.equality(
                bound(identifier, in: table, translator), right, negated: negated, optional: optional)
        case (.constant, .constant):
            // Two constants are compared once, by `evaluate`, before translation gets here.
            return nil
        }
    }

    /// How an ordering of identifiers translates: a result known now, or the operands to compare as keys.
    enum Ordering {
        case constant(Bool)
        case operands(SQLExpression, SQLExpression)
    }

    /// `left < right` (or `<=`, `>`, `>=`) for identifiers, which are never nil here (optionals cannot be ordered).
    static func ordering(
        _ lhs: Any, _ left: SQLExpression, _ rhs: Any, _ right: SQLExpression,
        op: PredicateExpressions.ComparisonOperator,
        _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> Ordering {
        /// The comparison's result when the left side orders `order` to the right side.
        func result(_ order: ComparisonResult) -> Ordering {
            switch op {
            case .lessThan: .constant(order == .orderedAscending)
            case .lessThanOrEqual: .constant(order != .orderedDescending)
            case .greaterThan: .constant(order == .orderedDescending)
            case .greaterThanOrEqual: .constant(order != .orderedAscending)
            }
        }
        func order(_ first: String, _ second: String) -> ComparisonResult {
            first < second ? .orderedAscending : first == second ? .orderedSame : .orderedDescending
        }
        switch (try side(lhs, left, translator), try side(rhs, right, translator)) {
        case (.rows(let table), .rows(let other)):
            return table === other ? .operands(left, right) : result(order(table.name, other.name))
        case (.rows(let table), .constant(.some(let identifier))):
            if identifier.entityName != table.name { return result(order(table.name, identifier.entityName)) }
            // A saved row's identifier orders before every temporary one.
            guard let key = identifier.primaryKey else { return result(.orderedAscending) }
            return .operands(left, translator.sql.value(.integer(key)))
        case (.constant(.some(let identifier)), .rows(let table)):
            if identifier.entityName != table.name { return result(order(identifier.entityName, table.name)) }
            guard let key = identifier.primaryKey else { return result(.orderedDescending) }
            return .operands(translator.sql.value(.integer(key)), right)
        case (.rows, .constant(.none)), (.constant(.none), .rows), (.constant, .constant):
            return .operands(left, right)
        }
    }

    /// `identifiers.contains(element)` for a captured collection of identifiers (or optional ones).
    static func membership(of element: SQLExpression, in collection: Any, _ translator: PredicateTranslator)
        throws(SwiftDataError) -> SQLExpression
    {
        guard case .identifier(let table) = element.kind else {
            if element.isNilLiteral {
                return try SQLSequences.membership(of: element, in: collection, json: false, translator)
            }
            throw .unsupportedPredicate(
                "contains(_:) of a persistentModelID whose entity SQL cannot know has no SQL translation")
        }
        guard let sequence = collection as? any Sequence else {
            throw .unsupportedPredicate("contains(_:) on \(type(of: collection)), which is not a sequence")
        }
        let values = SQLSequences.elements(of: sequence).map { item -> StoredValue in
            (item as? PersistentIdentifier).map { key($0, in: table, translator) } ?? .null
        }
        return translator.sql.isIn(element, values)
    }
}
