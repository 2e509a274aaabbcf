/// The elements of a collection stored (or bound) as a JSON array, perhaps narrowed to a range of indices (`tags[1..<3]`)
/// and by filters (`tags.filter { … }`), in index order.
///
/// Consumers (``SQLExpressionBuilder``'s `json…` operations) read them from the array where it is, through the
/// dialect's JSON table source, so each element is read as stored (the database never writes a number back to text
/// and reads it again). A class: an ``SQLExpression`` holds one (``SQLExpression/elements``).
package final class JSONElements {
    /// The whole array, in canonical form (``SQLExpressionBuilder/canonicalJSON(_:)``).
    package let array: SQLExpression
    /// A range subscript's bounds: the indices from `lower` up to `upper`.
    package let bounds: (lower: SQLExpression, upper: SQLExpression)?
    /// Tests an element must pass, built on the element each time the elements are read.
    package let filters: [SQLFilter]
    /// The elements are optionals: NULL is nil.
    package let elementNullable: Bool
    /// The array's order is the collection's (not a set's, stored in the order it was encoded).
    package let isOrdered: Bool
    /// What the elements are, when they are scalars (nil: JSON values themselves, read as the dialect gives them).
    package let scalar: JSONScalar?

    package init(
        array: SQLExpression, bounds: (lower: SQLExpression, upper: SQLExpression)? = nil, filters: [SQLFilter] = [],
        elementNullable: Bool, isOrdered: Bool, scalar: JSONScalar? = nil
    ) {
        self.array = array
        self.bounds = bounds
        self.filters = filters
        self.elementNullable = elementNullable
        self.isOrdered = isOrdered
        self.scalar = scalar
    }

    /// These elements, of which only those that pass `filter`.
    package func filtered(by filter: @escaping SQLFilter) -> JSONElements {
        JSONElements(
            array: array, bounds: bounds, filters: filters + [filter], elementNullable: elementNullable,
            isOrdered: isOrdered, scalar: scalar)
    }

    /// These elements, of which only those from index `lower` up to `upper` (before any filter).
    package func sliced(_ lower: SQLExpression, _ upper: SQLExpression) -> JSONElements {
        JSONElements(
            array: array, bounds: (lower, upper), filters: filters, elementNullable: elementNullable,
            isOrdered: isOrdered, scalar: scalar)
    }
}
