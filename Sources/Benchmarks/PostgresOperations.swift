import Foundation
import OpenSwiftData
import PostgreSQL
import SQLStore

/// Everything shared by the PostgreSQL cells of one size N: as ``Workload``, with a database for a store file. The
/// raw side's read connection prepares each statement on its first use (`PQprepare`) and reuses it after.
final class PostgresWorkload: BenchWorkload {
    let n: Int
    let fixture: PostgresFixture
    let values: [ItemValues]
    let upsertValues: [ItemValues]
    let readDatabase: String
    /// Nil when OpenSwiftData cannot open a PostgreSQL store (``PostgresFixture/oursUnavailable``).
    let container: ModelContainer?
    let reader: PostgreSQLConnection

    init(n: Int, fixture: PostgresFixture) throws {
        self.n = n
        self.fixture = fixture
        values = DataSet.values(count: n)
        upsertValues = DataSet.values(count: n, revision: 1)
        readDatabase = try fixture.freshDatabase(rows: n)
        container = fixture.oursUnavailable == nil ? try openPostgresContainer(readDatabase) : nil
        reader = try PostgreSQLConnection(url: readDatabase)
    }

    deinit {
        reader.close()
        fixture.remove(readDatabase)
    }
}

func openPostgresContainer(_ url: String) throws -> ModelContainer {
    do {
        return try ModelContainer(
            for: BenchItem.self, configurations: ModelConfiguration(url: try PostgresFixture.parsed(url)))
    } catch {
        throw BenchError("OpenSwiftData cannot open the PostgreSQL database: \(error)")
    }
}

private let oursUnavailable = BenchError("OpenSwiftData's PostgreSQL store is not available in this build")

