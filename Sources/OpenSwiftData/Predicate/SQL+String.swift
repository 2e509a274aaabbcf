import Foundation
import SQLStore

// String comparisons Foundation's #Predicate accepts but Linux Foundation has no expression for
// (localizedStandardContains, caseInsensitiveCompare, localizedCompare), defined here with Apple's names, and their
// SQL: functions registered on the connection that call the very same String methods.

#if !canImport(Darwin)
extension PredicateExpressions {
    /// `a.localizedStandardContains(b)`: case- and diacritic-insensitive, locale-aware containment.
    public struct StringLocalizedStandardContains<Root: PredicateExpression, Other: PredicateExpression>:
        PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        /// `Bool`: whether `root` contains `other`.
        public typealias Output = Bool
        /// The expression of the string `localizedStandardContains` is called on (`a`).
        public let root: Root
        /// The expression of the string passed to `localizedStandardContains` (`b`).
        public let other: Other

        /// An expression of `root.localizedStandardContains(other)`.
        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        /// Evaluates both expressions with `bindings` and returns whether the first string contains the second;
        /// rethrows what either evaluation throws.
        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            try root.evaluate(bindings).localizedStandardContains(try other.evaluate(bindings))
        }
    }

    /// `a.caseInsensitiveCompare(b)`.
    public struct StringCaseInsensitiveCompare<Root: PredicateExpression, Other: PredicateExpression>:
        PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        /// `ComparisonResult`: how `root` orders against `other`, ignoring case.
        public typealias Output = ComparisonResult
        /// The expression of the string `caseInsensitiveCompare` is called on (`a`).
        public let root: Root
        /// The expression of the string passed to `caseInsensitiveCompare` (`b`).
        public let other: Other

        /// An expression of `root.caseInsensitiveCompare(other)`.
        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        /// Evaluates both expressions with `bindings` and returns `caseInsensitiveCompare`'s result;
        /// rethrows what either evaluation throws.
        public func evaluate(_ bindings: PredicateBindings) throws -> ComparisonResult {
            try root.evaluate(bindings).caseInsensitiveCompare(try other.evaluate(bindings))
        }
    }

    /// `a.localizedCompare(b)`.
    public struct StringLocalizedCompare<Root: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        /// `ComparisonResult`: how `root` orders against `other` in the current locale.
        public typealias Output = ComparisonResult
        /// The expression of the string `localizedCompare` is called on (`a`).
        public let root: Root
        /// The expression of the string passed to `localizedCompare` (`b`).
        public let other: Other

        /// An expression of `root.localizedCompare(other)`.
        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        /// Evaluates both expressions with `bindings` and returns `localizedCompare`'s result;
        /// rethrows what either evaluation throws.
        public func evaluate(_ bindings: PredicateBindings) throws -> ComparisonResult {
            try root.evaluate(bindings).localizedCompare(try other.evaluate(bindings))
        }
    }

    /// A `StringLocalizedStandardContains` of `root` and `other`: what `#Predicate` makes of
    /// `a.localizedStandardContains(b)`. Mirrors Foundation's
    /// `PredicateExpressions.build_localizedStandardContains(_:_:)` on Apple platforms.
    public static func build_localizedStandardContains<Root, Other>(_ root: Root, _ other: Other)
        -> StringLocalizedStandardContains<Root, Other>
    {
        StringLocalizedStandardContains(root: root, other: other)
    }

    /// A `StringCaseInsensitiveCompare` of `root` and `other`: what `#Predicate` makes of
    /// `a.caseInsensitiveCompare(b)`. Mirrors Foundation's
    /// `PredicateExpressions.build_caseInsensitiveCompare(_:_:)` on Apple platforms.
    public static func build_caseInsensitiveCompare<Root, Other>(_ root: Root, _ other: Other)
        -> StringCaseInsensitiveCompare<Root, Other>
    {
        StringCaseInsensitiveCompare(root: root, other: other)
    }

    /// A `StringLocalizedCompare` of `root` and `other`: what `#Predicate` makes of `a.localizedCompare(b)`.
    /// Mirrors Foundation's `PredicateExpressions.build_localizedCompare(_:_:)` on Apple platforms.
    public static func build_localizedCompare<Root, Other>(_ root: Root, _ other: Other)
        -> StringLocalizedCompare<Root, Other>
    {
        StringLocalizedCompare(root: root, other: other)
    }
}

extension PredicateExpressions.StringLocalizedStandardContains: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}
extension PredicateExpressions.StringLocalizedStandardContains: Codable where Root: Codable, Other: Codable {}
extension PredicateExpressions.StringLocalizedStandardContains: Sendable where Root: Sendable, Other: Sendable {}

extension PredicateExpressions.StringCaseInsensitiveCompare: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}
extension PredicateExpressions.StringCaseInsensitiveCompare: Codable where Root: Codable, Other: Codable {}
extension PredicateExpressions.StringCaseInsensitiveCompare: Sendable where Root: Sendable, Other: Sendable {}

extension PredicateExpressions.StringLocalizedCompare: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}
extension PredicateExpressions.StringLocalizedCompare: Codable where Root: Codable, Other: Codable {}
extension PredicateExpressions.StringLocalizedCompare: Sendable where Root: Sendable, Other: Sendable {}

extension PredicateExpressions.StringLocalizedStandardContains: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.matches(
            try translator.translate(root), .localizedStandardContains, try translator.translate(other))
    }
}

extension PredicateExpressions.StringCaseInsensitiveCompare: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.compare(try translator.translate(root), .caseInsensitive, try translator.translate(other))
    }
}

extension PredicateExpressions.StringLocalizedCompare: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        translator.sql.compare(try translator.translate(root), .localized, try translator.translate(other))
    }
}
#endif
