import Foundation

/// A stored value as JSON, its storage class named: `{"integer": 3}`, `{"real": 0.5}`, `{"text": "…"}`,
/// `{"blob": "<base64>"}`, `{"null": true}` — so a value reads back with the class it was written with (a real
/// that happens to be whole stays a real). Snapshots of a store of your own and history tombstones use it.
extension StoredValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case null, integer, real, text, blob
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let integer = try container.decodeIfPresent(Int64.self, forKey: .integer) {
            self = .integer(integer)
        } else if let real = try container.decodeIfPresent(Double.self, forKey: .real) {
            self = .real(real)
        } else if let text = try container.decodeIfPresent(String.self, forKey: .text) {
            self = .text(text)
        } else if let blob = try container.decodeIfPresent(Data.self, forKey: .blob) {
            self = .blob(blob)
        } else {
            self = .null
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .null: try container.encode(true, forKey: .null)
        case .integer(let integer): try container.encode(integer, forKey: .integer)
        case .real(let real): try container.encode(real, forKey: .real)
        case .text(let text): try container.encode(text, forKey: .text)
        case .blob(let blob): try container.encode(blob, forKey: .blob)
        }
    }
}
