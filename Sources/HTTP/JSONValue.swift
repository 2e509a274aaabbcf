import Foundation

/// A JSON value as ``StrictJSONDecoder`` parses it: objects keep their members in order and numbers keep their
/// literal text, so that decoding can tell `1` from `1.0` and `1e2`.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number's literal, exactly as written (it matches JSON's number grammar).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (left: JSONValue, right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// What a message calls this kind of value ("a string", "an object", …).
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number(let literal): return "the number \(literal)"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
