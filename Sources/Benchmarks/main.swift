/// # benchmarks — OpenSwiftData against hand-written SQLite
///
/// `swift run -c release benchmarks [options]` (or `make benchmarks ARGS="…"`) times each operation twice in one
/// process: through OpenSwiftData (`@Model`, `ModelContext`, `FetchDescriptor`, `#Predicate`) and through raw SQLite
/// C API code written by hand, on the same table and the same data, and prints one row per operation and size:
/// the median time of each side and their ratio (ours / raw; above 1 means OpenSwiftData is slower).
///
/// **The data.** One model, `BenchItem`, with eight stored properties (String, Int, Double, Bool, Date, optional
/// String; `category` indexed with `#Index`, `sku` unique with `@Attribute(.unique)`), and N deterministic rows
/// (``DataSet``). Stores are files in a temporary folder, copies of a template OpenSwiftData created, so the raw side
/// uses exactly OpenSwiftData's table (`Z_PK INTEGER PRIMARY KEY AUTOINCREMENT`, Date as REAL seconds since 2001,
/// Bool as INTEGER). Both sides open their connections with the same settings: WAL, `synchronous=NORMAL`,
/// `busy_timeout=5000`, `foreign_keys=ON`.
///
/// **The operations** (``allOperations()``): insert N + save; fetch all into objects (raw: plain structs); fetch
/// with an indexed equality predicate; with `String.contains` (raw: `instr`; OpenSwiftData evaluates `contains`
/// with Swift's grapheme-cluster semantics in a registered SQL function, so it is expected to cost more); a page of
/// 20 sorted by price at offset N/2; `fetchCount` with a predicate; `quantity += 1` on every fetched model + save
/// (the fetch is set-up, not timed); `delete(model:)` of every row + save; an upsert of N models whose unique keys all
/// exist; `enumerate` with batches of 5,000. The raw side reuses prepared statements and runs each write in one
/// `BEGIN IMMEDIATE` transaction, as OpenSwiftData does. Opening a container runs a write transaction, and the first
/// commit into a new WAL syncs it and its folder, so in set-up the raw side commits a write that changes nothing
/// (`PRAGMA user_version` set to its value) to pay that cost outside the timed region too.
///
/// **How a cell is measured.** For each size N (1,000, 10,000 and 100,000; 1,000,000 with `--large`): one warm-up
/// run per side, then several runs per side (9 up to N = 10,000, 5 up to 100,000, 3 above; `--runs` overrides),
/// alternating, with ours first in even rounds and raw first in odd ones. Read-only operations of both sides query
/// one shared store of N rows (a new `ModelContext` per run); writing operations get a fresh copy of the store per
/// run. Set-up (copying the store, opening the container or connection, preparing statements, generating values,
/// the fetch before the update) and tear-down (releasing results) are outside the timed region, which is measured
/// with `ContinuousClock` (`enumerate` releases each batch as it goes, so that release is inside it on both sides).
/// Each side's median is reported, with its median absolute deviation (±) to show how noisy the runs were.
///
/// **Correctness guard.** Every run's result — row count plus a hash of every field of every row (in order, for
/// ordered results), or for writes the whole resulting table including primary keys — must equal the first run's,
/// whichever side made it, and the row count must be the one expected for N. A cell that fails prints `FAILED`
/// and the reason instead of times, and the exit status is 1; a fast wrong answer cannot hide.
///
/// **Peak memory.** For fetch-all and enumerate at the largest N, each side runs in a fresh process (this
/// executable started again with a hidden flag, `--memory-child`) and reports `getrusage`'s max RSS, beside a
/// baseline process that only opens the store and counts its rows. Linux starts a new program's max RSS at the peak
/// of the address space `exec` replaced — with `vfork`, the spawner's — so probes are started through `/bin/sh`,
/// which forks a small copy of itself first; each probe also reports its `VmHWM`, and a disagreement is flagged.
///
/// Nothing here asserts on timings: the numbers are for people and for tracking (`--json`).
import Foundation

let usage = """
    usage: benchmarks [--store sqlite|postgres] [--sizes N,N,…] [--large] [--filter OP,…] [--runs K] [--json PATH]
                      [--no-memory]
      --store     sqlite (default): against hand-written SQLite C API code; postgres: OpenSwiftData's PostgreSQL
                  store against hand-written libpq code, on a throwaway server started for the run
                  (scripts/postgres-server.sh; OSD_POSTGRES_URL names another server instead)
      --sizes     row counts to run (default 1000,10000,100000)
      --large     add 1,000,000 rows
      --filter    run only operations whose name contains one of these words (\(allOperations().map(\.name).joined(separator: ", ")))
      --runs      measured runs per side and cell (default 9 up to N = 10,000, 5 up to 100,000, 3 above)
      --json      also write the results as JSON to PATH
      --no-memory skip the peak-memory probes (PostgreSQL runs have none)
    """

