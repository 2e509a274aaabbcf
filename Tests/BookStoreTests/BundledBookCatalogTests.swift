import BookStore
import Foundation
import Networking
import Testing

/// The offline catalog answers exactly the bundled requests, and says so when it cannot.
@Suite("BundledBookCatalog")
struct BundledBookCatalogTests {
    @Test("The four bundled responses, their queries, and what each answers")
    func bundledResponses() async throws {
        let catalog = try BundledBookCatalog()
        #expect(catalog.isOffline)
        #expect(catalog.bundledQueries == ["8996991341 9788996991342", "우주", "미움받을 용기", "이펙티브"])
        #expect(catalog.responses.map(\.body.documents.count) == [1, 10, 10, 5])

        let space = try await catalog.search(query: "우주", page: 1, size: 10)
        #expect(space.books.count == 10 && !space.isEnd && space.totalCount == 3750 && space.offlineMiss == nil)
        // Whatever size is asked, the response is served as saved.
        let effective = try await catalog.search(query: "이펙티브", page: 1, size: 10)
        #expect(effective.books.count == 5 && !effective.isEnd && effective.totalCount == 24)
        let one = try await catalog.search(query: "8996991341 9788996991342", page: 1, size: 10)
        #expect(one.books.map(\.isbn) == ["9788996991342"] && one.isEnd)
    }

    @Test("Queries are compared trimmed, whitespace collapsed, NFC, case-insensitively")
    func queryMatching() async throws {
        let catalog = try BundledBookCatalog()
        for query in ["  미움받을   용기 ", "미움받을\t용기", "미움받을 용기".decomposedStringWithCanonicalMapping] {
            #expect(
                try await catalog.search(query: query, page: 1, size: 10).books.count == 10, "\(query.debugDescription)"
            )
        }
        #expect(BundledBookCatalog.normalizedQuery(" Effective  C# ") == "effective c#")
    }

    @Test("Anything else is an empty page that says why, never a made-up book")
    func misses() async throws {
        let catalog = try BundledBookCatalog()
        let unknown = try await catalog.search(query: "해리포터", page: 1, size: 10)
        #expect(unknown.books.isEmpty && unknown.isEnd && unknown.totalCount == 0)
        #expect(unknown.offlineMiss == .query(bundledQueries: catalog.bundledQueries))
        let pageTwo = try await catalog.search(query: "우주", page: 2, size: 10)
        #expect(pageTwo.books.isEmpty && pageTwo.isEnd && pageTwo.totalCount == 3750)
        #expect(pageTwo.offlineMiss == .page(bundledPages: [1]))
        #expect(pageTwo.hasPrevious && !pageTwo.hasNext)
    }

    @Test("Books by ISBN-10 or ISBN-13, hyphens ignored; the ISBN response first")
    func byISBN() async throws {
        let catalog = try BundledBookCatalog()
        let byTen = try #require(try await catalog.book(isbn: "8996991341"))
        let byThirteen = try #require(try await catalog.book(isbn: "978-89-969913-4-2"))
        #expect(byTen == byThirteen)
        #expect(byTen.contents.hasPrefix("어릴 때부터"))  // from search-isbn-…json, listed first
        #expect(try await catalog.book(isbn: "9788996991359")?.isbns == ["9788996991359"])
        #expect(try await catalog.book(isbn: "480d150405880")?.title == "[samPle] 미움받을 용기")
        #expect(try await catalog.book(isbn: "9780000000000") == nil)
        #expect(try await catalog.book(isbn: "") == nil)
    }

    @Test("A broken folder is refused with a message naming the file")
    func brokenFolder() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: BookCatalogError.self) { try BundledBookCatalog(contentsOf: folder.url) }
        try Data(#"{"responses":[{"file":"a.json","query":"q","page":1,"size":10}]}"#.utf8).write(
            to: folder.file("index.json"))
        try Data(#"{"documents":[{"price":"x"}],"meta":{"is_end":true,"pageable_count":0,"total_count":0}}"#.utf8)
            .write(to: folder.file("a.json"))
        #expect {
            try BundledBookCatalog(contentsOf: folder.url)
        } throws: { error in
            guard case .decodingFailed(let file, let path, _) = error as? BookCatalogError else { return false }
            return file == "a.json" && path == "documents[0].price"
        }
        try Data(#"{"responses":[{"file":"../x.json","query":"q","page":1,"size":10}]}"#.utf8).write(
            to: folder.file("index.json"))
        #expect(throws: BookCatalogError.self) { try BundledBookCatalog(contentsOf: folder.url) }
    }
}
