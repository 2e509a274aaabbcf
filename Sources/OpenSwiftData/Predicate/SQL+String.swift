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
        public typealias Output = Bool
        public let root: Root
        public let other: Other

        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            try root.evaluate(bindings).localizedStandardContains(try other.evaluate(bindings))
        }
    }

    /// `a.caseInsensitiveCompare(b)`.
    public struct StringCaseInsensitiveCompare<Root: PredicateExpression, Other: PredicateExpression>:
        PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        public typealias Output = ComparisonResult
        public let root: Root
        public let other: Other

        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        public func evaluate(_ bindings: PredicateBindings) throws -> ComparisonResult {
            try root.evaluate(bindings).caseInsensitiveCompare(try other.evaluate(bindings))
        }
    }

    /// `a.localizedCompare(b)`.
    public struct StringLocalizedCompare<Root: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        public typealias Output = ComparisonResult
        public let root: Root
        public let other: Other

        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        public func evaluate(_ bindings: PredicateBindings) throws -> ComparisonResult {
            try root.evaluate(bindings).localizedCompare(try other.evaluate(bindings))
        }
    }

    public static func build_localizedStandardContains<Root, Other>(_ root: Root, _ other: Other)
        -> StringLocalizedStandardContains<Root, Other>
    {
        StringLocalizedStandardContains(root: root, other: other)
    }

    public static func build_caseInsensitiveCompare<Root, Other>(_ root: Root, _ other: Other)
        -> StringCaseInsensitiveCompare<Root, Other>
    {
        StringCaseInsensitiveCompare(root: root, other: other)
    }

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
