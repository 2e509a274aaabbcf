import HTML

/// A book's detail page (the tutorial's `DetailView`): title, authors, translators, publisher, date, cover, price,
/// contents, status; 닫기 (Close) and, from the search, 담기 (Save).
public enum DetailPage {
    /// Where the page was opened from, which decides where Close leads and whether there is a Save button.
    public enum Origin: Sendable, Hashable {
        /// The search results for `query`, page `page`: Close returns to them, Save is offered.
        case search(query: String, page: Int)
        /// The saved books: Close returns to them; there is nothing to save.
        case saved
    }

    /// Renders the detail page.
    ///
    /// Save is a form posting the ISBN (and the query and page, to come back to this page with its notice) to
    /// ``BookStorePaths/saved``. Kakao's contents is cut mid-sentence by Kakao, so it ends with "…" and a link to the
    /// book's Daum page when there is one.
    /// - Parameters:
    ///   - book: The book.
    ///   - origin: Where Close leads.
    ///   - notice: The banner after Save (책이 리스트에 추가되었습니다 / 이미 담긴 책입니다); `nil` for none.
    ///   - isOffline: Whether the book came from the bundled responses (said under the title).
    ///   - savedCount: Saved books, for the saved tab's label; `nil` to leave it out.
    /// - Returns: A complete HTML document.
    public static func render(
        book: BookInfo,
        origin: Origin,
        notice: BookStoreNotice? = nil,
        isOffline: Bool = false,
        savedCount: Int? = nil
    ) -> String {
        let closeHref: String
        let save: HTMLFragment?
        switch origin {
        case .search(let query, let page):
            closeHref = BookStorePaths.search(query: query, page: page)
            save = """
                <form method="post" action="\(BookStorePaths.saved)">
                <input type="hidden" name="\(BookStorePaths.isbnField)" value="\(book.isbn)">
                <input type="hidden" name="\(BookStorePaths.queryField)" value="\(query)">
                <input type="hidden" name="\(BookStorePaths.pageField)" value="\(page)">
                <button type="submit">담기</button>
                </form>
                """
        case .saved:
            closeHref = BookStorePaths.saved
            save = nil
        }
        let offlineLine: HTMLFragment? =
            isOffline && origin != .saved
            ? "<p class=\"muted\"><small>오프라인: 앱에 담긴 카카오 응답</small></p>" : nil
        let content: HTMLFragment = """
            \(notice?.banner)
            <article class="card book-detail">
            <h1>\(book.title)</h1>
            \(offlineLine)
            \(BookRow.cover(book, large: true))
            <dl class="facts">
            <dt>저자</dt><dd class="authors">\(orNone(book.authors))</dd>
            <dt>번역</dt><dd class="translators">\(orNone(book.translators))</dd>
            <dt>출판사</dt><dd class="publisher">\(orNone(book.publisher))</dd>
            <dt>출간일</dt><dd class="date">\(book.publishedOn ?? "정보 없음")</dd>
            <dt>가격</dt><dd>\(BookRow.price(book))</dd>
            <dt>판매 상태</dt><dd class="status">\(orNone(book.status))</dd>
            <dt>ISBN</dt><dd class="isbn">\(orNone(book.isbn))</dd>
            </dl>
            <h2>책 소개</h2>
            \(contents(book))
            <div class="actions">
            <a class="button secondary" href="\(closeHref)">닫기</a>
            \(save)
            </div>
            </article>
            """
        return BookStoreLayout.page(
            title: book.title, tab: origin == .saved ? .saved : .search, savedCount: savedCount, content: content
        )
    }

    /// The contents paragraph, marked as cut, with the Daum link when the URL is safe.
    static func contents(_ book: BookInfo) -> HTMLFragment {
        let more: HTMLFragment? = HTML.safeURL(book.url).map { url in
            " <a href=\"\(url)\" rel=\"noopener noreferrer\">Daum 책 정보에서 더 보기</a>"
        }
        guard !book.contents.isEmpty else {
            return "<p class=\"contents muted\">소개가 없습니다.\(more)</p>"
        }
        return "<p class=\"contents\">\(book.contents)…\(more)</p>"
    }

    private static func orNone(_ text: String) -> String {
        text.isEmpty ? "정보 없음" : text
    }
}
