import Foundation
import SQLStore

// Sequences: String `contains`/`starts(with:)`; a captured collection's `contains` (SQL IN); ranges, written in the
// predicate or captured; and stored collections (JSON arrays), read element by element where they are: `contains`,
// `contains(where:)`, `allSatisfy`, `filter`, `min()`, `max()`.

extension PredicateExpressions.CollectionContainsCollection: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        guard Base.Output.self == String.self, Other.Output.self == String.self else {
            throw .unsupportedPredicate(
                "contains(_:) of a subsequence is translated for String only, not \(Base.Output.self)")
        }
        return translator.sql.matches(try translator.translate(base), .contains, try translator.translate(other))
    }
}

extension PredicateExpressions.SequenceStartsWith: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        guard Base.Output.self == String.self, Prefix.Output.self == String.self else {
            throw .unsupportedPredicate("starts(with:) is translated for String only, not \(Base.Output.self)")
        }
        return translator.sql.matches(
            try translator.translate(base), .startsWith, try translator.translate(self.prefix))
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
                throw .unsupportedPredicate(
                    "contains(_:) of a Set in a captured collection has no SQL translation; compare with == instead")
            }
            return try SQLSequences.membership(
                of: try translator.translate(element), in: captured, json: SQLJSON.isStoredAsJSON(RHS.Output.self),
                translator
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
        let elements = SQLSequences.elements(
            of: container, sequenceType: LHS.Output.self, elementType: LHS.Output.Element.self, translator)
        return translator.sql.jsonContains(elements, item)
    }
}

extension PredicateExpressions.SequenceContainsWhere: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let collection = try translator.translate(sequence)
        try SQLRelationships.requireRelationship(collection, elementType: LHS.Output.Element.self)
        if case .collection(let mapping) = collection.kind {
            return try SQLRelationships.quantified(
                collection, mapping: mapping, variable: variable.key, test: test, allSatisfy: false, translator)
        }
        return try SQLSequences.elementClosure(
            collection, sequenceType: LHS.Output.self, elementType: LHS.Output.Element.self, variable: variable.key,
            test: test,
            allSatisfy: false, translator
        )
    }
}

extension PredicateExpressions.SequenceAllSatisfy: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let collection = try translator.translate(sequence)
        try SQLRelationships.requireRelationship(collection, elementType: LHS.Output.Element.self)
        if case .collection(let mapping) = collection.kind {
            return try SQLRelationships.quantified(
                collection, mapping: mapping, variable: variable.key, test: test, allSatisfy: true, translator)
        }
        return try SQLSequences.elementClosure(
            collection, sequenceType: LHS.Output.self, elementType: LHS.Output.Element.self, variable: variable.key,
            test: test,
            allSatisfy: true, translator
        )
    }
}

extension PredicateExpressions.Filter: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let collection = try translator.translate(sequence)
        try SQLRelationships.requireRelationship(collection, elementType: LHS.Output.Element.self)
        if case .collection(let mapping) = collection.kind {
            return try SQLRelationships.filtered(
                collection, mapping: mapping, variable: variable.key, test: filter, translator)
        }
        guard LHS.Output.self != String.self else {
            throw .unsupportedPredicate("filter(_:) on a String (its Characters) has no SQL translation")
        }
        let elements = SQLSequences.elements(
            of: collection, sequenceType: LHS.Output.self, elementType: LHS.Output.Element.self, translator)
        let sql = translator.sql
        let test = try translator.filter(
            variable.key, test: filter, firstElement: sql.element(sql.uniqueAlias("e"), of: elements))
        var result = sql.jsonFilter(elements, by: test)
        // `filter` tests every element, whatever their order.
        result.failure = sql.anyFailure([collection.failure, result.failure])
        result.name = collection.name.map { "\($0).filter { … }" }
        return result
    }
}

extension PredicateExpressions.SequenceMaximum: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let source = try translator.translate(elements)
        return translator.sql.jsonMaximum(
            SQLSequences.elements(
                of: source, sequenceType: Elements.Output.self, elementType: Elements.Output.Element.self, translator)
        )
    }
}

extension PredicateExpressions.SequenceMinimum: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let source = try translator.translate(elements)
        return translator.sql.jsonMinimum(
            SQLSequences.elements(
                of: source, sequenceType: Elements.Output.self, elementType: Elements.Output.Element.self, translator)
        )
    }
}

extension PredicateExpressions.RangeExpressionContains: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let lower: SQLExpression?, upper: SQLExpression?, isClosed: Bool
        if let bounds = range as? any SQLRangeBounds {
            (lower, upper, isClosed) = try bounds.sqlBounds(translator)
        } else if let captured = translator.constantValue(of: range) as? any CapturedRange {
            // `let window = start..<end; #Predicate { window.contains($0.date) }`, and the partial ranges.
            let bounds = captured.bounds
            try SQLSequences.requireOrderedInSQL(Element.Output.self)
            lower = try bounds.lower.map { value throws(SwiftDataError) in
                translator.sql.value(try StoredValueConversion.storedValue(for: value))
            }
            upper = try bounds.upper.map { value throws(SwiftDataError) in
                translator.sql.value(try StoredValueConversion.storedValue(for: value))
            }
            isClosed = bounds.isClosed
        } else {
            throw .unsupportedPredicate(
                "contains(_:) is translated for ranges (a...b, a..<b, written in the predicate or captured, and captured "
                    + "partial ranges), not \(RangeExpression.Output.self)"
            )
        }
        let value = try translator.translate(element)
        // Bounds and element are never nil (a range's bound is Comparable); NULL is NaN, in no range.
        return translator.sql.isInRange(value, from: lower, to: upper, closed: isClosed)
    }
}

