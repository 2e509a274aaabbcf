import Foundation

/// A comparison of two expressions: `name CONTAINS[cd] "x"`, `ANY items.price > 5`. Mirrors Core Data's
/// (Foundation's) `NSComparisonPredicate`; Linux Foundation's is an unusable stub.
///
/// `evaluate(with:)` compares as Core Data does in memory, on managed objects, dictionaries and other values:
/// see <doc:Guide> for the rules (nil, numbers of different types, string options, collections).
///
/// **In a file that imports both Foundation and OpenCoreData**, `NSComparisonPredicate` in type position is
/// ambiguous with Linux Foundation's stub; write `OpenCoreData.NSComparisonPredicate`, or import only
/// OpenCoreData there. Creating one is not ambiguous.
open class NSComparisonPredicate: NSPredicate {
    /// How the left expression is used: directly, or each element of a collection. Same cases and raw values
    /// as Core Data's. (`NONE` in a format is `NOT ANY`, `SOME` is `ANY`.)
    public enum Modifier: UInt, Sendable {
        case direct = 0
        case all = 1
        case any = 2
    }

    /// The comparison. Same cases and raw values as Core Data's.
    public enum Operator: UInt, Sendable {
        case lessThan = 0
        case lessThanOrEqualTo = 1
        case greaterThan = 2
        case greaterThanOrEqualTo = 3
        case equalTo = 4
        case notEqualTo = 5
        case matches = 6
        case like = 7
        case beginsWith = 8
        case endsWith = 9
        case `in` = 10
        case customSelector = 11
        case contains = 99
        case between = 100
    }

    /// How strings compare: `[c]`, `[d]`, `[n]` in a format. Same values as Core Data's.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// `[c]`: case-insensitive.
        public static let caseInsensitive = Options(rawValue: 1)
        /// `[d]`: diacritic-insensitive.
        public static let diacriticInsensitive = Options(rawValue: 2)
        /// `[n]`: the strings are already normalized, compare them as they are (no effect here).
        public static let normalized = Options(rawValue: 4)
    }

    /// The left expression. Mirrors `leftExpression`.
    public let leftExpression: NSExpression
    /// The right expression. Mirrors `rightExpression`.
    public let rightExpression: NSExpression
    /// Mirrors `comparisonPredicateModifier`.
    public let comparisonPredicateModifier: Modifier
    /// Mirrors `predicateOperatorType`.
    public let predicateOperatorType: Operator
    /// Mirrors `options`.
    public let options: Options

    /// The compiled pattern of a `MATCHES` or `LIKE` whose right side is a constant, made once.
    let constantPattern: StringPattern?

    /// Mirrors `init(leftExpression:rightExpression:modifier:type:options:)`.
    public init(
        leftExpression lhs: NSExpression, rightExpression rhs: NSExpression,
        modifier: Modifier, type: Operator, options: Options = []
    ) {
        leftExpression = lhs
        rightExpression = rhs
        comparisonPredicateModifier = modifier
        predicateOperatorType = type
        self.options = options
        if type == .matches || type == .like, case .constant(let pattern as String) = rhs.node {
            constantPattern = StringPattern(pattern, isRegularExpression: type == .matches, options: options)
        } else {
            constantPattern = nil
        }
        super.init(value: false)
    }

    /// Linux has no selectors to call: a custom-selector comparison is always false. Mirrors `customSelector`.
    open var customSelector: Selector? { nil }

    /// Compares `object`'s values, `$variables` taken from `bindings`; false when the predicate cannot be
    /// evaluated (an unbound variable, an unknown key, a format that did not parse). Mirrors
    /// `evaluate(with:substitutionVariables:)`.
    open override func evaluate(with object: Any?, substitutionVariables bindings: [String: Any]?) -> Bool {
        (try? PredicateEvaluator(bindings: bindings ?? [:]).evaluate(self, for: object)) ?? false
    }

    /// The predicate in format syntax; `NSPredicate(format:)` reads it back to an equal predicate.
    open override var predicateFormat: String { PredicateFormatter.format(self) }

    open override var description: String { predicateFormat }

    /// Predicates are immutable: a copy is the predicate itself.
    open override func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSPredicate else { return false }
        return PredicateTree.isEqual(self, other)
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(predicateOperatorType)
        hasher.combine(comparisonPredicateModifier)
        hasher.combine(leftExpression.hash)
        return hasher.finalize()
    }
}

/// The name of a method, as Core Data's `NSSortDescriptor(key:ascending:selector:)` takes one. Linux has no
/// Objective-C selectors (`#selector` does not compile), so write `Selector("localizedStandardCompare:")`, which
/// compiles on Apple platforms too.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method's name, colons included (`"caseInsensitiveCompare:"`).
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }
    public var description: String { name }
}

/// The name of `selector`. Mirrors Foundation's `NSStringFromSelector(_:)`.
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }

/// The selector named `name`. Mirrors Foundation's `NSSelectorFromString(_:)`.
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }
