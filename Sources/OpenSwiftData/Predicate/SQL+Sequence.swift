import Foundation
import SQLite

// Sequences: String `contains`/`starts(with:)`; a captured collection's `contains` (SQL IN); ranges; and stored
// collections (JSON arrays) through SQLite's json_each: `contains`, `contains(where:)`, `allSatisfy`, `min()`,
// `max()`.

extension PredicateExpressions.CollectionContainsCollection: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        guard Base.Output.self == String.self, Other.Output.self == String.self else {
            throw .unsupportedPredicate("contains(_:) of a subsequence is translated for String only, not \(Base.Output.self)")
        }
        return SQLStrings.call(StringFunctions.contains, try translator.translate(base), try translator.translate(other))
    }
}

extension PredicateExpressions.SequenceStartsWith: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        guard Base.Output.self == String.self, Prefix.Output.self == String.self else {
            throw .unsupportedPredicate("starts(with:) is translated for String only, not \(Base.Output.self)")
        }
        return SQLStrings.call(StringFunctions.startsWith, try translator.translate(base), try translator.translate(self.prefix))
    }
}

extension PredicateExpressions.SequenceContains: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        // A captured collection: `ids.contains($0.id)` → id IN (…).
        if let captured = translator.constantValue(of: sequence) {
            if SQLIdentifiers.isIdentifier(RHS.Output.self) {
                // `ids.contains($0.persistentModelID)`: each identifier as a key of the element's entity.
                return try SQLIdentifiers.membership(of: try translator.translate(element), in: captured, translator)
            }
            if SQLJSON.isUnordered(RHS.Output.self) {
                throw .unsupportedPredicate("contains(_:) of a Set in a captured collection has no SQL translation; compare with == instead")
            }
            return try SQLSequences.membership(
                of: try translator.translate(element), in: captured, json: SQLJSON.isStoredAsJSON(RHS.Output.self)
            )
        }
        let container = try translator.translate(sequence)
        let item = try translator.translate(element)
        // A to-many relationship: `$0.studio.dancers.contains($0)`, a subquery over the related rows.
        if case .collection(let mapping) = container.kind {
            return SQLRelationships.membership(of: item, in: container, mapping: mapping, translator)
        }
        try SQLRelationships.requireRelationship(container, elementType: LHS.Output.Element.self)
        // A String is a sequence of Characters: `name.contains("a" as Character)`.
        if LHS.Output.self == String.self {
            return SQLStrings.call(StringFunctions.contains, container, item)
        }
        // A stored collection (a JSON array), its strings compared in NFC as Swift compares them canonically.
        let array = SQLJSON.canonical(container)
        let alias = "e\(translator.depth)"
        return .computed(
            "EXISTS (SELECT 1 FROM json_each(\(array.sql)) AS \(alias) WHERE \(alias).value IS \(item.sql))",
            array.arguments + item.arguments
        )
    }
}

extension PredicateExpressions.SequenceContainsWhere: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let collection = try translator.translate(sequence)
        try SQLRelationships.requireRelationship(collection, elementType: LHS.Output.Element.self)
        if case .collection(let mapping) = collection.kind {
            return try SQLRelationships.quantified(collection, mapping: mapping, variable: variable.key, test: test, allSatisfy: false, translator)
        }
        let (source, alias, body) = try SQLSequences.elementClosure(sequence, variable.key, test, translator)
        return .computed(
            "EXISTS (SELECT 1 FROM json_each(\(source.sql)) AS \(alias) WHERE \(body.nonNullBoolean))",
            source.arguments + body.arguments
        )
    }
}

extension PredicateExpressions.SequenceAllSatisfy: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let collection = try translator.translate(sequence)
        try SQLRelationships.requireRelationship(collection, elementType: LHS.Output.Element.self)
        if case .collection(let mapping) = collection.kind {
            return try SQLRelationships.quantified(collection, mapping: mapping, variable: variable.key, test: test, allSatisfy: true, translator)
        }
        let (source, alias, body) = try SQLSequences.elementClosure(sequence, variable.key, test, translator)
        return .computed(
            "NOT EXISTS (SELECT 1 FROM json_each(\(source.sql)) AS \(alias) WHERE NOT \(body.nonNullBoolean))",
            source.arguments + body.arguments
        )
    }
}

