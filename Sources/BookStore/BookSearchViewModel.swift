import Foundation
import Networking
import Observation

/// The search tab's state and operations: the tutorial's search view model, over a ``BookCatalog``.
///
/// Recent pages are kept (the last ``cacheLimit``), so opening a book from the results, closing it and saving it
/// do not ask Kakao again for the page the user is looking at. Failures are not kept: the next request tries again.
@MainActor
@Observable
public final class BookSearchViewModel {
    /// Books per page when the caller does not say: 10, as in the tutorial.
    public static let pageSize = 10
    /// How many recent pages are kept.
    public static let cacheLimit = 64

    /// Where the books come from.
    @ObservationIgnored public let catalog: any BookCatalog
    /// The last page searched, for a view that shows it.
    public private(set) var result: BookSearchResult?

    private struct Key: Hashable {
        var query: String
        var page: Int
        var size: Int
    }

    @ObservationIgnored private var recent: [Key: BookSearchResult] = [:]
    @ObservationIgnored private var recentOrder: [Key] = []

    /// A view model over `catalog`.
    public init(catalog: any BookCatalog) {
        self.catalog = catalog
    }

    /// Whether searches run on the bundled responses.
    public var isOffline: Bool { catalog.isOffline }

    /// One page of books for `query`: a kept page when there is one, otherwise the catalog's.
    /// - Parameters:
    ///   - query: What to search for; surrounding whitespace is ignored. Must not be empty (the caller checks).
    ///   - page: 1...50.
    ///   - size: 1...50; ``pageSize`` by default.
    /// - Throws: ``Networking/KakaoError`` when Kakao cannot answer.
    public func searchBooks(query: String, page: Int = 1, size: Int = BookSearchViewModel.pageSize) async throws
        -> BookSearchResult
    {
        let key = Key(query: query.trimmingCharacters(in: .whitespacesAndNewlines), page: page, size: size)
        if let kept = recent[key] {
            result = kept
            return kept
        }
        let fresh = try await catalog.search(query: key.query, page: page, size: size)
        keep(fresh, for: key)
        result = fresh
        return fresh
    }

    /// The book with `isbn`: from the results page the user came from when given (`query`, `page`), so the book
    /// shown is the one they clicked; otherwise (or when that page no longer has it) the catalog's ISBN lookup.
    /// - Throws: ``Networking/KakaoError`` when Kakao cannot answer.
    public func book(isbn: String, query: String? = nil, page: Int? = nil) async throws -> KakaoBook? {
        if let query, !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, let page,
            (1...KakaoBookClient.maximumPage).contains(page),
            let found = try await searchBooks(query: query, page: page).books.first(where: { $0.hasISBN(isbn) })
        {
            return found
        }
        return try await catalog.book(isbn: isbn)
    }

    private func keep(_ result: BookSearchResult, for key: Key) {
        if recent.updateValue(result, forKey: key) == nil { recentOrder.append(key) }
        while recentOrder.count > Self.cacheLimit {
            recent[recentOrder.removeFirst()] = nil
        }
    }
}
