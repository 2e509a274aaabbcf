import Foundation
import Networking

/// Where the BookStore's books come from: Kakao's book search (``KakaoBookCatalog``, with a REST API key) or the
/// real Kakao responses bundled with the app (``BundledBookCatalog``, offline).
///
/// Mirrors the tutorial's search: a query, a page, and Kakao's `is_end` deciding whether there is a next page.
public protocol BookCatalog: Sendable {
    /// Whether the books come from the bundled responses rather than from Kakao (pages and the API say so).
    var isOffline: Bool { get }

    /// One page of the books matching `query`.
    /// - Parameters:
    ///   - query: What the user typed (trimmed by the caller; not empty).
    ///   - page: 1...50.
    ///   - size: Books per page, 1...50.
    /// - Returns: The page; offline, an empty page that says why when the bundled responses do not answer it.
    /// - Throws: ``Networking/KakaoError`` when Kakao cannot answer.
    func search(query: String, page: Int, size: Int) async throws -> BookSearchResult

    /// The book with this ISBN (ISBN-10 or ISBN-13, hyphens ignored), or `nil` when there is none.
    /// - Throws: ``Networking/KakaoError`` when Kakao cannot answer.
    func book(isbn: String) async throws -> KakaoBook?
}