extension PredicateExpressions.SequenceMaximum: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let source = SQLJSON.canonical(try translator.translate(elements))
        return .computed("(SELECT max(value) FROM json_each(\(source.sql)))", source.arguments, nullable: true)
    }
}

extension PredicateExpressions.SequenceMinimum: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let source = SQLJSON.canonical(try translator.translate(elements))
        return .computed("(SELECT min(value) FROM json_each(\(source.sql)))", source.arguments, nullable: true)
    }
}

extension PredicateExpressions.RangeExpressionContains: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        guard let bounds = range as? any SQLRangeBounds else {
            throw .unsupportedPredicate("contains(_:) is translated for ranges written in the predicate (a...b, a..<b)")
        }
        let value = try translator.translate(element)
        let (lower, upper, isClosed) = try bounds.sqlBounds(translator)
        // Bounds and element are never nil (a range's bound is Comparable); NULL is NaN, in no range.
        let test = SQLExpression.computed(
            "(\(value.sql) >= \(lower.sql) AND \(value.sql) \(isClosed ? "<=" : "<") \(upper.sql))",
            value.arguments + lower.arguments + value.arguments + upper.arguments,
            nullable: value.isNullable || lower.isNullable || upper.isNullable
        )
        return .computed(test.nonNullBoolean, test.arguments)
    }
}

/// `a...b` and `a..<b` written in a predicate.
protocol SQLRangeBounds {
    func sqlBounds(_ translator: PredicateTranslator) throws(SwiftDataError) -> (SQLExpression, SQLExpression, Bool)
}

extension PredicateExpressions.ClosedRange: SQLRangeBounds {
    func sqlBounds(_ translator: PredicateTranslator) throws(SwiftDataError) -> (SQLExpression, SQLExpression, Bool) {
        (try translator.translate(lower), try translator.translate(upper), true)
    }
}

extension PredicateExpressions.Range: SQLRangeBounds {
    func sqlBounds(_ translator: PredicateTranslator) throws(SwiftDataError) -> (SQLExpression, SQLExpression, Bool) {
        (try translator.translate(lower), try translator.translate(upper), false)
    }
}

enum SQLSequences {
    /// `element IN (…)` for a collection known at translation time (NULL-aware, so `nil` can be a member).
    /// Elements stored as JSON (`json`) are compared in canonical form.
    static func membership(of element: SQLExpression, in collection: Any, json: Bool) throws(SwiftDataError) -> SQLExpression {
        guard let sequence = collection as? any Sequence else {
            throw .unsupportedPredicate("contains(_:) on \(type(of: collection)), which is not a sequence")
        }
        var values: [SQLiteValue] = []
        for item in elements(of: sequence) {
            let value = try SQLiteConversion.sqliteValue(for: item is Character ? String(describing: item) : item)
            values.append(json ? SQLJSON.canonical(value) : value)
        }
        return membership(of: json ? SQLJSON.canonical(element) : element, values: values)
    }

    /// `element IN (…)` for values known at translation time, NULL among them matching NULL.
    static func membership(of element: SQLExpression, values: [SQLiteValue]) -> SQLExpression {
        let nonNull = values.filter { if case .null = $0 { false } else { true } }
        var terms: [String] = []
        var arguments: [SQLiteValue] = []
        if !nonNull.isEmpty {
            terms.append("\(element.sql) IN (\(SQL.placeholders(nonNull.count)))")
            arguments += element.arguments + nonNull
        }
        if nonNull.count != values.count {
            terms.append("\(element.sql) IS NULL")
            arguments += element.arguments
        }
        guard !terms.isEmpty else { return .computed("0", []) }
        return .computed("COALESCE(" + terms.joined(separator: " OR ") + ", 0)", arguments)
    }

    static func elements<S: Sequence>(of sequence: S) -> [Any] {
        sequence.map { $0 as Any }
    }

    /// The pieces of `sequence.contains { test }` / `allSatisfy`: the JSON array, the json_each alias, and the
    /// test with the closure's variable bound to the element (`alias.value`).
    static func elementClosure(
        _ sequence: Any, _ variable: PredicateExpressions.VariableID, _ test: Any, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> (SQLExpression, String, SQLExpression) {
        let source = SQLJSON.canonical(try translator.translate(sequence))
        let alias = "e\(translator.depth)"
        let element = SQLExpression.computed("\(alias).value", [], nullable: false)
        let body = try translator.binding(variable, to: element).translate(test)
        return (source, alias, body)
    }
}
