import Foundation
import OpenSwiftData

/// The roles the probe plays in the processes it starts. Each prints `key=value` lines that its probe reads, and
/// touches the store only through OpenSwiftData's public API (integrity checks go to SQLite directly).
enum ChildRoles {
    /// Plays `role` with `arguments` and returns the exit code, or `nil` when `role` is not a child role.
    static func run(_ role: String, _ arguments: [String]) -> Int32? {
        func number(_ index: Int) -> Int? { arguments.count > index ? Int(arguments[index]) : nil }
        let path = arguments.first ?? ""
        switch role {
        case "save-batches":
            guard let size = number(1) else { return 2 }
            return saveBatches(path, batchSize: size, untilError: arguments.count > 2 && arguments[2] == "until-error")
        case "check-batches":
            guard let size = number(1) else { return 2 }
            return checkBatches(path, batchSize: size)
        case "raw-check-batches":
            guard let size = number(1) else { return 2 }
            return rawCheckBatches(path, batchSize: size)
        case "write-rows":
            guard arguments.count == 3, let rows = number(2) else { return 2 }
            return writeRows(path, label: arguments[1], rows: rows)
        case "count-rows": return countRows(path)
        case "fill-notes":
            guard let rows = number(1) else { return 2 }
            return fillNotes(path, rows: rows)
        case "read-notes":
            guard let rows = number(1) else { return 2 }
            return readNotes(path, rows: rows, allowsSave: arguments.count > 2 && arguments[2] == "read-write")
        default: return nil
        }
    }

    static func say(_ line: String) {
        print(line)
        fflush(nil)  // every stream: `stdout` cannot be named from Swift 6 code
    }

    static func container<T: PersistentModel>(_ type: T.Type, _ path: String, allowsSave: Bool = true) throws
        -> ModelContainer
    {
        try ModelContainer(
            for: type, configurations: ModelConfiguration(url: URL(fileURLWithPath: path), allowsSave: allowsSave))
    }

    /// `save-batches <store> <batch size> [until-error]`: saves batches of rows, one `save()` each, numbered on from
    /// the last one in the store, and prints `committed <n>` after each save returns — until it is killed, or with
    /// `until-error` until a save throws (prints `save-error: <message>` and exits 0: the full-disk probe).
    static func saveBatches(_ path: String, batchSize: Int, untilError: Bool) -> Int32 {
        do {
            let context = ModelContext(try container(BatchRow.self, path))
            var last = FetchDescriptor<BatchRow>(sortBy: [SortDescriptor(\.batch, order: .reverse)])
            last.fetchLimit = 1
            var batch = (try context.fetch(last).first?.batch ?? -1) + 1
            say("ready \(batch)")
            let payload = String(repeating: "payload-", count: 64)
            while true {
                for index in 0..<batchSize {
                    context.insert(BatchRow(batch: batch, index: index, payload: payload))
                }
                if untilError {
                    // A `catch where` here crashes the Swift 6.3.1 compiler (typed throws + a guard on the catch).
                    do {
                        try context.save()
                    } catch {
                        say("save-error: \(error)")
                        return 0
                    }
                } else {
                    try context.save()
                }
                say("committed \(batch)")
                batch += 1
            }
        } catch {
            say("error: \(error)")
            return 1
        }
    }

    /// `raw-check-batches <store> <batch size>`: what `check-batches` reports, read with SQLite alone, read-only,
    /// each line prefixed `raw `: for a store that OpenSwiftData cannot open today without writing (a full disk).
    static func rawCheckBatches(_ path: String, batchSize: Int) -> Int32 {
        switch SQLiteFile.batchSizes(path) {
        case .failure(let error):
            say("raw error: \(error)")
            return 1
        case .success(let sizes):
            say("raw " + describe(sizes, batchSize: batchSize))
            say("raw integrity=\(SQLiteFile.integrityCheck(path))")
            return 0
        }
    }

