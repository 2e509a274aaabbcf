import Foundation

/// Why an ``APIClient`` request failed. Each case carries what a caller needs to react or to report it.
public enum APIError: Error, Sendable, CustomStringConvertible {
    /// The path could not be combined with the client's base URL into an `http`/`https` URL: it does not parse as
    /// a URL reference, or it names its own scheme or host (paths must be relative, like `"/products/1?x=2"`).
    case invalidURL(String)
    /// The request never got an HTTP response: connection refused (`.cannotConnectToHost`), timed out
    /// (`.timedOut`), host not found, cancelled... An `NSURLErrorDomain` `NSError` is converted to the `URLError`
    /// with the same code.
    case transport(URLError)
    /// The response was not an HTTP response.
    case notHTTP
    /// The server answered with a status outside 200...299; `body` is the response body as received (often a JSON
    /// `{"error": ...}` message).
    case badStatus(code: Int, body: Data)
    /// The 2xx body could not be decoded as the expected type. `codingPath` leads to the offending value as keys
    /// and array indices (for example `["products", "2", "price"]`; for a missing key it ends with that key);
    /// it is empty when the body is not JSON at all.
    case decodingFailed(codingPath: [String], message: String)

    public var description: String {
        switch self {
        case .invalidURL(let path):
            return "Invalid URL: \"\(path)\" cannot be combined with the base URL; pass a relative path such as "
                + "\"/products/1\"."
        case .transport(let error):
            return "The request failed before a response arrived (URLError \(error.code.rawValue)"
                + "\(Self.codeName(error.code).map { ", \($0)" } ?? "")): is the server running and reachable?"
        case .notHTTP:
            return "The response was not an HTTP response; check that the base URL uses http or https."
        case .badStatus(let code, let body):
            let text = String(decoding: body.prefix(500), as: UTF8.self)
            return "The server answered HTTP \(code)" + (text.isEmpty ? "." : ": \(text)")
        case .decodingFailed(let codingPath, let message):
            let location = codingPath.isEmpty ? "the top level" : codingPath.joined(separator: ".")
            return "The response body did not have the expected shape at \(location): \(message)"
        }
    }

    private static func codeName(_ code: URLError.Code) -> String? {
        switch code {
        case .cannotConnectToHost: return "cannot connect to host"
        case .timedOut: return "timed out"
        case .cannotFindHost: return "cannot find host"
        case .networkConnectionLost: return "connection lost"
        case .notConnectedToInternet: return "not connected"
        case .cancelled: return "cancelled"
        case .badURL: return "bad URL"
        case .unsupportedURL: return "unsupported URL"
        case .badServerResponse: return "bad server response"
        default: return nil
        }
    }
}
