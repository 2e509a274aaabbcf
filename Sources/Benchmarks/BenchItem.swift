import Foundation
import OpenSwiftData

/// The benchmarked model: eight stored properties of the common kinds, one indexed (`category`), one unique (`sku`).
///
/// OpenSwiftData stores it in the table `BenchItem`: `Z_PK INTEGER PRIMARY KEY AUTOINCREMENT`, then one column per
/// property (TEXT, INTEGER, REAL; `Bool` as INTEGER, `Date` as REAL seconds since 2001), a `UNIQUE` index on `sku`
/// and an index on `category`. The raw side works on exactly that table.
@Model
final class BenchItem {
    #Index<BenchItem>([\.category])
    @Attribute(.unique) var sku: String
    var title: String
    var category: Int
    var price: Double
    var isActive: Bool
    var createdAt: Date
    var note: String?
    var quantity: Int

    init(
        sku: String, title: String, category: Int, price: Double, isActive: Bool, createdAt: Date, note: String?,
        quantity: Int
    ) {
        self.sku = sku
        self.title = title
        self.category = category
        self.price = price
        self.isActive = isActive
        self.createdAt = createdAt
        self.note = note
        self.quantity = quantity
    }

    convenience init(_ values: ItemValues) {
        self.init(
            sku: values.sku, title: values.title, category: values.category, price: values.price,
            isActive: values.isActive, createdAt: values.createdAt, note: values.note, quantity: values.quantity
        )
    }
}

/// The fields of one item, however it is held (a model, a raw struct, generated values), for the result checks.
protocol ItemFields {
    var sku: String { get }
    var title: String { get }
    var category: Int { get }
    var price: Double { get }
    var isActive: Bool { get }
    var createdAt: Date { get }
    var note: String? { get }
    var quantity: Int { get }
}

extension BenchItem: ItemFields {}

/// One row's values, generated before the timed region and shared by both sides.
struct ItemValues: ItemFields, Sendable {
    var sku: String
    var title: String
    var category: Int
    var price: Double
    var isActive: Bool
    var createdAt: Date
    var note: String?
    var quantity: Int
}

/// The deterministic data set: the same rows for every run and both sides.
enum DataSet {
    /// The `contains` predicate looks for this word; it is in the title of exactly one row in ten.
    static let needle = "amber"
    /// The indexed equality predicate selects this category; one row in a hundred.
    static let category = 42
    static let categoryCount = 100
    private static let nouns = [
        "amber", "birch", "cedar", "delta", "ember", "fjord", "grove", "heath", "indigo", "juniper",
    ]
    private static let adjectives = ["small", "large", "red", "blue", "heavy", "light", "vintage"]

    /// `count` rows. `revision` 0 is the stored data; revision 1 has the same unique keys (`sku`) and different
    /// values everywhere else, for the upsert.
    static func values(count: Int, revision: Int = 0) -> [ItemValues] {
        var rows: [ItemValues] = []
        rows.reserveCapacity(count)
        for i in 0..<count { rows.append(value(i, revision: revision)) }
        return rows
    }

    /// Row `i` of `revision`.
    static func value(_ i: Int, revision: Int = 0) -> ItemValues {
        let noun = nouns[(i + revision * 3) % nouns.count]
        let adjective = adjectives[(i + revision) % adjectives.count]
        return ItemValues(
            sku: sku(i),
            title: "\(adjective) \(noun) no. \(i)",
            category: (i + revision) % categoryCount,
            price: Double((i &* 7_919 &+ revision &* 13) % 100_000) / 100,
            isActive: (i + revision) % 3 != 0,
            createdAt: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(i) * 60 + Double(revision)),
            note: (i + revision) % 4 == 0 ? nil : "note \(i) r\(revision)",
            quantity: (i &* 31 &+ revision &* 7) % 1_000
        )
    }

    /// `SKU-00000042`: zero-padded so keys sort as numbers.
    static func sku(_ i: Int) -> String {
        let digits = String(i)
        return "SKU-" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}

/// What one run produced: how many rows, and a signature of their contents, compared between the two sides.
struct Outcome: Equatable, CustomStringConvertible {
    var rows: Int
    var signature: String

    var description: String { "\(rows) rows, signature \(signature)" }

    /// The rows' fields hashed; `ordered` makes the order count too (for sorted fetches).
    init<S: Sequence>(items: S, ordered: Bool) where S.Element: ItemFields {
        var rows = 0
        var combined: UInt64 = 0
        for item in items {
            rows += 1
            let hash = Self.hash(item)
            combined = ordered ? (combined &* 1_099_511_628_211) ^ hash : combined &+ hash
        }
        self.rows = rows
        self.signature = String(combined, radix: 16)
    }

    init(rows: Int, signature: String) {
        self.rows = rows
        self.signature = signature
    }

    /// FNV-1a over every field.
    static func hash(_ item: some ItemFields) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            hash = (hash ^ 0xff) &* 0x100_0000_01b3
        }
        func mix(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { mix($0) } }
        mix(item.sku.utf8)
        mix(item.title.utf8)
        mix(UInt64(bitPattern: Int64(item.category)))
        mix(item.price.bitPattern)
        mix(item.isActive ? 1 : 0)
        mix(item.createdAt.timeIntervalSinceReferenceDate.bitPattern)
        if let note = item.note { mix(note.utf8) } else { mix(UInt64.max) }
        mix(UInt64(bitPattern: Int64(item.quantity)))
        return hash
    }
}
