import Foundation
import OpenSwiftData

/// Which implementation a run uses.
enum Side: String, Codable, CaseIterable {
    case ours
    case raw
}

/// One run of one operation on one side, set up and ready: only ``timed`` is measured.
struct PreparedRun {
    /// The operation itself.
    var timed: () throws -> Void
    /// After the timed part: what it produced (and, for writes, the store's state), for the comparison.
    var outcome: () throws -> Outcome
    /// Releases the run's objects and files.
    var cleanup: () -> Void
}

/// What every store's workload has: its size.
protocol BenchWorkload: AnyObject {
    /// The number of rows N.
    var n: Int { get }
}

/// A benchmarked operation on a store's workload (``Workload`` for SQLite, ``PostgresWorkload`` for PostgreSQL).
struct Operation<StoreWorkload: BenchWorkload> {
    let name: String
    let summary: String
    /// The number of rows every run must report at size N (nil when not known in advance).
    let expectedRows: (Int) -> Int?
    let prepare: (Side, StoreWorkload) throws -> PreparedRun
}

/// Everything shared by the cells of one size N: the generated values, and one store holding N rows that the
/// read-only operations of both sides query (OpenSwiftData through one container, raw through one connection with
/// its statements prepared once).
final class Workload: BenchWorkload {
    let n: Int
    let fixture: Fixture
    let values: [ItemValues]
    let upsertValues: [ItemValues]
    let readStore: URL
    let container: ModelContainer
    let reader: RawReader

    init(n: Int, fixture: Fixture) throws {
        self.n = n
        self.fixture = fixture
        values = DataSet.values(count: n)
        upsertValues = DataSet.values(count: n, revision: 1)
        readStore = try fixture.freshStore(rows: n)
        container = try openContainer(readStore)
        reader = try RawReader(path: readStore.path)
    }

    deinit { fixture.remove(readStore) }
}

/// The raw side's read connection with its statements, prepared once and reused by every run.
final class RawReader {
    let database: RawDatabase
    let selectAll: RawStatement
    let selectCategory: RawStatement
    let selectContains: RawStatement
    let selectSortedPage: RawStatement
    let count: RawStatement
    let selectSKU: RawStatement

    init(path: String) throws {
        database = try RawDatabase(path: path)
        selectAll = try database.prepare(RawSQL.selectAll)
        selectCategory = try database.prepare(RawSQL.selectCategory)
        selectContains = try database.prepare(RawSQL.selectContains)
        selectSortedPage = try database.prepare(RawSQL.selectSortedPage)
        count = try database.prepare(RawSQL.count)
        selectSKU = try database.prepare(RawSQL.selectSKU)
    }
}

func openContainer(_ url: URL) throws -> ModelContainer {
    do {
        return try ModelContainer(for: BenchItem.self, configurations: ModelConfiguration(url: url))
    } catch {
        throw BenchError("OpenSwiftData cannot open \(url.path): \(error)")
    }
}

let missingSetUp = BenchError("internal error: a run was started twice or without its set-up")

/// Holds what a run makes, so ``PreparedRun/cleanup`` can release it before its files are deleted.
final class Box<Value> {
    var value: Value?
}

// MARK: - The operations

/// Quantity threshold of the `fetchCount` predicate (`isActive && quantity >= 500`).
let countThreshold = 500
/// Page size of the sorted fetch.
let pageSize = 20
/// Batch size of `enumerate`.
let enumerateBatchSize = 5_000
/// How many rows `fetch-by-key` looks up, one fetch each.
let lookupCount = 1_000

