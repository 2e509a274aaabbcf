/// Escaping and URL checks shared by every app's pages.
///
/// A namespace, not a value. Page code rarely calls these directly: interpolating a `String` into an
/// ``HTMLFragment`` escapes it. Note that inside this module's clients the name `HTML` means this enum, not the
/// module; qualify other symbols by their own names (`HTMLFragment`, `Layout`), not as `HTML.HTMLFragment`.
public enum HTML {
    /// Escapes `text` for use as HTML text content or as a quoted attribute value.
    ///
    /// Replaces `&` `<` `>` `"` `'` with `&amp;` `&lt;` `&gt;` `&quot;` `&#39;`; every other character,
    /// including non-ASCII text such as Korean, is kept as is (pages are served as UTF-8).
    /// - Parameter text: Untrusted text.
    /// - Returns: Text that cannot open a tag, close an attribute, or start an entity.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Returns `candidate` when it is safe to put in an `href`, `src` or `data` attribute, `nil` otherwise.
    ///
    /// Escaping alone does not stop `javascript:` or `data:` URLs from data sources, so URLs that come from data
    /// (product thumbnails, book covers) go through this check first. Accepted: absolute `http`/`https` URLs with
    /// a host, and root-relative paths (`/static/…`, but not the protocol-relative `//host/…`).
    /// - Parameter candidate: A URL string from data; surrounding whitespace is not trimmed and makes it unsafe.
    /// - Returns: `candidate` unchanged, or `nil` for an empty, relative, scheme-less or non-HTTP URL.
    public static func safeURL(_ candidate: String) -> String? {
        if candidate.hasPrefix("/") {
            return candidate.hasPrefix("//") ? nil : candidate
        }
        let lowercased = candidate.lowercased()
        for scheme in ["https://", "http://"] where lowercased.hasPrefix(scheme) {
            let rest = lowercased.dropFirst(scheme.count)
            guard let hostStart = rest.first, hostStart != "/" else { return nil }
            guard !candidate.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 })
            else { return nil }
            return candidate
        }
        return nil
    }
}
