import Foundation
import SQLStore

/// A `LIKE` pattern (`*` any characters, `?` one, `\*` and `\?` literal) or a `MATCHES` regular expression (ICU
/// syntax, matched against the whole string), compiled once.
///
/// Both the pattern and the string are matched in Unicode normalization form C, the form the stores hold text in
/// (`canonicalForm`): a regular expression compares code points, so without it `e` + U+0301 would not match `é` in
/// `evaluate(with:)` on an object not yet saved, yet match once the object is fetched back, and a fetch that filters
/// in memory would disagree with the same predicate evaluated on the objects that were saved.
final class StringPattern: @unchecked Sendable {
    private let expression: NSRegularExpression?
    private let foldsDiacritics: Bool

    init(_ pattern: String, isRegularExpression: Bool, options: NSComparisonPredicate.Options) {
        foldsDiacritics = options.contains(.diacriticInsensitive)
        let source = foldsDiacritics ? StringPattern.fold(pattern) : pattern.canonicalForm
        let body = isRegularExpression ? source : StringPattern.regularExpression(forLike: source)
        var regexOptions: NSRegularExpression.Options = [.dotMatchesLineSeparators]
        if options.contains(.caseInsensitive) { regexOptions.insert(.caseInsensitive) }
        // An invalid regular expression matches nothing (Core Data raises).
        expression = try? NSRegularExpression(pattern: "\\A(?:\(body))\\z", options: regexOptions)
    }

    func matches(_ string: String) -> Bool {
        guard let expression else { return false }
        let subject = foldsDiacritics ? StringPattern.fold(string) : string.canonicalForm
        let range = NSRange(location: 0, length: subject.utf16.count)
        return expression.firstMatch(in: subject, options: [], range: range) != nil
    }

    private static func fold(_ string: String) -> String {
        string.folding(options: [.diacriticInsensitive], locale: nil).canonicalForm
    }

    private static func regularExpression(forLike pattern: String) -> String {
        var result = ""
        var escaping = false
        for character in pattern {
            if escaping {
                result += NSRegularExpression.escapedPattern(for: String(character))
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "*" {
                result += ".*"
            } else if character == "?" {
                result += "."
            } else {
                result += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        if escaping { result += "\\\\" }
        return result
    }
}
