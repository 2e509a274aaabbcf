import Foundation
import Networking

/// A failure of the product catalog, described for the three audiences that see it: the page (a plain phrase, no
/// error codes), the JSON API (one sentence), and the server log (one line with the technical detail).
public struct CatalogFailure: Sendable {
    /// The catalog's base URL as text, or `nil` for a catalog that is not on the network.
    public let catalogURL: String?
    /// What happened, as a phrase that completes "The product catalog … ": `"could not be reached"`,
    /// `"did not answer in time"`, `"sent an answer the shop could not use"`, `"has no products"` or
    /// `"could not be read"`.
    public let reason: String
    /// The error's own description, for the log only (it may name `URLError` codes, status codes, bodies).
    public let detail: String

    /// Describes `error`, thrown by the catalog at `catalogURL`.
    public init(error: any Error, catalogURL: URL?) {
        self.catalogURL = catalogURL?.absoluteString
        reason = Self.reason(for: error)
        detail = String(describing: error)
    }

    /// `"the product catalog at https://dummyjson.com could not be reached"`: the JSON API's `error` message.
    public var apiMessage: String {
        "the product catalog\(catalogURL.map { " at \($0)" } ?? "") \(reason)"
    }

    /// One line for standard error, for example
    /// `shop: GET /shop: the product catalog at http://127.0.0.1:9 could not be reached (The request failed…)`.
    /// Line breaks in the detail are replaced by spaces so the entry stays on one line.
    /// - Parameter request: What was being answered, for example `"GET /shop"`.
    public func logLine(request: String) -> String {
        let flatDetail = detail.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "shop: \(request): \(apiMessage) (\(flatDetail))"
    }

    private static func reason(for error: any Error) -> String {
        switch error {
        case let apiError as APIError:
            switch apiError {
            case .transport(let urlError) where urlError.code == .timedOut:
                return "did not answer in time"
            case .transport:
                return "could not be reached"
            case .invalidURL, .notHTTP, .badStatus, .decodingFailed:
                return "sent an answer the shop could not use"
            }
        case CatalogError.empty:
            return "has no products"
        default:
            return "could not be read"
        }
    }
}
