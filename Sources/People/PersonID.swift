import Foundation
import OpenSwiftData

/// How URLs and the JSON API name a person: its `PersistentIdentifier` as an opaque token.
///
/// The tutorial edits "the n-th row of an unsorted fetch", which can be another person by the time the edit is
/// saved; here a row is addressed by its identifier. The token is the identifier's JSON (entity, store identifier,
/// primary key) in base64url without padding: the store identifier is recorded in the store and primary keys are
/// never reused, so a token stays valid across restarts and never comes to mean someone else.
public struct PersonID: Hashable, Sendable, CustomStringConvertible {
    /// The person's identifier.
    public let persistentModelID: PersistentIdentifier

    /// The ID of a saved person's identifier.
    public init(_ persistentModelID: PersistentIdentifier) {
        self.persistentModelID = persistentModelID
    }

    /// The ID a token names, or nil when `token` is not one this type made (malformed, too long, or naming a row of
    /// another entity).
    public init?(token: String) {
        guard !token.isEmpty, token.utf8.count <= 1024,
              token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
              let identifier = try? JSONDecoder().decode(PersistentIdentifier.self, from: data),
              identifier.entityName == Person.entityName, !identifier.isTemporary
        else { return nil }
        persistentModelID = identifier
    }

    /// The token: base64url of the identifier's JSON (with sorted keys, so one person always has one token).
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
}
