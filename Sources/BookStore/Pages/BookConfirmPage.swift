import HTML

/// Confirmation pages for deleting saved books: the tutorial's delete alerts, as a page with a `POST` form and a
/// cancel link, so they work without JavaScript.
public enum BookConfirmPage {
    /// Asks whether to delete one saved book.
    /// - Parameters:
    ///   - book: The saved book.
    ///   - savedCount: Saved books, for the tab's label.
    /// - Returns: A complete HTML document with a form posting to ``BookStorePaths/deleteBook(isbn:)`` and
    ///   "취소" (cancel) back to the list.
    public static func renderDelete(book: BookInfo, savedCount: Int?) -> String {
        page(
            title: "책을 삭제할까요?",
            content: """
                <h1>책을 삭제할까요?</h1>
                <section class="card">
                <p>“\(book.title)” 책을 담은 책 리스트에서 삭제할까요?</p>
                <div class="actions">
                <form method="post" action="\(BookStorePaths.deleteBook(isbn: book.isbn))">
                <button class="danger" type="submit">삭제</button>
                </form>
                <a class="button secondary" href="\(BookStorePaths.saved)">취소</a>
                </div>
                </section>
                """,
            savedCount: savedCount
        )
    }

    /// Asks whether to delete every saved book, or says 담은 책이 없습니다 when there is none.
    /// - Parameter count: Saved books now.
    /// - Returns: A complete HTML document.
    public static func renderDeleteAll(count: Int) -> String {
        if count <= 0 {
            return page(
                title: "전체 삭제",
                content: """
                    <h1>전체 삭제</h1>
                    <section class="card">
                    <p class="empty">\(BookStoreNotice.nothingSaved.message)</p>
                    <div class="actions"><a class="button secondary" href="\(BookStorePaths.saved)">돌아가기</a></div>
                    </section>
                    """,
                savedCount: 0
            )
        }
        return page(
            title: "모두 삭제할까요?",
            content: """
                <h1>모두 삭제할까요?</h1>
                <section class="card">
                <p>담은 책 \(WonFormat.count(count))권을 모두 삭제할까요?</p>
                <div class="actions">
                <form method="post" action="\(BookStorePaths.deleteAll)">
                <button class="danger" type="submit">모두 삭제</button>
                </form>
                <a class="button secondary" href="\(BookStorePaths.saved)">취소</a>
                </div>
                </section>
                """,
            savedCount: count
        )
    }

    private static func page(title: String, content: HTMLFragment, savedCount: Int?) -> String {
        BookStoreLayout.page(title: title, tab: .saved, savedCount: savedCount, content: content)
    }
}
