import Foundation
import SQLStore

// `$0.name.contains(/pattern/)` and `contains(regex)` with a captured regex: an SQL function (the store layer's
// `osd_regex_contains`) that compiles the
// pattern with Swift's own `Regex` and asks `String.contains`, so matching is Swift's (Characters, canonical
// equivalence). The pattern is the regex's literal text, as `PredicateExpressions.PredicateRegex` keeps it, which is
// also what a predicate's Codable form holds.
//
// `wholeMatch(of:)` and `firstMatch(of:)` cannot be written in a `#Predicate` (the macro refuses them); anchor the
// pattern (`/^…$/`) for a whole match.

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension PredicateExpressions.StringContainsRegex: SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression {
        let text = try translator.translate(subject)
        guard let captured = translator.constantValue(of: regex) else {
            throw .unsupportedPredicate("contains(_:) with a regex computed from the model has no SQL translation")
        }
        let pattern: String
        if let regex = captured as? PredicateExpressions.PredicateRegex {
            pattern = regex.stringRepresentation
        } else if let component = captured as? any RegexComponent,
            let regex = PredicateExpressions.PredicateRegex(component)
        {
            pattern = regex.stringRepresentation
        } else {
            throw .unsupportedPredicate(
                "contains(_:) with a regex that has no literal pattern (a RegexBuilder regex) has no SQL translation")
        }
        guard RegexFunctions.compiled(pattern) != nil else {
            throw .unsupportedPredicate("contains(_:) with the regex /\(pattern)/: Swift cannot compile its pattern")
        }
        return translator.sql.containsRegex(text, pattern: pattern)
    }
}
