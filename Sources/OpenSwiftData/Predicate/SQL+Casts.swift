import Foundation
import SQLStore

// `as?`, `as!` (and the no-op `as` the macro writes as a force cast: `($0.flag as Bool)`), and `is`. A stored value
// has a concrete type, so whether a cast succeeds is the same for every non-nil value of that type: decided once,
// here, by casting a sample value (`ProbeValues`); nil always fails, as in Swift. Casts whose outcome depends on the
// value are refused: to or from a class (a model may be a subclass), of collections (Swift casts them element by
// element), to `Any`/`AnyObject`, and to an optional type.

extension PredicateExpressions.ConditionalCast: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let value = try translator.translate(input)
        switch try SQLCasts.outcome(of: value, from: Input.Output.self, to: Desired.self) {
        case .succeeds:
            var result = value
            result.isNullable = true
            return result
        case .fails:
            return translator.sql.nilLiteral
        }
    }
}

extension PredicateExpressions.ForceCast: SQLTranslatable {
    /// `Predicate.evaluate` throws on a failed force cast (and on nil): the row does not match.
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        var value = try translator.translate(input)
        switch try SQLCasts.outcome(of: value, from: Input.Output.self, to: Desired.self) {
        case .succeeds:
            if value.isNullable, Input.Output.self is any OptionalType.Type {
                value.failure = translator.sql.failsIfNull(value)
                value.isNullable = false
            }
            return value
        case .fails:
            var result = translator.sql.nilLiteral.with(kind: .computed)
            result.failure = translator.sql.alwaysFails
            return result
        }
    }
}

extension PredicateExpressions.TypeCheck: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let value = try translator.translate(input)
        switch try SQLCasts.outcome(of: value, from: Input.Output.self, to: Desired.self) {
        case .succeeds:
            guard value.isNullable, Input.Output.self is any OptionalType.Type else { return translator.sql.constant(true) }
            return translator.sql.isNotNull(value)
        case .fails:
            return translator.sql.constant(false)
        }
    }
}

enum SQLCasts {
    enum Outcome {
        /// Every non-nil value casts to itself.
        case succeeds
        /// No value casts.
        case fails
    }

    static func outcome<Desired>(of value: SQLExpression, from input: Any.Type, to desired: Desired.Type) throws(SwiftDataError)
        -> Outcome {
        var source = input
        while let optional = source as? any OptionalType.Type { source = optional.wrappedType }
        let described = "a cast of \(value.described(as: input)) to \(desired)"
        if desired is any OptionalType.Type {
            throw .unsupportedPredicate("\(described) has no SQL translation: cast to the wrapped type instead")
        }
        if ObjectIdentifier(source) == ObjectIdentifier(Desired.self) { return .succeeds }
        if source is AnyClass || desired is AnyClass || Desired.self == Any.self || Desired.self == AnyObject.self
            || source is any StoredCollection.Type || desired is any StoredCollection.Type {
            throw .unsupportedPredicate(
                "\(described) has no SQL translation: whether it succeeds depends on the value (a class, a collection, Any)"
            )
        }
        guard let sample = ProbeValues.samples(source, count: 1).first else {
            throw .unsupportedPredicate("\(described) has no SQL translation")
        }
        return sample is Desired ? .succeeds : .fails
    }
}
