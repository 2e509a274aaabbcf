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
        let elements = JSONElements(container, sequenceType: LHS.Output.self, elementType: LHS.Output.Element.self)
        let alias = "e\(translator.depth)"
        let found = try elements.select("1", alias, where: .computed("\(alias).value IS \(item.sql)", item.arguments))
        return .computed("EXISTS \(found.sql)", found.arguments)
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
        return try closure.filtered()
    }
}

extension PredicateExpressions.SequenceMaximum: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let source = JSONElements(try translator.translate(elements), sequenceType: Elements.Output.self, elementType: Elements.Output.Element.self)
        let alias = "e\(translator.depth)"
        var result = try source.select("max(\(alias).value)", alias)
        result.isNullable = true
        return result
    }
}

extension PredicateExpressions.SequenceMinimum: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let source = JSONElements(try translator.translate(elements), sequenceType: Elements.Output.self, elementType: Elements.Output.Element.self)
        let alias = "e\(translator.depth)"
        var result = try source.select("min(\(alias).value)", alias)
        result.isNullable = true
        return result
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
        let elements: JSONElements
        let collection: SQLExpression
        let filter: ElementFilter
        let translator: PredicateTranslator

        init(
            _ collection: SQLExpression, sequenceType: Any.Type, elementType: Any.Type, variable: PredicateExpressions.VariableID,
            test: Any, _ translator: PredicateTranslator
        ) throws(SwiftDataError) {
            guard sequenceType != String.self else {
                throw .unsupportedPredicate("a closure over the Characters of a String has no SQL translation")
            }
            elements = JSONElements(collection, sequenceType: sequenceType, elementType: elementType)
            self.collection = collection
            filter = ElementFilter(variable: variable, test: test, translator: translator)
            self.translator = translator
        }

        /// The test with the variable bound to the element of the json_each row `alias`.
        func body(_ alias: String) throws(SwiftDataError) -> SQLExpression {
            try filter.test(alias, nullable: elements.elementNullable)
        }

        /// When the first element on which the test throws (`failure`) comes before any element that `decides`.
        private func orderedFailure(_ failure: SQLCondition, alias: String, decides: (SQLExpression) -> String) throws(SwiftDataError)
            -> SQLCondition {
            guard elements.isOrdered else {
                throw .unsupportedPredicate(
                    "a closure that can throw (a force unwrap, a subscript, as!) over a Set has no SQL translation: whether it "
                        + "throws depends on the order of the elements"
                )
            }
            let earlier = translator.uniqueAlias("e")
            let other = try body(earlier)
            let otherFailure = other.failure ?? SQLCondition("0", [])
            let decided = try elements.select(
                "1", earlier,
                where: .computed(
                    "\(earlier).key < \(alias).key AND \(decides(other)) AND NOT \(otherFailure.sql)", other.arguments + otherFailure.arguments
                )
            )
            let first = try elements.select(
                "1", alias, where: .computed("\(failure.sql) AND NOT EXISTS \(decided.sql)", failure.arguments + decided.arguments)
            )
            return SQLCondition("EXISTS \(first.sql)", first.arguments)
        }

        func containsWhere() throws(SwiftDataError) -> SQLExpression {
            let alias = "e\(translator.depth)"
            let test = try body(alias)
            let found = try elements.select("1", alias, where: .computed(test.nonNullBoolean, test.arguments))
            var result = SQLExpression.computed("EXISTS \(found.sql)", found.arguments)
            let failure = try test.failure.map { failure throws(SwiftDataError) in
                try orderedFailure(failure, alias: alias) { $0.nonNullBoolean }
            }
            result.failure = SQLCondition.any([collection.failure, failure])
            return result
        }

        func allSatisfy() throws(SwiftDataError) -> SQLExpression {
            let alias = "e\(translator.depth)"
            let test = try body(alias)
            let found = try elements.select("1", alias, where: .computed("NOT \(test.nonNullBoolean)", test.arguments))
            var result = SQLExpression.computed("NOT EXISTS \(found.sql)", found.arguments)
            let failure = try test.failure.map { failure throws(SwiftDataError) in
                try orderedFailure(failure, alias: alias) { "NOT \($0.nonNullBoolean)" }
            }
            result.failure = SQLCondition.any([collection.failure, failure])
            return result
        }

        /// The elements that pass: the same elements, with one more filter.
        func filtered() throws(SwiftDataError) -> SQLExpression {
            let alias = "e\(translator.depth)"
            let test = try body(alias)
            var result = try elements.filtered(by: filter).expression(translator)
            // `filter` tests every element, whatever their order.
            let failure = try test.failure.map { failure throws(SwiftDataError) in
                let failing = try elements.select("1", alias, where: .computed(failure.sql, failure.arguments))
                return SQLCondition("EXISTS \(failing.sql)", failing.arguments)
            }
            result.failure = SQLCondition.any([collection.failure, failure])
            result.name = collection.name.map { "\($0).filter { … }" }
            return result
        }
    }
}

