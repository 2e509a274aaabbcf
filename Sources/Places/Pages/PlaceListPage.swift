import HTML

/// The list of places: the tutorial's `PlaceList` — each row the place's picture, its name, and a filled star when
/// it is interesting; "Find a Place" search and the star toggle that shows only interesting places.
public enum PlaceListPage {
    /// Renders the list.
    ///
    /// The search is a `GET` form (`search`, keeping `interested`); the star toggle is a link that flips
    /// `interested` and keeps the search, with `aria-pressed` and ☆/★ showing its state. (A link, not a form: a `GET`
    /// form with no fields left would lead to `/places?`.) Both work without JavaScript, and the URL always says what
    /// is shown, with no empty query.
    /// - Parameters:
    ///   - places: The places to show, in this order (sorted by name by the caller).
    ///   - searchText: The search as submitted (trimmed); empty for none.
    ///   - filterByInterested: Whether only interesting places are shown.
    ///   - totalCount: How many places there are in all, to tell "no match" from "no places".
    ///   - notice: A banner above the list; nil for none.
    /// - Returns: A complete HTML document.
    public static func render(
        places: [PlaceLine],
        searchText: String,
        filterByInterested: Bool,
        totalCount: Int,
        notice: PlaceNotice?
    ) -> String {
        let keepInterested: HTMLFragment? =
            filterByInterested ? "<input type=\"hidden\" name=\"interested\" value=\"true\">" : nil
        let flipped = PlacesPaths.list(searchText: searchText, filterByInterested: !filterByInterested)
        let star: HTMLFragment = filterByInterested ? "★" : "☆"
        let toolbar: HTMLFragment = """
            <div class="toolbar">
            <form class="search" method="get" action="\(PlacesPaths.list)" role="search">
            <label for="search">Find a Place</label>
            <div class="search-row">
            <input type="search" id="search" name="search" value="\(searchText)" maxlength="200">
            \(keepInterested)
            <button type="submit">Search</button>
            </div>
            </form>
            <a class="button toggle" role="button" href="\(flipped)" aria-pressed="\(filterByInterested ? "true" : "false")" \
            title="\(filterByInterested ? "Showing only interesting places: show all" : "Show only interesting places")">\
            <span class="star-glyph" aria-hidden="true">\(star)</span> Interested only</a>
            </div>
            """
        let rows = places.map { place -> HTMLFragment in
            let star: HTMLFragment? =
                place.interested
                ? "<span class=\"star\" aria-hidden=\"true\">★</span><span class=\"visually-hidden\">(interested)</span>"
                : nil
            return """
                <li><a href="\(PlacesPaths.place(place.id))">\
                <img src="\(PlacePicture.asset(for: place).url)" alt="" width="96" height="72">\
                <span class="name">\(place.name)</span>\(star)</a></li>
                """
        }
        let body: HTMLFragment
        if !places.isEmpty {
            body = "<ul class=\"places\">\n\(rows.joined(separator: "\n"))\n</ul>"
        } else if totalCount == 0 {
            body = """
                <p class="empty muted">There are no places yet.</p>
                <p><a href="\(PlacesPaths.new)">Add the first one.</a></p>
                """
        } else {
            body = """
                <p class="empty muted">No place matches.</p>
                <p><a href="\(PlacesPaths.list)">Show all \(totalCount) places.</a></p>
                """
        }
        let content: HTMLFragment = """
            \(notice?.banner)
            <div class="page-head"><h1>Places</h1><a class="button" href="\(PlacesPaths.new)">Add a place</a></div>
            \(toolbar)
            <p class="muted summary" role="status">\(summary(shown: places.count, total: totalCount, searchText: searchText, filterByInterested: filterByInterested))</p>
            <section class="card">
            \(body)
            </section>
            """
        return PlacesTab.page(title: "All places", current: .list, content: content)
    }

    /// "Showing 1 of 6 places: names containing “lu”, interested only."
    static func summary(shown: Int, total: Int, searchText: String, filterByInterested: Bool) -> String {
        let noun = total == 1 ? "place" : "places"
        var filters: [String] = []
        if !searchText.isEmpty { filters.append("names containing “\(searchText)”") }
        if filterByInterested { filters.append("interested only") }
        guard !filters.isEmpty else { return "\(total) \(noun), sorted by name." }
        return "Showing \(shown) of \(total) \(noun): \(filters.joined(separator: ", "))."
    }
}
