import Foundation

/// The string orders a sort can use, each a collation registered on every connection. `.codePoint` is Swift's `<`
/// (and SQLite's BINARY on normalization form C); the others are Foundation's comparisons, computed in SQL by
/// collations that call the same methods.
package enum StringOrder: String, CaseIterable, Hashable, Sendable {
    case codePoint
    /// Foundation's `String.StandardComparator.lexical` (non-localized `compare(_:)`).
    case lexical
    /// `localizedStandardCompare`: case-insensitive, digits compared as numbers ("2" before "10"), as Finder sorts.
    case localizedStandard
    /// `localizedCompare`.
    case localized
    /// `caseInsensitiveCompare` (Core Data's `caseInsensitiveCompare:` sort selector).
    case caseInsensitive
    /// `localizedCaseInsensitiveCompare` (Core Data's `localizedCaseInsensitiveCompare:` sort selector).
    case localizedCaseInsensitive

    /// The collation that orders this way: `osd_<name>`.
    package var collation: String { "osd_\(rawValue)" }

    /// The order of two strings.
    package func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        switch self {
        case .codePoint: lhs < rhs ? .orderedAscending : (lhs == rhs ? .orderedSame : .orderedDescending)
        case .lexical: String.StandardComparator.lexical.compare(lhs, rhs)
        case .localizedStandard: lhs.localizedStandardCompare(rhs)
        case .localized: lhs.localizedCompare(rhs)
        case .caseInsensitive: lhs.caseInsensitiveCompare(rhs)
        case .localizedCaseInsensitive: lhs.localizedCaseInsensitiveCompare(rhs)
        }
    }
}

/// Orders decimal text as numbers, so `<`, `=` and `ORDER BY` on a column of decimals stored as exact text agree
/// with `Decimal`.
package enum DecimalCollation {
    /// The collation's name.
    package static let name = "osd_decimal"

    package static func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        let posix = Locale(identifier: "en_US_POSIX")
        guard let left = Decimal(string: lhs, locale: posix), let right = Decimal(string: rhs, locale: posix) else {
            return lhs < rhs ? .orderedAscending : (lhs == rhs ? .orderedSame : .orderedDescending)
        }
        return left < right ? .orderedAscending : (left == right ? .orderedSame : .orderedDescending)
    }
}
