import Foundation

/// A computed column of a dictionary fetch: its ``NSPropertyDescription/name`` is the result's key, ``expression``
/// the value — typically an aggregate of a key path over each group (`count:`, `sum:`, `min:`, `max:`,
/// `average:`). Put it in ``NSFetchRequest/propertiesToFetch`` with `resultType = .dictionaryResultType`. Mirrors
/// Core Data's `NSExpressionDescription`.
///
/// ```swift
/// let total = NSExpressionDescription()
/// total.name = "total"
/// total.expression = NSExpression(forFunction: "sum:", arguments: [NSExpression(forKeyPath: "price")])
/// total.expressionResultType = .doubleAttributeType
/// ```
open class NSExpressionDescription: NSPropertyDescription {
    /// The value of the column. Mirrors `expression`.
    open var expression: NSExpression?

    /// The type the value is given as (numbers become `NSNumber`s of it; `.undefinedAttributeType`, the default,
    /// keeps what the expression gives). Mirrors `expressionResultType`.
    open var expressionResultType: NSAttributeType = .undefinedAttributeType
}
