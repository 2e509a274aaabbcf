import HTML

/// The static files the BookStore's pages refer to; ``BookStoreRoutes`` serves them at their paths with a long cache
/// lifetime, and pages link their fingerprinted ``HTML/StaticAsset/url``.
///
/// They are files rather than inline `<style>` so that pages satisfy the showcase's `Content-Security-Policy`
/// (`style-src 'self'`); the pages need no JavaScript at all.
public enum BookStoreAssets {
    /// Every file ``BookStoreRoutes`` serves for the pages: ``stylesheet`` and ``coverPlaceholder``.
    public static var all: [StaticAsset] { [stylesheet, coverPlaceholder] }

    /// `/static/books.css`: the BookStore's own rules, on top of the showcase layout's (whose colour variables they
    /// use, so both colour schemes follow): book rows with a cover, the search box, the pager, the detail page's
    /// facts. Covers are drawn over ``coverPlaceholder`` (named by its fingerprinted URL, so a new picture makes a
    /// new stylesheet URL too): a missing cover leaves the placeholder showing, and one that cannot load is covered
    /// by its `::after` (which browsers draw only for an image that failed), without JavaScript. Nothing is wider
    /// than the column: long titles and ISBNs wrap.
    public static let stylesheet = StaticAsset(
        path: "/static/books.css",
        contentType: "text/css; charset=utf-8",
        content: """
            .search-form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:1rem 0}
            .search-form label{flex-basis:100%;font-weight:600}
            .search-form input{flex:1 1 12rem;min-width:0;font:inherit;padding:.5rem .75rem;\
            border:1px solid var(--muted);border-radius:8px;background:var(--card);color:var(--fg)}
            .books{list-style:none;margin:0;padding:0}
            .books>li{display:flex;gap:.75rem;align-items:flex-start;padding:.75rem 0;\
            border-bottom:1px solid var(--line)}
            .books>li:last-child{border-bottom:0}
            .book-link{display:flex;gap:.75rem;flex:1 1 auto;min-width:0;color:inherit;text-decoration:none;\
            border-radius:8px}
            .book-link .title{color:var(--accent);font-weight:600}
            .book-link:hover .title{text-decoration:underline}
            .book-text{display:flex;flex-direction:column;gap:.15rem;min-width:0;overflow-wrap:anywhere}
            .book-text .authors,.book-text .publisher{color:var(--muted)}
            .cover{flex:none;display:block;width:60px;height:87px;border-radius:4px;overflow:hidden;\
            background:var(--line) url("\(coverPlaceholder.url)") center/cover no-repeat}
            .cover img{position:relative;display:block;width:100%;height:100%;object-fit:cover;border-radius:0}
            .cover img::after{content:"";position:absolute;inset:0;\
            background:var(--line) url("\(coverPlaceholder.url)") center/cover no-repeat}
            .cover.large{width:120px;height:174px;margin:0 0 1rem}
            .price .list-price,.price .sale-price{white-space:nowrap}
            .price .list-price.discounted{text-decoration:line-through;color:var(--muted)}
            .price .sale-price{font-weight:600}
            .results-summary{color:var(--muted)}
            .pager{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.5rem;\
            margin-top:1rem}
            .pager .current{color:var(--muted)}
            dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.25rem 1rem;margin:1rem 0}
            dl.facts dt{color:var(--muted)}
            dl.facts dd{margin:0;overflow-wrap:anywhere}
            .book-detail h1{overflow-wrap:anywhere}
            .contents{overflow-wrap:anywhere}
            .delete-link{flex:none;align-self:center}
            button:disabled{opacity:.55;cursor:not-allowed}
            .toolbar{margin:0 0 1rem}
            """
    )

    /// `/static/book-cover.svg`: a "no cover" picture (a closed book outline) on a transparent 120 × 174 canvas: the
    /// cover box's own background (the layout's `--line` colour) shows through, so it suits both colour schemes.
    /// Presentation attributes only, no `<style>`, so no style policy can blank it.
    public static let coverPlaceholder = StaticAsset(
        path: "/static/book-cover.svg",
        contentType: "image/svg+xml",
        content: """
            <svg xmlns="http://www.w3.org/2000/svg" width="120" height="174" viewBox="0 0 120 174" role="img" \
            aria-label="표지 없음">
            <rect x="32" y="52" width="56" height="70" rx="4" fill="none" stroke="#8e8e93" stroke-width="5"/>
            <rect x="32" y="52" width="12" height="70" rx="3" fill="#8e8e93"/>
            </svg>

            """
    )
}
