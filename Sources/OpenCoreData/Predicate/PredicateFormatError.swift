/// Why a predicate or expression format string did not parse: where, at which token, and what was expected.
///
/// `NSPredicate(format:)` cannot throw (as Core Data's), so a malformed format makes a predicate that keeps this
/// error (`NSPredicate.formatError`): `evaluate(with:)` returns false, and a fetch using it throws
/// ``CoreDataError/invalidPredicateFormat(_:)``.
public struct PredicateFormatError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The whole format string.
    public let format: String
    /// Where the problem is, in characters from the start of the format (0-based); `format.count` for its end.
    public let position: Int
    /// The token at that position as written (`"=="`, `"%d"`), or `""` at the end of the format.
    public let token: String
    /// What is wrong there ("expected an expression after “==”").
    public let problem: String

    /// The error `problem` in `format`, at `position` and its `token`.
    public init(format: String, position: Int, token: String, problem: String) {
        self.format = format
        self.position = position
        self.token = token
        self.problem = problem
    }

    public var description: String {
        let place =
            token.isEmpty ? "at the end of the format (position \(position))" : "at position \(position) (“\(token)”)"
        return "Unable to parse the format string “\(format)”: \(problem), \(place)"
    }
}
