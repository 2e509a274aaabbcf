import Foundation

/// One book of a Kakao book search (`documents[]` of `GET /v3/search/book`), with the quirks of Kakao's data
/// smoothed out once, here, so no caller has to know them.
///
/// What Kakao sends, and what this type makes of it:
///
/// | Kakao field | Kakao's quirk | Here |
/// | --- | --- | --- |
/// | `isbn` | One or two codes, ISBN-10 then ISBN-13, space-separated; sometimes one code after a stray space (`" 9788996991359"`), once not even a valid ISBN | ``isbns`` (the codes, no spaces), ``isbn`` (the one to key on) |
/// | `sale_price` | `-1` when there is no sale price | ``salePrice`` is `nil` |
/// | `status` | `""` when unknown | ``status`` is `""` (kept: it is a label, not a value) |
/// | `thumbnail` | `""` when there is no cover | ``thumbnail`` is `""` |
/// | `contents` | Cut mid-sentence by Kakao, HTML character references left in (`Q&amp;A`) | ``contents`` decoded once (`Q&A`); still cut |
/// | `title`, `publisher`, `authors`, `translators` | May hold character references too | decoded once |
/// | `datetime` | `2014-11-17T00:00:00.000+09:00` (Korean time), or `""` | ``datetime``: the instant, or `nil` |
///
/// Decoding is lenient about what real responses have been seen to omit or null (a missing or `null` array is
/// empty, a missing string is `""`, a missing price is 0): a book is never dropped for a gap Kakao is known to
/// leave. A value of the wrong type (a price as text, authors as a string) still fails, naming its coding path.
public struct KakaoBook: Sendable, Hashable, Decodable {
    /// The title, character references decoded.
    public var title: String
    /// The start of the book's description as Kakao cuts it (up to about 300 characters, often mid-word),
    /// character references decoded once; `""` when Kakao has none.
    public var contents: String
    /// The book's page on Daum (`https://search.daum.net/search?w=bookpage&bookId=…`); `""` when absent.
    public var url: String
    /// The ISBN codes Kakao lists, in its order (ISBN-10 before ISBN-13), without spaces; may be empty.
    public var isbns: [String]
    /// When the book was published, from Kakao's ISO 8601 `datetime` with its `+09:00` offset; `nil` when Kakao
    /// sends none or it does not parse.
    public var datetime: Date?
    /// The authors in Kakao's order, character references decoded; may be empty.
    public var authors: [String]
    /// The publisher, character references decoded.
    public var publisher: String
    /// The translators, character references decoded; empty for books not translated.
    public var translators: [String]
    /// The list price in Korean won (0 when Kakao has none).
    public var price: Int
    /// The sale price in Korean won, or `nil` when there is none (Kakao's `-1`).
    public var salePrice: Int?
    /// The cover image URL as Kakao sends it (a `search1.kakaocdn.net` thumbnail), or `""` when there is none.
    public var thumbnail: String
    /// The sale status, such as `정상판매` ("on sale"); `""` when Kakao does not say.
    public var status: String

    /// Creates a book from values already cleaned up (no `-1` prices, no stray spaces in ISBNs).
    public init(
        title: String, contents: String = "", url: String = "", isbns: [String], datetime: Date? = nil,
        authors: [String] = [], publisher: String = "", translators: [String] = [], price: Int = 0,
        salePrice: Int? = nil, thumbnail: String = "", status: String = ""
    ) {
        self.title = title
        self.contents = contents
        self.url = url
        self.isbns = isbns
        self.datetime = datetime
        self.authors = authors
        self.publisher = publisher
        self.translators = translators
        self.price = price
        self.salePrice = salePrice
        self.thumbnail = thumbnail
        self.status = status
    }

    /// The code to identify the book by: its ISBN-13 when Kakao lists one (13 characters), otherwise the first
    /// code; `""` when Kakao lists none.
    public var isbn: String {
        isbns.first(where: { $0.count == 13 }) ?? isbns.first ?? ""
    }

    /// Whether `code` is one of the book's ISBNs, ignoring hyphens, spaces and the case of a final `x`.
    public func hasISBN(_ code: String) -> Bool {
        let wanted = Self.normalizedISBN(code)
        return !wanted.isEmpty && isbns.contains { Self.normalizedISBN($0) == wanted }
    }

    /// An ISBN without hyphens or whitespace, upper-cased (`89-969-9134-x` → `899699134X`).
    public static func normalizedISBN(_ code: String) -> String {
        String(code.unicodeScalars.filter { $0 != "-" && !$0.properties.isWhitespace }).uppercased()
    }

    /// Kakao's ISBN field split into codes: `"8996991341 9788996991342"` → both, `" 9788996991359"` → one.
    public static func isbnCodes(in field: String) -> [String] {
        field.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// Reads Kakao's `datetime`: `2014-11-17T00:00:00.000+09:00`, with or without the milliseconds.
    public static func date(fromKakao text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = withFraction.date(from: trimmed) { return date }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        return plain.date(from: trimmed)
    }

    private enum CodingKeys: String, CodingKey {
        case title, contents, url, isbn, datetime, authors, publisher, translators, price, status, thumbnail
        case salePrice = "sale_price"
    }

    /// Decodes one of Kakao's `documents` (snake_case keys, as Kakao sends them).
    /// - Throws: `DecodingError` when a field has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) throws -> String {
            HTMLEntityDecoder.decode(try container.decodeIfPresent(String.self, forKey: key) ?? "")
        }
        func names(_ key: CodingKeys) throws -> [String] {
            (try container.decodeIfPresent([String].self, forKey: key) ?? []).map(HTMLEntityDecoder.decode)
        }
        title = try text(.title)
        contents = try text(.contents)
        url = try container.decodeIfPresent(String.self, forKey: .url) ?? ""
        isbns = Self.isbnCodes(in: try container.decodeIfPresent(String.self, forKey: .isbn) ?? "")
        datetime = Self.date(fromKakao: try container.decodeIfPresent(String.self, forKey: .datetime) ?? "")
        authors = try names(.authors)
        publisher = try text(.publisher)
        translators = try names(.translators)
        price = max(0, try container.decodeIfPresent(Int.self, forKey: .price) ?? 0)
        let sale = try container.decodeIfPresent(Int.self, forKey: .salePrice) ?? -1
        salePrice = sale >= 0 ? sale : nil
        thumbnail = (try container.decodeIfPresent(String.self, forKey: .thumbnail) ?? "")
            .trimmingCharacters(in: .whitespaces)
        status = try text(.status)
    }
}
