import Foundation
import SQLite

// Leaves of the expression tree: captured values, nil, and key paths on the predicate's variable.

extension PredicateExpressions.Value: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let stored = try SQLiteConversion.sqliteValue(for: value)
        if case .null = stored { return SQLExpression(sql: "NULL", arguments: [], isNullable: true, kind: .nilLiteral) }
        return SQLExpression(sql: "?", arguments: [stored], isNullable: false, kind: .value(stored))
    }
}

extension PredicateExpressions.NilLiteral: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        SQLExpression(sql: "NULL", arguments: [], isNullable: true, kind: .nilLiteral)
    }
}

extension PredicateExpressions.KeyPath: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        guard let variable = root as? any VariableExpression, variable.variableKey == translator.variable else {
            throw .unsupportedPredicate(
                "the key path \(keyPath) is applied to \(PredicateTranslator.name(of: root)), not to the model itself"
            )
        }
        guard let column = translator.table.column(for: keyPath) else {
            throw .unsupportedPredicate(
                "\(keyPath) is not a stored property of \(translator.table.name) (computed and @Transient properties have no column)"
            )
        }
        return SQLExpression(
            sql: SQL.identifier(column.name), arguments: [], isNullable: column.attribute.isOptional, kind: .column(column)
        )
    }
}

/// Lets the translator recognise `PredicateExpressions.Variable` whatever its generic argument.
protocol VariableExpression {
    var variableKey: PredicateExpressions.VariableID { get }
}

extension PredicateExpressions.Variable: VariableExpression {
    var variableKey: PredicateExpressions.VariableID { key }
}

extension PredicateExpressions.Variable: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        throw .unsupportedPredicate("the model itself (\(Output.self)) is used as a value; compare one of its properties")
    }
}
