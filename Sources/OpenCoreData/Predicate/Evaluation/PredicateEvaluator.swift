import Foundation

/// Why a predicate could not be evaluated.
enum PredicateEvaluationError: Error {
    case invalidFormat(PredicateFormatError)
    case failed(String)

    func coreDataError(evaluating predicate: NSPredicate) -> CoreDataError {
        switch self {
        case .invalidFormat(let error): .invalidPredicateFormat(error)
        case .failed(let reason):
            .predicateEvaluationFailed(predicate: PredicateFormatter.format(predicate), reason: reason)
        }
    }
}

/// Evaluates predicate trees in memory: `evaluate(with:)`, `expressionValue(with:context:)`, and what a context
/// uses to match unsaved objects against a fetch.
struct PredicateEvaluator {
    /// `$variable` values.
    var bindings: [String: Any]

    func evaluate(_ predicate: NSPredicate, for object: Any?) throws(PredicateEvaluationError) -> Bool {
        switch predicate {
        case let invalid as InvalidFormatPredicate:
            throw .invalidFormat(invalid.error)
        case let comparison as NSComparisonPredicate:
            return try evaluate(comparison, for: object)
        case let compound as NSCompoundPredicate:
            switch compound.compoundPredicateType {
            case .and:
                for subpredicate in compound.subpredicates where !(try evaluate(subpredicate, for: object)) {
                    return false
                }
                return true
            case .or:
                for subpredicate in compound.subpredicates where try evaluate(subpredicate, for: object) { return true }
                return false
            case .not:
                guard let subpredicate = compound.subpredicates.first else { return true }
                return !(try evaluate(subpredicate, for: object))
            }
        default:
            return predicate.evaluate(with: object, substitutionVariables: bindings)
        }
    }

    private func evaluate(_ comparison: NSComparisonPredicate, for object: Any?) throws(PredicateEvaluationError)
        -> Bool
    {
        let left = try value(of: comparison.leftExpression, for: object)
        let right = try value(of: comparison.rightExpression, for: object)
        func holds(_ value: Any?) -> Bool {
            ValueComparison.holds(
                comparison.predicateOperatorType, value, right,
                options: comparison.options, pattern: comparison.constantPattern
            )
        }
        switch comparison.comparisonPredicateModifier {
        case .direct:
            return holds(left)
        case .any:
            return Self.elements(of: left).contains(where: holds)
        case .all:
            return Self.elements(of: left).allSatisfy(holds)
        }
    }

    /// What ANY and ALL range over: a collection's elements, nothing for nil, a single value as itself.
    private static func elements(of value: Any?) -> [Any] {
        guard let value = unwrapped(value) else { return [] }
        return KeyValueCoding.elements(of: value) ?? [value]
    }

    func value(of expression: NSExpression, for object: Any?) throws(PredicateEvaluationError) -> Any? {
        switch expression.node {
        case .constant(let value):
            return value
        case .evaluatedObject:
            return unwrapped(object)
        case .variable(let name):
            guard let value = bindings[name] else {
                throw .failed(
                    "the variable $\(name) has no value (pass it with withSubstitutionVariables(_:) or substitutionVariables:)"
                )
            }
            return unwrapped(value)
        case .keyPath(let operand, let path):
            let base =
                try operand.map { operand throws(PredicateEvaluationError) in try value(of: operand, for: object) }
                ?? unwrapped(object)
            switch KeyValueCoding.value(of: base, keyPath: path) {
            case .success(let value): return value
            case .failure(let error): throw .failed(error.description)
            }
        case .function(let name, let arguments):
            var values: [Any?] = []
            for argument in arguments { values.append(try value(of: argument, for: object)) }
            return try ExpressionFunctions.evaluate(name, values)
        case .aggregate(let elements):
            var values: [Any] = []
            for element in elements { values.append(try value(of: element, for: object) ?? NSNull()) }
            return values
        case .subquery(let collection, let variable, let predicate):
            let elements = Self.elements(of: try value(of: collection, for: object))
            var matching: [Any] = []
            for element in elements {
                var inner = self
                inner.bindings[variable] = element
                if try inner.evaluate(predicate, for: object) { matching.append(element) }
            }
            return matching
        case .conditional(let predicate, let whenTrue, let whenFalse):
            return try value(of: try evaluate(predicate, for: object) ? whenTrue : whenFalse, for: object)
        case .anyKey:
            throw .failed("ANYKEY is not supported")
        case .invalid(let error):
            throw .invalidFormat(error)
        }
    }
}
