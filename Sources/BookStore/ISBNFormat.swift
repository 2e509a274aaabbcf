import Networking

/// The shape of an ISBN as the JSON API accepts it, checked before any lookup so that a typo is a 400 that says
/// why rather than a 404 "no such book".
enum ISBNFormat {
    /// Why `text` is not an ISBN, or `nil` when it is one: after removing hyphens and white space
    /// (``Networking/KakaoBook/normalizedISBN(_:)``), 13 digits (ISBN-13), or 9 digits and a digit or `X`
    /// (ISBN-10). Check digits are not verified: the lookup decides whether there is such a book.
    static func problem(_ text: String) -> String? {
        let code = KakaoBook.normalizedISBN(text)
        let digits = code.unicodeScalars.filter { ("0"..."9").contains($0) }.count
        if code.count == 13, digits == 13 { return nil }
        if code.count == 10, digits == 10 || (digits == 9 && code.hasSuffix("X")) { return nil }
        if code.isEmpty { return "isbn is empty" }
        return
            "isbn must be an ISBN-10 or ISBN-13: 10 or 13 digits (hyphens and spaces are ignored; an ISBN-10 may end in X), not \(text)"
    }
}
