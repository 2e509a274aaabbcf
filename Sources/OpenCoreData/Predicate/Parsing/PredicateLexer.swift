import Foundation

/// Splits a format string into tokens. Quoted strings are literal (`'%@'` is the two characters, as in Core
/// Data); `#word` is a key even when `word` is reserved.
struct PredicateLexer {
    private let characters: [Character]
    private let format: String
    private var index = 0

    init(format: String) {
        self.format = format
        self.characters = Array(format)
    }

    static func tokens(of format: String) -> Result<[PredicateToken], PredicateFormatError> {
        var lexer = PredicateLexer(format: format)
        var tokens: [PredicateToken] = []
        while true {
            switch lexer.next() {
            case .success(let token):
                tokens.append(token)
                if token.kind == .end { return .success(tokens) }
            case .failure(let error):
                return .failure(error)
            }
        }
    }

    private func error(_ problem: String, at position: Int, length: Int = 1) -> PredicateFormatError {
        let end = min(characters.count, position + max(length, 0))
        let token = position < characters.count ? String(characters[position..<end]) : ""
        return PredicateFormatError(format: format, position: position, token: token, problem: problem)
    }

    private func peek(_ offset: Int = 0) -> Character? {
        let position = index + offset
        return position < characters.count ? characters[position] : nil
    }

    private static func isIdentifierStart(_ c: Character) -> Bool { c.isLetter || c == "_" }
    private static func isIdentifierPart(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    private mutating func next() -> Result<PredicateToken, PredicateFormatError> {
        while let c = peek(), c.isWhitespace { index += 1 }
        let start = index
        guard let c = peek() else { return .success(PredicateToken(kind: .end, position: start, text: "")) }
        func token(_ kind: PredicateToken.Kind) -> PredicateToken {
            PredicateToken(kind: kind, position: start, text: String(characters[start..<index]))
        }
        if c == "\"" || c == "'" { return string(quote: c, start: start).map(token) }
        if c.isASCII && c.isNumber { return number(start: start).map(token) }
        if Self.isIdentifierStart(c) {
            let word = identifier()
            return .success(token(.identifier(word, escaped: false)))
        }
        switch c {
        case "#":
            index += 1
            guard let first = peek(), Self.isIdentifierStart(first) else {
                return .failure(error("“#” must be followed by a key", at: start))
            }
            return .success(token(.identifier(identifier(), escaped: true)))
        case "$":
            index += 1
            guard let first = peek(), Self.isIdentifierStart(first) else {
                return .failure(error("“$” must be followed by a variable name", at: start))
            }
            return .success(token(.variable(identifier())))
        case "@":
            index += 1
            guard let first = peek(), Self.isIdentifierStart(first) else {
                return .failure(error("“@” must be followed by a collection operator such as @count", at: start))
            }
            return .success(token(.collectionOperator("@" + identifier())))
        case "%":
            return formatSpecifier(start: start).map(token)
        default:
            break
        }
        for symbol in ["**", "==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"] {
            let symbolCharacters = Array(symbol)
            if peek() == symbolCharacters[0], peek(1) == symbolCharacters[1] {
                index += 2
                return .success(token(.symbol(symbol)))
            }
        }
        if "(){}[],.:+-*/=<>!".contains(c) {
            index += 1
            return .success(token(.symbol(String(c))))
        }
        return .failure(error("unexpected character “\(c)”", at: start))
    }

    private mutating func identifier() -> String {
        let start = index
        while let c = peek(), Self.isIdentifierPart(c) { index += 1 }
        return String(characters[start..<index])
    }

    private mutating func string(quote: Character, start: Int) -> Result<PredicateToken.Kind, PredicateFormatError> {
        index += 1
        var value = ""
        while let c = peek() {
            index += 1
            if c == quote { return .success(.string(value)) }
            guard c == "\\" else {
                value.append(c)
                continue
            }
            guard let escaped = peek() else { break }
            index += 1
            switch escaped {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "0": value.append("\0")
            case "u":
                let digits = String(characters[index..<min(characters.count, index + 4)])
                guard digits.count == 4, let scalarValue = UInt32(digits, radix: 16),
                    let scalar = Unicode.Scalar(scalarValue)
                else {
                    return .failure(
                        error("“\\u” must be followed by four hexadecimal digits", at: index - 2, length: 6))
                }
                index += 4
                value.unicodeScalars.append(scalar)
            default: value.append(escaped)
            }
        }
        return .failure(error("this string is not closed (no matching \(quote))", at: start))
    }

    private mutating func number(start: Int) -> Result<PredicateToken.Kind, PredicateFormatError> {
        if peek() == "0", let marker = peek(1), "xXoObB".contains(marker) {
            index += 2
            let radix = "xX".contains(marker) ? 16 : ("oO".contains(marker) ? 8 : 2)
            let digitsStart = index
            while let c = peek(), c.isHexDigit { index += 1 }
            let digits = String(characters[digitsStart..<index])
            guard !digits.isEmpty, let value = UInt64(digits, radix: radix) else {
                return .failure(
                    error(
                        "“\(String(characters[start..<index]))” is not a valid number", at: start, length: index - start
                    ))
            }
            return .success(value <= UInt64(Int.max) ? .integer(Int(value)) : .unsignedInteger(value))
        }
        var isFloating = false
        while let c = peek(), c.isASCII && c.isNumber { index += 1 }
        if peek() == ".", let after = peek(1), after.isASCII && after.isNumber {
            isFloating = true
            index += 1
            while let c = peek(), c.isASCII && c.isNumber { index += 1 }
        }
        if let e = peek(), e == "e" || e == "E" {
            var lookahead = 1
            if let sign = peek(1), sign == "+" || sign == "-" { lookahead = 2 }
            if let digit = peek(lookahead), digit.isASCII && digit.isNumber {
                isFloating = true
                index += lookahead
                while let c = peek(), c.isASCII && c.isNumber { index += 1 }
            }
        }
        if let c = peek(), Self.isIdentifierPart(c) {
            while let c = peek(), Self.isIdentifierPart(c) { index += 1 }
            return .failure(
                error("“\(String(characters[start..<index]))” is not a valid number", at: start, length: index - start))
        }
        let text = String(characters[start..<index])
        if !isFloating {
            if let value = Int(text) { return .success(.integer(value)) }
            if let value = UInt64(text) { return .success(.unsignedInteger(value)) }
        }
        guard let value = Double(text) else {
            return .failure(error("“\(text)” is not a valid number", at: start, length: index - start))
        }
        return .success(.floating(value))
    }

    private mutating func formatSpecifier(start: Int) -> Result<PredicateToken.Kind, PredicateFormatError> {
        index += 1
        let specifierStart = index
        while let c = peek(), "hlqL".contains(c) { index += 1 }
        guard let conversion = peek() else {
            return .failure(error("“%” must be followed by a format specifier such as %@ or %K", at: start))
        }
        index += 1
        let specifier = String(characters[specifierStart..<index])
        let supported: Set<String> = [
            "@", "K", "d", "i", "u", "ld", "li", "lu", "lld", "lli", "llu", "qd", "qi", "qu", "hd", "hi", "hu",
            "f", "lf", "g", "lg", "e", "le", "Lf",
        ]
        guard supported.contains(specifier) else {
            return .failure(
                error(
                    "“%\(specifier)” is not a supported format specifier (use %@, %K, %d, %i, %ld, %lld, %u, %f or %lf)",
                    at: start, length: index - start))
        }
        _ = conversion
        return .success(.formatSpecifier(specifier))
    }
}
