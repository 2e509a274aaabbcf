import Foundation
import SQLStore

// Subscripts of collections stored as JSON: `$0.scores[0]`, `$0.scores[1..<3]`, `$0.lookup["key"]` and
// `$0.lookup["key", default: 0]`, read by the store layer's JSON operations. As in Swift, an index or range outside
// the array throws (see `SQLExpression.failure`): the row does not match.

extension PredicateExpressions.CollectionIndexSubscript: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let array = try SQLSubscripts.array(
            try translator.translate(wrapped), type: Wrapped.Output.self, elementType: Output.self, translator)
        let position = try translator.translate(index)
        var result = translator.sql.jsonElement(
            at: position, of: array, nullable: Output.self is any OptionalType.Type, scalar: SQLJSON.scalar(Output.self)
        )
        result.name = array.name.map { "\($0)[…]" }
        return result
    }
}

extension PredicateExpressions.CollectionRangeSubscript: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let stored = try translator.translate(wrapped)
        let array = try SQLSubscripts.array(
            stored, type: Wrapped.Output.self, elementType: Wrapped.Output.Element.self, translator)
        let lower: SQLExpression, upper: SQLExpression
        if let bounds = range as? any SQLRangeBounds {
            let (from, to, _) = try bounds.sqlBounds(translator)
            guard let from, let to else {
                throw .unsupportedPredicate("a subscript by a partial range has no SQL translation")
            }
            (lower, upper) = (from, to)
        } else if let captured = translator.constantValue(of: range) as? any CapturedRange,
            let from = captured.bounds.lower,
            let to = captured.bounds.upper
        {
            (lower, upper) = (
                translator.sql.value(try StoredValueConversion.storedValue(for: from)),
                translator.sql.value(try StoredValueConversion.storedValue(for: to))
            )
        } else {
            throw .unsupportedPredicate(
                "a subscript of \(array.described(as: Wrapped.Output.self)) by this range has no SQL translation")
        }
        let elements = SQLSequences.elements(
            of: stored, sequenceType: Wrapped.Output.self, elementType: Wrapped.Output.Element.self, translator
        )
        var result = translator.sql.jsonSlice(elements, from: lower, to: upper)
        result.name = array.name.map { "\($0)[…]" }
        return result
    }
}

extension PredicateExpressions.DictionaryKeySubscript: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let dictionary = try translator.translate(wrapped)
        let member = try SQLSubscripts.member(
            of: dictionary, type: Wrapped.Output.self, key: try translator.translate(key), keyType: Key.Output.self,
            valueType: Value.self, translator
        )
        var result = member
        result.name = dictionary.name.map { "\($0)[…]" }
        return result
    }
}

extension PredicateExpressions.DictionaryKeyDefaultValueSubscript: SQLTranslatable, SQLShortCircuiting {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let dictionary = try translator.translate(wrapped)
        let keyValue = try translator.translate(key)
        let member = try SQLSubscripts.member(
            of: dictionary, type: Wrapped.Output.self, key: keyValue, keyType: Key.Output.self,
            valueType: Default.Output.self,
            translator
        )
        let fallback = try translator.translate(self.default)
        let sql = translator.sql
        var result = sql.coalesce(member, fallback)
        // The default is evaluated only when the key is missing.
        result.failure = sql.anyFailure([
            dictionary.failure, keyValue.failure, sql.failure(fallback.failure, whenNull: member),
        ])
        result.name = dictionary.name.map { "\($0)[…, default: …]" }
        return result
    }
}

enum SQLSubscripts {
    /// `array` in canonical form, after checking SQL can read its elements by index as Swift does.
    static func array(
        _ array: SQLExpression, type: Any.Type, elementType: Any.Type, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        let described = array.described(as: type)
        guard type is any StoredCollection.Type, !(type is any UnorderedCollection.Type) else {
            throw .unsupportedPredicate(
                "a subscript of \(described) has no SQL translation (arrays stored as JSON only)")
        }
        if type is any ArraySliceType.Type {
            // A slice keeps its base's indices; SQL's rebuilt array starts at 0.
            throw .unsupportedPredicate("a subscript of a slice (\(described)) has no SQL translation")
        }
        if array.elements != nil {
            // A filter's result, or a slice (which keeps its base's indices): SQL reads neither by index.
            throw .unsupportedPredicate(
                "a subscript of \(described) has no SQL translation: subscript the stored array itself")
        }
        if SQLJSON.formInJSON(elementType) == .different {
            throw .unsupportedPredicate(
                "a subscript of \(described) has no SQL translation: a \(elementType) is written differently inside JSON "
                    + "than in a column (Float, Decimal, Data and URL are)"
            )
        }
        try SQLRelationships.requireRelationship(array, elementType: elementType)
        if case .collection = array.kind {
            throw .unsupportedPredicate("a subscript of the to-many relationship \(described) has no SQL translation")
        }
        return translator.sql.canonicalJSON(array)
    }

    /// `dictionary[key]`: the member's value, NULL when the key is missing. Dictionaries with `String` or `Int` keys
    /// (JSON objects) only.
    static func member(
        of dictionary: SQLExpression, type: Any.Type, key: SQLExpression, keyType: Any.Type, valueType: Any.Type,
        _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        let described = dictionary.described(as: type)
        let intKeys: [Any.Type] = [
            Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self,
            UInt64.self,
        ]
        let integerKey: Bool
        if keyType == String.self {
            integerKey = false
        } else if intKeys.contains(where: { $0 == keyType }) {
            // JSON writes the keys of an [Int: …] as strings.
            integerKey = true
        } else {
            throw .unsupportedPredicate(
                "a subscript of \(described) has no SQL translation: a dictionary with \(keyType) keys is stored as an array"
            )
        }
        if valueType is any OptionalType.Type || SQLJSON.formInJSON(valueType) == .different {
            throw .unsupportedPredicate(
                "a subscript of \(described) has no SQL translation for values of type \(valueType)")
        }
        return translator.sql.jsonMember(
            translator.sql.canonicalJSON(dictionary), key: key, integerKey: integerKey,
            scalar: SQLJSON.scalar(valueType))
    }
}

/// Lets the translator recognise `ArraySlice` whatever its element type.
protocol ArraySliceType {}

extension ArraySlice: ArraySliceType {}
