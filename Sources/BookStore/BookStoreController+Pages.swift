import Foundation
import HTTP
import Networking

/// The BookStore's pages: search, detail, saved books, and the forms that change the saved books.
extension BookStoreController {
    /// `GET /books[?query=…&page=N]`: the search tab, with that page of results when there is a query.
    public func searchPage(_ request: HTTPRequest) async -> HTTPResponse {
        let parameters: SearchParameters
        switch Self.searchParameters(request) {
        case .success(let checked): parameters = checked
        case .failure(let problem):
            return .html(
                BookStoreErrorPage.render(
                    title: "잘못된 검색", message: "검색할 수 없습니다: \(problem.message).", savedCount: marked.books.count
                ), status: .badRequest)
        }
        guard !parameters.query.isEmpty else {
            return .html(
                SearchPage.render(
                    query: "", result: nil, isOffline: search.isOffline, bundledQueries: bundledQueries,
                    savedCount: marked.books.count
                ))
        }
        do {
            let result = try await search.searchBooks(query: parameters.query, page: parameters.page)
            return .html(
                SearchPage.render(
                    query: parameters.query, result: result, isOffline: search.isOffline,
                    bundledQueries: bundledQueries,
                    savedCount: marked.books.count
                ))
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `GET /books/book/{isbn}?query=…&page=N` (from the results) or `?from=saved`: the detail page, with the
    /// notice Save left for it.
    public func detailPage(_ request: HTTPRequest) async -> HTTPResponse {
        let notice = notices.take(for: request)
        let isbn = request.pathParameters[BookStorePaths.isbnField] ?? ""
        do {
            if request.query(BookStorePaths.fromField) == "saved" {
                try marked.fetchBooks()
                guard let saved = try marked.savedBook(isbn: isbn) else {
                    return noStore(notSavedPage())
                }
                return noStore(
                    .html(
                        DetailPage.render(
                            book: saved.info, origin: .saved, notice: notice, savedCount: marked.books.count
                        )))
            }
            let (query, pageNumber) = returnPoint(
                request.query(BookStorePaths.queryField), request.query(BookStorePaths.pageField))
            guard let book = try await search.book(isbn: isbn, query: query, page: pageNumber) else {
                return noStore(
                    .html(
                        BookStoreErrorPage.render(
                            title: "책을 찾을 수 없습니다", message: "ISBN \(isbn)인 책을 찾지 못했습니다.",
                            savedCount: marked.books.count,
                            link: ("검색으로 돌아가기", BookStorePaths.search(query: query, page: pageNumber))
                        ), status: .notFound))
            }
            return noStore(
                .html(
                    DetailPage.render(
                        book: BookInfo(book), origin: .search(query: query, page: pageNumber), notice: notice,
                        isOffline: search.isOffline, savedCount: marked.books.count
                    )))
        } catch {
            return noStore(failurePage(error, request: request))
        }
    }

    /// `POST /books/saved` with `isbn` (and `query`, `page`): saves the book (담기), then redirects to its detail
    /// page, which says 책이 리스트에 추가되었습니다 or 이미 담긴 책입니다.
    public func saveForm(_ request: HTTPRequest) async -> HTTPResponse {
        let form = request.formValues()
        let isbn = (form[BookStorePaths.isbnField] ?? "").trimmingCharacters(in: .whitespaces)
        guard !isbn.isEmpty else {
            return .html(
                BookStoreErrorPage.render(
                    title: "잘못된 요청", message: "담을 책의 ISBN이 없습니다.", savedCount: marked.books.count
                ), status: .badRequest)
        }
        let (query, pageNumber) = returnPoint(form[BookStorePaths.queryField], form[BookStorePaths.pageField])
        do {
            guard let book = try await search.book(isbn: isbn, query: query, page: pageNumber) else {
                return .html(
                    BookStoreErrorPage.render(
                        title: "책을 찾을 수 없습니다", message: "ISBN \(isbn)인 책을 찾지 못했습니다.", savedCount: marked.books.count
                    ), status: .notFound)
            }
            let notice: BookStoreNotice =
                switch try marked.addBook(book) {
                case .added: .added
                case .alreadySaved: .alreadySaved
                }
            return notices.redirect(
                to: BookStorePaths.book(isbn: book.isbn, query: query, page: pageNumber), with: notice)
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `GET /books/saved`: the saved books with Undo, Redo and delete-all.
    public func savedPage(_ request: HTTPRequest) async -> HTTPResponse {
        let notice = notices.take(for: request)
        do {
            try marked.fetchBooks()
            return noStore(
                .html(
                    MarkedBookListPage.render(
                        books: marked.infos, canUndo: marked.canUndo, canRedo: marked.canRedo, notice: notice
                    )))
        } catch {
            return noStore(failurePage(error, request: request))
        }
    }

    /// `GET /books/saved/{isbn}/delete`: asks to confirm deleting one saved book; 404 when it is not saved.
    public func confirmDeletePage(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try marked.fetchBooks()
            guard let saved = try marked.savedBook(isbn: request.pathParameters[BookStorePaths.isbnField] ?? "") else {
                return notSavedPage()
            }
            return .html(BookConfirmPage.renderDelete(book: saved.info, savedCount: marked.books.count))
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `POST /books/saved/{isbn}/delete`: deletes it, then redirects to the list (which says so, or that it was
    /// already gone).
    public func deleteForm(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            let notice: BookStoreNotice =
                try marked.deleteBook(isbn: request.pathParameters[BookStorePaths.isbnField] ?? "")
                .map { .deleted(title: $0.title) } ?? .noLongerSaved
            return notices.redirect(to: BookStorePaths.saved, with: notice)
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `GET /books/saved/delete-all`: asks to confirm deleting every saved book, or says 담은 책이 없습니다.
    public func confirmDeleteAllPage(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try marked.fetchBooks()
            return .html(BookConfirmPage.renderDeleteAll(count: marked.books.count))
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `POST /books/saved/delete-all`: deletes every saved book, then redirects to the list.
    public func deleteAllForm(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            let count = try marked.deleteAllBooks()
            return notices.redirect(
                to: BookStorePaths.saved, with: count == 0 ? .nothingSaved : .deletedAll(count: count))
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `POST /books/saved/undo`: undoes the last change, then redirects to the list.
    public func undoForm(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            return notices.redirect(to: BookStorePaths.saved, with: try marked.undo() ? .undone : .nothingToUndo)
        } catch {
            return failurePage(error, request: request)
        }
    }

    /// `POST /books/saved/redo`: redoes the last undone change, then redirects to the list.
    public func redoForm(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            return notices.redirect(to: BookStorePaths.saved, with: try marked.redo() ? .redone : .nothingToRedo)
        } catch {
            return failurePage(error, request: request)
        }
    }

    // MARK: Helpers

    /// The results page to come back to: the query trimmed (`""` for none) and the page (1 unless a valid one).
    func returnPoint(_ query: String?, _ page: String?) -> (query: String, page: Int) {
        let query = String(
            (query ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.maximumQueryLength))
        let number = page.flatMap { Int($0) }.flatMap { (1...KakaoBookClient.maximumPage).contains($0) ? $0 : nil } ?? 1
        return (query, number)
    }

    /// `response` with `Cache-Control: no-store`: a page that may show a one-time notice, and always shows the
    /// current saved books, is never kept for the back button or a reload.
    func noStore(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// 404: the book is not among the saved books (deleted meanwhile, or never saved).
    func notSavedPage() -> HTTPResponse {
        .html(
            BookStoreErrorPage.render(
                title: "담은 책이 아닙니다", message: "그 책은 담은 책 리스트에 없습니다.", tab: .saved, savedCount: marked.books.count,
                link: ("담은 책 리스트로", BookStorePaths.saved)
            ), status: .notFound)
    }

    /// The failure as a page in the layout.
    func failurePage(_ error: any Error, request: HTTPRequest) -> HTTPResponse {
        let failure = failure(error, request: request)
        return .html(
            BookStoreErrorPage.render(
                title: failure.title, message: failure.message, savedCount: marked.books.count,
                link: failure.status == .internalServerError
                    ? ("검색으로 돌아가기", BookStorePaths.search) : ("담은 책 리스트로", BookStorePaths.saved)
            ), status: failure.status)
    }
}
