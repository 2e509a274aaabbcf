import Foundation
import SQLStore

/// The SQL conditions of the most common predicate shape, `$0.property == value` with a captured scalar (`Int`,
/// `String`, `Bool`, `UUID`, the fixed-width integers), kept per table, key path and value type, so that a repeated
/// fetch with a new value binds it instead of translating the predicate again (the translator walks the expression
/// tree by reflection for every node, several thousand instructions, where rebinding is a dictionary look-up).
///
/// Only such a predicate is cached because its SQL is known not to depend on the value: an equality's text depends
/// on the types and nullability of its sides, and on a side being `nil`, which a non-optional scalar never is (other
/// translations look at the value itself — `contains` with an ASCII needle, a `Double` NaN). A translation is kept
/// only when its one bound argument is the value, so the argument can be replaced.
final class PredicatePlanCache: @unchecked Sendable {
    // Invariant behind @unchecked Sendable: `plans` is only touched while `lock` is held.
    private struct Key: Hashable {
        let table: ObjectIdentifier
        let keyPath: AnyKeyPath
        let valueType: ObjectIdentifier
    }

    private let lock = NSLock()
    private var plans: [Key: SQLExpression] = [:]
    /// More shapes than any program writes; past it, new shapes are translated every time.
    private static let limit = 512

    /// The condition of `predicate` over `table`: the cached one with this value bound, or `translate()`'s (kept
    /// for next time when the predicate has the cached shape).
    func condition<T>(
        of predicate: Predicate<T>, table: EntityTable, translate: () throws(SwiftDataError) -> SQLExpression
    ) throws(SwiftDataError) -> SQLExpression {
        guard let equality = predicate.expression as? any KeyPathEqualsValue,
            let (keyPath, value) = equality.keyPathAndValue(of: predicate.variable.key),
            Self.isPlainScalar(value),
            let stored = try? StoredValueConversion.storedValue(for: value), !stored.isNull
        else { return try translate() }
        let key = Key(table: ObjectIdentifier(table), keyPath: keyPath, valueType: ObjectIdentifier(type(of: value)))
        lock.lock()
        let cached = plans[key]
        lock.unlock()
        if var plan = cached {
            plan.fragment.arguments = [stored]
            return plan
        }
        let condition = try translate()
        if condition.fragment.arguments == [stored], condition.failure == nil, condition.rowFilters.isEmpty,
            condition.elements == nil
        {
            lock.lock()
            if plans.count < Self.limit { plans[key] = condition }
            lock.unlock()
        }
        return condition
    }

    private static func isPlainScalar(_ value: Any) -> Bool {
        value is Int || value is String || value is Bool || value is UUID || value is Int64 || value is Int32
            || value is Int16 || value is Int8 || value is UInt8 || value is UInt16 || value is UInt32
    }
}

/// `$0.property == value`: an equality of a key path on a variable and a captured value.
protocol KeyPathEqualsValue {
    /// The key path and the value, when the key path is on `variable`.
    func keyPathAndValue(of variable: PredicateExpressions.VariableID) -> (AnyKeyPath, Any)?
}

/// A key path expression whatever its generic arguments.
protocol KeyPathExpression {
    /// The variable the key path starts from, when its root is one.
    var rootVariable: PredicateExpressions.VariableID? { get }
    var anyKeyPath: AnyKeyPath { get }
}

/// A captured value whatever its type.
protocol CapturedValue {
    var anyValue: Any { get }
}

extension PredicateExpressions.KeyPath: KeyPathExpression {
    var rootVariable: PredicateExpressions.VariableID? { (root as? any VariableExpression)?.variableKey }
    var anyKeyPath: AnyKeyPath { keyPath }
}

extension PredicateExpressions.Value: CapturedValue {
    var anyValue: Any { value }
}

extension PredicateExpressions.Equal: KeyPathEqualsValue where LHS: KeyPathExpression, RHS: CapturedValue {
    func keyPathAndValue(of variable: PredicateExpressions.VariableID) -> (AnyKeyPath, Any)? {
        guard lhs.rootVariable == variable else { return nil }
        return (lhs.anyKeyPath, rhs.anyValue)
    }
}
