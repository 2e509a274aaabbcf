import HTML

/// The BookStore's two tabs, as in the tutorial's `TabView`: 검색 (search) and 담은 책 리스트 (saved books).
public enum BookStoreTab: Sendable, Hashable, CaseIterable {
    /// 검색: the query box and results (`/books`).
    case search
    /// 담은 책 리스트: the saved books (`/books/saved`).
    case saved

    /// The header tabs for a BookStore page.
    /// - Parameters:
    ///   - current: The tab the page belongs to.
    ///   - savedCount: How many books are saved, shown as `담은 책 리스트 (2)`; `nil` shows just the name.
    /// - Returns: 검색 then 담은 책 리스트.
    public static func navigation(current: BookStoreTab, savedCount: Int?) -> [NavigationLink] {
        [
            NavigationLink(title: "검색", href: BookStorePaths.search, isCurrent: current == .search),
            NavigationLink(
                title: savedCount.map { "담은 책 리스트 (\($0))" } ?? "담은 책 리스트",
                href: BookStorePaths.saved,
                isCurrent: current == .saved
            ),
        ]
    }
}