/// Every operation, in the order of the table.
func allOperations() -> [Operation<Workload>] {
    [
        Operation(
            name: "insert",
            summary: "insert N new models, save (raw: prepared INSERT ×N in one transaction)",
            expectedRows: { $0 },
            prepare: { side, workload in
                try insertRun(
                    side: side, workload: workload, existingRows: 0, values: workload.values,
                    statementSQL: RawSQL.insert)
            }
        ),
        Operation(
            name: "fetch-all",
            summary: "fetch every row into models (raw: into structs)",
            expectedRows: { $0 },
            prepare: { side, workload in
                readRun(side: side, workload: workload, ordered: false) { context in
                    try context.fetch(FetchDescriptor<BenchItem>())
                } raw: { reader in
                    try RawSQL.items(from: reader.selectAll)
                }
            }
        ),
        Operation(
            name: "fetch-read-all",
            summary: "fetch every row into models and read every property (raw: into structs, read likewise)",
            expectedRows: { $0 },
            prepare: { side, workload in
                readRun(side: side, workload: workload, ordered: false, readsEveryProperty: true) { context in
                    try context.fetch(FetchDescriptor<BenchItem>())
                } raw: { reader in
                    try RawSQL.items(from: reader.selectAll)
                }
            }
        ),
        Operation(
            name: "fetch-indexed",
            summary: "fetch category == \(DataSet.category), indexed, N/\(DataSet.categoryCount) rows",
            expectedRows: { $0 / DataSet.categoryCount + ($0 % DataSet.categoryCount > DataSet.category ? 1 : 0) },
            prepare: { side, workload in
                readRun(side: side, workload: workload, ordered: true) { context in
                    let category = DataSet.category
                    return try context.fetch(
                        FetchDescriptor<BenchItem>(predicate: #Predicate { $0.category == category }))
                } raw: { reader in
                    reader.selectCategory.bind(DataSet.category, at: 1)
                    return try RawSQL.items(from: reader.selectCategory)
                }
            }
        ),
        Operation(
            name: "fetch-contains",
            summary: "fetch title.contains(\"\(DataSet.needle)\"), N/10 rows (raw: instr(title, ?) > 0)",
            expectedRows: { ($0 + 9) / 10 },
            prepare: { side, workload in
                readRun(side: side, workload: workload, ordered: true) { context in
                    let needle = DataSet.needle
                    return try context.fetch(
                        FetchDescriptor<BenchItem>(predicate: #Predicate { $0.title.contains(needle) }))
                } raw: { reader in
                    reader.selectContains.bind(DataSet.needle, at: 1)
                    return try RawSQL.items(from: reader.selectContains)
                }
            }
        ),
        Operation(
            name: "fetch-by-key",
            summary:
                "\(lookupCount) fetches of one row by its unique sku, a new #Predicate each (raw: one prepared SELECT rebound)",
            expectedRows: { min($0, lookupCount) },
            prepare: { side, workload in
                let count = min(workload.n, lookupCount)
                let skus = (0..<count).map { DataSet.sku($0 * (workload.n / count)) }
                return readRun(side: side, workload: workload, ordered: true) { context in
                    var items: [BenchItem] = []
                    for sku in skus {
                        items += try context.fetch(FetchDescriptor<BenchItem>(predicate: #Predicate { $0.sku == sku }))
                    }
                    return items
                } raw: { reader in
                    var items: [RawItem] = []
                    for sku in skus {
                        reader.selectSKU.bind(sku, at: 1)
                        items += try RawSQL.items(from: reader.selectSKU)
                    }
                    return items
                }
            }
        ),
        Operation(
            name: "fetch-sorted-page",
            summary: "sort by price, limit \(pageSize), offset N/2",
            expectedRows: { min(pageSize, $0 - $0 / 2) },
            prepare: { side, workload in
                let offset = workload.n / 2
                return readRun(side: side, workload: workload, ordered: true) { context in
                    var descriptor = FetchDescriptor<BenchItem>(sortBy: [SortDescriptor(\.price)])
                    descriptor.fetchLimit = pageSize
                    descriptor.fetchOffset = offset
                    return try context.fetch(descriptor)
                } raw: { reader in
                    reader.selectSortedPage.bind(pageSize, at: 1)
                    reader.selectSortedPage.bind(offset, at: 2)
                    return try RawSQL.items(from: reader.selectSortedPage)
                }
            }
        ),
        Operation(
            name: "fetch-count",
            summary: "fetchCount(isActive && quantity >= \(countThreshold))",
            expectedRows: { n in DataSet.values(count: n).count { $0.isActive && $0.quantity >= countThreshold } },
            prepare: { side, workload in
                let result = Box<Int>()
                switch side {
                case .ours:
                    let context = ModelContext(workload.container)
                    return PreparedRun(
                        timed: {
                            let threshold = countThreshold
                            result.value = try context.fetchCount(
                                FetchDescriptor<BenchItem>(
                                    predicate: #Predicate { $0.isActive && $0.quantity >= threshold }
                                ))
                        },
                        outcome: { Outcome(rows: result.value ?? -1, signature: "count") },
                        cleanup: {}
                    )
                case .raw:
                    let statement = workload.reader.count
                    return PreparedRun(
                        timed: {
                            statement.bind(countThreshold, at: 1)
                            defer { statement.reset() }
                            guard try statement.step() else { throw BenchError("raw SQLite: count(*) returned no row") }
                            result.value = statement.int(at: 0)
                        },
                        outcome: { Outcome(rows: result.value ?? -1, signature: "count") },
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
                let url = try workload.fixture.freshStore(rows: workload.n)
                switch side {
                case .ours:
                    let box = Box<(ModelContainer, ModelContext, [BenchItem])>()
                    let container = try openContainer(url)
                    let context = ModelContext(container)
                    box.value = (container, context, try context.fetch(FetchDescriptor<BenchItem>()))
                    return PreparedRun(
                        timed: {
                            guard let (_, context, items) = box.value else { throw missingSetUp }
                            for item in items { item.quantity += 1 }
                            try context.save()
                        },
                        outcome: { try storeState(path: url.path) },
                        cleanup: {
                            box.value = nil; workload.fixture.remove(url)
                        }
                    )
                case .raw:
                    let box = Box<(RawDatabase, RawStatement, [RawItem])>()
                    let database = try RawDatabase(path: url.path)
                    try database.startWAL()
                    let update = try database.prepare(RawSQL.updateQuantity)
                    box.value = (database, update, try RawSQL.items(from: try database.prepare(RawSQL.selectAll)))
                    return PreparedRun(
                        timed: {
                            // Taken out of the box so the array is uniquely referenced and updated in place.
                            guard case (let database, let update, var items)? = box.value else { throw missingSetUp }
                            box.value = nil
                            for index in items.indices { items[index].quantity += 1 }
                            try database.transaction {
                                for item in items {
                                    update.bind(item.quantity, at: 1)
                                    update.bind(Int(item.id), at: 2)
                                    _ = try update.step()
                                    update.reset()
                                }
                            }
                            box.value = (database, update, items)
                        },
                        outcome: { try storeState(path: url.path) },
                        cleanup: {
                            box.value = nil; workload.fixture.remove(url)
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
                let url = try workload.fixture.freshStore(rows: workload.n)
                return try writeRun(side: side, url: url, fixture: workload.fixture, statementSQL: RawSQL.deleteAll) {
                    context in
                    // A pending change of the context: the save runs the DELETE.
                    try context.delete(model: BenchItem.self)
                    try context.save()
                } raw: { database, statement in
                    try database.transaction {
                        defer { statement.reset() }
                        _ = try statement.step()
                    }
                }
            }
        ),
        Operation(
            name: "upsert",
            summary: "insert N models whose unique sku exists, save (raw: INSERT … ON CONFLICT DO UPDATE ×N)",
            expectedRows: { $0 },
            prepare: { side, workload in
                try insertRun(
                    side: side, workload: workload, existingRows: workload.n, values: workload.upsertValues,
                    statementSQL: RawSQL.upsert
                )
            }
        ),
        Operation(
            name: "enumerate",
            summary:
                "enumerate every row, batchSize \(enumerateBatchSize), summing quantity (raw: one SELECT stepped into structs)",
            expectedRows: { $0 },
            prepare: { side, workload in
                let result = Box<(rows: Int, sum: Int)>()
                let outcome = {
                    Outcome(rows: result.value?.rows ?? -1, signature: "quantity sum \(result.value?.sum ?? -1)")
                }
                switch side {
                case .ours:
                    let context = ModelContext(workload.container)
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
                    let statement = workload.reader.selectAll
                    return PreparedRun(
                        timed: {
                            var rows = 0
                            var sum = 0
                            defer { statement.reset() }
                            while try statement.step() {
                                let item = RawSQL.item(from: statement)
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

/// A read-only run on the shared store: OpenSwiftData with a new context (made outside the timed region), raw with
/// the reader's prepared statements. The results are released after the measurement, on both sides.
/// With `readsEveryProperty`, the timed region also reads every property of every result (computing the result's
/// check), so a model's cost of first access (its observation registrar, made by its first read) is counted.
private func readRun(
    side: Side, workload: Workload, ordered: Bool, readsEveryProperty: Bool = false,
    ours: @escaping (ModelContext) throws -> [BenchItem], raw: @escaping (RawReader) throws -> [RawItem]
) -> PreparedRun {
    let readOutcome = Box<Outcome>()
    switch side {
    case .ours:
        let context = Box<ModelContext>()
        context.value = ModelContext(workload.container)
        let result = Box<[BenchItem]>()
        return PreparedRun(
            timed: {
                guard let context = context.value else { throw missingSetUp }
                result.value = try ours(context)
                if readsEveryProperty { readOutcome.value = Outcome(items: result.value ?? [], ordered: ordered) }
            },
            outcome: { readOutcome.value ?? Outcome(items: result.value ?? [], ordered: ordered) },
            cleanup: {
                result.value = nil; context.value = nil; readOutcome.value = nil
            }
        )
    case .raw:
        let result = Box<[RawItem]>()
        return PreparedRun(
            timed: {
                result.value = try raw(workload.reader)
                if readsEveryProperty { readOutcome.value = Outcome(items: result.value ?? [], ordered: ordered) }
            },
            outcome: { readOutcome.value ?? Outcome(items: result.value ?? [], ordered: ordered) },
            cleanup: {
                result.value = nil; readOutcome.value = nil
            }
        )
    }
}

/// Inserting `values` into a fresh store of `existingRows` rows, and saving: `BenchItem`s through a context, or
/// `statementSQL` stepped once per row in one transaction.
private func insertRun(
    side: Side, workload: Workload, existingRows: Int, values: [ItemValues], statementSQL: String
) throws -> PreparedRun {
    let url = try workload.fixture.freshStore(rows: existingRows)
    return try writeRun(side: side, url: url, fixture: workload.fixture, statementSQL: statementSQL) { context in
        for row in values { context.insert(BenchItem(row)) }
        try context.save()
    } raw: { database, statement in
        try database.transaction {
            for row in values {
                RawSQL.bind(row, to: statement)
                _ = try statement.step()
                statement.reset()
            }
        }
    }
}

/// A write run on a fresh store file at `url`: OpenSwiftData with a container and context opened outside the timed
/// region, raw with a connection and `statementSQL` prepared outside it. Checked by the state of the store after.
private func writeRun(
    side: Side, url: URL, fixture: Fixture, statementSQL: String,
    ours: @escaping (ModelContext) throws -> Void, raw: @escaping (RawDatabase, RawStatement) throws -> Void
) throws -> PreparedRun {
    switch side {
    case .ours:
        let box = Box<(ModelContainer, ModelContext)>()
        let container = try openContainer(url)
        box.value = (container, ModelContext(container))
        return PreparedRun(
            timed: {
                guard let (_, context) = box.value else { throw missingSetUp }
                try ours(context)
            },
            outcome: { try storeState(path: url.path) },
            cleanup: {
                box.value = nil; fixture.remove(url)
            }
        )
    case .raw:
        let box = Box<(RawDatabase, RawStatement)>()
        let database = try RawDatabase(path: url.path)
        try database.startWAL()
        box.value = (database, try database.prepare(statementSQL))
        return PreparedRun(
            timed: {
                guard let (database, statement) = box.value else { throw missingSetUp }
                try raw(database, statement)
            },
            outcome: { try storeState(path: url.path) },
            cleanup: {
                box.value = nil; fixture.remove(url)
            }
        )
    }
}
