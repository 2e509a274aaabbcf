/// A token of a predicate format string, with where it starts.
struct PredicateToken {
    enum Kind: Equatable {
        /// A word: a key, a keyword (compared case-insensitively), or a `#`-escaped key (`escaped`).
        case identifier(String, escaped: Bool)
        /// `$name`.
        case variable(String)
        /// `@count`, `@sum`, …
        case collectionOperator(String)
        case string(String)
        case integer(Int)
        /// An integer literal above `Int.max`.
        case unsignedInteger(UInt64)
        case floating(Double)
        /// `%@`, `%K`, `%d`, … (the letters after `%`).
        case formatSpecifier(String)
        /// Punctuation and symbolic operators: `( ) { } [ ] , . : + - * / ** == = != <> < <= =< > >= => && || !`.
        case symbol(String)
        case end
    }

    let kind: Kind
    /// Characters from the start of the format.
    let position: Int
    /// The token as written.
    let text: String

    /// The keyword this token spells (uppercased), when it is an unescaped word.
    var keyword: String? {
        if case .identifier(let word, escaped: false) = kind { return word.uppercased() }
        return nil
    }

    func isSymbol(_ symbol: String) -> Bool { kind == .symbol(symbol) }

    func isKeyword(_ word: String) -> Bool { keyword == word }
}

/// Core Data's reserved words: a key that spells one must be written with `#` (`#size`).
let reservedPredicateWords: Set<String> = [
    "AND", "OR", "IN", "NOT", "ALL", "ANY", "SOME", "NONE", "LIKE", "CASEINSENSITIVE", "CI", "MATCHES", "CONTAINS",
    "BEGINSWITH", "ENDSWITH", "BETWEEN", "NULL", "NIL", "SELF", "TRUE", "YES", "FALSE", "NO", "FIRST", "LAST",
    "SIZE", "ANYKEY", "SUBQUERY", "FETCH", "CAST", "TRUEPREDICATE", "FALSEPREDICATE", "FUNCTION", "TERNARY",
]