/// `filter { test }` on the elements of a JSON array: the test, with `variable` bound to an element.
struct ElementFilter {
    let variable: PredicateExpressions.VariableID
    let test: Any
    /// The translator in scope where the filter was written (its bindings of enclosing closures' variables).
    let translator: PredicateTranslator

    /// The test of the element of the json_each row `alias`.
    func test(_ alias: String, nullable: Bool) throws(SwiftDataError) -> SQLExpression {
        let element = SQLExpression.computed("\(alias).value", [], nullable: nullable)
        return try translator.binding(variable, to: element).translateApart(test)
    }
}

/// The elements of a collection stored (or captured) as a JSON array, perhaps narrowed to a range of indices
/// (`$0.tags[1..<3]`) and by filters (`$0.tags.filter { … }`), in index order. Consumers read them from the array
/// with json_each, so each element is read as stored (SQLite never writes a number back to text and reads it again).
/// (A class: an `SQLExpression` holds one, and holds it as its array.)
final class JSONElements {
    /// The whole array, in canonical form (see `SQLJSON`).
    let array: SQLExpression
    /// A range subscript's bounds: the keys (indices) from `lower` up to `upper`.
    let bounds: (lower: SQLExpression, upper: SQLExpression)?
    let filters: [ElementFilter]
    /// The elements are optionals: NULL is nil.
    let elementNullable: Bool
    /// The array's order is the collection's (not a `Set`'s).
    let isOrdered: Bool

    private init(
        array: SQLExpression, bounds: (lower: SQLExpression, upper: SQLExpression)?, filters: [ElementFilter], elementNullable: Bool,
        isOrdered: Bool
    ) {
        self.array = array
        self.bounds = bounds
        self.filters = filters
        self.elementNullable = elementNullable
        self.isOrdered = isOrdered
    }

    /// The elements of `collection`: those it already narrows to, or all of the array.
    convenience init(_ collection: SQLExpression, sequenceType: Any.Type, elementType: Any.Type) {
        if let elements = collection.elements {
            self.init(
                array: elements.array, bounds: elements.bounds, filters: elements.filters, elementNullable: elements.elementNullable,
                isOrdered: elements.isOrdered
            )
        } else {
            self.init(
                array: SQLJSON.canonical(collection), bounds: nil, filters: [], elementNullable: elementType is any OptionalType.Type,
                isOrdered: !SQLJSON.isUnordered(sequenceType)
            )
        }
    }

    /// These elements, of which only those that pass `filter`.
    func filtered(by filter: ElementFilter) -> JSONElements {
        JSONElements(array: array, bounds: bounds, filters: filters + [filter], elementNullable: elementNullable, isOrdered: isOrdered)
    }

    /// These elements, of which only those from index `lower` up to `upper` (before any filter).
    func sliced(_ lower: SQLExpression, _ upper: SQLExpression) -> JSONElements {
        JSONElements(array: array, bounds: (lower, upper), filters: filters, elementNullable: elementNullable, isOrdered: isOrdered)
    }

    /// `(SELECT <what> FROM json_each(<array>) AS <alias> WHERE <in bounds, passing the filters, and extra> <then>)`.
    func select(_ what: String, _ alias: String, where extra: SQLExpression? = nil, then suffix: String = "") throws(SwiftDataError)
        -> SQLExpression {
        var conditions: [String] = []
        var arguments = array.arguments
        if let (lower, upper) = bounds {
            conditions.append("\(alias).key >= \(lower.sql) AND \(alias).key < \(upper.sql)")
            arguments += lower.arguments + upper.arguments
        }
        for filter in filters {
            let test = try filter.test(alias, nullable: elementNullable)
            conditions.append(test.nonNullBoolean)
            arguments += test.arguments
        }
        if let extra {
            conditions.append(extra.sql)
            arguments += extra.arguments
        }
        let condition = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        return .computed("(SELECT \(what) FROM json_each(\(array.sql)) AS \(alias)\(condition)\(suffix))", arguments)
    }

    /// These elements as an expression: consumers that read elements use `elements`; the SQL is the JSON array of
    /// them, rebuilt, for those that need the array itself.
    func expression(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let alias = translator.uniqueAlias("j")
        var result = try select("json_group_array(\(SQLJSON.elementJSON(alias)))", alias)
        result.elements = self
        return result
    }
}
