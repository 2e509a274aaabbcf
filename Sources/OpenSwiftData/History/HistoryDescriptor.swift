import Foundation

/// Which transactions ``ModelContext/fetchHistory(_:)`` returns (and ``ModelContext/deleteHistory(_:)`` deletes).
/// Mirrors SwiftData's `HistoryDescriptor`.
///
/// The predicate and sort run in memory over the store's transactions (`Predicate.evaluate`), oldest first before
/// sorting; `fetchLimit` applies last.
public struct HistoryDescriptor<TransactionType: HistoryTransaction>: @unchecked Sendable {
    // @unchecked: Predicate and SortDescriptor values are immutable here.
    /// The transactions to include, on token, author or timestamp (`#Predicate<DefaultHistoryTransaction> { $0.token > last }`).
    public var predicate: Predicate<TransactionType>?
    /// The order; oldest first when empty.
    public var sortBy: [SortDescriptor<TransactionType>]
    /// At most this many transactions.
    public var fetchLimit: Int?

    /// A descriptor of the transactions `predicate` accepts (all when nil), in the order of `sortBy` (oldest first
    /// when empty), with no `fetchLimit`. Mirrors SwiftData's `HistoryDescriptor.init(predicate:sortBy:)`.
    public init(predicate: Predicate<TransactionType>? = nil, sortBy: [SortDescriptor<TransactionType>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
