import Foundation
import SQLite

/// SQL functions that give string predicates Swift's meaning, registered on every connection.
///
/// SQLite's own `instr` and `LIKE` work on bytes (or ASCII case), while `#Predicate` evaluates `contains` and
/// `starts(with:)` on `Character`s (grapheme clusters, canonical equivalence). These functions run the very same
/// Foundation expression `Predicate.evaluate` runs, so SQL and in-memory results agree row for row.
enum StringFunctions {
    static let contains = "osd_contains"
    static let startsWith = "osd_starts_with"

    static func register(on connection: SQLiteConnection) throws(SQLiteError) {
        try connection.createFunction(contains, argumentCount: 2) { arguments in
            if arguments.isNull(at: 0) || arguments.isNull(at: 1) { return .null }
            let result = try PredicateExpressions.build_contains(
                PredicateExpressions.Value(arguments.text(at: 0)), PredicateExpressions.Value(arguments.text(at: 1))
            ).evaluate(PredicateBindings())
            return .integer(result ? 1 : 0)
        }
        try connection.createFunction(startsWith, argumentCount: 2) { arguments in
            if arguments.isNull(at: 0) || arguments.isNull(at: 1) { return .null }
            let result = try PredicateExpressions.build_starts(
                PredicateExpressions.Value(arguments.text(at: 0)), with: PredicateExpressions.Value(arguments.text(at: 1))
            ).evaluate(PredicateBindings())
            return .integer(result ? 1 : 0)
        }
    }
}
