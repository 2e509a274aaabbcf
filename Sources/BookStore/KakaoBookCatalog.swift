import Foundation
import Networking

/// The books of Kakao's live book search, through ``Networking/KakaoBookClient``.
public struct KakaoBookCatalog: BookCatalog {
    private let client: KakaoBookClient

    /// A catalog searching with `client`.
    public init(client: KakaoBookClient) {
        self.client = client
    }

    /// `false`: these are Kakao's answers.
    public var isOffline: Bool { false }

    /// Kakao's page: `GET /v3/search/book?query=…&sort=accuracy&page=…&size=…`.
    /// - Throws: ``Networking/KakaoError``.
    public func search(query: String, page: Int, size: Int) async throws -> BookSearchResult {
        let response = try await client.search(query, page: page, size: size)
        return BookSearchResult(
            query: query, page: page, books: response.documents, isEnd: response.meta.isEnd,
            totalCount: response.meta.totalCount, isOffline: false
        )
    }

    /// Kakao's search with `target=isbn`; the first book that really has this ISBN (Kakao's ISBN search can
    /// return near matches), or `nil`.
    /// - Throws: ``Networking/KakaoError``.
    public func book(isbn: String) async throws -> KakaoBook? {
        let code = KakaoBook.normalizedISBN(isbn)
        guard !code.isEmpty else { return nil }
        let response = try await client.search(code, page: 1, size: 10, target: .isbn)
        return response.documents.first { $0.hasISBN(code) }
    }
}
