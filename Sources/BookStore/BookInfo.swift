import Foundation
import Networking

/// A book as the BookStore's pages and JSON API show it, whether it came from a search or from the saved books.
///
/// Plain state: the pages render it, the API encodes it. In JSON the keys are camelCase and every key is always
/// present: `salePrice` and `datetime` are `null` when there are none, `thumbnail` and `status` are `""`.
///
/// ```json
/// {"authors":"기시미 이치로, 고가 후미타케","contents":"…","datetime":"2014-11-17T00:00:00+09:00",
///  "isbn":"9788996991342","price":14900,"publisher":"인플루엔셜","salePrice":13410,"status":"정상판매",
///  "thumbnail":"https://search1.kakaocdn.net/…","title":"미움받을 용기","translators":"전경아","url":"https://…"}
/// ```
public struct BookInfo: Sendable, Hashable, Codable {
    /// The ISBN the book is known by (ISBN-13 when it has one); the key of the saved books.
    public var isbn: String
    /// The title (plain text; escaped when rendered).
    public var title: String
    /// The authors joined with `", "`; `""` when Kakao lists none.
    public var authors: String
    /// The translators joined with `", "`; `""` for none.
    public var translators: String
    /// The publisher.
    public var publisher: String
    /// When it was published; written in JSON as ISO 8601 in Korean time (`+09:00`, as Kakao sends it).
    public var datetime: Date?
    /// The list price in won.
    public var price: Int
    /// The sale price in won, or `nil` when there is none.
    public var salePrice: Int?
    /// The cover URL as Kakao gave it, or `""`.
    public var thumbnail: String
    /// Kakao's description, cut as Kakao cuts it.
    public var contents: String
    /// Kakao's sale status, or `""`.
    public var status: String
    /// The book's Daum page, or `""`.
    public var url: String

    /// Creates a book; every parameter is the property of the same name.
    public init(
        isbn: String, title: String, authors: String, translators: String = "", publisher: String = "",
        datetime: Date? = nil, price: Int = 0, salePrice: Int? = nil, thumbnail: String = "", contents: String = "",
        status: String = "", url: String = ""
    ) {
        self.isbn = isbn
        self.title = title
        self.authors = authors
        self.translators = translators
        self.publisher = publisher
        self.datetime = datetime
        self.price = price
        self.salePrice = salePrice
        self.thumbnail = thumbnail
        self.contents = contents
        self.status = status
        self.url = url
    }

    /// A search result as shown: authors and translators joined with `", "`.
    public init(_ book: KakaoBook) {
        self.init(
            isbn: book.isbn, title: book.title, authors: book.authors.joined(separator: ", "),
            translators: book.translators.joined(separator: ", "), publisher: book.publisher, datetime: book.datetime,
            price: book.price, salePrice: book.salePrice, thumbnail: book.thumbnail, contents: book.contents,
            status: book.status, url: book.url
        )
    }

    /// The publication date as Koreans read it, in Korean time: `2014-11-17`; `nil` when unknown.
    public var publishedOn: String? {
        datetime.map(BookInfo.koreanDate)
    }

    private enum CodingKeys: String, CodingKey {
        case isbn, title, authors, translators, publisher, datetime, price, salePrice, thumbnail, contents, status, url
    }

    /// Encodes every key, `null` for a missing sale price or date.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isbn, forKey: .isbn)
        try container.encode(title, forKey: .title)
        try container.encode(authors, forKey: .authors)
        try container.encode(translators, forKey: .translators)
        try container.encode(publisher, forKey: .publisher)
        try container.encode(datetime.map(BookInfo.koreanDateTime), forKey: .datetime)
        try container.encode(price, forKey: .price)
        try container.encode(salePrice, forKey: .salePrice)
        try container.encode(thumbnail, forKey: .thumbnail)
        try container.encode(contents, forKey: .contents)
        try container.encode(status, forKey: .status)
        try container.encode(url, forKey: .url)
    }

    /// Decodes what ``encode(to:)`` writes.
    /// - Throws: `DecodingError` for a missing key (other than `salePrice`, `datetime`) or a wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        isbn = try container.decode(String.self, forKey: .isbn)
        title = try container.decode(String.self, forKey: .title)
        authors = try container.decode(String.self, forKey: .authors)
        translators = try container.decodeIfPresent(String.self, forKey: .translators) ?? ""
        publisher = try container.decode(String.self, forKey: .publisher)
        datetime = try container.decodeIfPresent(String.self, forKey: .datetime).flatMap(KakaoBook.date(fromKakao:))
        price = try container.decode(Int.self, forKey: .price)
        salePrice = try container.decodeIfPresent(Int.self, forKey: .salePrice)
        thumbnail = try container.decode(String.self, forKey: .thumbnail)
        contents = try container.decode(String.self, forKey: .contents)
        status = try container.decode(String.self, forKey: .status)
        url = try container.decodeIfPresent(String.self, forKey: .url) ?? ""
    }

    /// Korean Standard Time, the zone of Kakao's dates (no daylight saving).
    static let koreaTime = TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3600) ?? .current

    /// `2014-11-17`, in Korean time.
    static func koreanDate(_ date: Date) -> String {
        let parts = koreanCalendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", locale: nil, parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// `2014-11-17T00:00:00+09:00`: the form Kakao sends, without its milliseconds.
    static func koreanDateTime(_ date: Date) -> String {
        let parts = koreanCalendar.dateComponents([.hour, .minute, .second], from: date)
        let offset = koreaTime.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let time = String(format: "T%02d:%02d:%02d", locale: nil, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        let zone = String(format: "%02d:%02d", locale: nil, abs(offset) / 3600, abs(offset) % 3600 / 60)
        return koreanDate(date) + time + sign + zone
    }

    private static let koreanCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = koreaTime
        return calendar
    }()
}