/// The SQLite operations' PostgreSQL twins (same names, same models on the ours side, the same statements in
/// PostgreSQL's words on the raw side, each write in one transaction).
func allPostgresOperations() -> [Operation<PostgresWorkload>] {
    [
        Operation(
            name: "insert",
            summary: "insert N new models, save (raw: prepared INSERT ×N in one transaction)",
            expectedRows: { $0 },
            prepare: { side, workload in
                try postgresInsertRun(
                    side: side, workload: workload, existingRows: 0, values: workload.values,
                    statementSQL: RawPostgresSQL.insert)
            }
        ),
        Operation(
            name: "fetch-all",
            summary: "fetch every row into models (raw: into structs)",
            expectedRows: { $0 },
            prepare: { side, workload in
                postgresReadRun(side: side, workload: workload, ordered: false) { context in
                    try context.fetch(FetchDescriptor<BenchItem>())
                } raw: { reader in
                    RawPostgresSQL.items(from: try reader.executePrepared(RawPostgresSQL.selectAll))
                }
            }
        ),
        Operation(
            name: "fetch-indexed",
            summary: "fetch category == \(DataSet.category), indexed, N/\(DataSet.categoryCount) rows",
            expectedRows: { $0 / DataSet.categoryCount + ($0 % DataSet.categoryCount > DataSet.category ? 1 : 0) },
            prepare: { side, workload in
                postgresReadRun(side: side, workload: workload, ordered: true) { context in
                    let category = DataSet.category
                    return try context.fetch(
                        FetchDescriptor<BenchItem>(predicate: #Predicate { $0.category == category }))
                } raw: { reader in
                    RawPostgresSQL.items(
                        from: try reader.executePrepared(
                            RawPostgresSQL.selectCategory, [.integer(Int64(DataSet.category))]))
                }
            }
        ),
        Operation(
            name: "fetch-contains",
            summary: "fetch title.contains(\"\(DataSet.needle)\"), N/10 rows (raw: strpos(title, $1) > 0)",
            expectedRows: { ($0 + 9) / 10 },
            prepare: { side, workload in
                postgresReadRun(side: side, workload: workload, ordered: true) { context in
                    let needle = DataSet.needle
                    return try context.fetch(
                        FetchDescriptor<BenchItem>(predicate: #Predicate { $0.title.contains(needle) }))
                } raw: { reader in
                    RawPostgresSQL.items(
                        from: try reader.executePrepared(RawPostgresSQL.selectContains, [.text(DataSet.needle)]))
                }
            }
        ),
        Operation(
            name: "fetch-sorted-page",
            summary: "sort by price, limit \(pageSize), offset N/2",
            expectedRows: { min(pageSize, $0 - $0 / 2) },
            prepare: { side, workload in
                let offset = workload.n / 2
                return postgresReadRun(side: side, workload: workload, ordered: true) { context in
                    var descriptor = FetchDescriptor<BenchItem>(sortBy: [SortDescriptor(\.price)])
                    descriptor.fetchLimit = pageSize
                    descriptor.fetchOffset = offset
                    return try context.fetch(descriptor)
                } raw: { reader in
                    RawPostgresSQL.items(
                        from: try reader.executePrepared(
                            RawPostgresSQL.selectSortedPage, [.integer(Int64(pageSize)), .integer(Int64(offset))]))
                }
            }
        ),
        Operation(
            name: "fetch-count",
            summary: "fetchCount(isActive && quantity >= \(countThreshold))",
            expectedRows: { n in DataSet.values(count: n).count { $0.isActive && $0.quantity >= countThreshold } },
            prepare: { side, workload in
                let result = Box<Int>()
                let outcome = { Outcome(rows: result.value ?? -1, signature: "count") }
                switch side {
                case .ours:
                    guard let container = workload.container else { throw oursUnavailable }
                    let context = ModelContext(container)
                    return PreparedRun(
                        timed: {
                            let threshold = countThreshold
                            result.value = try context.fetchCount(
                                FetchDescriptor<BenchItem>(
                                    predicate: #Predicate { $0.isActive && $0.quantity >= threshold }
                                ))
                        },
                        outcome: outcome,
                        cleanup: {}
                    )
                case .raw:
                    let reader = workload.reader
                    return PreparedRun(
                        timed: {
                            let counted = try reader.executePrepared(
                                RawPostgresSQL.count, [.integer(Int64(countThreshold))])
                            guard let count = counted.integer(row: 0, column: 0) else {
                                throw BenchError("raw PostgreSQL: count(*) returned no row")
                            }
                            result.value = Int(count)
                        },
                        outcome: outcome,
                        cleanup: {}
                    )
                }
            }
        ),
        Operation(
            name: "update-all",
            summary: "quantity += 1 on every model, save (fetch not timed; raw: structs, prepared UPDATE ×N)",
            expectedRows: { $0 },
            prepare: { side, workload in
                let url = try workload.fixture.freshDatabase(rows: workload.n)
                switch side {
                case .ours:
                    guard workload.container != nil else { throw oursUnavailable }
                    let box = Box<(ModelContainer, ModelContext, [BenchItem])>()
                    let container = try openPostgresContainer(url)
                    let context = ModelContext(container)
                    box.value = (container, context, try context.fetch(FetchDescriptor<BenchItem>()))
                    return PreparedRun(
                        timed: {
                            guard let (_, context, items) = box.value else { throw missingSetUp }
                            for item in items { item.quantity += 1 }
                            try context.save()
                        },
                        outcome: { try postgresStoreState(url: url) },
                        cleanup: {
                            box.value = nil; workload.fixture.remove(url)
                        }
                    )
                case .raw:
                    let box = Box<(PostgreSQLConnection, [RawItem])>()
                    let connection = try PostgreSQLConnection(url: url)
                    try prepareUntimed([(RawPostgresSQL.updateQuantity, [.integer(0), .integer(0)])], on: connection)
                    box.value = (
                        connection, RawPostgresSQL.items(from: try connection.execute(RawPostgresSQL.selectAll))
                    )
                    return PreparedRun(
                        timed: {
                            // Taken out of the box so the array is uniquely referenced and updated in place.
                            guard case (let connection, var items)? = box.value else { throw missingSetUp }
                            box.value = nil
                            for index in items.indices { items[index].quantity += 1 }
                            try connection.transaction {
                                for item in items {
                                    try connection.executePrepared(
                                        RawPostgresSQL.updateQuantity,
                                        [.integer(Int64(item.quantity)), .integer(item.id)])
                                }
                            }
                            box.value = (connection, items)
                        },
                        outcome: { try postgresStoreState(url: url) },
                        cleanup: {
                            box.value?.0.close()
                            box.value = nil
                            workload.fixture.remove(url)
                        }
                    )
                }
            }
        ),
        Operation(
            name: "delete-all",
            summary: "context.delete(model: BenchItem.self), save (raw: DELETE FROM \"BenchItem\")",
            expectedRows: { _ in 0 },
            prepare: { side, workload in
                let url = try workload.fixture.freshDatabase(rows: workload.n)
                return try postgresWriteRun(
                    side: side, workload: workload, url: url, preparing: [(RawPostgresSQL.deleteAll, [])]
                ) { context in
                    try context.delete(model: BenchItem.self)
                    try context.save()
                } raw: { connection in
                    try connection.transaction { _ = try connection.executePrepared(RawPostgresSQL.deleteAll) }
                }
            }
        ),
        Operation(
            name: "upsert",
            summary: "insert N models whose unique sku exists, save (raw: INSERT … ON CONFLICT DO UPDATE ×N)",
            expectedRows: { $0 },
            prepare: { side, workload in
                try postgresInsertRun(
                    side: side, workload: workload, existingRows: workload.n, values: workload.upsertValues,
                    statementSQL: RawPostgresSQL.upsert
                )
            }
        ),
        Operation(
            name: "enumerate",
            summary:
                "enumerate every row, batchSize \(enumerateBatchSize), summing quantity (raw: one SELECT read into structs)",
            expectedRows: { $0 },
            prepare: { side, workload in
                let result = Box<(rows: Int, sum: Int)>()
                let outcome = {
                    Outcome(rows: result.value?.rows ?? -1, signature: "quantity sum \(result.value?.sum ?? -1)")
                }
                switch side {
                case .ours:
                    guard let container = workload.container else { throw oursUnavailable }
                    let context = ModelContext(container)
                    return PreparedRun(
                        timed: {
                            var rows = 0
                            var sum = 0
                            try context.enumerate(FetchDescriptor<BenchItem>(), batchSize: enumerateBatchSize) { item in
                                rows += 1
                                sum += item.quantity
                            }
                            result.value = (rows, sum)
                        },
                        outcome: outcome,
                        cleanup: {}
                    )
                case .raw:
                    let reader = workload.reader
                    return PreparedRun(
                        timed: {
                            var rows = 0
                            var sum = 0
                            for item in RawPostgresSQL.items(from: try reader.executePrepared(RawPostgresSQL.selectAll))
                            {
                                rows += 1
                                sum += item.quantity
                            }
                            result.value = (rows, sum)
                        },
                        outcome: outcome,
                        cleanup: {}
                    )
                }
            }
        ),
    ]
}

// MARK: - Run shapes

private func postgresReadRun(
    side: Side, workload: PostgresWorkload, ordered: Bool,
    ours: @escaping (ModelContext) throws -> [BenchItem], raw: @escaping (PostgreSQLConnection) throws -> [RawItem]
) -> PreparedRun {
    switch side {
    case .ours:
        let context = Box<ModelContext>()
        context.value = workload.container.map { ModelContext($0) }
        let result = Box<[BenchItem]>()
        return PreparedRun(
            timed: {
                guard let context = context.value else { throw oursUnavailable }
                result.value = try ours(context)
            },
            outcome: { Outcome(items: result.value ?? [], ordered: ordered) },
            cleanup: {
                result.value = nil; context.value = nil
            }
        )
    case .raw:
        let result = Box<[RawItem]>()
        return PreparedRun(
            timed: { result.value = try raw(workload.reader) },
            outcome: { Outcome(items: result.value ?? [], ordered: ordered) },
            cleanup: { result.value = nil }
        )
    }
}

private func postgresInsertRun(
    side: Side, workload: PostgresWorkload, existingRows: Int, values: [ItemValues], statementSQL: String
) throws -> PreparedRun {
    let url = try workload.fixture.freshDatabase(rows: existingRows)
    // Both shapes of a row's values (a note, no note) are prepared statements of their own.
    let shapes = [values.first { $0.note != nil }, values.first { $0.note == nil }].compactMap { $0 }
    return try postgresWriteRun(
        side: side, workload: workload, url: url,
        preparing: shapes.map { (statementSQL, RawPostgresSQL.arguments($0)) }
    ) { context in
        for row in values { context.insert(BenchItem(row)) }
        try context.save()
    } raw: { connection in
        try connection.transaction {
            for row in values { try connection.executePrepared(statementSQL, RawPostgresSQL.arguments(row)) }
        }
    }
}

/// A write run on a fresh database: OpenSwiftData with a container and context opened outside the timed region, raw
/// with a connection opened and its statements prepared outside it (``prepareUntimed(_:on:)``).
private func postgresWriteRun(
    side: Side, workload: PostgresWorkload, url: String, preparing statements: [(String, [StoredValue])],
    ours: @escaping (ModelContext) throws -> Void, raw: @escaping (PostgreSQLConnection) throws -> Void
) throws -> PreparedRun {
    switch side {
    case .ours:
        guard workload.container != nil else {
            workload.fixture.remove(url)
            throw oursUnavailable
        }
        let box = Box<(ModelContainer, ModelContext)>()
        let container = try openPostgresContainer(url)
        box.value = (container, ModelContext(container))
        return PreparedRun(
            timed: {
                guard let (_, context) = box.value else { throw missingSetUp }
                try ours(context)
            },
            outcome: { try postgresStoreState(url: url) },
            cleanup: {
                box.value = nil; workload.fixture.remove(url)
            }
        )
    case .raw:
        let box = Box<PostgreSQLConnection>()
        let connection = try PostgreSQLConnection(url: url)
        try prepareUntimed(statements, on: connection)
        box.value = connection
        return PreparedRun(
            timed: {
                guard let connection = box.value else { throw missingSetUp }
                try raw(connection)
            },
            outcome: { try postgresStoreState(url: url) },
            cleanup: {
                box.value?.close()
                box.value = nil
                workload.fixture.remove(url)
            }
        )
    }
}

/// Prepares `statements` on `connection` before the timed region, as the SQLite raw side prepares its own: the
/// wrapper prepares a statement when it first runs it, so each runs once in a transaction that is rolled back
/// (prepared statements belong to the session and stay). An identity value an `INSERT` took is given back
/// (`setval`), so that both sides' rows get the same keys.
private func prepareUntimed(_ statements: [(String, [StoredValue])], on connection: PostgreSQLConnection) throws {
    guard !statements.isEmpty else { return }
    try connection.execute(script: "BEGIN")
    for (sql, arguments) in statements { try connection.executePrepared(sql, arguments) }
    try connection.execute(script: "ROLLBACK")
    try connection.execute(
        #"""
        SELECT setval(pg_get_serial_sequence('"BenchItem"', 'Z_PK'), coalesce(max("Z_PK"), 0) + 1, false)
        FROM "BenchItem"
        """#)
}
