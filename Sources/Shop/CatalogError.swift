import Foundation

/// Why a ``BundledCatalog`` could not be created or could not pick a product.
public enum CatalogError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The products file was not found; `searched` lists every path that was tried, in order.
    case resourceMissing(name: String, searched: [String])
    /// The products file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The JSON is not an array of DummyJSON products.
    ///
    /// `codingPath` points at the offending value, for example `[15].brand` (the 16th product's `brand`);
    /// `reason` is the decoder's explanation.
    case decodingFailed(codingPath: String, reason: String)
    /// Two products share this ID, so ``BundledCatalog/product(id:)`` would be ambiguous.
    case duplicateProductID(Int)
    /// The catalog has no products, so there is nothing to pick at random.
    case empty

    /// A sentence saying what failed and what to do about it.
    public var description: String {
        switch self {
        case let .resourceMissing(name, searched):
            return "The product list \(name) was not found (looked in: \(searched.joined(separator: ", "))). "
                + "Keep the Shop's resource bundle (…_Shop.resources) next to the executable, "
                + "or load the file with BundledCatalog(contentsOf:)."
        case let .unreadable(path, reason):
            return "The product list at \(path) could not be read: \(reason). Check that it exists and is readable."
        case let .decodingFailed(codingPath, reason):
            let location = codingPath.isEmpty ? "at the top level" : "at \(codingPath)"
            return "The product list is not valid DummyJSON product JSON \(location): \(reason). "
                + "Fix the JSON there, or make the matching Product property optional if the key may be absent."
        case let .duplicateProductID(id):
            return "The product list has more than one product with id \(id). Product IDs must be unique."
        case .empty:
            return "The product list is empty, so no product can be picked. Load a list with at least one product."
        }
    }

    /// Same as ``description``.
    public var errorDescription: String? { description }

    /// Builds ``decodingFailed(codingPath:reason:)`` from a `DecodingError`, writing array indices as `[n]` and
    /// keys as `.key`.
    static func decoding(_ error: DecodingError) -> CatalogError {
        let path: [any CodingKey]
        let context: DecodingError.Context
        switch error {
        case let .keyNotFound(key, keyContext):
            path = keyContext.codingPath + [key]
            context = keyContext
        case let .typeMismatch(_, mismatchContext), let .valueNotFound(_, mismatchContext):
            path = mismatchContext.codingPath
            context = mismatchContext
        case let .dataCorrupted(corruptedContext):
            path = corruptedContext.codingPath
            context = corruptedContext
        @unknown default:
            return .decodingFailed(codingPath: "", reason: String(describing: error))
        }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return .decodingFailed(codingPath: text, reason: context.debugDescription)
    }
}
