import Foundation

/// Lets OpenCoreData give Foundation's `NSSortDescriptor` Core Data's key-based initializers, which Linux
/// Foundation lacks (it has only key-path ones), while `NSSortDescriptor` stays Foundation's one class. Not for
/// direct use.
public protocol _SortDescriptorKeyInitializers {}

extension NSSortDescriptor: _SortDescriptorKeyInitializers {}

extension _SortDescriptorKeyInitializers where Self == NSSortDescriptor {
    /// Orders by the value at `key` (a key path such as `"owner.name"` is allowed), ascending or descending,
    /// with `compare:`. Mirrors `NSSortDescriptor(key:ascending:)`.
    public init(key: String?, ascending: Bool) {
        self = KeyedSortDescriptor(key: key, ascending: ascending, comparison: .compare)
    }

    /// Orders by the value at `key` with the string comparison `selector` names: `compare:` (the default),
    /// `caseInsensitiveCompare:`, `localizedCompare:`, `localizedCaseInsensitiveCompare:`,
    /// `localizedStandardCompare:`. Mirrors `NSSortDescriptor(key:ascending:selector:)`. **Differs:** another
    /// selector (Linux cannot call methods by name) sorts as `compare:`, and the problem is written to standard
    /// error once.
    public init(key: String?, ascending: Bool, selector: Selector?) {
        let comparison = selector.map { SortComparison(selector: $0) } ?? .compare
        self = KeyedSortDescriptor(key: key, ascending: ascending, comparison: comparison, selector: selector)
    }
}

extension NSSortDescriptor {
    /// The key path the descriptor orders by (nil for descriptors made from a Swift key path). Mirrors `key`.
    public var key: String? { (self as? KeyedSortDescriptor)?.sortKey }

    /// The comparison method (nil for descriptors made from a Swift key path). Mirrors `selector`.
    public var selector: Selector? { (self as? KeyedSortDescriptor).map { $0.selectorName } }

    /// `key ascending` as Core Data prints it, for descriptions and messages.
    var sortDescription: String {
        guard let keyed = self as? KeyedSortDescriptor else {
            return "\(keyPath) \(ascending ? "ascending" : "descending")"
        }
        let selector = keyed.comparison == .compare ? "" : " \(keyed.selectorName.name)"
        return "(\(keyed.sortKey ?? "SELF"), \(ascending ? "ascending" : "descending")\(selector))"
    }
}

/// How a keyed sort descriptor compares two values.
enum SortComparison: Equatable {
    case compare
    case caseInsensitive
    case localized
    case localizedCaseInsensitive
    case localizedStandard
    case unsupported(String)

    init(selector: Selector) {
        switch selector.name {
        case "compare:": self = .compare
        case "caseInsensitiveCompare:": self = .caseInsensitive
        case "localizedCompare:": self = .localized
        case "localizedCaseInsensitiveCompare:": self = .localizedCaseInsensitive
        case "localizedStandardCompare:": self = .localizedStandard
        default:
            reportToStandardError(
                "NSSortDescriptor selector “\(selector.name)” cannot be called on Linux; sorting with compare: instead (supported: compare:, caseInsensitiveCompare:, localizedCompare:, localizedCaseInsensitiveCompare:, localizedStandardCompare:)"
            )
            self = .unsupported(selector.name)
        }
    }

    var selector: Selector {
        switch self {
        case .compare: "compare:"
        case .caseInsensitive: "caseInsensitiveCompare:"
        case .localized: "localizedCompare:"
        case .localizedCaseInsensitive: "localizedCaseInsensitiveCompare:"
        case .localizedStandard: "localizedStandardCompare:"
        case .unsupported(let name): Selector(name)
        }
    }

    /// The order of two values, ascending: nil first (as a store's `ORDER BY` puts NULL first), strings with this
    /// comparison, everything else as a comparison predicate orders it; values that cannot be ordered are equal.
    func compare(_ a: Any?, _ b: Any?) -> ComparisonResult {
        switch (unwrapped(a), unwrapped(b)) {
        case (nil, nil): return .orderedSame
        case (nil, _): return .orderedAscending
        case (_, nil): return .orderedDescending
        case (let x?, let y?):
            if let x = x as? String, let y = y as? String {
                switch self {
                case .compare, .unsupported:
                    return x < y ? .orderedAscending : (x == y ? .orderedSame : .orderedDescending)
                case .caseInsensitive: return x.caseInsensitiveCompare(y)
                case .localized: return x.localizedCompare(y)
                case .localizedCaseInsensitive: return x.localizedCaseInsensitiveCompare(y)
                case .localizedStandard: return x.localizedStandardCompare(y)
                }
            }
            return ValueComparison.order(x, y) ?? .orderedSame
        }
    }
}

/// A sort descriptor made from a key: Foundation's `NSSortDescriptor`, comparing values it reads by key path.
final class KeyedSortDescriptor: NSSortDescriptor {
    let sortKey: String?
    let comparison: SortComparison
    let selectorName: Selector

    init(key: String?, ascending: Bool, comparison: SortComparison, selector: Selector? = nil) {
        self.sortKey = key
        self.comparison = comparison
        self.selectorName = selector ?? comparison.selector
        // Foundation's designated initializer wants a key path; this class never uses it.
        super.init(keyPath: \String.count, ascending: ascending)
    }

    /// The value the descriptor orders `object` by (nil when it has no such key).
    func sortValue(of object: Any) -> Any? {
        guard let sortKey, !sortKey.isEmpty else { return object }
        return try? KeyValueCoding.value(of: object, keyPath: sortKey).get()
    }

    /// Compares two objects by their values at `key`, reversed when descending. Mirrors `compare(_:to:)`.
    override func compare(_ object1: Any, to object2: Any) -> ComparisonResult {
        let order = comparison.compare(sortValue(of: object1), sortValue(of: object2))
        return ascending ? order : order.reversed
    }

    override var reversedSortDescriptor: Any {
        KeyedSortDescriptor(key: sortKey, ascending: !ascending, comparison: comparison, selector: selectorName)
    }

    override func copy(with zone: NSZone? = nil) -> Any { self }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? KeyedSortDescriptor else { return false }
        return other.sortKey == sortKey && other.ascending == ascending && other.comparison == comparison
    }

    override var hash: Int { (sortKey ?? "").hashValue ^ (ascending ? 1 : 0) }

    override var description: String { sortDescription }
}

extension Sequence {
    /// The elements in the order `sortDescriptors` give (the first decides, the next break ties; equal elements
    /// keep their order). Mirrors `NSArray.sortedArray(using:)` for Swift sequences of managed objects,
    /// dictionaries or other values. (Not in Core Data.)
    public func sorted(using sortDescriptors: [NSSortDescriptor]) -> [Element] {
        guard !sortDescriptors.isEmpty else { return Array(self) }
        // Each element's sort values are read once, not once per comparison.
        let keyed = sortDescriptors.map { $0 as? KeyedSortDescriptor }
        let rows = enumerated().map { offset, element in
            (offset: offset, element: element, values: keyed.map { $0?.sortValue(of: element) })
        }
        return rows.sorted { a, b in
            for (index, descriptor) in sortDescriptors.enumerated() {
                let order: ComparisonResult
                if let keyedDescriptor = keyed[index] {
                    let ascendingOrder = keyedDescriptor.comparison.compare(a.values[index], b.values[index])
                    order = keyedDescriptor.ascending ? ascendingOrder : ascendingOrder.reversed
                } else {
                    order = descriptor.compare(a.element, to: b.element)
                }
                switch order {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return a.offset < b.offset
        }.map(\.element)
    }
}
