import Foundation
import SQLStore

// Sequences: String `contains`/`starts(with:)`; a captured collection's `contains` (SQL IN); ranges; and stored
// collections (JSON arrays) through SQLite's json_each: `contains`, `contains(where:)`, `allSatisfy`, `min()`,
// `max()`.

extension PredicateExpressions.CollectionContainsCollection: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        guard Base.Output.self == String.self, Other.Output.self == String.self else {
            throw .unsupportedPredicate("contains(_:) of a subsequence is translated for String only, not \(Base.Output.self)")
        }
        return translator.sql.matches(try translator.translate(base), .contains, try translator.translate(other))
    }
}

extension PredicateExpressions.SequenceStartsWith: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        guard Base.Output.self == String.self, Prefix.Output.self == String.self else {
            throw .unsupportedPredicate("starts(with:) is translated for String only, not \(Base.Output.self)")
        }
        return translator.sql.matches(try translator.translate(base), .startsWith, try translator.translate(self.prefix))
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
                of: try translator.translate(element), in: captured, json: SQLJSON.isStoredAsJSON(RHS.Output.self), translator
            )
        }
        let container = try translator.translate(sequence)
        let item = try translator.translate(element)
        // A to-many relationship: `$0.studio.dancers.contains($0)`, a subquery over the related rows.
        if case .collection(let mapping) = container.kind {
            return translator.sql.relatedContains(container, mapping, item)
        }
        try SQLRelationships.requireRelationship(container, elementType: LHS.Output.Element.self)
        // A String is a sequence of Characters: `name.contains("a" as Character)`.
        if LHS.Output.self == String.self {
            return translator.sql.matches(container, .contains, item)
        }
        // A stored collection (a JSON array), its strings compared in NFC as Swift compares them canonically.
        return translator.sql.jsonContains(translator.sql.canonicalJSON(container), item)
    }
}

extension PredicateExpressions.SequenceContainsWhere: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let collection = try translator.translate(sequence)
        try SQLRelationships.requireRelationship(collection, elementType: LHS.Output.Element.self)
        if case .collection(let mapping) = collection.kind {
            return try SQLRelationships.quantified(collection, mapping: mapping, variable: variable.key, test: test, allSatisfy: false, translator)
        }
        return try SQLSequences.elementClosure(sequence, variable.key, test, allSatisfy: false, translator)
    }
}

extension PredicateExpressions.SequenceAllSatisfy: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let collection = try translator.translate(sequence)
        try SQLRelationships.requireRelationship(collection, elementType: LHS.Output.Element.self)
        if case .collection(let mapping) = collection.kind {
            return try SQLRelationships.quantified(collection, mapping: mapping, variable: variable.key, test: test, allSatisfy: true, translator)
        }
        return try SQLSequences.elementClosure(sequence, variable.key, test, allSatisfy: true, translator)
    }
}

extension PredicateExpressions.SequenceMaximum: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.jsonMaximum(translator.sql.canonicalJSON(try translator.translate(elements)))
    }
}

extension PredicateExpressions.SequenceMinimum: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.jsonMinimum(translator.sql.canonicalJSON(try translator.translate(elements)))
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
        return translator.sql.isInRange(value, from: lower, to: upper, closed: isClosed)
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
    static func membership(
        of element: SQLExpression, in collection: Any, json: Bool, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        guard let sequence = collection as? any Sequence else {
            throw .unsupportedPredicate("contains(_:) on \(type(of: collection)), which is not a sequence")
        }
        var values: [StoredValue] = []
        for item in elements(of: sequence) {
            let value = try StoredValueConversion.storedValue(for: item is Character ? String(describing: item) : item)
            values.append(json ? CanonicalJSON.canonical(value) : value)
        }
        return translator.sql.isIn(json ? translator.sql.canonicalJSON(element) : element, values)
    }

    static func elements<S: Sequence>(of sequence: S) -> [Any] {
        sequence.map { $0 as Any }
    }

    /// `sequence.contains { test }` / `allSatisfy` over a stored collection (a JSON array, canonical), the closure's
    /// variable bound to each element.
    static func elementClosure(
        _ sequence: Any, _ variable: PredicateExpressions.VariableID, _ test: Any, allSatisfy: Bool, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        let source = translator.sql.canonicalJSON(try translator.translate(sequence))
        let body = { (element: SQLExpression) throws(SwiftDataError) -> SQLExpression in
            try translator.binding(variable, to: element).translate(test)
        }
        return allSatisfy ? try translator.sql.jsonAll(source, satisfy: body) : try translator.sql.jsonAny(source, where: body)
    }
}
