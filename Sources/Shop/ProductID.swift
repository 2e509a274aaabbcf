/// Reading a DummyJSON product ID from a URL or a form: decimal digits, optionally signed, that fit in an `Int`.
enum ProductID {
    /// Why a text is not a product ID.
    enum Problem: Error, Equatable {
        /// No ID was given (an empty path segment or form field, or none at all).
        case missing
        /// The text is not a decimal integer, for example `"abc"` or `"1.5"`.
        case notAnInteger(String)
        /// The text is an integer too large or too small for a 64-bit ID, for example `"99999999999999999999"`.
        case outOfRange(String)

        /// For the JSON API: `"the product ID must be an integer, not \"abc\""`,
        /// `"the product ID 99999999999999999999 is out of range (at most 9223372036854775807)"`.
        var phrase: String {
            switch self {
            case .missing: return "the product ID is missing"
            case .notAnInteger(let text): return "the product ID must be an integer, not \"\(text)\""
            case .outOfRange(let text): return "the product ID \(text) is out of range (at most \(Int.max))"
            }
        }

        /// For pages: the phrase as a sentence.
        var sentence: String {
            let phrase = self.phrase
            return phrase.prefix(1).uppercased() + phrase.dropFirst() + "."
        }
    }

    /// The ID in `text`, or why there is none.
    static func parse(_ text: String) -> Result<Int, Problem> {
        guard !text.isEmpty else { return .failure(.missing) }
        if let id = Int(text) { return .success(id) }
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) { return .failure(.outOfRange(text)) }
        return .failure(.notAnInteger(text))
    }
}
