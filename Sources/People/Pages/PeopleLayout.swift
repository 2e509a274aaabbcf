import HTML

/// The People app's page frame: the shared layout, its one tab, ``PeopleAssets/stylesheet``.
enum PeopleLayout {
    static func page(title: String, content: HTMLFragment) -> String {
        Layout.page(
            title: title,
            appName: "People",
            navigation: [NavigationLink(title: "People", href: PeoplePaths.list, isCurrent: true)],
            content: content,
            stylesheets: [PeopleAssets.stylesheet.url]
        )
    }

    /// The 이름 and 나이 fields with their problems beside them, tied together for screen readers.
    static func fields(_ form: PersonForm, _ errors: PersonFormErrors) -> HTMLFragment {
        field(
            "name", korean: "이름", english: "name", value: form.name, error: errors.name,
            extra: "maxlength=\"\(PersonForm.maximumNameLength)\" autocomplete=\"off\"")
            + field(
                "age", korean: "나이", english: "age", value: form.age, error: errors.age,
                extra: "inputmode=\"numeric\" maxlength=\"10\" autocomplete=\"off\"")
    }

    private static func field(
        _ name: String, korean: String, english: String, value: String, error: String?, extra: String
    ) -> HTMLFragment {
        let errorID = "\(name)-error"
        let invalid: HTMLFragment? = error == nil ? nil : " aria-invalid=\"true\" aria-describedby=\"\(errorID)\""
        let errorLine: HTMLFragment? = error.map { "<p class=\"field-error\" id=\"\(errorID)\">\($0)</p>" }
        return """
            <div class="field"><label for="\(name)"><span lang="ko">\(korean)</span> <span class="muted">(\(english))</span></label>\
            <input type="text" id="\(name)" name="\(name)" value="\(value)" \(HTMLFragment(unsafeRaw: extra))\(invalid)>\(errorLine)</div>

            """
    }
}
