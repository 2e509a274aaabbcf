import HTML

/// The 검색 (search) tab: a query box, one page of results, and Previous/Next as Kakao's `is_end` allows (the
/// tutorial's search view).
public enum SearchPage {
    /// Renders the search tab.
    ///
    /// Offline, a banner says the books come from the app's bundled Kakao responses and lists the queries they
    /// answer. Each result shows its cover (or the placeholder), title, authors joined and the price in won (the
    /// sale price when there is one), and links to its detail page with the query and page, so Close comes back
    /// here. Without a query only the box is shown.
    /// - Parameters:
    ///   - query: The query as typed (shown back in the box); `""` for none.
    ///   - result: The page of results; `nil` when nothing was searched.
    ///   - isOffline: Whether searches run on the bundled responses.
    ///   - bundledQueries: The queries the bundled responses answer, for the offline banner.
    ///   - savedCount: Saved books, for the saved tab's label; `nil` to leave it out.
    /// - Returns: A complete HTML document.
    public static func render(
        query: String,
        result: BookSearchResult?,
        isOffline: Bool,
        bundledQueries: [String] = [],
        savedCount: Int? = nil
    ) -> String {
        let offlineBanner: HTMLFragment? = isOffline ? offlineNotice(bundledQueries: bundledQueries) : nil
        let content: HTMLFragment = """
            <h1>검색</h1>
            \(offlineBanner)
            <form class="search-form" method="get" action="\(BookStorePaths.search)" role="search">
            <label for="query">책 검색</label>
            <input id="query" name="\(BookStorePaths.queryField)" type="search" value="\(query)" required \
            maxlength="200" placeholder="제목, 저자, 출판사, ISBN">
            <button type="submit">검색</button>
            </form>
            \(result.map(results))
            """
        return BookStoreLayout.page(
            title: query.isEmpty ? "검색" : "“\(query)” 검색", tab: .search, savedCount: savedCount, content: content
        )
    }

    /// The offline banner.
    static func offlineNotice(bundledQueries: [String]) -> HTMLFragment {
        let queries = bundledQueries.map { query -> HTMLFragment in
            "<a href=\"\(BookStorePaths.search(query: query))\">\(query)</a>"
        }
        let list: HTMLFragment? = queries.isEmpty ? nil : " 저장된 검색어: \(queries.joined(separator: ", "))."
        return """
            <p class="notice warning offline" role="status"><strong>오프라인</strong> — 카카오 REST API 키가 없어, \
            앱에 담긴 실제 카카오 응답으로만 검색합니다.\(list)</p>
            """
    }

    /// The results section: a summary, the rows, the pager; or why there are none.
    static func results(_ result: BookSearchResult) -> HTMLFragment {
        let body: HTMLFragment
        if let miss = result.offlineMiss {
            body = "<p class=\"empty\">\(missMessage(miss, result: result))</p>"
        } else if result.books.isEmpty {
            body = "<p class=\"empty\">“\(result.query)” 검색 결과가 없습니다.</p>"
        } else {
            let rows = result.books.map { book -> HTMLFragment in
                let info = BookInfo(book)
                return BookRow.row(
                    info, href: BookStorePaths.book(isbn: info.isbn, query: result.query, page: result.page))
            }
            body = """
                <p class="results-summary">“\(result.query)” 검색 결과 \(WonFormat.count(result.totalCount))권 · \
                \(result.page)쪽</p>
                <ol class="books">
                \(rows.joined(separator: "\n"))
                </ol>
                """
        }
        return """
            <section class="card results" aria-label="검색 결과">
            \(body)
            \(pager(result))
            </section>
            """
    }

    /// Previous and Next, as `page` and `is_end` allow — offline, Next only when the bundled responses hold the
    /// next page, and otherwise a line saying more results need a Kakao key; `nil` when there is none of these.
    static func pager(_ result: BookSearchResult) -> HTMLFragment? {
        let more: HTMLFragment? =
            result.moreNeedKakaoKey
            ? "<p class=\"muted more-offline\">더 많은 결과는 Kakao REST API 키가 있어야 볼 수 있습니다.</p>"
            : nil
        guard result.hasPrevious || result.hasNext else { return more }
        let previous: HTMLFragment =
            result.hasPrevious
            ? "<a class=\"button secondary\" rel=\"prev\" href=\"\(BookStorePaths.search(query: result.query, page: result.page - 1))\">이전</a>"
            : "<span></span>"
        let next: HTMLFragment =
            result.hasNext
            ? "<a class=\"button secondary\" rel=\"next\" href=\"\(BookStorePaths.search(query: result.query, page: result.page + 1))\">다음</a>"
            : "<span></span>"
        return """
            <nav class="pager" aria-label="검색 결과 페이지">\(previous)<span class="current">\(result.page)쪽</span>\(next)</nav>
            \(more)
            """
    }

    /// Why an offline search shows nothing.
    static func missMessage(_ miss: BookSearchResult.OfflineMiss, result: BookSearchResult) -> String {
        switch miss {
        case .query(let bundled):
            let list = bundled.isEmpty ? "" : " 오프라인에서 검색할 수 있는 검색어: \(bundled.joined(separator: ", "))."
            return "오프라인에서는 “\(result.query)”의 검색 결과가 없습니다. 앱에 담긴 카카오 응답에 이 검색어가 없습니다.\(list)"
        case .page(let pages):
            let list = pages.map { "\($0)쪽" }.joined(separator: ", ")
            return "오프라인에서는 “\(result.query)”의 \(result.page)쪽이 없습니다. 앱에 담긴 카카오 응답은 \(list)뿐입니다."
        }
    }
}