/// The store both sides work on.
enum BenchStore: String {
    case sqlite, postgres
}

struct Options {
    var store = BenchStore.sqlite
    var sizes = [1_000, 10_000, 100_000]
    var large = false
    var filters: [String] = []
    var runs: Int?
    var jsonPath: String?
    var measuresMemory = true

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for option: String) throws -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw BenchError("\(option) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--sizes":
                let text = try value(for: argument)
                var sizes: [Int] = []
                for part in text.split(separator: ",") {
                    guard let size = Int(part.replacingOccurrences(of: "_", with: "")), size > 0 else {
                        throw BenchError("--sizes: \"\(part)\" is not a positive row count")
                    }
                    sizes.append(size)
                }
                guard !sizes.isEmpty else { throw BenchError("--sizes needs at least one row count") }
                self.sizes = sizes
            case "--store":
                let text = try value(for: argument)
                guard let store = BenchStore(rawValue: text) else {
                    throw BenchError("--store: \"\(text)\" is neither sqlite nor postgres")
                }
                self.store = store
            case "--large":
                large = true
            case "--filter":
                filters = try value(for: argument).split(separator: ",").map { String($0) }
            case "--runs":
                let text = try value(for: argument)
                guard let runs = Int(text), runs > 0 else {
                    throw BenchError("--runs: \"\(text)\" is not a positive number")
                }
                self.runs = runs
            case "--json":
                jsonPath = try value(for: argument)
            case "--no-memory":
                measuresMemory = false
            case "--help", "-h":
                print(usage)
                exit(0)
            default:
                throw BenchError("unknown option \(argument)")
            }
        }
        let names = allOperations().map(\.name)
        for filter in filters where !names.contains(where: { $0.contains(filter) }) {
            throw BenchError("--filter: \"\(filter)\" matches no operation (\(names.joined(separator: ", ")))")
        }
        if large { sizes.append(1_000_000) }
        sizes = Array(Set(sizes)).sorted()
    }

    func runs(for n: Int) -> Int {
        if let runs { return runs }
        return n <= 10_000 ? 9 : n <= 100_000 ? 5 : 3
    }
}

func runBenchmarks(_ options: Options) throws -> Bool {
    if options.store == .postgres { return try runPostgresBenchmarks(options) }
    let operations = allOperations().filter { operation in
        options.filters.isEmpty || options.filters.contains { operation.name.contains($0) }
    }
    let machine = MachineInfo.current()
    print(headerAndPlan(machine, options: options))

    let fixture = try Fixture()
    defer { fixture.removeAll() }
    // The memory probes run first, while this process is small: should a probe have to be started directly (no
    // /bin/sh), its ru_maxrss cannot read below this process's peak (see probeLaunch).
    var memory: MemoryReport?
    let memoryTasks = MemoryTask.allCases.filter { task in
        task != .baseline && operations.contains { $0.name == task.rawValue }
    }
    if options.measuresMemory, !memoryTasks.isEmpty, let largest = options.sizes.last {
        memory = try measurePeakMemory(tasks: memoryTasks, n: largest, fixture: fixture)
    }

    var cells: [CellResult] = []
    for n in options.sizes {
        progress("N=\(formatCount(n)): preparing the stores")
        let workload = try Workload(n: n, fixture: fixture)
        for operation in operations {
            progress("N=\(formatCount(n)): \(operation.name)")
            let cell = measure(operation, workload: workload, runs: options.runs(for: n))
            if let problem = cell.problem {
                progress("N=\(formatCount(n)): \(operation.name) FAILED: \(problem)")
            } else {
                progress(
                    "N=\(formatCount(n)): \(operation.name): ours \(formatDuration(cell.oursMedian)), raw \(formatDuration(cell.rawMedian))"
                )
            }
            cells.append(cell)
        }
    }

    print(resultsTable(cells, operations: operations))
    print("")
    print(
        "ours = OpenSwiftData, raw = SQLite C API by hand; median of the runs; ± = median absolute deviation of a side's "
            + "runs, relative to its median; ours/raw above 1 means OpenSwiftData is slower; ! marks a ratio above "
            + "\(Int(flaggedRatio))×; rows = rows produced (for writes, rows in the table after).")
    for operation in operations {
        print("  \(pad(operation.name, 18)) \(operation.summary)")
    }
    if let memory {
        print("")
        print(memoryTable(memory))
    }

    if let jsonPath = options.jsonPath {
        let report = Report(
            machine: machine, sizes: options.sizes, results: cells, memory: memory,
            notes: operations.map { "\($0.name): \($0.summary)" }
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(report).write(to: URL(fileURLWithPath: jsonPath), options: .atomic)
        } catch {
            throw BenchError("cannot write \(jsonPath): \(error)")
        }
        progress("wrote \(jsonPath)")
    }
    return cells.allSatisfy { $0.problem == nil }
}

