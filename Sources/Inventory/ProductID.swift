import Foundation
import OpenCoreData

/// How URLs and the JSON API name a product: the primary key of its row, in decimal. With the store's
/// identifier (the view model's) it is the object's `NSManagedObjectID`; keys are never reused, so a token never
/// comes to mean another product.
public struct ProductID: Hashable, Sendable, CustomStringConvertible {
    /// The row's primary key.
    public let key: Int64

    /// The ID of a saved product (nil for an unsaved one).
    init?(_ objectID: NSManagedObjectID) {
        let last = objectID.uriRepresentation().lastPathComponent
        guard !objectID.isTemporaryID, last.hasPrefix("p"), let key = Int64(last.dropFirst()), key > 0 else {
            return nil
        }
        self.key = key
    }

    /// The ID a token names, or nil when `token` is not a positive decimal number of at most 18 digits.
    public init?(token: String) {
        guard !token.isEmpty, token.count <= 18, token.allSatisfy(\.isASCII), token.allSatisfy(\.isNumber),
            let key = Int64(token), key > 0
        else { return nil }
        self.key = key
    }

    /// The token.
    public var token: String { String(key) }

    public var description: String { token }
}
