import HTML

/// Asks whether to delete a person: a `POST` form and a way back.
public enum PersonDeletePage {
    /// Renders the question for `person`.
    /// - Returns: A complete HTML document with a form posting to ``PeoplePaths/delete(_:)``.
    public static func render(person: PersonLine) -> String {
        let content: HTMLFragment = """
            <h1>Delete “\(person.name)”?</h1>
            <section class="card">
            <p>“\(person.name)”, \(person.age), will be deleted from the list.</p>
            <div class="actions">
            <form method="post" action="\(PeoplePaths.delete(person.id))"><button class="danger" type="submit">Delete</button></form>
            <a class="button secondary" href="\(PeoplePaths.list)">Cancel</a>
            </div>
            </section>
            """
        return PeopleLayout.page(title: "Delete “\(person.name)”?", content: content)
    }
}
