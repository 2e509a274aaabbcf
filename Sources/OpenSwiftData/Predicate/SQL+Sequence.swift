import Foundation
import SQLite

// Sequences: String `contains`/`starts(with:)`; a captured collection's `contains` (SQL IN); ranges, written in the
// predicate or captured; and stored collections (JSON arrays) through SQLite's json_each: `contains`,
// `contains(where:)`, `allSatisfy`, `filter`, `min()`, `max()`.

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
        if case .collection = container.kind {
            return try SQLRelationships.membership(of: item, in: container, translator)
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

extension PredicateExpressions.SequenceContainsWhere: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let collection = try translator.translate(sequence)
        try SQLRelationships.requireRelationship(collection, elementType: LHS.Output.Element.self)
        if case .collection = collection.kind {
            var result = try SQLRelationships.quantified(collection, variable: variable.key, test: test, allSatisfy: false, translator)
            result.failure = SQLCondition.any([collection.failure, result.failure])
            return result
        }
        let closure = try SQLSequences.ElementClosure(
            collection, sequenceType: LHS.Output.self, elementType: LHS.Output.Element.self, variable: variable.key, test: test,
            translator
        )
        return try closure.containsWhere()
    }
}

extension PredicateExpressions.SequenceAllSatisfy: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let collection = try translator.translate(sequence)
        try SQLRelationships.requireRelationship(collection, elementType: LHS.Output.Element.self)
        if case .collection = collection.kind {
            var result = try SQLRelationships.quantified(collection, variable: variable.key, test: test, allSatisfy: true, translator)
            result.failure = SQLCondition.any([collection.failure, result.failure])
            return result
        }
        let closure = try SQLSequences.ElementClosure(
            collection, sequenceType: LHS.Output.self, elementType: LHS.Output.Element.self, variable: variable.key, test: test,
            translator
        )
        return try closure.allSatisfy()
    }
}