/// The PostgreSQL table: the same operations, sizes and method, on databases copied from templates
/// (``PostgresFixture``). When OpenSwiftData cannot open a PostgreSQL store, the raw side runs alone and says so.
func runPostgresBenchmarks(_ options: Options) throws -> Bool {
    let operations = allPostgresOperations().filter { operation in
        options.filters.isEmpty || options.filters.contains { operation.name.contains($0) }
    }
    let machine = MachineInfo.current()
    print(
        headerAndPlan(machine, options: options).replacingOccurrences(
            of: "OpenSwiftData against hand-written SQLite C API code",
            with: "OpenSwiftData's PostgreSQL store against hand-written libpq code"))
    let fixture = try PostgresFixture()
    defer { fixture.removeAll() }
    let version = fixture.serverVersion
    print("store:   PostgreSQL \(version / 10_000).\(version % 10_000) on 127.0.0.1 (TCP), raw side = libpq by hand")
    var sides = Side.allCases
    if let reason = fixture.oursUnavailable {
        sides = [.raw]
        print("ours:    not measured: OpenSwiftData could not open a PostgreSQL store (\(reason))")
    }
    print("")

    var cells: [CellResult] = []
    for n in options.sizes {
        progress("N=\(formatCount(n)): preparing the databases")
        let workload = try PostgresWorkload(n: n, fixture: fixture)
        for operation in operations {
            progress("N=\(formatCount(n)): \(operation.name)")
            let cell = measure(operation, workload: workload, runs: options.runs(for: n), sides: sides)
            if let problem = cell.problem {
                progress("N=\(formatCount(n)): \(operation.name) FAILED: \(problem)")
            } else {
                progress(
                    "N=\(formatCount(n)): \(operation.name): ours \(formatDuration(cell.oursMedian)), raw \(formatDuration(cell.rawMedian))"
                )
            }
            cells.append(cell)
        }
    }
    print(resultsTable(cells, operations: operations))
    print("")
    print(
        "ours = OpenSwiftData's PostgreSQL store, raw = libpq by hand (the PostgreSQL wrapper: prepared statements, "
            + "binary values, each write in one transaction); median of the runs; ± = median absolute deviation; "
            + "ours/raw above 1 means OpenSwiftData is slower.")
    for operation in operations {
        print("  \(pad(operation.name, 18)) \(operation.summary)")
    }
    if let jsonPath = options.jsonPath {
        let report = Report(
            machine: machine, sizes: options.sizes, results: cells, memory: nil,
            notes: ["store: PostgreSQL \(version)"] + operations.map { "\($0.name): \($0.summary)" }
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(report).write(to: URL(fileURLWithPath: jsonPath), options: .atomic)
        } catch {
            throw BenchError("cannot write \(jsonPath): \(error)")
        }
        progress("wrote \(jsonPath)")
    }
    return cells.allSatisfy { $0.problem == nil }
}

func headerAndPlan(_ machine: MachineInfo, options: Options) -> String {
    let plan = options.sizes.map { "N=\(formatCount($0)) ×\(options.runs(for: $0))" }.joined(separator: ", ")
    return machineHeader(machine) + "\nruns:    1 warm-up + measured runs per side, alternating: \(plan)\n"
}

// MARK: - Entry point

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == memoryChildFlag {
    runMemoryChild(arguments: Array(arguments.dropFirst()))
}
let options: Options
do {
    options = try Options(arguments: arguments)
} catch {
    FileHandle.standardError.write(Data("benchmarks: \(error)\n\(usage)\n".utf8))
    exit(2)
}
do {
    exit(try runBenchmarks(options) ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("benchmarks: error: \(error)\n".utf8))
    exit(1)
}
