import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a ``KakaoBookClient`` search failed, in cases a caller can switch on.
///
/// Messages Kakao sends (its `message` or `msg` field) are kept, with the REST API key cut out of them: Kakao
/// quotes a malformed key back (`wrong appKey(…) format`), and these messages end up on pages and in logs.
public enum KakaoError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The search was not sent: an empty query, or a page or size outside what Kakao accepts (1...50 each).
    case invalidRequest(String)
    /// The base URL is neither `https` nor a loopback `http` address, so the key would travel in the clear.
    case insecureBaseURL(String)
    /// HTTP 401: Kakao refused the key (wrong, revoked, or not a REST API key). `message` is Kakao's.
    case unauthorized(message: String)
    /// HTTP 429 (or Kakao's error code -10): the key's quota is used up for now. `message` is Kakao's.
    case quotaExceeded(message: String)
    /// Any other status outside 200...299 (a redirect included: the client never follows one, so the key is never
    /// sent to another address). `message` is Kakao's, or the start of the body when it has none.
    case badStatus(code: Int, message: String)
    /// No answer within `seconds`.
    case timedOut(seconds: Double)
    /// No HTTP answer at all: refused, host not found, connection lost…
    case transport(URLError)
    /// A 2xx body that is not Kakao's envelope; `codingPath` leads to the offending value (`["documents", "3",
    /// "price"]`), and is empty when the body is not JSON at all.
    case decodingFailed(codingPath: [String], message: String)

    /// A sentence for a person: what failed and what to do.
    public var description: String {
        switch self {
        case .invalidRequest(let reason):
            return "The book search was not sent: \(reason)."
        case .insecureBaseURL(let url):
            return
                "The Kakao API address \(url) is not https (nor a local http address); the key is only sent over https."
        case .unauthorized(let message):
            return
                "Kakao refused the REST API key (HTTP 401: \(message)). Check the key in the Kakao developer console."
        case .quotaExceeded(let message):
            return "Kakao's quota for this key is used up (\(message)). Try again later."
        case .badStatus(let code, let message):
            return "Kakao answered HTTP \(code)" + (message.isEmpty ? "." : ": \(message)")
        case .timedOut(let seconds):
            return "Kakao did not answer within \(Self.format(seconds)) s."
        case .transport(let error):
            return "Kakao could not be reached (URLError \(error.code.rawValue)): is the network up?"
        case .decodingFailed(let codingPath, let message):
            let location = codingPath.isEmpty ? "the top level" : codingPath.joined(separator: ".")
            return "Kakao's answer was not a book search result at \(location): \(message)"
        }
    }

    /// Same as ``description``.
    public var errorDescription: String? { description }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", locale: nil, seconds)
    }
}
