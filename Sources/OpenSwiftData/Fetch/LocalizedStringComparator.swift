import Foundation

/// The string orders a sort can use. `.codePoint` is Swift's `<` (and SQLite's BINARY on normalization form C);
/// the others are Foundation's localized comparisons, computed in SQL by collations that call the same methods.
enum StringOrder: String, CaseIterable, Hashable, Sendable {
    case codePoint
    /// Foundation's `String.StandardComparator.lexical` (non-localized `compare(_:)`).
    case lexical
    /// `localizedStandardCompare`: case-insensitive, digits compared as numbers ("2" before "10"), as Finder sorts.
    case localizedStandard
    /// `localizedCompare`.
    case localized

    /// The SQLite collation that orders this way.
    var collation: String { "osd_\(rawValue)" }

    func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        switch self {
        case .codePoint: lhs < rhs ? .orderedAscending : (lhs == rhs ? .orderedSame : .orderedDescending)
        case .lexical: String.StandardComparator.lexical.compare(lhs, rhs)
        case .localizedStandard: lhs.localizedStandardCompare(rhs)
        case .localized: lhs.localizedCompare(rhs)
        }
    }
}

/// A string comparator Linux Foundation's `String.StandardComparator` cannot express, for
/// `SortDescriptor(_:comparator:order:)`. Mirrors `String.StandardComparator.localizedStandard` and `.localized`.
public struct LocalizedStringComparator: Hashable, Sendable {
    let order: StringOrder

    /// Finder-like order: case-insensitive, numbers by value ("2" before "10"). Mirrors
    /// `String.StandardComparator.localizedStandard` (SwiftData's default for strings on Apple platforms).
    public static let localizedStandard = LocalizedStringComparator(order: .localizedStandard)
    /// The current locale's order. Mirrors `String.StandardComparator.localized`.
    public static let localized = LocalizedStringComparator(order: .localized)
}

/// A string compared in a ``StringOrder``; what a localized sort descriptor really sorts by.
public struct LocalizedSortKey: Comparable, Hashable, Sendable {
    let value: String
    let order: StringOrder

    public static func < (lhs: LocalizedSortKey, rhs: LocalizedSortKey) -> Bool {
        lhs.order.compare(lhs.value, rhs.value) == .orderedAscending
    }

    public static func == (lhs: LocalizedSortKey, rhs: LocalizedSortKey) -> Bool {
        lhs.order.compare(lhs.value, rhs.value) == .orderedSame
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(order)
    }
}
