import HTML

/// The form to add a place or edit one: name, latitude, longitude, "Interested". Problems are shown next to their
/// field, with the text as typed kept.
public enum PlaceFormPage {
    /// What the form does.
    public enum Mode: Sendable, Hashable {
        /// Adds a place (posts to ``PlacesPaths/list``); an existing name updates that place.
        case add
        /// Edits the place with this ID and name (posts to ``PlacesPaths/place(_:)``).
        case edit(id: String, name: String)
    }

    /// Renders the form.
    /// - Parameters:
    ///   - mode: Add or edit.
    ///   - form: The values to show, as typed.
    ///   - errors: Problems to show next to the fields; empty for none.
    /// - Returns: A complete HTML document.
    public static func render(mode: Mode, form: PlaceForm, errors: PlaceFormErrors = PlaceFormErrors()) -> String {
        let title: String, action: String, submit: String, cancel: String
        switch mode {
        case .add:
            title = "Add a place"; action = PlacesPaths.list; submit = "Add place"; cancel = PlacesPaths.list
        case let .edit(id, name):
            title = "Edit “\(name)”"; action = PlacesPaths.place(id); submit = "Save"; cancel = PlacesPaths.place(id)
        }
        let summary: HTMLFragment? =
            errors.isEmpty
            ? nil
            : "<p class=\"notice warning\" role=\"alert\">\(errors.summary) Nothing was saved; correct the fields marked below.</p>"
        let upsertHint: HTMLFragment? =
            mode == .add
            ? "<p class=\"muted hint\">Names are unique: adding a name that already exists updates that place.</p>"
            : nil
        let content: HTMLFragment = """
            <h1>\(title)</h1>
            \(summary)
            <form class="card fields" method="post" action="\(action)" novalidate>
            \(field("name", label: "Name", value: form.name, error: errors.name, extra: "maxlength=\"\(PlaceForm.maximumNameLength)\" autocomplete=\"off\""))
            \(field("latitude", label: "Latitude", value: form.latitude, error: errors.latitude, hint: "Degrees north, −90 to 90, for example 36.1129", extra: "inputmode=\"decimal\""))
            \(field("longitude", label: "Longitude", value: form.longitude, error: errors.longitude, hint: "Degrees east, −180 to 180 (west is negative), for example −115.1765", extra: "inputmode=\"decimal\""))
            <div class="field checkbox"><input type="checkbox" id="interested" name="interested" value="true"\(form.interested ? HTMLFragment(" checked") : .empty)>\
            <label for="interested">Interested</label></div>
            \(upsertHint)
            <div class="actions"><button type="submit">\(submit)</button>\
            <a class="button secondary" href="\(cancel)">Cancel</a></div>
            </form>
            """
        return PlacesTab.page(title: title, current: nil, content: content)
    }

    /// A labelled text field with its hint and its problem, tied together for screen readers.
    static func field(_ name: String, label: String, value: String, error: String?, hint: String? = nil, extra: String)
        -> HTMLFragment
    {
        let hintID = "\(name)-hint", errorID = "\(name)-error"
        let described = [hint.map { _ in hintID }, error.map { _ in errorID }].compactMap { $0 }.joined(separator: " ")
        let describedBy: HTMLFragment? = described.isEmpty ? nil : " aria-describedby=\"\(described)\""
        let invalid: HTMLFragment? = error == nil ? nil : " aria-invalid=\"true\""
        let hintLine: HTMLFragment? = hint.map { "<p class=\"hint muted\" id=\"\(hintID)\">\($0)</p>" }
        let errorLine: HTMLFragment? = error.map { "<p class=\"field-error\" id=\"\(errorID)\">\($0)</p>" }
        return """
            <div class="field"><label for="\(name)">\(label)</label>\(hintLine)\
            <input type="text" id="\(name)" name="\(name)" value="\(value)" \(HTMLFragment(unsafeRaw: extra))\(describedBy)\(invalid)>\
            \(errorLine)</div>
            """
    }
}
