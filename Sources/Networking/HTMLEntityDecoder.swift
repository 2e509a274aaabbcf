/// Turns the HTML character references Kakao leaves in its text fields (`Q&amp;A`, `&lt;`, `&#39;`) into the
/// characters they stand for, once.
///
/// One pass from left to right: `&amp;lt;` becomes `&lt;` (the text a person would have seen), not `<`. Decoded
/// text is plain text again, so pages escape it on output like any other value. A reference this decoder does not
/// know, or one that is malformed (`&`, `&foo`, `&#xZZ;`, a code point that is not a character), is kept as is.
enum HTMLEntityDecoder {
    /// The named references that appear in book metadata, and the five of XML.
    static let named: [Substring: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "middot": "·", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "ndash": "–", "mdash": "—", "copy": "©", "reg": "®", "trade": "™", "times": "×",
    ]

    /// `text` with its character references decoded once.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "&",
                let semicolon = text[index...].prefix(12).firstIndex(of: ";"),
                let decoded = reference(text[text.index(after: index)..<semicolon])
            else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            result.append(decoded)
            index = text.index(after: semicolon)
        }
        return result
    }

    /// The character for a reference's body (between `&` and `;`), or `nil` when it is not one.
    private static func reference(_ body: Substring) -> Character? {
        if body.first == "#" {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = digits.allSatisfy(\.isASCII) ? UInt32(digits, radix: 10) : nil
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return Character(scalar)
        }
        return named[body]
    }
}
