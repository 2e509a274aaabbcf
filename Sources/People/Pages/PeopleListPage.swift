import HTML

/// The tutorial's one screen: the 이름 and 나이 fields with 추가하기, and the 데이터 list, each row with Edit and Delete.
public enum PeopleListPage {
    /// Renders the list and the form to add someone.
    /// - Parameters:
    ///   - people: Everyone, in this order (by name, then age).
    ///   - form: The add form's values as typed (empty after an add).
    ///   - errors: Problems to show next to the add form's fields; empty for none.
    ///   - notice: A banner at the top; nil for none.
    /// - Returns: A complete HTML document.
    public static func render(
        people: [PersonLine],
        form: PersonForm = PersonForm(),
        errors: PersonFormErrors = PersonFormErrors(),
        notice: PersonNotice? = nil
    ) -> String {
        let summary: HTMLFragment? =
            errors.isEmpty
            ? nil
            : "<p class=\"notice warning\" role=\"alert\">\(errors.summary) Nobody was added; correct the fields marked below.</p>"
        let rows = people.map { person -> HTMLFragment in
            """
            <tr><td class="name">\(person.name)</td><td class="amount">\(person.age)</td>\
            <td class="row-actions"><a href="\(PeoplePaths.edit(person.id))" aria-label="Edit \(person.name), \(person.age)">Edit</a> \
            <a class="delete" href="\(PeoplePaths.delete(person.id))" aria-label="Delete \(person.name), \(person.age)">Delete</a></td></tr>
            """
        }
        let list: HTMLFragment =
            people.isEmpty
            ? "<p class=\"empty muted\">Nobody yet: add someone above.</p>"
            : """
            <table class="lines people">
            <thead><tr><th scope="col"><span lang="ko">이름</span> <span class="muted">(name)</span></th>\
            <th scope="col" class="amount"><span lang="ko">나이</span> <span class="muted">(age)</span></th>\
            <th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody>
            </table>
            <p class="muted hint">Sorted by name, then age.</p>
            """
        let content: HTMLFragment = """
            \(notice?.banner)
            <h1>People</h1>
            \(summary)
            <form class="card fields" method="post" action="\(PeoplePaths.list)" novalidate>
            \(PeopleLayout.fields(form, errors))\
            <div class="actions"><button type="submit" lang="ko">추가하기</button></div>
            </form>
            <section class="card" aria-labelledby="data-heading">
            <h2 id="data-heading"><span lang="ko">데이터</span> <span class="muted">(\(people.count == 1 ? "1 person" : "\(people.count) people"))</span></h2>
            \(list)
            </section>
            """
        return PeopleLayout.page(title: "People", content: content)
    }
}
