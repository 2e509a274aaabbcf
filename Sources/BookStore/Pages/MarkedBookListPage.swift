import HTML

/// The 담은 책 리스트 (saved books) tab: the tutorial's list of saved books, with Undo, Redo and delete-all above
/// it and a delete link on each row.
public enum MarkedBookListPage {
    /// Renders the saved books.
    ///
    /// Undo and Redo are forms posting to ``BookStorePaths/undo`` and ``BookStorePaths/redo``; each button is
    /// `disabled` exactly when `canUndo` or `canRedo` is false. "전체 삭제" (delete all) links to its confirmation
    /// page, which says 담은 책이 없습니다 when there is nothing to delete. Each row links to the book's detail page
    /// and to its own delete confirmation. With no books the list is replaced by 담은 책이 없습니다.
    /// - Parameters:
    ///   - books: The saved books, in this order.
    ///   - canUndo: Whether Undo is enabled.
    ///   - canRedo: Whether Redo is enabled.
    ///   - notice: A banner above the list (after a delete, Undo or Redo); `nil` for none.
    /// - Returns: A complete HTML document.
    public static func render(books: [BookInfo], canUndo: Bool, canRedo: Bool, notice: BookStoreNotice? = nil) -> String
    {
        let list: HTMLFragment
        if books.isEmpty {
            list = "<p class=\"empty\">담은 책이 없습니다</p>"
        } else {
            let rows = books.map { book -> HTMLFragment in
                BookRow.row(
                    book,
                    href: BookStorePaths.savedBook(isbn: book.isbn),
                    trailing: """
                        <a class="delete-link" href="\(BookStorePaths.deleteBook(isbn: book.isbn))" \
                        aria-label="“\(book.title)” 삭제">삭제</a>
                        """
                )
            }
            list = """
                <ul class="books">
                \(rows.joined(separator: "\n"))
                </ul>
                """
        }
        let content: HTMLFragment = """
            \(notice?.banner)
            <h1>담은 책 리스트</h1>
            <div class="actions toolbar">
            <form method="post" action="\(BookStorePaths.undo)"><button type="submit" class="secondary" \
            id="undo"\(canUndo ? "" : " disabled")>Undo</button></form>
            <form method="post" action="\(BookStorePaths.redo)"><button type="submit" class="secondary" \
            id="redo"\(canRedo ? "" : " disabled")>Redo</button></form>
            <a class="button danger" href="\(BookStorePaths.deleteAll)">전체 삭제</a>
            </div>
            <section class="card saved-books" aria-label="담은 책">
            \(list)
            </section>
            """
        return BookStoreLayout.page(title: "담은 책 리스트", tab: .saved, savedCount: books.count, content: content)
    }
}
