import Foundation

/// Why the bundled Kakao responses (``BundledBookCatalog``) could not be loaded.
public enum BookCatalogError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The `kakao-books` folder was not found; `searched` lists every place tried, in order.
    case resourceMissing(searched: [String])
    /// A file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// A file is not what it should be: `index.json` not a list of responses, or a response not Kakao's envelope.
    /// `file` names it, `codingPath` points at the value (`documents[3].price`), `reason` is the decoder's.
    case decodingFailed(file: String, codingPath: String, reason: String)

    /// A sentence saying what failed and what to do about it.
    public var description: String {
        switch self {
        case .resourceMissing(let searched):
            return "The bundled Kakao responses (kakao-books) were not found (looked in: "
                + "\(searched.joined(separator: ", "))). Keep the BookStore's resource bundle (…_BookStore.resources) "
                + "next to the executable, or start with a Kakao REST API key."
        case let .unreadable(path, reason):
            return "The bundled Kakao response \(path) could not be read: \(reason)."
        case let .decodingFailed(file, codingPath, reason):
            let location = codingPath.isEmpty ? "at the top level" : "at \(codingPath)"
            return "The bundled file \(file) is not valid \(location): \(reason)."
        }
    }

    /// Same as ``description``.
    public var errorDescription: String? { description }

    /// Builds ``decodingFailed(file:codingPath:reason:)`` from a decoding error, writing indices as `[n]`.
    static func decoding(_ error: any Error, file: String) -> BookCatalogError {
        guard let error = error as? DecodingError else {
            return .decodingFailed(file: file, codingPath: "", reason: error.localizedDescription)
        }
        let path: [any CodingKey]
        let reason: String
        switch error {
        case let .keyNotFound(key, context):
            (path, reason) = (context.codingPath + [key], context.debugDescription)
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            (path, reason) = (context.codingPath, context.debugDescription)
        @unknown default:
            (path, reason) = ([], String(describing: error))
        }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return .decodingFailed(file: file, codingPath: text, reason: reason)
    }
}
