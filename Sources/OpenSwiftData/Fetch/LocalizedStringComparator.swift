import Foundation
import SQLStore

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

/// A string compared in a `StringOrder`; what a localized sort descriptor really sorts by.
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
