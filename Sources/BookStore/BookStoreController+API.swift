import Foundation
import HTTP
import Networking

/// The BookStore's JSON API: search, and the saved books with undo and redo. Bodies are
/// `application/json; charset=utf-8` with camelCase keys, sorted; errors are `{"error": "…"}`.
extension BookStoreController {
    /// The body of `GET /api/books/search`.
    public struct SearchJSON: Codable, Sendable, Equatable {
        /// The page's books.
        public var books: [BookInfo]
        /// The page number.
        public var page: Int
        /// Kakao's `is_end`.
        public var isEnd: Bool
        /// Whether `page + 1` can be fetched here: Kakao has it and, offline, the bundled responses hold it
        /// (offline, `isEnd` can be `false` while this is `false`: the rest needs a Kakao REST API key).
        public var nextPageAvailable: Bool
        /// Kakao's `total_count`.
        public var totalCount: Int
        /// Whether the books come from the bundled responses.
        public var offline: Bool

        /// Creates the body; every parameter is the property of the same name.
        public init(books: [BookInfo], page: Int, isEnd: Bool, nextPageAvailable: Bool, totalCount: Int, offline: Bool)
        {
            self.books = books
            self.page = page
            self.isEnd = isEnd
            self.nextPageAvailable = nextPageAvailable
            self.totalCount = totalCount
            self.offline = offline
        }
    }

    /// The body of `GET /api/books/saved`, and of every change to the saved books.
    public struct SavedJSON: Codable, Sendable, Equatable {
        /// The saved books, oldest first.
        public var books: [BookInfo]
        /// Whether `POST /api/books/saved/undo` would undo something.
        public var canUndo: Bool
        /// Whether `POST /api/books/saved/redo` would redo something.
        public var canRedo: Bool

        /// Creates the body; every parameter is the property of the same name.
        public init(books: [BookInfo], canUndo: Bool, canRedo: Bool) {
            self.books = books
            self.canUndo = canUndo
            self.canRedo = canRedo
        }
    }

    /// The body `POST /api/books/saved` takes.
    public struct SaveJSON: Codable, Sendable {
        /// The book's ISBN-10 or ISBN-13.
        public var isbn: String
    }

    /// `GET /api/books/search?query=…&page=1&size=10`: one page; 400 without a query or with a page or size outside
    /// 1...50.
    public func searchJSON(_ request: HTTPRequest) async -> HTTPResponse {
        let parameters: SearchParameters
        switch Self.searchParameters(request) {
        case .success(let checked): parameters = checked
        case .failure(let problem): return .jsonError(problem.message, status: .badRequest)
        }
        guard !parameters.query.isEmpty else {
            return .jsonError(
                "the query parameter `query` is required, e.g. /api/books/search?query=우주", status: .badRequest)
        }
        do {
            let result = try await search.searchBooks(
                query: parameters.query, page: parameters.page, size: parameters.size)
            return .json(
                SearchJSON(
                    books: result.books.map(BookInfo.init), page: result.page, isEnd: result.isEnd,
                    nextPageAvailable: result.hasNext, totalCount: result.totalCount, offline: result.isOffline
                ))
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// `GET /api/books/saved`: the saved books, `canUndo`, `canRedo`.
    public func savedJSON(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try marked.fetchBooks()
            return savedList()
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// `POST /api/books/saved` `{"isbn": "…"}`: looks the book up (Kakao's `target=isbn` online, the bundled
    /// responses offline) and saves it: 201 with the list; 409 already saved; 404 no such book; 400 malformed, or an
    /// `isbn` that is not 10 or 13 digits (hyphens and spaces removed; an ISBN-10 may end in `X`). (A
    /// body that is not `application/json` is refused with 415 before this runs, by the server's
    /// ``HTTP/HTTPSecurityPolicy``.)
    public func saveJSON(_ request: HTTPRequest) async -> HTTPResponse {
        let example = #"{"isbn": "9788996991342"}"#
        let body: SaveJSON
        do {
            body = try StrictJSONDecoder().decode(SaveJSON.self, from: request.body)
        } catch {
            return .malformedJSON(error, example: example)
        }
        if let problem = ISBNFormat.problem(body.isbn) {
            return .malformedJSON(JSONInputError(problem), example: example)
        }
        do {
            guard let book = try await search.book(isbn: body.isbn) else {
                return .jsonError("no book with ISBN \(body.isbn)", status: .notFound)
            }
            switch try marked.addBook(book) {
            case .added: return savedList(status: .created)
            case .alreadySaved(let info):
                return .jsonError("“\(info.title)” (ISBN \(info.isbn)) is already saved", status: .conflict)
            }
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// `DELETE /api/books/saved/{isbn}`: 200 with the list; 404 when no saved book has that ISBN.
    public func deleteJSON(_ request: HTTPRequest) async -> HTTPResponse {
        let isbn = request.pathParameters[BookStorePaths.isbnField] ?? ""
        do {
            guard try marked.deleteBook(isbn: isbn) != nil else {
                return .jsonError("no saved book has ISBN \(isbn)", status: .notFound)
            }
            return savedList()
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// `DELETE /api/books/saved`: deletes every saved book; 200 with the (empty) list.
    public func deleteAllJSON(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try marked.deleteAllBooks()
            return savedList()
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// `POST /api/books/saved/undo`: 200 with the list; 409 when there is nothing to undo.
    public func undoJSON(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            guard try marked.undo() else { return .jsonError("there is nothing to undo", status: .conflict) }
            return savedList()
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// `POST /api/books/saved/redo`: 200 with the list; 409 when there is nothing to redo.
    public func redoJSON(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            guard try marked.redo() else { return .jsonError("there is nothing to redo", status: .conflict) }
            return savedList()
        } catch {
            return failureJSON(error, request: request)
        }
    }

    /// The saved books as JSON, as the view model holds them now.
    func savedList(status: HTTPStatus = .ok) -> HTTPResponse {
        .json(SavedJSON(books: marked.infos, canUndo: marked.canUndo, canRedo: marked.canRedo), status: status)
    }

    /// The failure as `{"error": …}`.
    func failureJSON(_ error: any Error, request: HTTPRequest) -> HTTPResponse {
        let failure = failure(error, request: request)
        return .jsonError(failure.apiMessage, status: failure.status)
    }
}
