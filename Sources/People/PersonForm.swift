import Foundation

/// What the 이름 (name) and 나이 (age) fields, or a JSON body, say about a person, as typed.
public struct PersonForm: Sendable, Hashable {
    /// The name as typed.
    public var name: String
    /// The age as typed.
    public var age: String

    /// Creates a form; every parameter is the property of the same name.
    public init(name: String = "", age: String = "") {
        self.name = name
        self.age = age
    }

    /// A form filled with a person's values, for editing.
    public init(_ line: PersonLine) {
        self.init(name: line.name, age: line.age)
    }

    /// The longest name accepted, in characters.
    public static let maximumNameLength = 100
    /// The accepted ages, in years.
    public static let ages = 0...150

    /// The checked values, or what is wrong with each field.
    ///
    /// Both are trimmed of surrounding white space. The name must then be 1 to ``maximumNameLength`` characters
    /// without control characters; the age a whole number of years from 0 to 150 in the digits 0–9 (it is stored
    /// without leading zeros: `"036"` is saved as `"36"`).
    public func validated() -> Result<PersonDraft, PersonFormErrors> {
        var errors = PersonFormErrors()
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmedName.isEmpty {
            errors.name = "Enter a name (이름)."
        } else if trimmedName.count > Self.maximumNameLength {
            errors.name = "Use at most \(Self.maximumNameLength) characters (this name has \(trimmedName.count))."
        } else if trimmedName.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            errors.name = "A name cannot contain line breaks, tabs or other control characters."
        }
        let trimmedAge = age.trimmingCharacters(in: .whitespacesAndNewlines)
        var years: Int?
        if trimmedAge.isEmpty {
            errors.age = "Enter an age (나이): a whole number from 0 to 150."
        } else if trimmedAge.count <= 10, trimmedAge.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(trimmedAge), Self.ages.contains(value)
        {
            years = value
        } else {
            errors.age = "The age (나이) must be a whole number from 0 to 150, such as 36."
        }
        guard errors.isEmpty, let years else { return .failure(errors) }
        return .success(PersonDraft(name: trimmedName, age: String(years)))
    }
}

/// A person's checked values, ready to save.
public struct PersonDraft: Sendable, Hashable {
    /// The trimmed name.
    public var name: String
    /// The age in decimal digits, without leading zeros.
    public var age: String

    /// Creates a draft; every parameter is the property of the same name. Use ``PersonForm/validated()`` for input.
    public init(name: String, age: String) {
        self.name = name
        self.age = age
    }
}

/// What is wrong with each field of a ``PersonForm``, as sentences shown next to the fields.
public struct PersonFormErrors: Error, Sendable, Hashable {
    /// The name's problem, or nil.
    public var name: String?
    /// The age's problem, or nil.
    public var age: String?

    /// No problems, or the ones given.
    public init(name: String? = nil, age: String? = nil) {
        self.name = name
        self.age = age
    }

    /// Whether both fields are fine.
    public var isEmpty: Bool { name == nil && age == nil }

    /// The problems by field name (`name`, `age`), for the JSON API's `fields`.
    public var fields: [String: String] {
        var fields: [String: String] = [:]
        fields["name"] = name
        fields["age"] = age
        return fields
    }

    /// One sentence for the JSON API's `error` and the page's summary.
    public var summary: String {
        switch (name, age) {
        case (nil, nil): "The person is fine."
        case (_?, nil): "The name is not valid."
        case (nil, _?): "The age is not valid."
        case (_?, _?): "The name and age are not valid."
        }
    }
}