extension PredicateExpressions.Filter: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let collection = try translator.translate(sequence)
        try SQLRelationships.requireRelationship(collection, elementType: LHS.Output.Element.self)
        if case .collection = collection.kind {
            return try SQLRelationships.filtered(collection, variable: variable.key, test: filter, translator)
        }
        guard LHS.Output.self != String.self else {
            throw .unsupportedPredicate("filter(_:) on a String (its Characters) has no SQL translation")
        }
        let closure = try SQLSequences.ElementClosure(
            collection, sequenceType: LHS.Output.self, elementType: LHS.Output.Element.self, variable: variable.key,
            test: filter, translator
        )
        return try closure.filter()
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
        let lower: SQLExpression?, upper: SQLExpression?, isClosed: Bool
        if let bounds = range as? any SQLRangeBounds {
            (lower, upper, isClosed) = try bounds.sqlBounds(translator)
        } else if let captured = translator.constantValue(of: range) as? any CapturedRange {
            // `let window = start..<end; #Predicate { window.contains($0.date) }`, and the partial ranges.
            let bounds = captured.bounds
            try SQLSequences.requireOrderedInSQL(Element.Output.self)
            lower = try bounds.lower.map { value throws(SwiftDataError) in .bound(try SQLiteConversion.sqliteValue(for: value)) }
            upper = try bounds.upper.map { value throws(SwiftDataError) in .bound(try SQLiteConversion.sqliteValue(for: value)) }
            isClosed = bounds.isClosed
        } else {
            throw .unsupportedPredicate(
                "contains(_:) is translated for ranges (a...b, a..<b, written in the predicate or captured, and captured "
                    + "partial ranges), not \(RangeExpression.Output.self)"
            )
        }
        let value = try translator.translate(element)
        var terms: [String] = [], arguments: [SQLiteValue] = []
        var nullable = value.isNullable
        if let lower {
            terms.append("\(value.sql) >= \(lower.sql)")
            arguments += value.arguments + lower.arguments
            nullable = nullable || lower.isNullable
        }
        if let upper {
            terms.append("\(value.sql) \(isClosed ? "<=" : "<") \(upper.sql)")
            arguments += value.arguments + upper.arguments
            nullable = nullable || upper.isNullable
        }
        // Bounds and element are never nil (a range's bound is Comparable); NULL is NaN, in no range.
        let test = SQLExpression.computed("(" + terms.joined(separator: " AND ") + ")", arguments, nullable: nullable)
        return .computed(test.nonNullBoolean, test.arguments)
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

    /// A closure over the elements of a collection stored (or captured) as a JSON array: `contains { … }`,
    /// `allSatisfy { … }`, `filter { … }`, each a subquery over `json_each` with the closure's variable bound to the
    /// element (`alias.value`: NULL for a nil element, so an optional element compares as Swift's nil does).
    ///
    /// Swift tests the elements in order and stops at the first that decides `contains`/`allSatisfy`, so a test that
    /// can throw throws only if no earlier element decided: the failure is that, in json_each's key (index) order —
    /// which is the array's, but not a `Set`'s, whose in-memory order SQL does not know.
    struct ElementClosure {
        let source: SQLExpression
        let elementNullable: Bool
        let isOrdered: Bool
        let variable: PredicateExpressions.VariableID
        let test: Any
        let translator: PredicateTranslator
        let sequenceType: Any.Type

        init(
            _ collection: SQLExpression, sequenceType: Any.Type, elementType: Any.Type, variable: PredicateExpressions.VariableID,
            test: Any, _ translator: PredicateTranslator
        ) throws(SwiftDataError) {
            guard sequenceType != String.self else {
                throw .unsupportedPredicate("a closure over the Characters of a String has no SQL translation")
            }
            source = SQLJSON.canonical(collection)
            elementNullable = elementType is any OptionalType.Type
            isOrdered = !SQLJSON.isUnordered(sequenceType) && !collection.hasUnknownOrder
            self.variable = variable
            self.test = test
            self.translator = translator
            self.sequenceType = sequenceType
        }

        /// The test with the variable bound to the element of the json_each row `alias`.
        func body(_ alias: String) throws(SwiftDataError) -> SQLExpression {
            let element = SQLExpression.computed("\(alias).value", [], nullable: elementNullable)
            return try translator.binding(variable, to: element).translateApart(test)
        }

        func from(_ alias: String) -> String { "FROM json_each(\(source.sql)) AS \(alias)" }

        /// When the first element on which the test throws (`failure`) comes before any element that `decides`.
        private func orderedFailure(_ failure: SQLCondition, alias: String, decides: (SQLExpression) -> String) throws(SwiftDataError)
            -> SQLCondition {
            guard isOrdered else {
                throw .unsupportedPredicate(
                    "a closure that can throw (a force unwrap, a subscript, as!) over a Set has no SQL translation: whether it "
                        + "throws depends on the order of the elements"
                )
            }
            let earlier = translator.uniqueAlias("e")
            let other = try body(earlier)
            let otherFailure = other.failure ?? SQLCondition("0", [])
            return SQLCondition(
                "EXISTS (SELECT 1 \(from(alias)) WHERE \(failure.sql) AND NOT EXISTS (SELECT 1 \(from(earlier)) WHERE "
                    + "\(earlier).key < \(alias).key AND \(decides(other)) AND NOT \(otherFailure.sql)))",
                source.arguments + failure.arguments + source.arguments + other.arguments + otherFailure.arguments
            )
        }

        func containsWhere() throws(SwiftDataError) -> SQLExpression {
            let alias = "e\(translator.depth)"
            let test = try body(alias)
            var result = SQLExpression.computed(
                "EXISTS (SELECT 1 \(from(alias)) WHERE \(test.nonNullBoolean))", source.arguments + test.arguments
            )
            let failure = try test.failure.map { failure throws(SwiftDataError) in
                try orderedFailure(failure, alias: alias) { $0.nonNullBoolean }
            }
            result.failure = SQLCondition.any([source.failure, failure])
            return result
        }

        func allSatisfy() throws(SwiftDataError) -> SQLExpression {
            let alias = "e\(translator.depth)"
            let test = try body(alias)
            var result = SQLExpression.computed(
                "NOT EXISTS (SELECT 1 \(from(alias)) WHERE NOT \(test.nonNullBoolean))", source.arguments + test.arguments
            )
            let failure = try test.failure.map { failure throws(SwiftDataError) in
                try orderedFailure(failure, alias: alias) { "NOT \($0.nonNullBoolean)" }
            }
            result.failure = SQLCondition.any([source.failure, failure])
            return result
        }

        /// The elements that pass, as a JSON array in their order (see ``SQLJSON/elementJSON(_:)``).
        func filter() throws(SwiftDataError) -> SQLExpression {
            let alias = "e\(translator.depth)"
            let test = try body(alias)
            var result = SQLExpression.computed(
                "(SELECT json_group_array(\(SQLJSON.elementJSON(alias))) \(from(alias)) WHERE \(test.nonNullBoolean))",
                source.arguments + test.arguments
            )
            // `filter` tests every element, whatever their order.
            let failure = test.failure.map { failure in
                SQLCondition("EXISTS (SELECT 1 \(from(alias)) WHERE \(failure.sql))", source.arguments + failure.arguments)
            }
            result.failure = SQLCondition.any([source.failure, failure])
            result.name = source.name.map { "\($0).filter { … }" }
            result.hasUnknownOrder = !isOrdered
            result.isRebuiltJSON = true
            return result
        }
    }
}
