import Foundation
import OpenSwiftData

/// A saved model's `PersistentIdentifier` as an opaque, URL-safe token, for the apps' URLs and JSON (`/places/{id}`,
/// `"id": "…"`): the same row always has the same token, and the token still names that row after a restart.
///
/// The token is the identifier's `Codable` JSON (entity name, store identifier, primary key; keys sorted) in
/// base64url without padding, so it has only letters, digits, `-` and `_`. The store identifier is recorded in the
/// store and SQLite never reuses a primary key (`AUTOINCREMENT`), so a token never comes to mean another row, even
/// after the one it named is deleted. Clients should treat it as opaque.
///
/// `Model` is the entity the token must name: ``init(token:)`` refuses a token of another entity's row, so
/// `IdentifierToken<Place>` and `IdentifierToken<Person>` cannot be mixed up. SwiftData has no such type (its apps
/// rarely serve URLs); it is built only on `PersistentIdentifier`'s public `Codable` conformance, as it would be
/// over Apple's.
public struct IdentifierToken<Model: PersistentModel>: Hashable, Sendable, CustomStringConvertible {
    /// The row's identifier.
    public let persistentModelID: PersistentIdentifier

    /// The token of a saved model's identifier (`model.persistentModelID` after `save()`; a temporary identifier's
    /// token means nothing outside this process, and ``init(token:)`` refuses it).
    public init(_ persistentModelID: PersistentIdentifier) {
        self.persistentModelID = persistentModelID
    }

    /// The identifier `token` names, or nil when `token` is not one this type makes: empty, longer than 1,024
    /// bytes, not base64url, not an identifier's JSON, a temporary identifier, or naming a row of another entity
    /// than `Model`. (A well-formed token for a row that was deleted parses; the context then finds no model.)
    public init?(token: String) {
        guard !token.isEmpty, token.utf8.count <= 1024,
            token.utf8.allSatisfy(Self.isBase64URL)
        else { return nil }
        var base64 = String(token.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let identifier = try? JSONDecoder().decode(PersistentIdentifier.self, from: data),
            identifier.entityName == Model.entityName, !identifier.isTemporary
        else { return nil }
        persistentModelID = identifier
    }

    /// The token: base64url, without padding, of the identifier's JSON with sorted keys.
    public var token: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(persistentModelID)) ?? Data()
        return String(
            data.base64EncodedString().compactMap { character -> Character? in
                switch character {
                case "+": "-"
                case "/": "_"
                case "=": nil
                default: character
                }
            })
    }

    /// The token.
    public var description: String { token }

    /// Whether `byte` is in base64url's alphabet: `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`.
    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