/// `a...b` and `a..<b` written in a predicate.
protocol SQLRangeBounds {
    func sqlBounds(_ translator: PredicateTranslator) throws(SwiftDataError) -> (SQLExpression?, SQLExpression?, Bool)
}

extension PredicateExpressions.ClosedRange: SQLRangeBounds {
    func sqlBounds(_ translator: PredicateTranslator) throws(SwiftDataError) -> (SQLExpression?, SQLExpression?, Bool) {
        (try translator.translate(lower), try translator.translate(upper), true)
    }
}

extension PredicateExpressions.Range: SQLRangeBounds {
    func sqlBounds(_ translator: PredicateTranslator) throws(SwiftDataError) -> (SQLExpression?, SQLExpression?, Bool) {
        (try translator.translate(lower), try translator.translate(upper), false)
    }
}

/// A range captured by a predicate: its bounds (nil for the open side of a partial range), and whether the upper one
/// is included.
protocol CapturedRange {
    var bounds: (lower: Any?, upper: Any?, isClosed: Bool) { get }
}

extension Range: CapturedRange {
    var bounds: (lower: Any?, upper: Any?, isClosed: Bool) { (lowerBound, upperBound, false) }
}

extension ClosedRange: CapturedRange {
    var bounds: (lower: Any?, upper: Any?, isClosed: Bool) { (lowerBound, upperBound, true) }
}

extension PartialRangeFrom: CapturedRange {
    var bounds: (lower: Any?, upper: Any?, isClosed: Bool) { (lowerBound, nil, false) }
}

extension PartialRangeThrough: CapturedRange {
    var bounds: (lower: Any?, upper: Any?, isClosed: Bool) { (nil, upperBound, true) }
}

extension PartialRangeUpTo: CapturedRange {
    var bounds: (lower: Any?, upper: Any?, isClosed: Bool) { (nil, upperBound, false) }
}

enum SQLSequences {
    /// Throws unless values of `type` are stored in a form SQL orders as Swift's `<` does: numbers, dates, strings
    /// (in NFC), UUIDs (upper-case hexadecimal), decimals (by their collation).
    static func requireOrderedInSQL(_ type: Any.Type) throws(SwiftDataError) {
        let ordered: [Any.Type] = [
            Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self,
            UInt64.self, Double.self, Float.self, Date.self, String.self, UUID.self, Decimal.self,
        ]
        guard ordered.contains(where: { $0 == type }) else {
            throw .unsupportedPredicate(
                "contains(_:) on a captured range of \(type) has no SQL translation: its stored form is not ordered as Swift orders it"
            )
        }
    }

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

    /// The elements of `collection`, stored (or captured) as a JSON array: those it already narrows to (a filter's,
    /// a range subscript's), or all of the array, in canonical form.
    static func elements(
        of collection: SQLExpression, sequenceType: Any.Type, elementType: Any.Type, _ translator: PredicateTranslator
    ) -> JSONElements {
        if let elements = collection.elements { return elements }
        return JSONElements(
            array: translator.sql.canonicalJSON(collection), elementNullable: elementType is any OptionalType.Type,
            isOrdered: !SQLJSON.isUnordered(sequenceType), scalar: SQLJSON.scalar(elementType)
        )
    }

    /// `contains { test }` / `allSatisfy { test }` over the elements of a collection stored (or captured) as a JSON
    /// array, the closure's variable bound to each element (NULL for a nil element, so an optional element compares
    /// as Swift's nil does).
    ///
    /// Swift tests the elements in order and stops at the first that decides, so a test that can throw throws only
    /// if no earlier element decided: the store layer's builder counts that in the array's order — which is not a
    /// `Set`'s in-memory order, so a test that can throw over a set is refused.
    static func elementClosure(
        _ collection: SQLExpression, sequenceType: Any.Type, elementType: Any.Type,
        variable: PredicateExpressions.VariableID,
        test: Any, allSatisfy: Bool, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        guard sequenceType != String.self else {
            throw .unsupportedPredicate("a closure over the Characters of a String has no SQL translation")
        }
        let elements = elements(of: collection, sequenceType: sequenceType, elementType: elementType, translator)
        let body = { (element: SQLExpression) throws(SwiftDataError) -> SQLExpression in
            try translator.binding(variable, to: element).translateApart(test)
        }
        var result =
            allSatisfy
            ? try translator.sql.jsonAll(elements, satisfy: body) : try translator.sql.jsonAny(elements, where: body)
        if result.failure != nil, !elements.isOrdered {
            throw .unsupportedPredicate(
                "a closure that can throw (a force unwrap, a subscript, as!) over a Set has no SQL translation: whether it "
                    + "throws depends on the order of the elements"
            )
        }
        result.failure = translator.sql.anyFailure([collection.failure, result.failure])
        return result
    }
}
