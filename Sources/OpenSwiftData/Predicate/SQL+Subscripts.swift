import Foundation
import SQLite

// Subscripts of collections stored as JSON: `$0.scores[0]`, `$0.scores[1..<3]`, `$0.lookup["key"]` and
// `$0.lookup["key", default: 0]`, through json_each. As in Swift, an index or range outside the array throws (see
// `SQLExpression.failure`): the row does not match.

extension PredicateExpressions.CollectionIndexSubscript: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let array = try SQLSubscripts.array(try translator.translate(wrapped), type: Wrapped.Output.self, elementType: Output.self)
        let position = try translator.translate(index)
        let alias = translator.uniqueAlias("i")
        var result = SQLExpression.computed(
            "(SELECT \(alias).value FROM json_each(\(array.sql)) AS \(alias) WHERE \(alias).key = \(position.sql))",
            array.arguments + position.arguments, nullable: Output.self is any OptionalType.Type
        )
        result.failure = SQLCondition(
            "COALESCE(NOT (\(position.sql) >= 0 AND \(position.sql) < json_array_length(\(array.sql))), 1)",
            position.arguments + position.arguments + array.arguments
        )
        result.name = array.name.map { "\($0)[…]" }
        return result
    }
}

extension PredicateExpressions.CollectionRangeSubscript: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let stored = try translator.translate(wrapped)
        let array = try SQLSubscripts.array(stored, type: Wrapped.Output.self, elementType: Wrapped.Output.Element.self)
        let lower: SQLExpression, upper: SQLExpression
        if let bounds = range as? any SQLRangeBounds {
            let (from, to, _) = try bounds.sqlBounds(translator)
            guard let from, let to else { throw .unsupportedPredicate("a subscript by a partial range has no SQL translation") }
            (lower, upper) = (from, to)
        } else if let captured = translator.constantValue(of: range) as? any CapturedRange, let from = captured.bounds.lower,
                  let to = captured.bounds.upper {
            (lower, upper) = (.bound(try SQLiteConversion.sqliteValue(for: from)), .bound(try SQLiteConversion.sqliteValue(for: to)))
        } else {
            throw .unsupportedPredicate("a subscript of \(array.described(as: Wrapped.Output.self)) by this range has no SQL translation")
        }
        let elements = JSONElements(stored, sequenceType: Wrapped.Output.self, elementType: Wrapped.Output.Element.self)
        var result = try elements.sliced(lower, upper).expression(translator)
        let length = "json_array_length(\(stored.sql))"
        result.failure = SQLCondition(
            "COALESCE(NOT (\(lower.sql) >= 0 AND \(lower.sql) <= \(length) AND \(upper.sql) >= 0 AND \(upper.sql) <= \(length)), 1)",
            lower.arguments + lower.arguments + stored.arguments + upper.arguments + upper.arguments + stored.arguments
        )
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
            of: dictionary, type: Wrapped.Output.self, key: keyValue, keyType: Key.Output.self, valueType: Default.Output.self,
            translator
        )
        let fallback = try translator.translate(self.default)
        var result = SQLExpression.computed(
            "COALESCE(\(member.sql), \(fallback.sql))", member.arguments + fallback.arguments, nullable: fallback.isNullable
        )
        // The default is evaluated only when the key is missing.
        result.failure = SQLCondition.any([
            dictionary.failure, keyValue.failure, fallback.failure?.when("\(member.sql) IS NULL", member.arguments),
        ])
        result.name = dictionary.name.map { "\($0)[…, default: …]" }
        return result
    }
}

enum SQLSubscripts {
    /// `array` in canonical form, after checking SQL can read its elements by index as Swift does.
    static func array(_ array: SQLExpression, type: Any.Type, elementType: Any.Type) throws(SwiftDataError) -> SQLExpression {
        let described = array.described(as: type)
        guard type is any StoredCollection.Type, !(type is any UnorderedCollection.Type) else {
            throw .unsupportedPredicate("a subscript of \(described) has no SQL translation (arrays stored as JSON only)")
        }
        if type is any ArraySliceType.Type {
            // A slice keeps its base's indices; SQL's rebuilt array starts at 0.
            throw .unsupportedPredicate("a subscript of a slice (\(described)) has no SQL translation")
        }
        if array.elements != nil {
            // A filter's result, or a slice (which keeps its base's indices): SQL reads neither by index.
            throw .unsupportedPredicate("a subscript of \(described) has no SQL translation: subscript the stored array itself")
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
        return SQLJSON.canonical(array)
    }

    /// `dictionary[key]`: the member's value, NULL when the key is missing. Dictionaries with `String` or `Int` keys
    /// (JSON objects) only.
    static func member(
        of dictionary: SQLExpression, type: Any.Type, key: SQLExpression, keyType: Any.Type, valueType: Any.Type,
        _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> SQLExpression {
        let described = dictionary.described(as: type)
        let intKeys: [Any.Type] = [Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self]
        let keySQL: String
        if keyType == String.self {
            keySQL = key.sql
        } else if intKeys.contains(where: { $0 == keyType }) {
            // JSON writes the keys of an [Int: …] as strings.
            keySQL = "CAST(\(key.sql) AS TEXT)"
        } else {
            throw .unsupportedPredicate(
                "a subscript of \(described) has no SQL translation: a dictionary with \(keyType) keys is stored as an array"
            )
        }
        if valueType is any OptionalType.Type || SQLJSON.formInJSON(valueType) == .different {
            throw .unsupportedPredicate("a subscript of \(described) has no SQL translation for values of type \(valueType)")
        }
        let json = SQLJSON.canonical(dictionary)
        let alias = translator.uniqueAlias("k")
        return .computed(
            "(SELECT \(alias).value FROM json_each(\(json.sql)) AS \(alias) WHERE \(alias).key = \(keySQL))",
            json.arguments + key.arguments, nullable: true
        )
    }
}

/// Lets the translator recognise `ArraySlice` whatever its element type.
protocol ArraySliceType {}

extension ArraySlice: ArraySliceType {}
