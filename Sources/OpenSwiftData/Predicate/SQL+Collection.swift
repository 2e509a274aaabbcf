import Foundation
import SQLite

// String `contains` and `starts(with:)`, and `contains` of a captured collection (SQL `IN`).

extension PredicateExpressions.CollectionContainsCollection: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        guard Base.Output.self == String.self, Other.Output.self == String.self else {
            throw .unsupportedPredicate("contains(_:) is translated for String only, not \(Base.Output.self)")
        }
        let haystack = try translator.translate(base)
        let needle = try translator.translate(other)
        return SQLStrings.call(StringFunctions.contains, haystack, needle)
    }
}

extension PredicateExpressions.SequenceStartsWith: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        guard Base.Output.self == String.self, Prefix.Output.self == String.self else {
            throw .unsupportedPredicate("starts(with:) is translated for String only, not \(Base.Output.self)")
        }
        let text = try translator.translate(base)
        let prefix = try translator.translate(self.prefix)
        return SQLStrings.call(StringFunctions.startsWith, text, prefix)
    }
}

extension PredicateExpressions.SequenceContains: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        guard let captured = sequence as? any CapturedSequence else {
            throw .unsupportedPredicate("contains(_:) on a stored collection has no SQL translation yet")
        }
        let element = try translator.translate(self.element)
        var values: [SQLiteValue] = []
        for item in captured.capturedElements {
            values.append(try SQLiteConversion.sqliteValue(for: item))
        }
        let nonNull = values.filter { if case .null = $0 { false } else { true } }
        let containsNil = nonNull.count != values.count
        var terms: [String] = []
        if !nonNull.isEmpty { terms.append("\(element.sql) IN (\(SQL.placeholders(nonNull.count)))") }
        if containsNil { terms.append("\(element.sql) IS NULL") }
        guard !terms.isEmpty else { return .computed("0", []) }
        let sql = "COALESCE(" + terms.joined(separator: " OR ") + ", 0)"
        let arguments = (nonNull.isEmpty ? [] : element.arguments + nonNull) + (containsNil ? element.arguments : [])
        return .computed("(\(sql))", arguments)
    }
}

/// A captured collection (`PredicateExpressions.Value` of a sequence), whose elements can be bound.
protocol CapturedSequence {
    var capturedElements: [Any] { get }
}

extension PredicateExpressions.Value: CapturedSequence where Output: Sequence {
    var capturedElements: [Any] { value.map { $0 as Any } }
}

enum SQLStrings {
    /// A call of one of ``StringFunctions``; NULL operands (optional strings) make it false.
    static func call(_ function: String, _ first: SQLExpression, _ second: SQLExpression) -> SQLExpression {
        let sql = "\(function)(\(first.sql), \(second.sql))"
        let nullable = first.isNullable || second.isNullable
        return .computed(nullable ? "COALESCE(\(sql), 0)" : sql, first.arguments + second.arguments)
    }
}
