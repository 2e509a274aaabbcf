import Foundation

/// One save, as a store's history keeps it. Mirrors SwiftData's `HistoryTransaction`.
public protocol HistoryTransaction: Hashable, Identifiable, Sendable {
    associatedtype TokenType: HistoryToken
    /// Where the transaction is in the history.
    var token: TokenType { get }
    /// The saving context's ``ModelContext/author``.
    var author: String? { get }
    /// When the save committed.
    var timestamp: Date { get }
    /// The store the save wrote.
    var storeIdentifier: String { get }
    /// The saving process's bundle identifier (its process name on Linux, where there is no bundle).
    var bundleIdentifier: String { get }
    /// The saving process's identifier (its pid).
    var processIdentifier: String { get }
    /// What the save inserted, updated and deleted.
    var changes: [HistoryChange] { get }
}

/// A transaction of the SQLite store's history. Mirrors SwiftData's `DefaultHistoryTransaction`.
public struct DefaultHistoryTransaction: HistoryTransaction {
    public let token: DefaultHistoryToken
    public let author: String?
    public let timestamp: Date
    public let storeIdentifier: String
    public let bundleIdentifier: String
    public let processIdentifier: String
    public let changes: [HistoryChange]

    /// The transaction's number in the store (``DefaultHistoryToken/transactionNumber``).
    public var transactionIdentifier: Int64 { token.transactionNumber }
    public var id: DefaultHistoryToken { token }

    public static func == (lhs: DefaultHistoryTransaction, rhs: DefaultHistoryTransaction) -> Bool {
        lhs.token == rhs.token
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(token) }
}
