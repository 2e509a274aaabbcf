/// An ordered list of HTTP header fields with case-insensitive lookup by name.
///
/// Field names keep the spelling they were added with; lookups (``subscript(_:)``, ``values(for:)``, ``remove(_:)``)
/// compare names ignoring ASCII case, so `headers["content-type"]` finds `Content-Type`. A name may repeat
/// (for example `Set-Cookie`); iterating yields every field in insertion order as `(name, value)` pairs.
public struct HTTPHeaders: Sendable, Sequence, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field: its name as added and its value.
    public typealias Element = (name: String, value: String)

    private var fields: [Element]

    /// Creates an empty header list.
    public init() {
        fields = []
    }

    /// Creates a header list from `(name, value)` pairs, keeping their order and repetitions.
    public init(_ fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    /// Creates a header list from a literal such as `["Content-Type": "text/plain"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The value of the first field called `name` (ASCII case-insensitive), or `nil` if there is none.
    ///
    /// Setting a value replaces every field called `name` with one field (added at the end if there was none);
    /// setting `nil` removes them all.
    public subscript(name: String) -> String? {
        get {
            fields.first { Self.namesMatch($0.name, name) }?.value
        }
        set {
            if let newValue {
                set(name, newValue)
            } else {
                remove(name)
            }
        }
    }

    /// Every value of the fields called `name` (ASCII case-insensitive), in order; empty if there is none.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Whether a field called `name` (ASCII case-insensitive) is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// Appends a field, keeping any existing fields with the same name (use it for repeatable fields such as
    /// `Set-Cookie`).
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Sets the single field `name` to `value`: the first existing field with that name (ASCII case-insensitive)
    /// takes the new value and any further ones are removed; if there is none the field is appended.
    public mutating func set(_ name: String, _ value: String) {
        guard let first = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) else {
            fields.append((name: name, value: value))
            return
        }
        fields[first].value = value
        var index = fields.index(after: first)
        while index < fields.endIndex {
            if Self.namesMatch(fields[index].name, name) {
                fields.remove(at: index)
            } else {
                index = fields.index(after: index)
            }
        }
    }

    /// Removes every field called `name` (ASCII case-insensitive).
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// Iterates the fields in insertion order.
    public func makeIterator() -> IndexingIterator<[Element]> {
        fields.makeIterator()
    }

    /// Two header lists are equal when they hold the same fields in the same order, names compared ignoring
    /// ASCII case and values compared exactly.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { namesMatch($0.name, $1.name) && $0.value == $1.value }
    }

    /// The fields as `Name: value` lines.
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    /// Compares two field names ignoring ASCII case (HTTP field names are ASCII tokens).
    static func namesMatch(_ a: String, _ b: String) -> Bool {
        let a = a.utf8, b = b.utf8
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x != y {
            let lx = (x >= 65 && x <= 90) ? x | 0x20 : x
            let ly = (y >= 65 && y <= 90) ? y | 0x20 : y
            if lx != ly { return false }
        }
        return true
    }
}
