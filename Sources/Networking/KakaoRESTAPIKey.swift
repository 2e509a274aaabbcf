import Foundation

/// A Kakao REST API key, kept out of every description, debug print, dump and mirror.
///
/// The key is sent only by ``KakaoBookClient``, in its `Authorization: KakaoAK <key>` header, to the client's base
/// URL. `print(key)`, `"\(key)"`, `String(reflecting: key)` and `dump(key)` all show `KakaoRESTAPIKey(redacted)`,
/// so a value that holds one (options, a client, an error) can be logged without leaking it.
public struct KakaoRESTAPIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The key itself; only the client's header and ``redacting(_:)`` read it.
    let secret: String

    /// A key from text such as the `--kakao-key` option or the `KAKAO_REST_API_KEY` environment variable.
    ///
    /// Surrounding whitespace (a trailing line break from a file or a shell) is removed.
    /// - Parameter text: The key as Kakao's developer console shows it (32 hexadecimal digits for a REST API key;
    ///   any other printable ASCII is accepted too, since Kakao does not document the format).
    /// - Returns: `nil` when nothing is left after trimming, or the text holds a space, a control character or
    ///   non-ASCII (which cannot travel in an HTTP header field and so cannot be a key).
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty,
            trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return nil }
        secret = trimmed
    }

    /// `KakaoRESTAPIKey(redacted)`.
    public var description: String { "KakaoRESTAPIKey(redacted)" }

    /// `KakaoRESTAPIKey(redacted)`.
    public var debugDescription: String { description }

    /// A mirror without children, so `dump` and reflection show no key.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// The `Authorization` header value Kakao expects: `KakaoAK <key>`.
    var authorization: String { "KakaoAK \(secret)" }

    /// `text` with every occurrence of the key replaced by `<redacted>`: Kakao's own error messages can quote the
    /// key they refused (`wrong appKey(…) format`), and those messages reach pages and logs.
    public func redacting(_ text: String) -> String {
        text.replacingOccurrences(of: secret, with: "<redacted>")
    }
}
