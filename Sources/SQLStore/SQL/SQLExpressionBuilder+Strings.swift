// String matching and comparison through the functions every connection registers (``StringFunctions``), which run
// Foundation's own code: SQLite's `instr`, `LIKE` and `length` work on bytes, code points or ASCII case, where Swift
// works on `Character`s and Foundation offers case- and diacritic-insensitive matching.

/// A string test.
package enum StringMatch: Sendable {
    /// The text contains the other string (`String.contains`, Core Data's `CONTAINS`).
    case contains
    /// The text starts with the other string (`starts(with:)`, `BEGINSWITH`).
    case startsWith
    /// The text ends with the other string (`ENDSWITH`).
    case endsWith
    /// The texts are equal under the options (`==[cd]`; without options, use ``SQLExpressionBuilder/equality(_:_:negated:optional:)``).
    case equals
    /// `localizedStandardContains`: case- and diacritic-insensitive, locale-aware containment.
    case localizedStandardContains

    var function: StoreFunction {
        switch self {
        case .contains: .contains
        case .startsWith: .startsWith
        case .endsWith: .endsWith
        case .equals: .equals
        case .localizedStandardContains: .localizedStandardContains
        }
    }
}

/// How a string test compares: Foundation's `String.CompareOptions` `.caseInsensitive` and `.diacriticInsensitive`
/// (Core Data's `[c]` and `[d]`). None: `Character` by `Character`, as Swift compares.
package struct StringMatchOptions: OptionSet, Sendable, Hashable {
    package let rawValue: Int

    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    package static let caseInsensitive = StringMatchOptions(rawValue: 1)
    package static let diacriticInsensitive = StringMatchOptions(rawValue: 2)
}

/// A string comparison answering a `ComparisonResult` raw value (-1, 0, 1).
package enum StringComparison: Sendable {
    /// `caseInsensitiveCompare`.
    case caseInsensitive
    /// `localizedCompare`.
    case localized

    var function: StoreFunction {
        switch self {
        case .caseInsensitive: .caseInsensitiveCompare
        case .localized: .localizedCompare
        }
    }
}

extension SQLExpressionBuilder {
    /// Whether `text` passes `match` against `other`, with `options`; NULL operands (nil) make it false.
    ///
    /// `searchesByRange` makes `contains`, `startsWith` and `endsWith` search with Foundation's
    /// `range(of:options:)` even without options (the three-argument functions), as Core Data's `CONTAINS`,
    /// `BEGINSWITH` and `ENDSWITH` do; otherwise, without options, they compare `Character`s as Swift's
    /// `contains` and `starts(with:)` do.
    package func matches(
        _ text: SQLExpression, _ match: StringMatch, _ other: SQLExpression, options: StringMatchOptions = [],
        searchesByRange: Bool = false
    ) -> SQLExpression {
        var arguments = [text.fragment, other.fragment]
        if ((!options.isEmpty || searchesByRange) && match != .localizedStandardContains) || match == .equals {
            arguments.append(.value(.integer(Int64(options.rawValue))))
        }
        return condition(test(call(match.function, arguments), nullable: text.isNullable || other.isNullable))
    }

    /// `comparison` of `text` with `other`, as a `ComparisonResult` raw value; NULL when either is.
    package func compare(_ text: SQLExpression, _ comparison: StringComparison, _ other: SQLExpression) -> SQLExpression
    {
        computed(
            call(comparison.function, [text.fragment, other.fragment]), nullable: text.isNullable || other.isNullable)
    }

    /// The number of `Character`s (`String.count`); NULL when the text is.
    package func characterCount(_ text: SQLExpression) -> SQLExpression {
        computed(call(.characterCount, [text.fragment]), nullable: text.isNullable)
    }

    /// Whether the text is empty.
    package func isEmptyText(_ text: SQLExpression) -> SQLExpression {
        test("(" + text.fragment + " = '')")
    }
}

extension SQLExpressionBuilder {
    /// Whether `text` contains a match of the regex `pattern` (Swift's `Regex`, compiled by the registered
    /// function; see ``RegexFunctions``); NULL operands make it false. The statement fails when Swift cannot compile
    /// the pattern: check it with ``RegexFunctions/compiled(_:)`` first.
    package func containsRegex(_ text: SQLExpression, pattern: String) -> SQLExpression {
        condition(test(call(.regexContains, [text.fragment, .value(.text(pattern))]), nullable: text.isNullable))
    }
}
