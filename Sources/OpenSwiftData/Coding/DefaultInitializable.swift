/// A `Codable` type whose `init()` gives every field its default value. Not in SwiftData: an addition for stored
/// `Codable` attributes whose type gains fields.
///
/// Swift's synthesized `Decodable` ignores the default values of a struct's fields, so JSON written before a field was
/// added cannot be decoded by itself. When a stored value lacks fields, OpenSwiftData decodes it over the JSON of a
/// default value instead — the stored fields win, the missing ones take their defaults. That default value is
/// `init()` of a type conforming to this protocol, or else the default the model declares for the property
/// (`var settings = Settings()`). Conform a type the model stores without a declared default, or inside an array or a
/// dictionary:
///
/// ```swift
/// struct Window: Codable, DefaultInitializable {
///     var width = 800
///     var height = 600   // added in version 2; rows of version 1 read 600
/// }
/// ```
public protocol DefaultInitializable {
    /// A value whose every field has its default.
    init()
}
