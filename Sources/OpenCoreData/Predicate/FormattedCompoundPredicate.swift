import Foundation

/// The `AND`, `OR` and `NOT` predicates the parser makes: Foundation's `NSCompoundPredicate` (so code that checks
/// `as? NSCompoundPredicate` and reads `compoundPredicateType` and `subpredicates` works), with the format,
/// equality and copying Linux Foundation's lacks (it prints every compound as `FALSEPREDICATE`, finds any two
/// equal, and copies one into `FALSEPREDICATE`).
final class FormattedCompoundPredicate: NSCompoundPredicate {
    /// A compound of `type` over `subpredicates`; never Foundation's trap of a `NOT` without a subpredicate.
    static func make(_ type: NSCompoundPredicate.LogicalType, _ subpredicates: [NSPredicate]) -> NSPredicate {
        if type == .not && subpredicates.isEmpty { return NSPredicate(value: true) }
        return FormattedCompoundPredicate(type: type, subpredicates: subpredicates)
    }

    override var predicateFormat: String { PredicateFormatter.format(self) }

    override var description: String { predicateFormat }

    override func copy(with zone: NSZone? = nil) -> Any {
        FormattedCompoundPredicate.make(compoundPredicateType, subpredicates)
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSPredicate else { return false }
        return PredicateTree.isEqual(self, other)
    }

    override var hash: Int {
        var hasher = Hasher()
        hasher.combine(compoundPredicateType)
        hasher.combine(subpredicates.count)
        return hasher.finalize()
    }

    override func evaluate(with object: Any?, substitutionVariables bindings: [String: Any]?) -> Bool {
        (try? PredicateEvaluator(bindings: bindings ?? [:]).evaluate(self, for: object)) ?? false
    }
}

/// What `NSPredicate(format:)` returns for a format that does not parse: it keeps the error, evaluates to false,
/// and makes the fetch that uses it throw.
final class InvalidFormatPredicate: NSPredicate {
    let error: PredicateFormatError

    init(error: PredicateFormatError) {
        self.error = error
        super.init(value: false)
    }

    override func evaluate(with object: Any?, substitutionVariables bindings: [String: Any]?) -> Bool { false }

    /// The format as written (it cannot be printed from a tree it does not have).
    override var predicateFormat: String { error.format }

    override var description: String { "invalid predicate: \(error)" }

    override func copy(with zone: NSZone? = nil) -> Any { self }

    override func isEqual(_ object: Any?) -> Bool {
        (object as? InvalidFormatPredicate)?.error == error
    }

    override var hash: Int { error.hashValue }
}
