/// The Add form's two fields as typed, and their check: a name is required (the tutorial's Add refused a blank
/// one with a message), the quantity is free text as in the tutorial's model.
public struct ProductForm: Sendable, Hashable {
    /// The longest name accepted, in characters.
    public static let maximumNameLength = 200
    /// The longest quantity accepted, in characters.
    public static let maximumQuantityLength = 50

    public var name: String
    public var quantity: String

    public init(name: String = "", quantity: String = "") {
        self.name = name
        self.quantity = quantity
    }

    /// The name and quantity trimmed, or the reason the product cannot be added.
    public func validated() -> Result<(name: String, quantity: String), ProductFormError> {
        let name = self.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let quantity = self.quantity.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { return .failure(ProductFormError(message: "Enter a name: a product needs one.")) }
        if name.count > Self.maximumNameLength {
            return .failure(
                ProductFormError(message: "The name is too long: at most \(Self.maximumNameLength) characters."))
        }
        if quantity.count > Self.maximumQuantityLength {
            return .failure(
                ProductFormError(message: "The quantity is too long: at most \(Self.maximumQuantityLength) characters.")
            )
        }
        return .success((name, quantity))
    }
}

/// Why the Add form's values were refused.
public struct ProductFormError: Error, Sendable, Hashable {
    /// What to correct, as a sentence.
    public let message: String
}

import Foundation
