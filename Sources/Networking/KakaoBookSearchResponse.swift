/// The body of Kakao's `GET /v3/search/book`: one page of books and what Kakao says about the rest.
public struct KakaoBookSearchResponse: Sendable, Hashable, Decodable {
    /// The page's books, in Kakao's order (at most the `size` asked for).
    public var documents: [KakaoBook]
    /// Whether this is the last page, and how many books there are.
    public var meta: KakaoBookSearchMeta

    /// Creates a response; every parameter is the property of the same name.
    public init(documents: [KakaoBook], meta: KakaoBookSearchMeta) {
        self.documents = documents
        self.meta = meta
    }

    private enum CodingKeys: String, CodingKey {
        case documents, meta
    }

    /// Decodes Kakao's envelope; a missing or `null` `documents` is an empty page, a missing `meta` fails.
    /// - Throws: `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        documents = try container.decodeIfPresent([KakaoBook].self, forKey: .documents) ?? []
        meta = try container.decode(KakaoBookSearchMeta.self, forKey: .meta)
    }
}

/// `meta` of a Kakao book search.
public struct KakaoBookSearchMeta: Sendable, Hashable, Decodable {
    /// Kakao's `is_end`: `true` when this page is the last one that can be asked for, so there is no "Next".
    public var isEnd: Bool
    /// Kakao's `pageable_count`: how many of the matches can be paged through (Kakao stops at 1,000 or so).
    public var pageableCount: Int
    /// Kakao's `total_count`: how many books match.
    public var totalCount: Int

    /// Creates the metadata; every parameter is the property of the same name.
    public init(isEnd: Bool, pageableCount: Int, totalCount: Int) {
        self.isEnd = isEnd
        self.pageableCount = pageableCount
        self.totalCount = totalCount
    }

    private enum CodingKeys: String, CodingKey {
        case isEnd = "is_end"
        case pageableCount = "pageable_count"
        case totalCount = "total_count"
    }
}
