import Foundation
import OpenSwiftData

/// A person: the "iOS - SwiftData CRUD" tutorial's model as written — a name and an age, both `String`.
///
/// The age stays a `String` as in the tutorial; ``PersonForm`` makes sure it holds a whole number from 0 to 150,
/// written without leading zeros, so it also sorts by value (``PeopleViewModel/sortOrder``).
@Model
public final class Person {
    /// The person's name (이름).
    public var name: String
    /// The person's age in years (나이), as decimal digits.
    public var age: String

    public init(name: String, age: String) {
        self.name = name
        self.age = age
    }
}
