import Foundation
import OpenSwiftData

enum Priority: Int, Codable, CaseIterable {
    case low = 0, medium = 5, high = 10
}

enum Shade: String, Codable {
    case red, green
}

struct Dimensions: Codable, Equatable {
    var width: Double
    var height: Double
}

/// One property of every kind the first issue names, with and without optionals.
@Model
final class Sample {
    var text: String
    var integer: Int
    var wide: Int64
    var real: Double
    var flag: Bool
    var date: Date
    var bytes: Data
    var identifier: UUID
    var link: URL
    var note: String?
    var count: Int?
    var score: Double?
    var seen: Date?
    var payload: Data?
    var tags: [String]
    var priority: Priority
    var shade: Shade?
    var size: Dimensions?
    var ratings: [Int?]
    var nicknames: [String?]
    var lookup: [String: Int]
    @Transient var scratch = 0
    var computed: Int { integer * 2 }

    init(
        text: String, integer: Int = 0, wide: Int64 = 0, real: Double = 0, flag: Bool = false,
        date: Date = Date(timeIntervalSinceReferenceDate: 0), bytes: Data = Data(), identifier: UUID = UUID(),
        link: URL = URL(string: "https://example.com")!, note: String? = nil, count: Int? = nil, score: Double? = nil,
        seen: Date? = nil, payload: Data? = nil, tags: [String] = [], priority: Priority = .low, shade: Shade? = nil,
        size: Dimensions? = nil, ratings: [Int?] = [], nicknames: [String?] = [], lookup: [String: Int] = [:]
    ) {
        self.text = text
        self.integer = integer
        self.wide = wide
        self.real = real
        self.flag = flag
        self.date = date
        self.bytes = bytes
        self.identifier = identifier
        self.link = link
        self.note = note
        self.count = count
        self.score = score
        self.seen = seen
        self.payload = payload
        self.tags = tags
        self.priority = priority
        self.shade = shade
        self.size = size
        self.ratings = ratings
        self.nicknames = nicknames
        self.lookup = lookup
    }
}

@Model
final class Tag {
    @Attribute(.unique) var name: String
    var uses: Int = 0

    init(name: String, uses: Int = 0) {
        self.name = name
        self.uses = uses
    }
}

@Model
final class Defaults {
    var title = "untitled"
    var rank = 3
}

/// A type with no stored form: neither a column value, nor RawRepresentable, nor Codable.
struct Coordinate {
    var latitude: Double
    var longitude: Double
}

@Model
final class Landmark {
    var name: String
    var coordinate: Coordinate

    init(name: String, coordinate: Coordinate) {
        self.name = name
        self.coordinate = coordinate
    }
}

@Model
final class Photo {
    var caption: String
    @Attribute(.externalStorage) var image: Data
    @Attribute(.externalStorage) var thumbnail: Data?
    @Attribute(.ephemeral) var isSelected = false

    init(caption: String, image: Data, thumbnail: Data? = nil) {
        self.caption = caption
        self.image = image
        self.thumbnail = thumbnail
    }
}

enum Payment: Codable, Equatable {
    case cash
    case card(last4: String, expires: Date)
    case voucher(codes: [String])
}

/// The scalar types beyond the first issue's: Decimal, Float, fixed-width integers, enums with payloads, nested
/// collections.
@Model
final class Ledger {
    var amount: Decimal
    var rate: Float
    var small: Int8
    var medium: Int16
    var large: Int32
    var unsigned: UInt32
    var huge: UInt64
    var payment: Payment
    var history: [Payment]
    var lookup: [String: Int]
    var maybeAmount: Decimal?
    var shades: [Shade]?

    init(
        amount: Decimal, rate: Float = 0, small: Int8 = 0, medium: Int16 = 0, large: Int32 = 0, unsigned: UInt32 = 0,
        huge: UInt64 = 0, payment: Payment = .cash, history: [Payment] = [], lookup: [String: Int] = [:],
        maybeAmount: Decimal? = nil, shades: [Shade]? = nil
    ) {
        self.amount = amount
        self.rate = rate
        self.small = small
        self.medium = medium
        self.large = large
        self.unsigned = unsigned
        self.huge = huge
        self.payment = payment
        self.history = history
        self.lookup = lookup
        self.maybeAmount = maybeAmount
        self.shades = shades
    }
}

/// Property names that are also columns of SQLite's json_each (key, value, type, path), and sets, stored as JSON
/// arrays in no particular order.
@Model
final class Entry {
    var key: String
    var value: Int
    var type: String
    var path: String
    var tags: [String]
    var labels: Set<String>
    var marks: Set<String>?

    init(
        key: String, value: Int, type: String = "", path: String = "", tags: [String] = [], labels: Set<String> = [],
        marks: Set<String>? = nil
    ) {
        self.key = key
        self.value = value
        self.type = type
        self.path = path
        self.tags = tags
        self.labels = labels
        self.marks = marks
    }
}
