/// A position in a store's history: a process that keeps the token of the last transaction it handled can ask for
/// the transactions after it (`#Predicate<DefaultHistoryTransaction> { $0.token > token }`), even after a restart.
/// Mirrors SwiftData's `HistoryToken`.
public protocol HistoryToken: Comparable, Codable, Hashable, Sendable {}

/// The SQLite store's history token: the store's identifier and the transaction's number (increasing, never
/// reused). Mirrors SwiftData's `DefaultHistoryToken`. Tokens of one store compare by the order their transactions
/// committed; a token of another store is ordered by store identifier first (and equal to none of this store's).
public struct DefaultHistoryToken: HistoryToken, CustomStringConvertible {
    /// The store whose history this is.
    public let storeIdentifier: String
    /// The transaction's number in `Z_HISTORYTRANSACTION` (an addition: SwiftData's token is opaque).
    public let transactionNumber: Int64

    init(storeIdentifier: String, transactionNumber: Int64) {
        self.storeIdentifier = storeIdentifier
        self.transactionNumber = transactionNumber
    }

    public static func < (lhs: DefaultHistoryToken, rhs: DefaultHistoryToken) -> Bool {
        if lhs.storeIdentifier != rhs.storeIdentifier { return lhs.storeIdentifier < rhs.storeIdentifier }
        return lhs.transactionNumber < rhs.transactionNumber
    }

    public var description: String { "\(storeIdentifier)#\(transactionNumber)" }
}
