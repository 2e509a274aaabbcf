/// The BookStore's URLs, shared by the pages (which link and post to them) and the routes (its static files are
/// ``BookStoreAssets``).
public enum BookStorePaths {
    /// `GET`: the search tab; `?query=…&page=N` shows that page of results.
    public static let search = "/books"
    /// `GET`: the saved-books tab. `POST` with ``isbnField`` (and ``queryField``, ``pageField`` to come back to):
    /// save that book.
    public static let saved = "/books/saved"
    /// `GET`: the "delete all" confirmation page. `POST`: delete every saved book.
    public static let deleteAll = "/books/saved/delete-all"
    /// `POST`: undo the last change to the saved books.
    public static let undo = "/books/saved/undo"
    /// `POST`: redo the last undone change.
    public static let redo = "/books/saved/redo"

    /// The form field and query parameter naming a book by ISBN.
    public static let isbnField = "isbn"
    /// The query parameter (and form field) holding the search query.
    public static let queryField = "query"
    /// The query parameter (and form field) holding the results page.
    public static let pageField = "page"
    /// The query parameter saying a detail page was opened from the saved books (`from=saved`).
    public static let fromField = "from"

    /// The search tab showing `query`'s results page `page`.
    /// - Returns: `/books?query=…&page=N` (query percent-encoded), or `/books` for an empty query.
    public static func search(query: String, page: Int = 1) -> String {
        query.isEmpty ? search : search + "?" + encodedQuery([(queryField, query), (pageField, String(page))])
    }

    /// A book's detail page, opened from the results `query`, page `page`; Close returns there.
    /// - Returns: `/books/book/{isbn}?query=…&page=N`, or `/books/book/{isbn}` without a query.
    public static func book(isbn: String, query: String, page: Int) -> String {
        let path = "/books/book/" + encodedSegment(isbn)
        return query.isEmpty ? path : path + "?" + encodedQuery([(queryField, query), (pageField, String(page))])
    }

    /// A saved book's detail page, opened from the saved books; Close returns there.
    /// - Returns: `/books/book/{isbn}?from=saved`.
    public static func savedBook(isbn: String) -> String {
        "/books/book/" + encodedSegment(isbn) + "?" + encodedQuery([(fromField, "saved")])
    }

    /// `GET`: the confirmation page for deleting one saved book. `POST`: delete it.
    /// - Returns: `/books/saved/{isbn}/delete`.
    public static func deleteBook(isbn: String) -> String {
        "/books/saved/" + encodedSegment(isbn) + "/delete"
    }

    /// `name=value&…`, each percent-encoded (only unreserved characters left as they are).
    static func encodedQuery(_ items: [(String, String)]) -> String {
        items.map { "\(encodedSegment($0.0))=\(encodedSegment($0.1))" }.joined(separator: "&")
    }

    /// `text` percent-encoded as UTF-8, leaving only `A–Z a–z 0–9 - . _ ~`.
    static func encodedSegment(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return encoded
    }
}
