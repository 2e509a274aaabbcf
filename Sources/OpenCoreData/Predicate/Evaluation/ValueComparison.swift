import Foundation

/// How a comparison predicate compares two values in memory, following Core Data:
///
/// - nil equals only nil (`== nil`, `!= nil`); an ordering (`<`, `BETWEEN`, …) with nil on either side is false.
/// - Numbers compare by value whatever their Swift type (`Int`, `Int64`, `Double`, `Float`, `Bool` as 0 and 1,
///   `Decimal`, `NSNumber`), exactly (no rounding through `Double`).
/// - Strings: without options `==` and `<` are Swift's (canonical equivalence, Unicode order); `[c]` and `[d]`
///   use Foundation's case- and diacritic-insensitive comparison. `CONTAINS`, `BEGINSWITH` and `ENDSWITH` search
///   with Foundation's `range(of:options:)` (an empty string is found nowhere, as in Core Data).
/// - Dates by time; objects by identity (an object equals its `NSManagedObjectID`); collections element by
///   element; values of different kinds are never equal or ordered.
enum ValueComparison {
    static func stringOptions(_ options: NSComparisonPredicate.Options) -> String.CompareOptions {
        var result: String.CompareOptions = []
        if options.contains(.caseInsensitive) { result.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { result.insert(.diacriticInsensitive) }
        return result
    }

    static func isEqual(_ a: Any?, _ b: Any?, options: NSComparisonPredicate.Options = []) -> Bool {
        switch (unwrapped(a), unwrapped(b)) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (let x?, let y?):
            if let m = NumericValue(x), let n = NumericValue(y) { return NumericValue.compare(m, n) == .orderedSame }
            if let x = x as? String, let y = y as? String {
                let compareOptions = stringOptions(options)
                return compareOptions.isEmpty ? x == y : x.compare(y, options: compareOptions) == .orderedSame
            }
            if let x = instance(x, of: NSManagedObject.self) {
                if let y = instance(y, of: NSManagedObject.self) { return x === y }
                if let y = instance(y, of: NSManagedObjectID.self) { return x.objectID == y }
                return false
            }
            if let y = instance(y, of: NSManagedObject.self) {
                return instance(x, of: NSManagedObjectID.self).map { $0 == y.objectID } ?? false
            }
            if let xs = KeyValueCoding.elements(of: x), let ys = KeyValueCoding.elements(of: y) {
                return xs.count == ys.count && zip(xs, ys).allSatisfy { isEqual($0, $1, options: options) }
            }
            if NumericValue(x) != nil || NumericValue(y) != nil { return false }
            return equatableEqual(x, y)
        }
    }

    /// The order of two values, or nil when they cannot be ordered (nil, NaN, different kinds).
    static func order(_ a: Any?, _ b: Any?, options: NSComparisonPredicate.Options = []) -> ComparisonResult? {
        guard let x = unwrapped(a), let y = unwrapped(b) else { return nil }
        if let m = NumericValue(x), let n = NumericValue(y) { return NumericValue.compare(m, n) }
        if let x = x as? String, let y = y as? String {
            let compareOptions = stringOptions(options)
            if compareOptions.isEmpty {
                return x < y ? .orderedAscending : (x == y ? .orderedSame : .orderedDescending)
            }
            return x.compare(y, options: compareOptions)
        }
        if let x = x as? Date, let y = y as? Date { return x.compare(y) }
        return nil
    }

    /// Whether `left operator right` holds (no modifier: ANY and ALL are applied by the caller).
    static func holds(
        _ type: NSComparisonPredicate.Operator, _ left: Any?, _ right: Any?,
        options: NSComparisonPredicate.Options, pattern: StringPattern?
    ) -> Bool {
        switch type {
        case .equalTo: return isEqual(left, right, options: options)
        case .notEqualTo: return !isEqual(left, right, options: options)
        case .lessThan: return order(left, right, options: options) == .orderedAscending
        case .lessThanOrEqualTo:
            return [.orderedAscending, .orderedSame].contains(order(left, right, options: options))
        case .greaterThan: return order(left, right, options: options) == .orderedDescending
        case .greaterThanOrEqualTo:
            return [.orderedDescending, .orderedSame].contains(order(left, right, options: options))
        case .beginsWith, .endsWith:
            guard let string = unwrapped(left) as? String, let prefix = unwrapped(right) as? String, !prefix.isEmpty
            else { return false }
            var searchOptions = stringOptions(options).union(.anchored)
            if type == .endsWith { searchOptions.insert(.backwards) }
            return string.range(of: prefix, options: searchOptions) != nil
        case .contains:
            guard let container = unwrapped(left) else { return false }
            if let string = container as? String {
                guard let part = unwrapped(right) as? String else { return false }
                return contains(string, part, options: options)
            }
            guard let elements = KeyValueCoding.elements(of: container) else { return false }
            return elements.contains { isEqual($0, right, options: options) }
        case .in:
            guard let container = unwrapped(right) else { return false }
            if let string = container as? String {
                guard let part = unwrapped(left) as? String else { return false }
                return contains(string, part, options: options)
            }
            if let dictionary = container as? [AnyHashable: Any] {
                return dictionary.values.contains { isEqual(left, $0, options: options) }
            }
            guard let elements = KeyValueCoding.elements(of: container) else { return false }
            return elements.contains { isEqual(left, $0, options: options) }
        case .between:
            guard let bounds = unwrapped(right).flatMap(KeyValueCoding.elements(of:)), bounds.count == 2 else {
                return false
            }
            let low = order(bounds[0], left, options: options)
            let high = order(left, bounds[1], options: options)
            return (low == .orderedAscending || low == .orderedSame)
                && (high == .orderedAscending || high == .orderedSame)
        case .like, .matches:
            guard let string = unwrapped(left) as? String else { return false }
            if let pattern { return pattern.matches(string) }
            guard let source = unwrapped(right) as? String else { return false }
            return StringPattern(source, isRegularExpression: type == .matches, options: options).matches(string)
        case .customSelector:
            return false
        }
    }

    private static func contains(_ string: String, _ part: String, options: NSComparisonPredicate.Options) -> Bool {
        guard !part.isEmpty else { return false }
        return string.range(of: part, options: stringOptions(options)) != nil
    }
}
