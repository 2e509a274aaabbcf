import HTML

/// The form to edit one person, found by its ID (not by its row number).
public enum PersonEditPage {
    /// Renders the form for `person`.
    /// - Parameters:
    ///   - person: The person as saved (for the heading and the form's target).
    ///   - form: The values to show, as typed.
    ///   - errors: Problems next to the fields; empty for none.
    /// - Returns: A complete HTML document with a form posting to ``PeoplePaths/person(_:)``.
    public static func render(person: PersonLine, form: PersonForm, errors: PersonFormErrors = PersonFormErrors())
        -> String
    {
        let summary: HTMLFragment? =
            errors.isEmpty
            ? nil
            : "<p class=\"notice warning\" role=\"alert\">\(errors.summary) Nothing was saved; correct the fields marked below.</p>"
        let content: HTMLFragment = """
            <h1>Edit “\(person.name)”</h1>
            \(summary)
            <form class="card fields" method="post" action="\(PeoplePaths.person(person.id))" novalidate>
            \(PeopleLayout.fields(form, errors))\
            <div class="actions"><button type="submit">Save</button>\
            <a class="button secondary" href="\(PeoplePaths.list)">Cancel</a></div>
            </form>
            """
        return PeopleLayout.page(title: "Edit “\(person.name)”", content: content)
    }
}
