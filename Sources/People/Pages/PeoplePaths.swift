/// The People app's URLs, shared by the pages and the routes.
public enum PeoplePaths {
    /// `GET`: the list (데이터) with the form to add someone. `POST` with `name` and `age`: add (추가하기).
    public static let list = "/people"
    /// The JSON API's collection.
    public static let api = "/api/people"

    /// `POST` with `name` and `age`: save an edit.
    public static func person(_ id: String) -> String { "/people/\(id)" }
    /// `GET`: the form to edit a person.
    public static func edit(_ id: String) -> String { "/people/\(id)/edit" }
    /// `GET`: the confirmation page for deleting a person. `POST`: delete them.
    public static func delete(_ id: String) -> String { "/people/\(id)/delete" }
}
