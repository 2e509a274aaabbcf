import Networking

/// One page of a book search, as the search page and `GET /api/books/search` show it.
public struct BookSearchResult: Sendable, Hashable {
    /// Why an offline search has no books: the bundled responses do not hold this request.
    public enum OfflineMiss: Sendable, Hashable {
        /// No bundled response is for this query; `bundledQueries` are those there are.
        case query(bundledQueries: [String])
        /// A bundled response is for this query, but not for this page; `bundledPages` are those there are.
        case page(bundledPages: [Int])
    }

    /// What was searched for.
    public var query: String
    /// The page number, from 1.
    public var page: Int
    /// The page's books, in Kakao's order.
    public var books: [KakaoBook]
    /// Kakao's `is_end`: no page after this one. Also `true` for an offline miss (nothing further can be shown).
    public var isEnd: Bool
    /// Kakao's `total_count`: how many books match (0 for a query the bundled responses do not know).
    public var totalCount: Int
    /// Whether this came from the bundled responses.
    public var isOffline: Bool
    /// For an offline page the bundled responses do not hold: why it is empty. `nil` otherwise (a real empty
    /// result from Kakao, or from a bundled response, has no miss).
    public var offlineMiss: OfflineMiss?
    /// Offline: whether the bundled responses hold the next page of this query. `nil` online (Kakao serves every
    /// page up to ``Networking/KakaoBookClient/maximumPage``).
    public var nextPageIsBundled: Bool?

    /// Creates a page; every parameter is the property of the same name.
    public init(
        query: String, page: Int, books: [KakaoBook], isEnd: Bool, totalCount: Int, isOffline: Bool,
        offlineMiss: OfflineMiss? = nil, nextPageIsBundled: Bool? = nil
    ) {
        self.query = query
        self.page = page
        self.books = books
        self.isEnd = isEnd
        self.totalCount = totalCount
        self.isOffline = isOffline
        self.offlineMiss = offlineMiss
        self.nextPageIsBundled = nextPageIsBundled
    }

    /// Whether there is a page before this one to link to.
    public var hasPrevious: Bool { page > 1 }

    /// Whether Kakao has a page after this one that it serves: not `is_end`, and within its 50 pages.
    public var kakaoHasNext: Bool { !isEnd && page < KakaoBookClient.maximumPage }

    /// Whether there is a page after this one to link to: Kakao has one and, offline, the bundled responses hold it
    /// (the API's `nextPageAvailable`).
    public var hasNext: Bool { kakaoHasNext && nextPageIsBundled != false }

    /// Offline, Kakao has more results than the bundled responses hold: the next page needs a Kakao REST API key.
    public var moreNeedKakaoKey: Bool { kakaoHasNext && nextPageIsBundled == false }
}
