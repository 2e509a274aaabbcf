import Foundation
import OpenSwiftData

/// How URLs and the JSON API name a place: its `PersistentIdentifier` as an opaque token.
///
/// The token is the identifier's JSON (entity, store identifier, primary key) in base64url without padding. The
/// store identifier is recorded in the store and primary keys are never reused, so a token stays valid across
/// restarts and never comes to mean another place. Clients should treat it as opaque.
public struct PlaceID: Hashable, Sendable, CustomStringConvertible {
    /// The place's identifier.
    public let persistentModelID: PersistentIdentifier

    /// The ID of a saved place's identifier.
    public init(_ persistentModelID: PersistentIdentifier) {
        self.persistentModelID = persistentModelID
    }

    /// The ID a token names, or nil when `token` is not one this type made (malformed, too long, or naming a row of
    /// another entity).
    public init?(token: String) {
        guard !token.isEmpty, token.utf8.count <= 1024,
              let data = Self.base64URLDecoded(token),
              let identifier = try? JSONDecoder().decode(PersistentIdentifier.self, from: data),
              identifier.entityName == Place.entityName, !identifier.isTemporary
        else { return nil }
        persistentModelID = identifier
    }

    /// The token: base64url of the identifier's JSON (with sorted keys, so one place always has one token).
    public var token: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(persistentModelID)) ?? Data()
        return data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The token.
    public var description: String { token }

    private static func base64URLDecoded(_ token: String) -> Data? {
        guard token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return nil
        }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
