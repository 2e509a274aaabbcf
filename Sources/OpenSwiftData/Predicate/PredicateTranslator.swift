import Foundation
import SQLite

/// A translated predicate expression: SQL text with its bound arguments.
struct SQLExpression {
    enum Kind {
        /// `nil` in the predicate.
        case nilLiteral
        /// A captured value, bound as the (only) argument.
        case value(SQLiteValue)
        /// A stored attribute's column.
        case column(EntityTable.Column)
        /// Anything else.
        case computed
    }

    var sql: String
    var arguments: [SQLiteValue]
    /// Whether the SQL can yield NULL. Boolean expressions the translator builds never do, so `NOT` is safe.
    var isNullable: Bool
    var kind: Kind

    static func computed(_ sql: String, _ arguments: [SQLiteValue], nullable: Bool = false) -> SQLExpression {
        SQLExpression(sql: sql, arguments: arguments, isNullable: nullable, kind: .computed)
    }

    var isNilLiteral: Bool {
        if case .nilLiteral = kind { return true }
        return false
    }
}

/// A predicate expression node that has an SQL translation. Each family of Foundation's `PredicateExpressions`
/// gets its conformance in its own file (`SQL+Comparison.swift`, …), mirroring Foundation's own layout.
protocol SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression
}

/// Translates a `#Predicate` over one model type into an SQL boolean expression over that model's table.
///
/// Anything without a translation throws ``SwiftDataError/unsupportedPredicate(_:)`` naming the expression; a
/// predicate is never partly applied.
struct PredicateTranslator {
    let table: EntityTable
    let variable: PredicateExpressions.VariableID

    /// The SQL condition for a whole predicate.
    func condition(_ expression: any StandardPredicateExpression<Bool>) throws(SwiftDataError) -> SQLExpression {
        try translate(expression)
    }

    /// The translation of one sub-expression.
    func translate(_ expression: Any) throws(SwiftDataError) -> SQLExpression {
        guard let node = expression as? any SQLTranslatable else {
            throw .unsupportedPredicate("\(Self.name(of: expression)) has no SQL translation")
        }
        return try node.sql(self)
    }

    /// A readable name for an expression node: its type without generic arguments, e.g. `PredicateExpressions.Arithmetic`.
    static func name(of expression: Any) -> String {
        let full = String(reflecting: type(of: expression))
        let base = full.split(separator: "<", maxSplits: 1).first.map(String.init) ?? full
        return base.replacingOccurrences(of: "FoundationEssentials.", with: "").replacingOccurrences(of: "Foundation.", with: "")
    }
}
