/// What a scalar read out of JSON is (an element of an array, a member of an object or of a `Codable` struct), so
/// the database reads it as the type its column or bound value has: SQLite's JSON functions already give integers,
/// reals and text; PostgreSQL's give text, which ``SQLDialect/jsonScalar(_:as:)`` casts.
package enum JSONScalar: Sendable {
    case integer
    case real
    case text
    /// A `Bool`: JSON's `true` or `false`, read as the integer 1 or 0 a `Bool` is stored and bound as.
    case boolean
}