    /// `batches=<n> rows=<n> max=<n> torn=<list> gaps=<list>` for batch number → rows.
    static func describe(_ sizes: [Int: Int], batchSize: Int) -> String {
        let torn = sizes.filter { $0.value != batchSize }.keys.sorted()
        let maximum = sizes.keys.max() ?? -1
        let gaps = maximum < 0 ? [] : (0...maximum).filter { sizes[$0] == nil }
        return "batches=\(sizes.count) rows=\(sizes.values.reduce(0, +)) max=\(maximum) "
            + "torn=\(torn.map(String.init).joined(separator: ",")) gaps=\(gaps.map(String.init).joined(separator: ","))"
    }

    /// `check-batches <store> <batch size>`: reopens the store and reports what is in it.
    static func checkBatches(_ path: String, batchSize: Int) -> Int32 {
        do {
            let container = try container(BatchRow.self, path)
            let rows = try ModelContext(container).fetch(FetchDescriptor<BatchRow>())
            var sizes: [Int: Int] = [:]
            for row in rows { sizes[row.batch, default: 0] += 1 }
            say(describe(sizes, batchSize: batchSize))
        } catch {
            say("error: \(error)")
            return 1
        }
        say("integrity=\(SQLiteFile.integrityCheck(path))")
        return 0
    }

    /// `write-rows <store> <label> <rows>`: prints `waiting`, waits for a line on standard input (so that every
    /// writer starts at once), then opens — creating the store if it is not there — and saves `rows` rows one
    /// `save()` each.
    static func writeRows(_ path: String, label: String, rows: Int) -> Int32 {
        say("waiting")
        _ = readLine()
        let context: ModelContext
        do {
            context = ModelContext(try container(LabeledRow.self, path))
        } catch {
            say("opened=no saved=0 errors=0")
            say("error: open: \(error)")
            return 1
        }
        var saved = 0
        var errors: [String] = []
        for sequence in 0..<rows {
            context.insert(LabeledRow(label: label, sequence: sequence))
            do {
                try context.save()
                saved += 1
            } catch {
                errors.append("save \(sequence): \(error)")
                context.rollback()
            }
        }
        say("opened=yes saved=\(saved) errors=\(errors.count)")
        if let first = errors.first { say("error: \(first)") }
        return errors.isEmpty ? 0 : 1
    }

    /// `count-rows <store>`: `label=<label> count=<n> distinct=<n>` per writer, then the integrity check.
    static func countRows(_ path: String) -> Int32 {
        do {
            let rows = try ModelContext(try container(LabeledRow.self, path)).fetch(FetchDescriptor<LabeledRow>())
            var sequences: [String: Set<Int>] = [:]
            var counts: [String: Int] = [:]
            for row in rows {
                sequences[row.label, default: []].insert(row.sequence)
                counts[row.label, default: 0] += 1
            }
            for label in counts.keys.sorted() {
                say("label=\(label) count=\(counts[label] ?? 0) distinct=\(sequences[label]?.count ?? 0)")
            }
        } catch {
            say("error: \(error)")
            return 1
        }
        say("integrity=\(SQLiteFile.integrityCheck(path))")
        return 0
    }

    /// `fill-notes <store> <rows>`: a store of `rows` notes, then closed.
    static func fillNotes(_ path: String, rows: Int) -> Int32 {
        do {
            let context = ModelContext(try container(Note.self, path))
            for number in 0..<rows { context.insert(Note(number: number)) }
            try context.save()
            say("filled=\(rows)")
            return 0
        } catch {
            say("error: \(error)")
            return 1
        }
    }

    /// `read-notes <store> <rows> [read-write]`: opens without permission to save (the user asks only to read), or
    /// with `read-write` as the apps open their stores, and checks that every note reads back as written;
    /// `rows=<n> correct` or `error: <message>`.
    static func readNotes(_ path: String, rows: Int, allowsSave: Bool) -> Int32 {
        do {
            let notes = try ModelContext(try container(Note.self, path, allowsSave: allowsSave))
                .fetch(FetchDescriptor<Note>(sortBy: [SortDescriptor(\.number)]))
            let correct =
                notes.count == rows
                && notes.enumerated().allSatisfy {
                    $0.element.number == $0.offset && $0.element.text == Note.text(for: $0.offset)
                }
            say("rows=\(notes.count) \(correct ? "correct" : "wrong")")
            return correct ? 0 : 3
        } catch {
            say("error: \(error)")
            return 1
        }
    }
}
