import Foundation
import SQLStore

// Sorts SwiftData offers that Linux Foundation's SortDescriptor cannot express: by Bool, and by strings in a
// localized order. Each descriptor sorts by a key path through a subscript of the model (so in-memory sorting and
// `SortDescriptor.compare` work as usual); the translator recognises that key path and sorts the SQL by the
// underlying column (with the matching collation).

extension PersistentModel {
    /// `false` before `true`, as 0 and 1.
    public subscript(_sortKey keyPath: KeyPath<Self, Bool> & Sendable) -> Int {
        self[keyPath: keyPath] ? 1 : 0
    }

    public subscript(_sortKey keyPath: KeyPath<Self, Bool?> & Sendable) -> Int? {
        self[keyPath: keyPath].map { $0 ? 1 : 0 }
    }

    /// The string, compared in `order`.
    subscript(_sortKey keyPath: KeyPath<Self, String> & Sendable, order order: StringOrder) -> LocalizedSortKey {
        LocalizedSortKey(value: self[keyPath: keyPath], order: order)
    }

    subscript(_sortKey keyPath: KeyPath<Self, String?> & Sendable, order order: StringOrder) -> LocalizedSortKey? {
        self[keyPath: keyPath].map { LocalizedSortKey(value: $0, order: order) }
    }
}

extension SortDescriptor where Compared: PersistentModel {
    /// Sorts by a `Bool` property, `false` first in `.forward` order. (Linux Foundation has no `Bool` sort.)
    public init(_ keyPath: KeyPath<Compared, Bool> & Sendable, order: SortOrder = .forward) {
        self.init(\Compared.[_sortKey: keyPath], order: order)
        SortKeyRegistry.register(\Compared.[_sortKey: keyPath], source: keyPath, order: nil)
    }

    /// Sorts by an optional `Bool` property: `nil`, then `false`, then `true` in `.forward` order.
    public init(_ keyPath: KeyPath<Compared, Bool?> & Sendable, order: SortOrder = .forward) {
        self.init(\Compared.[_sortKey: keyPath], order: order)
        SortKeyRegistry.register(\Compared.[_sortKey: keyPath], source: keyPath, order: nil)
    }

    /// Sorts by a `String` property in a localized order. Mirrors `SortDescriptor(_:comparator:order:)` with
    /// `.localizedStandard` or `.localized`.
    public init(
        _ keyPath: KeyPath<Compared, String> & Sendable, comparator: LocalizedStringComparator,
        order: SortOrder = .forward
    ) {
        self.init(\Compared.[_sortKey: keyPath, order: comparator.order], order: order)
        SortKeyRegistry.register(
            \Compared.[_sortKey: keyPath, order: comparator.order], source: keyPath, order: comparator.order)
    }

    /// Sorts by an optional `String` property in a localized order (`nil` first in `.forward` order).
    public init(
        _ keyPath: KeyPath<Compared, String?> & Sendable, comparator: LocalizedStringComparator,
        order: SortOrder = .forward
    ) {
        self.init(\Compared.[_sortKey: keyPath, order: comparator.order], order: order)
        SortKeyRegistry.register(
            \Compared.[_sortKey: keyPath, order: comparator.order], source: keyPath, order: comparator.order)
    }
}

/// Which stored key path, in which string order, a sort-key key path stands for.
enum SortKeyRegistry {
    struct Entry {
        let source: AnyKeyPath
        let order: StringOrder?
    }

    /// Key paths are immutable values, so sharing them across threads behind a lock is safe; `AnyKeyPath` is not
    /// declared `Sendable`, hence the unchecked box.
    private final class Table: @unchecked Sendable {
        let lock = NSLock()
        var entries: [AnyKeyPath: Entry] = [:]
    }

    private static let table = Table()

    static func register(_ keyPath: AnyKeyPath, source: AnyKeyPath, order: StringOrder?) {
        table.lock.withLock { table.entries[keyPath] = Entry(source: source, order: order) }
    }

    static func entry(for keyPath: AnyKeyPath) -> Entry? {
        table.lock.withLock { table.entries[keyPath] }
    }
}
