import Foundation

/// Structural equality of predicate trees: what `isEqual(_:)` means for OpenCoreData's predicates and
/// expressions, and what the round-trip guarantee (`NSPredicate(format: p.predicateFormat)` equals `p`) is about.
enum PredicateTree {
    static func isEqual(_ a: NSPredicate, _ b: NSPredicate) -> Bool {
        if a === b { return true }
        switch (a, b) {
        case let (x as NSComparisonPredicate, y as NSComparisonPredicate):
            return x.predicateOperatorType == y.predicateOperatorType
                && x.comparisonPredicateModifier == y.comparisonPredicateModifier
                && x.options == y.options
                && isEqual(x.leftExpression, y.leftExpression)
                && isEqual(x.rightExpression, y.rightExpression)
        case let (x as NSCompoundPredicate, y as NSCompoundPredicate):
            return x.compoundPredicateType == y.compoundPredicateType
                && x.subpredicates.count == y.subpredicates.count
                && zip(x.subpredicates, y.subpredicates).allSatisfy { isEqual($0, $1) }
        case let (x as InvalidFormatPredicate, y as InvalidFormatPredicate):
            return x.error == y.error
        case (is NSComparisonPredicate, _), (_, is NSComparisonPredicate),
            (is NSCompoundPredicate, _), (_, is NSCompoundPredicate),
            (is InvalidFormatPredicate, _), (_, is InvalidFormatPredicate):
            return false
        default:
            // Foundation's own: value predicates compare by value, block predicates by identity.
            return a.isEqual(b)
        }
    }

    static func isEqual(_ a: NSExpression, _ b: NSExpression) -> Bool {
        if a === b { return true }
        switch (a.node, b.node) {
        case (.constant(let x), .constant(let y)):
            return constantsEqual(x, y)
        case (.constant(let x), .aggregate(let elements)), (.aggregate(let elements), .constant(let x)):
            // `IN %@` with an array prints as `IN {…}`, which reads back as an aggregate of constants.
            guard let array = x.flatMap(KeyValueCoding.elements(of:)), array.count == elements.count else {
                return false
            }
            return zip(array, elements).allSatisfy { value, element in
                if case .constant(let y) = element.node { return constantsEqual(value, y) }
                return false
            }
        case (.evaluatedObject, .evaluatedObject), (.anyKey, .anyKey):
            return true
        case (.variable(let x), .variable(let y)):
            return x == y
        case (.keyPath(let xOperand, let xPath), .keyPath(let yOperand, let yPath)):
            guard xPath == yPath else { return false }
            switch (xOperand, yOperand) {
            case (nil, nil): return true
            case (let x?, let y?): return isEqual(x, y)
            case (let x?, nil), (nil, let x?):
                if case .evaluatedObject = x.node { return true }
                return false
            }
        case (.function(let xName, let xArguments), .function(let yName, let yArguments)):
            return xName == yName && xArguments.count == yArguments.count
                && zip(xArguments, yArguments).allSatisfy { isEqual($0, $1) }
        case (.aggregate(let x), .aggregate(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { isEqual($0, $1) }
        case (
            .subquery(let xCollection, let xVariable, let xPredicate),
            .subquery(let yCollection, let yVariable, let yPredicate)
        ):
            return xVariable == yVariable && isEqual(xCollection, yCollection) && isEqual(xPredicate, yPredicate)
        case (.conditional(let xPredicate, let xTrue, let xFalse), .conditional(let yPredicate, let yTrue, let yFalse)):
            return isEqual(xPredicate, yPredicate) && isEqual(xTrue, yTrue) && isEqual(xFalse, yFalse)
        case (.invalid(let x), .invalid(let y)):
            return x == y
        default:
            return false
        }
    }

    /// Constants are equal when they are the same kind of value (integer, floating-point, Boolean, decimal,
    /// string, date, …) and equal as such; arrays element by element; objects by identity.
    static func constantsEqual(_ a: Any?, _ b: Any?) -> Bool {
        switch (unwrapped(a), unwrapped(b)) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (let x?, let y?):
            if let m = NumericValue(x), let n = NumericValue(y) {
                return numberKind(m) == numberKind(n) && NumericValue.compare(m, n) == .orderedSame
            }
            if NumericValue(x) != nil || NumericValue(y) != nil { return false }
            if let xs = KeyValueCoding.elements(of: x), let ys = KeyValueCoding.elements(of: y) {
                return xs.count == ys.count && zip(xs, ys).allSatisfy { constantsEqual($0, $1) }
            }
            return ManagedValue.isEqual(x, y)
        }
    }

    private static func numberKind(_ number: NumericValue) -> Int {
        switch number {
        case .integer, .unsigned: 0
        case .floating: 1
        case .decimal: 2
        case .boolean: 3
        }
    }
}
