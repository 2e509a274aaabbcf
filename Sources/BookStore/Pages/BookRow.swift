import HTML

/// The markup a book gets wherever it is listed: its cover, its price, and the row of the search results and of
/// the saved books.
enum BookRow {
    /// The cover: the thumbnail as an `<img alt="">` over the placeholder (the title is always next to it, so the
    /// picture is decorative). A thumbnail that is not an `http(s)` URL is not used; the image is loaded lazily and
    /// without a referrer, so Kakao's image host learns nothing of the page or the query.
    static func cover(_ book: BookInfo, large: Bool = false) -> HTMLFragment {
        let size: HTMLFragment = large ? "width=\"120\" height=\"174\"" : "width=\"60\" height=\"87\""
        let image: HTMLFragment? = HTML.safeURL(book.thumbnail).map { url in
            "<img src=\"\(url)\" alt=\"\" \(size) loading=\"lazy\" referrerpolicy=\"no-referrer\">"
        }
        return "<span class=\"cover\(large ? " large" : "")\">\(image)</span>"
    }

    /// The price: `14,900원`, or with a sale price `정가 14,900원` (struck through) and `판매가 13,410원`;
    /// `가격 정보 없음` when Kakao's price is 0 and there is no sale price.
    static func price(_ book: BookInfo) -> HTMLFragment {
        switch (book.price, book.salePrice) {
        case (0, nil):
            return "<span class=\"price muted\">가격 정보 없음</span>"
        case (let price, nil):
            return "<span class=\"price\"><span class=\"list-price\">\(WonFormat.won(price))</span></span>"
        case (let price, let sale?):
            return """
                <span class="price"><span class="list-price discounted">정가 \(WonFormat.won(price))</span> \
                <span class="sale-price">판매가 \(WonFormat.won(sale))</span></span>
                """
        }
    }

    /// One row: the cover and text, all one link to `href` (one stop for the keyboard), and an optional trailing
    /// control (the saved list's delete link).
    static func row(_ book: BookInfo, href: String, trailing: HTMLFragment? = nil) -> HTMLFragment {
        let authors = book.authors.isEmpty ? "저자 정보 없음" : book.authors
        return """
            <li class="book"><a class="book-link" href="\(href)">\(cover(book))<span class="book-text">\
            <span class="title">\(book.title)</span><span class="authors">\(authors)</span>\
            \(price(book))</span></a>\(trailing)</li>
            """
    }
}
