import Foundation
import SQLStore

// `as?`, `as!` (and the no-op `as` the macro writes as a force cast: `($0.flag as Bool)`), and `is`. A stored value
// has a concrete type, so whether a cast succeeds is the same for every non-nil value of that type: decided once,
// here, by casting a sample value (`ProbeValues`); nil always fails, as in Swift. Casts whose outcome depends on the
// value are refused: to or from a class (a model may be a subclass), of collections (Swift casts them element by
// element), to `Any`/`AnyObject`, and to an optional type. A cast of a model to a model class of the schema (model
// inheritance: `$0 is Car`, `($0 as? Car)?.seats`) is decided by the row's entity column instead.

extension PredicateExpressions.ConditionalCast: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let value = try translator.translate(input)
        if let cast = try SQLCasts.modelCast(of: value, from: Input.Output.self, to: Desired.self, translator) {
            switch cast {
            case .always:
                var result = value
                result.isNullable = true
                return result
            case .never: return translator.sql.nilLiteral
            case .when(let test, let table):
                // The row when it is one, else NULL; its columns are then read by key (NULL for NULL).
                var result = translator.sql.reference(to: table, ifItIs: test, row: value)
                result.isNullable = true
                return result
            }
        }
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
        if let cast = try SQLCasts.modelCast(of: value, from: Input.Output.self, to: Desired.self, translator) {
            switch cast {
            case .always:
                if value.isNullable { value.failure = translator.sql.failsIfNull(value) }
                value.isNullable = false
                return value
            case .never:
                var result = translator.sql.nilLiteral.with(kind: .computed)
                result.failure = translator.sql.alwaysFails
                return result
            case .when(let test, _):
                value.failure = translator.sql.not(test).fragment
                value.isNullable = false
                return value
            }
        }
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
        if let cast = try SQLCasts.modelCast(of: value, from: Input.Output.self, to: Desired.self, translator) {
            switch cast {
            case .always: return value.isNullable ? translator.sql.isNotNull(value) : translator.sql.constant(true)
            case .never: return translator.sql.constant(false)
            case .when(let test, _): return test
            }
        }
        switch try SQLCasts.outcome(of: value, from: Input.Output.self, to: Desired.self) {
        case .succeeds:
            guard value.isNullable, Input.Output.self is any OptionalType.Type else {
                return translator.sql.constant(true)
            }
            return translator.sql.isNotNull(value)
        case .fails:
            return translator.sql.constant(false)
        }
    }
}

enum SQLCasts {
    /// A cast of a model row to a model class.
    enum ModelCast {
        /// To its own class or a superclass: every non-nil row.
        case always
        /// To an unrelated class: no row.
        case never
        /// To a subclass: the rows `test` (on the entity column) holds for, rows of `table`.
        case when(SQLExpression, table: EntityTable)
    }

    /// The cast of a model row (a reference) to a model class, or nil when `value` is not a model.
    /// - Throws: ``SwiftDataError/unsupportedPredicate(_:)`` for a class that is not in the schema.
    static func modelCast<Desired>(
        of value: SQLExpression, from input: Any.Type, to desired: Desired.Type, _ translator: PredicateTranslator
    ) throws(SwiftDataError) -> ModelCast? {
        guard case .reference(let table, let alias) = value.kind else { return nil }
        var source = input
        while let optional = source as? any OptionalType.Type { source = optional.wrappedType }
        guard let sourceModel = source as? any PersistentModel.Type else { return nil }
        guard let desiredModel = Desired.self as? any PersistentModel.Type else {
            if Desired.self is any OptionalType.Type || !(Desired.self is AnyClass) { return nil }
            throw .unsupportedPredicate(
                "a cast of \(value.described(as: input)) to \(Desired.self) has no SQL translation")
        }
        if ModelHierarchy.isSubclass(sourceModel, of: desiredModel) { return .always }
        guard ModelHierarchy.isSubclass(desiredModel, of: sourceModel) else { return .never }
        guard let entity = try? translator.schema.entity(for: desiredModel), entity.table === table else {
            throw .unsupportedPredicate(
                "a cast of \(value.described(as: input)) to \(Desired.self) has no SQL translation: \(Desired.self) is not in the schema"
            )
        }
        let test = translator.sql.entity(of: value, table: table, alias: alias, isOneOf: entity.layout.codes)
        return .when(test, table: table)
    }

    enum Outcome {
        /// Every non-nil value casts to itself.
        case succeeds
        /// No value casts.
        case fails
    }

    static func outcome<Desired>(of value: SQLExpression, from input: Any.Type, to desired: Desired.Type)
        throws(SwiftDataError)
        -> Outcome
    {
        var source = input
        while let optional = source as? any OptionalType.Type { source = optional.wrappedType }
        let described = "a cast of \(value.described(as: input)) to \(desired)"
        if desired is any OptionalType.Type {
            throw .unsupportedPredicate("\(described) has no SQL translation: cast to the wrapped type instead")
        }
        if ObjectIdentifier(source) == ObjectIdentifier(Desired.self) { return .succeeds }
        if source is AnyClass || desired is AnyClass || Desired.self == Any.self || Desired.self == AnyObject.self
            || source is any StoredCollection.Type || desired is any StoredCollection.Type
        {
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
