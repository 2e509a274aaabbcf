import Foundation

/// Lets OpenCoreData give Foundation's `NSPredicate` Core Data's format initializers, which Linux Foundation
/// lacks, while `NSPredicate` stays Foundation's one class (so a file importing both Foundation and
/// OpenCoreData can name it). Not for direct use.
public protocol _PredicateFormatInitializers {}

extension NSPredicate: _PredicateFormatInitializers {}

extension _PredicateFormatInitializers where Self == NSPredicate {
    /// The predicate a format string describes (`"name CONTAINS[cd] %@"`), with each `%@`, `%K`, `%d`, `%i`,
    /// `%ld`, `%lld`, `%u`, `%f`, `%lf` taken from `args` in turn. Mirrors Core Data's `NSPredicate(format:_:)`.
    ///
    /// **Differs:** `args` are `Any` (Linux Swift values are not `CVarArg`; every argument Core Data takes is
    /// accepted). A format that does not parse, or whose arguments do not fit it, does not raise: the predicate
    /// keeps the error (``Foundation/NSPredicate/formatError``, with its position and token), evaluates to false,
    /// and the fetch that uses it throws ``CoreDataError/invalidPredicateFormat(_:)``. See <doc:Guide> for the
    /// syntax.
    public init(format predicateFormat: String, _ args: Any...) {
        self = PredicateParser.predicate(predicateFormat, arguments: args)
    }

    /// As ``init(format:_:)``, with the arguments in an array. Mirrors Core Data's
    /// `NSPredicate(format:argumentArray:)`.
    public init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        self = PredicateParser.predicate(predicateFormat, arguments: arguments ?? [])
    }
}

extension NSPredicate {
    /// A copy with every `$variable` named in `variables` replaced by its value (others stay variables).
    /// Mirrors Core Data's `withSubstitutionVariables(_:)`.
    public func withSubstitutionVariables(_ variables: [String: Any]) -> Self {
        (PredicateSubstitution.substitute(self, variables) as? Self) ?? self
    }

    /// Why `NSPredicate(format:)` could not read this predicate's format (or that of one inside it); nil when it
    /// could. (Not in Core Data, which raises.)
    public var formatError: PredicateFormatError? {
        switch self {
        case let invalid as InvalidFormatPredicate:
            return invalid.error
        case let comparison as NSComparisonPredicate:
            return comparison.leftExpression.formatError ?? comparison.rightExpression.formatError
        case let compound as NSCompoundPredicate:
            return compound.subpredicates.lazy.compactMap(\.formatError).first
        default:
            return nil
        }
    }

    /// The predicate in format syntax, for any predicate: `predicateFormat` gives the same for those
    /// OpenCoreData makes, but Linux Foundation's own `NSCompoundPredicate(type:subpredicates:)` (and its
    /// `andPredicateWithSubpredicates:` family) report `FALSEPREDICATE` there. (Not in Core Data.)
    public var formatString: String { PredicateFormatter.format(self) }

    /// Evaluates as `evaluate(with:substitutionVariables:)`, but throws
    /// ``CoreDataError/predicateEvaluationFailed(predicate:reason:)`` (an unbound variable, an unknown key or
    /// function) or ``CoreDataError/invalidPredicateFormat(_:)`` where that returns false. (Not in Core Data.)
    public func checkedEvaluate(with object: Any?, substitutionVariables bindings: [String: Any]? = nil) throws -> Bool
    {
        do {
            return try PredicateEvaluator(bindings: bindings ?? [:]).evaluate(self, for: object)
        } catch {
            throw error.coreDataError(evaluating: self)
        }
    }
}
