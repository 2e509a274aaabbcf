import Foundation

extension ModelContext {
    /// The transactions of the store's history that `descriptor` selects. Mirrors SwiftData's `fetchHistory(_:)`.
    ///
    /// Every save of the SQLite store records one transaction in the same SQLite transaction as its data (so the
    /// history never disagrees with the rows): its token, the saving context's ``author``, the time, the process, and
    /// a change per inserted, updated (with the properties written) and deleted model — `delete(model:where:)` included
    /// (a tombstone there keeps no values). Reads `Z_HISTORYTRANSACTION` and `Z_HISTORYCHANGE`, oldest first; the
    /// descriptor's predicate and sort run in memory. A store of your own has no history (an empty result).
    /// - Throws: ``SwiftDataError/storeFailed(_:)``; ``SwiftDataError/unsupportedConfiguration(_:)`` for a
    ///   transaction type other than ``DefaultHistoryTransaction``.
    public func fetchHistory<T: HistoryTransaction>(_ descriptor: HistoryDescriptor<T>) throws(SwiftDataError) -> [T] {
        guard T.self == DefaultHistoryTransaction.self else {
            throw .unsupportedConfiguration("the SQLite store's history is of DefaultHistoryTransaction, not \(T.self)")
        }
        var transactions = try store.history(after: nil).map(transaction(from:)).compactMap { $0 as? T }
        if let predicate = descriptor.predicate {
            transactions = transactions.filter { (try? predicate.evaluate($0)) ?? false }
        }
        if !descriptor.sortBy.isEmpty {
            transactions.sort { lhs, rhs in
                for sort in descriptor.sortBy {
                    switch sort.compare(lhs, rhs) {
                    case .orderedAscending: return true
                    case .orderedDescending: return false
                    case .orderedSame: continue
                    }
                }
                return false
            }
        }
        if let limit = descriptor.fetchLimit { transactions = Array(transactions.prefix(max(limit, 0))) }
        return transactions
    }

    /// Deletes the transactions `descriptor` selects (and their changes) from the store's history; the data stays.
    /// Mirrors SwiftData's `deleteHistory(_:)`. `DELETE FROM "Z_HISTORYCHANGE"` and `"Z_HISTORYTRANSACTION"` for
    /// their tokens, in one transaction.
    /// - Throws: as ``fetchHistory(_:)``.
    public func deleteHistory<T: HistoryTransaction>(_ descriptor: HistoryDescriptor<T>) throws(SwiftDataError) {
        let transactions = try fetchHistory(descriptor).compactMap { $0 as? DefaultHistoryTransaction }
        try store.deleteHistory(transactions.map(\.token.transactionNumber))
    }

    /// The transactions after `token` (all when nil), oldest first: what a process that was offline catches up on.
    func history(after token: DefaultHistoryToken?) throws(SwiftDataError) -> [DefaultHistoryTransaction] {
        let after = token.flatMap { $0.storeIdentifier == store.identifier ? $0.transactionNumber : nil }
        return try store.history(after: after).map(transaction(from:))
    }

    private func transaction(from record: HistoryRecord) -> DefaultHistoryTransaction {
        let storeIdentifier = store.identifier
        var changes: [HistoryChange] = []
        changes.reserveCapacity(record.changes.count)
        for (position, change) in record.changes.enumerated() {
            let identifier = PersistentIdentifier.permanent(
                entityName: change.entity, storeIdentifier: storeIdentifier, rowID: change.key)
            guard let entity = store.mapping.entities.first(where: { $0.name == change.entity }) else { continue }
            changes.append(
                Self.change(
                    entity.entity.modelType, change, entity: entity, identifier: identifier, position: position,
                    token: record.token))
        }
        return DefaultHistoryTransaction(
            token: DefaultHistoryToken(storeIdentifier: storeIdentifier, transactionNumber: record.token),
            author: record.author, timestamp: record.timestamp, storeIdentifier: storeIdentifier,
            bundleIdentifier: record.bundleIdentifier, processIdentifier: record.processIdentifier, changes: changes
        )
    }

    private static func change<Model: PersistentModel>(
        _ type: Model.Type, _ change: HistoryRecord.Change, entity: EntityMapping, identifier: PersistentIdentifier,
        position: Int, token: Int64
    ) -> HistoryChange {
        switch change.kind {
        case .insert:
            return .insert(
                DefaultHistoryInsert<Model>(
                    changedPersistentIdentifier: identifier, changeIdentifier: position, transactionIdentifier: token))
        case .update:
            let keyPaths = change.columns.compactMap { name in
                entity.propertyIndex(named: name).flatMap {
                    entity.entity.properties[$0].keypath as? PartialKeyPath<Model>
                }
            }
            return .update(
                DefaultHistoryUpdate<Model>(
                    changedPersistentIdentifier: identifier, changeIdentifier: position, transactionIdentifier: token,
                    updatedAttributes: keyPaths
                ))
        case .delete:
            var entries: [(keyPath: PartialKeyPath<Model>, value: any Sendable)] = []
            for (name, value) in change.tombstone.sorted(by: { $0.key < $1.key }) {
                guard let index = entity.propertyIndex(named: name),
                    let keyPath = entity.entity.properties[index].keypath as? PartialKeyPath<Model>,
                    let swiftValue = swiftValue(value, as: entity.entity.properties[index].attribute?.valueType)
                else { continue }
                entries.append((keyPath, swiftValue))
            }
            return .delete(
                DefaultHistoryDelete<Model>(
                    changedPersistentIdentifier: identifier, changeIdentifier: position, transactionIdentifier: token,
                    tombstone: HistoryTombstone(entries: entries)
                ))
        }
    }

    /// A kept value as the attribute's Swift type where it is a plain one (numbers, `Bool`, `String`, `Date`,
    /// `UUID`, `Data`); otherwise as stored (`Int64`, `Double`, `String` or `Data`). Nil for NULL.
    private static func swiftValue(_ value: StoredValue, as type: (any Any.Type)?) -> (any Sendable)? {
        func `is`<T>(_ candidate: T.Type) -> Bool { type == candidate || type == Optional<T>.self }
        switch value {
        case .null: return nil
        case .integer(let integer):
            if `is`(Bool.self) { return integer != 0 }
            if `is`(Int.self) { return Int(truncatingIfNeeded: integer) }
            if `is`(Int32.self) { return Int32(truncatingIfNeeded: integer) }
            return integer
        case .real(let real):
            if `is`(Date.self) { return Date(timeIntervalSinceReferenceDate: real) }
            if `is`(Float.self) { return Float(real) }
            return real
        case .text(let text):
            if `is`(UUID.self) { return UUID(uuidString: text) }
            return text
        case .blob(let data):
            if `is`(UUID.self), data.count == 16 {
                return data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
            }
            return data
        }
    }
}
