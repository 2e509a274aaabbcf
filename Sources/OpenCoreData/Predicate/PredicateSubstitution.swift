import Foundation

/// `withSubstitutionVariables(_:)`: the same tree with bound `$variables` replaced by constants. A subquery's own
/// iterator variable is not replaced inside it.
enum PredicateSubstitution {
    static func substitute(_ predicate: NSPredicate, _ variables: [String: Any]) -> NSPredicate {
        switch predicate {
        case let comparison as NSComparisonPredicate:
            return NSComparisonPredicate(
                leftExpression: substitute(comparison.leftExpression, variables),
                rightExpression: substitute(comparison.rightExpression, variables),
                modifier: comparison.comparisonPredicateModifier,
                type: comparison.predicateOperatorType,
                options: comparison.options
            )
        case let compound as NSCompoundPredicate:
            return FormattedCompoundPredicate.make(
                compound.compoundPredicateType, compound.subpredicates.map { substitute($0, variables) })
        default:
            return predicate
        }
    }

    static func substitute(_ expression: NSExpression, _ variables: [String: Any]) -> NSExpression {
        switch expression.node {
        case .variable(let name):
            guard let value = variables[name] else { return expression }
            return (value as? NSExpression) ?? NSExpression(forConstantValue: value)
        case .keyPath(let operand?, let path):
            return NSExpression(forKeyPath: path, of: substitute(operand, variables))
        case .function(let name, let arguments):
            return NSExpression(node: .function(name: name, arguments: arguments.map { substitute($0, variables) }))
        case .aggregate(let elements):
            return NSExpression(node: .aggregate(elements.map { substitute($0, variables) }))
        case .subquery(let collection, let variable, let predicate):
            var inner = variables
            inner[variable] = nil
            return NSExpression(
                node: .subquery(
                    collection: substitute(collection, variables), variable: variable,
                    predicate: substitute(predicate, inner)))
        case .conditional(let predicate, let whenTrue, let whenFalse):
            return NSExpression(
                node: .conditional(
                    predicate: substitute(predicate, variables),
                    whenTrue: substitute(whenTrue, variables),
                    whenFalse: substitute(whenFalse, variables)
                ))
        case .constant, .evaluatedObject, .keyPath(nil, _), .anyKey, .invalid:
            return expression
        }
    }
}
