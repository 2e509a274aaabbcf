import Foundation

/// Decoding of `application/x-www-form-urlencoded` text (query strings and form bodies) through `URLComponents`.
enum FormURLEncoding {
    /// The name/value pairs of `encoded` (for example `"q=%ED%95%9C+b&page=2"`), in order.
    ///
    /// `+` means a space (a literal plus arrives as `%2B`); percent escapes are decoded as UTF-8. A pair without `=`,
    /// or whose value's escapes are not valid UTF-8, has the value `""`. Empty pairs (`&&`) are skipped.
    static func items(percentEncoded encoded: Substring) -> [URLQueryItem] {
        guard !encoded.isEmpty else { return [] }
        let spaced = escapeStrayCharacters(encoded, allowingQuestionMark: true).replacingOccurrences(
            of: "+", with: "%20")
        let items = URLComponents(string: "?" + spaced)?.queryItems ?? []
        return items.compactMap { item in
            let value = item.value ?? ""
            if item.name.isEmpty && value.isEmpty { return nil }
            return URLQueryItem(name: item.name, value: value)
        }
    }

    /// Percent-encodes the bytes of `text` that may not appear in a URL path or query as they are (spaces, raw
    /// UTF-8, a `%` not followed by two hex digits...), leaving valid escapes alone.
    ///
    /// Foundation's `URLComponents(string:)` would otherwise re-encode the whole string when it finds one such
    /// byte, turning every existing `%XX` into `%25XX`.
    static func escapeStrayCharacters(_ text: Substring, allowingQuestionMark: Bool) -> String {
        let bytes = Array(text.utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]),
                isHexDigit(bytes[index + 2])
            {
                output.append(contentsOf: bytes[index...(index + 2)])
                index += 3
                continue
            }
            if byte != UInt8(ascii: "%"), isAllowed(byte) || (allowingQuestionMark && byte == UInt8(ascii: "?")) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` with its percent escapes decoded as UTF-8, as `removingPercentEncoding` gives it (nil for an escape
    /// that is not valid UTF-8). Text without a `%` is returned as it is: Foundation's decoding bridges through
    /// `NSString` on Linux, and was 3.5 % of a request's time under load (issue 16), for paths that have no escape.
    static func percentDecoded(_ text: some StringProtocol) -> String? {
        if !text.utf8.contains(UInt8(ascii: "%")) { return String(text) }
        return text.removingPercentEncoding
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }

    /// Unreserved characters, sub-delimiters, `:`, `@` and `/` (RFC 3986 `pchar` plus `/`).
    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$&'()*+,;=:@/".utf8.contains(byte)
        }
    }

    /// Percent-encodes one path segment (everything but unreserved and sub-delimiter characters, `:` and `@`).
    static func encodePathSegment(_ segment: Substring) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: pathSegmentAllowed) ?? String(segment)
    }

    /// Percent-encodes a decoded path, keeping `/` as the segment separator.
    static func encodePath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map(encodePathSegment).joined(separator: "/")
    }

    private static let pathSegmentAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove("/")
        return set
    }()
}
