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
        /// The left expression is compared directly (raw value 0). Mirrors Core Data's
        /// `NSComparisonPredicate.Modifier.direct`.
        case direct = 0
        /// Every element of the left collection must match (`ALL`) (raw value 1). Mirrors Core Data's
        /// `NSComparisonPredicate.Modifier.all`.
        case all = 1
        /// At least one element of the left collection must match (`ANY`, `SOME`) (raw value 2). Mirrors Core Data's
        /// `NSComparisonPredicate.Modifier.any`.
        case any = 2
    }

    /// The comparison. Same cases and raw values as Core Data's.
    public enum Operator: UInt, Sendable {
        /// `<` (raw value 0). Mirrors Core Data's `NSComparisonPredicate.Operator.lessThan`.
        case lessThan = 0
        /// `<=` (raw value 1). Mirrors Core Data's `NSComparisonPredicate.Operator.lessThanOrEqualTo`.
        case lessThanOrEqualTo = 1
        /// `>` (raw value 2). Mirrors Core Data's `NSComparisonPredicate.Operator.greaterThan`.
        case greaterThan = 2
        /// `>=` (raw value 3). Mirrors Core Data's `NSComparisonPredicate.Operator.greaterThanOrEqualTo`.
        case greaterThanOrEqualTo = 3
        /// `==` (raw value 4). Mirrors Core Data's `NSComparisonPredicate.Operator.equalTo`.
        case equalTo = 4
        /// `!=` (raw value 5). Mirrors Core Data's `NSComparisonPredicate.Operator.notEqualTo`.
        case notEqualTo = 5
        /// `MATCHES`: the left string matches a regular expression (raw value 6). Mirrors Core Data's
        /// `NSComparisonPredicate.Operator.matches`.
        case matches = 6
        /// `LIKE`: the left string matches a pattern with `?` and `*` wildcards (raw value 7). Mirrors Core Data's
        /// `NSComparisonPredicate.Operator.like`.
        case like = 7
        /// `BEGINSWITH` (raw value 8). Mirrors Core Data's `NSComparisonPredicate.Operator.beginsWith`.
        case beginsWith = 8
        /// `ENDSWITH` (raw value 9). Mirrors Core Data's `NSComparisonPredicate.Operator.endsWith`.
        case endsWith = 9
        /// `IN`: the left value is in the right collection (raw value 10). Mirrors Core Data's
        /// `NSComparisonPredicate.Operator.in`.
        case `in` = 10
        /// A comparison by a custom selector (raw value 11). Mirrors Core Data's
        /// `NSComparisonPredicate.Operator.customSelector`.
        case customSelector = 11
        /// `CONTAINS`: the left value contains the right one (raw value 99). Mirrors Core Data's
        /// `NSComparisonPredicate.Operator.contains`.
        case contains = 99
        /// `BETWEEN`: the left value is within the right pair of bounds, inclusive (raw value 100). Mirrors Core Data's
        /// `NSComparisonPredicate.Operator.between`.
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
    /// The selector named `name`. Mirrors `Selector(_:)`.
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }
    public var description: String { name }
}

/// The name of `selector`. Mirrors Foundation's `NSStringFromSelector(_:)`.
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }

/// The selector named `name`. Mirrors Foundation's `NSSelectorFromString(_:)`.
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }
