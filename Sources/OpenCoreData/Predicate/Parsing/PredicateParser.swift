import Foundation

/// Reads Core Data's predicate format syntax into the tree of `NSPredicate`s and ``NSExpression``s.
///
/// ```
/// predicate   := or
/// or          := and (("OR" | "||") and)*
/// and         := not (("AND" | "&&") not)*
/// not         := ("NOT" | "!") not | "TRUEPREDICATE" | "FALSEPREDICATE" | "(" predicate ")" | comparison
/// comparison  := ["ANY" | "SOME" | "ALL" | "NONE"] expression operator ["[" options "]"] expression
/// operator    := == = != <> < <= =< > >= => BEGINSWITH ENDSWITH CONTAINS LIKE MATCHES IN BETWEEN
/// expression  := term (("+" | "-") term)*           term := power (("*" | "/") power)*
/// power       := unary ("**" power)?                unary := "-" unary | postfix
/// postfix     := primary ("." key)*
/// primary     := number | string | TRUE | YES | FALSE | NO | NULL | NIL | SELF | $variable | key | #key | @operator
///              | %@ | %K | %d … | "{" expressions "}" | "(" expression ")" | name ":" … "(" expressions ")"
///              | SUBQUERY(expression, $variable, predicate) | TERNARY(predicate, expression, expression)
///              | CAST(expression, "NSDate" | "NSNumber" | "NSString" | "NSDecimalNumber" | "NSUUID" | "NSURL" | "NSData")
/// ```
///
/// Keywords are case-insensitive; a key that spells one is written `#key` (after a `.` any word is a key).
/// `a AND b AND c` is one compound of three; a parenthesised group stays a compound of its own.
struct PredicateParser {
    typealias Failure = PredicateFormatError

    private let format: String
    private let tokens: [PredicateToken]
    private let arguments: [Any]
    private var index = 0
    private var argumentIndex = 0
    /// When alternatives are tried (a parenthesis may open a predicate or an expression), the error that got
    /// furthest is the one reported.
    private var furthestError: Failure?

    private init(format: String, tokens: [PredicateToken], arguments: [Any]) {
        self.format = format
        self.tokens = tokens
        self.arguments = arguments
    }

    /// The predicate `format` describes, or a predicate that keeps the parse error (never traps).
    static func predicate(_ format: String, arguments: [Any]) -> NSPredicate {
        switch parsePredicate(format, arguments: arguments) {
        case .success(let predicate): predicate
        case .failure(let error): InvalidFormatPredicate(error: error)
        }
    }

    static func parsePredicate(_ format: String, arguments: [Any]) -> Result<NSPredicate, Failure> {
        parse(format, arguments: arguments) { parser throws(Failure) in try parser.parseOr() }
    }

    static func parseExpression(_ format: String, arguments: [Any]) -> Result<NSExpression, Failure> {
        parse(format, arguments: arguments) { parser throws(Failure) in try parser.parseExpression() }
    }

    private static func parse<T>(
        _ format: String, arguments: [Any], _ body: (inout PredicateParser) throws(Failure) -> T
    ) -> Result<T, Failure> {
        let tokens: [PredicateToken]
        switch PredicateLexer.tokens(of: format) {
        case .success(let lexed): tokens = lexed
        case .failure(let error): return .failure(error)
        }
        var parser = PredicateParser(format: format, tokens: tokens, arguments: arguments)
        do throws(Failure) {
            let result = try body(&parser)
            guard parser.current.kind == .end else {
                throw parser.error(
                    "unexpected “\(parser.current.text)” after the end of the \(T.self == NSExpression.self ? "expression" : "predicate")"
                )
            }
            return .success(result)
        } catch {
            return .failure(parser.furthest(error))
        }
    }

    // MARK: Tokens

    private var current: PredicateToken { tokens[min(index, tokens.count - 1)] }
    private func peek(_ offset: Int) -> PredicateToken { tokens[min(index + offset, tokens.count - 1)] }
    private mutating func advance() { if index < tokens.count - 1 { index += 1 } }

    private func error(_ problem: String, at token: PredicateToken? = nil) -> Failure {
        let token = token ?? current
        return Failure(format: format, position: token.position, token: token.text, problem: problem)
    }

    private func furthest(_ error: Failure) -> Failure {
        guard let furthestError, furthestError.position > error.position else { return error }
        return furthestError
    }

    private mutating func remember(_ error: Failure) {
        if furthestError.map({ error.position > $0.position }) ?? true { furthestError = error }
    }

    private mutating func expect(_ symbol: String, closing opener: PredicateToken? = nil) throws(Failure) {
        guard current.isSymbol(symbol) else {
            let found = current.kind == .end ? "the end of the format" : "“\(current.text)”"
            if let opener {
                throw error(
                    "expected “\(symbol)” to close the “\(opener.text)” at position \(opener.position), found \(found)")
            }
            throw error("expected “\(symbol)”, found \(found)")
        }
        advance()
    }

    // MARK: Predicates

    private mutating func parseOr() throws(Failure) -> NSPredicate {
        var parts = [try parseAnd()]
        while current.isKeyword("OR") || current.isSymbol("||") {
            advance()
            parts.append(try parseAnd())
        }
        return parts.count == 1 ? parts[0] : FormattedCompoundPredicate.make(.or, parts)
    }

    private mutating func parseAnd() throws(Failure) -> NSPredicate {
        var parts = [try parseNot()]
        while current.isKeyword("AND") || current.isSymbol("&&") {
            advance()
            parts.append(try parseNot())
        }
        return parts.count == 1 ? parts[0] : FormattedCompoundPredicate.make(.and, parts)
    }

    private mutating func parseNot() throws(Failure) -> NSPredicate {
        if current.isKeyword("NOT") || current.isSymbol("!") {
            advance()
            return FormattedCompoundPredicate.make(.not, [try parseNot()])
        }
        if current.isKeyword("TRUEPREDICATE") {
            advance()
            return NSPredicate(value: true)
        }
        if current.isKeyword("FALSEPREDICATE") {
            advance()
            return NSPredicate(value: false)
        }
        if current.isSymbol("(") {
            let saved = (index, argumentIndex)
            let opener = current
            do throws(Failure) {
                advance()
                let inner = try parseOr()
                try expect(")", closing: opener)
                // An operator after the parenthesis means it held an expression: `(a + 1) > 2`.
                if !Self.continuesExpression(current) { return inner }
            } catch {
                remember(error)
            }
            (index, argumentIndex) = saved
        }
        return try parseComparison()
    }

    private static func continuesExpression(_ token: PredicateToken) -> Bool {
        if case .symbol(let symbol) = token.kind {
            return ["==", "=", "!=", "<>", "<", "<=", "=<", ">", ">=", "=>", "+", "-", "*", "/", "**", "."].contains(
                symbol)
        }
        return ["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES", "IN", "BETWEEN"].contains(token.keyword ?? "")
    }

    private mutating func parseComparison() throws(Failure) -> NSPredicate {
        var modifier = NSComparisonPredicate.Modifier.direct
        var negated = false
        switch current.keyword {
        case "ANY", "SOME": modifier = .any
        case "ALL": modifier = .all
        case "NONE":
            modifier = .any
            negated = true
        default: break
        }
        if modifier != .direct { advance() }
        let left = try parseExpression()
        let (type, options) = try parseOperator(after: left)
        let right = try parseExpression()
        let comparison = NSComparisonPredicate(
            leftExpression: left, rightExpression: right, modifier: modifier, type: type, options: options
        )
        return negated ? FormattedCompoundPredicate.make(.not, [comparison]) : comparison
    }

    private mutating func parseOperator(after left: NSExpression) throws(Failure) -> (
        NSComparisonPredicate.Operator, NSComparisonPredicate.Options
    ) {
        let type: NSComparisonPredicate.Operator
        switch current.kind {
        case .symbol("=="), .symbol("="): type = .equalTo
        case .symbol("!="), .symbol("<>"): type = .notEqualTo
        case .symbol("<"): type = .lessThan
        case .symbol("<="), .symbol("=<"): type = .lessThanOrEqualTo
        case .symbol(">"): type = .greaterThan
        case .symbol(">="), .symbol("=>"): type = .greaterThanOrEqualTo
        default:
            switch current.keyword {
            case "BEGINSWITH": type = .beginsWith
            case "ENDSWITH": type = .endsWith
            case "CONTAINS": type = .contains
            case "LIKE": type = .like
            case "MATCHES": type = .matches
            case "IN": type = .in
            case "BETWEEN": type = .between
            default:
                let found = current.kind == .end ? "the end of the format" : "“\(current.text)”"
                throw error(
                    "expected a comparison operator (==, !=, <, >, CONTAINS, IN, …) after “\(PredicateFormatter.format(left))”, found \(found)"
                )
            }
        }
        advance()
        guard current.isSymbol("[") else { return (type, []) }
        let opener = current
        advance()
        guard case .identifier(let letters, _) = current.kind else {
            throw error("expected comparison options such as c, d or cd inside “[ ]”")
        }
        var options: NSComparisonPredicate.Options = []
        for letter in letters.lowercased() {
            switch letter {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            case "n": options.insert(.normalized)
            case "l": break  // locale-sensitive: Foundation's comparisons here always are.
            default: throw error("unknown comparison option “\(letter)” (use c, d, n or a combination such as cd)")
            }
        }
        advance()
        try expect("]", closing: opener)
        return (type, options)
    }

    // MARK: Expressions

    private mutating func parseExpression() throws(Failure) -> NSExpression {
        var left = try parseTerm()
        while current.isSymbol("+") || current.isSymbol("-") {
            let name = current.isSymbol("+") ? "add:to:" : "from:subtract:"
            advance()
            let right = try parseTerm()
            left = NSExpression(node: .function(name: name, arguments: [left, right]))
        }
        return left
    }

    private mutating func parseTerm() throws(Failure) -> NSExpression {
        var left = try parsePower()
        while current.isSymbol("*") || current.isSymbol("/") {
            let name = current.isSymbol("*") ? "multiply:by:" : "divide:by:"
            advance()
            let right = try parsePower()
            left = NSExpression(node: .function(name: name, arguments: [left, right]))
        }
        return left
    }

    private mutating func parsePower() throws(Failure) -> NSExpression {
        let base = try parseUnary()
        guard current.isSymbol("**") else { return base }
        advance()
        let exponent = try parsePower()
        return NSExpression(node: .function(name: "raise:toPower:", arguments: [base, exponent]))
    }

    private mutating func parseUnary() throws(Failure) -> NSExpression {
        guard current.isSymbol("-") else { return try parsePostfix() }
        advance()
        let operand = try parseUnary()
        if case .constant(let value?) = operand.node, let negated = Self.negated(value) {
            return NSExpression(node: .constant(negated))
        }
        return NSExpression(
            node: .function(name: "from:subtract:", arguments: [NSExpression(node: .constant(0)), operand]))
    }

    private static func negated(_ value: Any) -> Any? {
        switch value {
        case let v as Int: return v == .min ? nil : -v
        case let v as UInt64: return v == UInt64(Int.max) + 1 ? Int.min : -Double(v)
        case let v as Double: return -v
        case let v as Decimal: return -v
        default: return nil
        }
    }

    private mutating func parsePostfix() throws(Failure) -> NSExpression {
        var expression = try parsePrimary()
        while current.isSymbol(".") {
            advance()
            let component: String
            switch current.kind {
            case .identifier(let word, _): component = word
            case .collectionOperator(let word): component = word
            default:
                throw error(
                    "expected a key after “.”, found \(current.kind == .end ? "the end of the format" : "“\(current.text)”")"
                )
            }
            advance()
            switch expression.node {
            case .keyPath(let operand, let path):
                expression = NSExpression(node: .keyPath(operand: operand, path: path + "." + component))
            case .evaluatedObject:
                expression = NSExpression(node: .keyPath(operand: nil, path: component))
            default:
                expression = NSExpression(node: .keyPath(operand: expression, path: component))
            }
        }
        if current.isSymbol("[") {
            throw error(
                "subscripts (“[0]”, “[LAST]”) are not supported; compare the collection with ANY or ALL, or use @count")
        }
        return expression
    }

    private mutating func parsePrimary() throws(Failure) -> NSExpression {
        let token = current
        switch token.kind {
        case .integer(let value):
            advance()
            return NSExpression(node: .constant(value))
        case .unsignedInteger(let value):
            advance()
            return NSExpression(node: .constant(value))
        case .floating(let value):
            advance()
            return NSExpression(node: .constant(value))
        case .string(let value):
            advance()
            return NSExpression(node: .constant(value))
        case .variable(let name):
            advance()
            return NSExpression(node: .variable(name))
        case .collectionOperator(let word):
            advance()
            return NSExpression(node: .keyPath(operand: nil, path: word))
        case .formatSpecifier(let specifier):
            advance()
            return try argumentExpression(specifier, token: token)
        case .symbol("{"):
            advance()
            var elements: [NSExpression] = []
            if !current.isSymbol("}") {
                elements.append(try parseExpression())
                while current.isSymbol(",") {
                    advance()
                    elements.append(try parseExpression())
                }
            }
            try expect("}", closing: token)
            return NSExpression(node: .aggregate(elements))
        case .symbol("("):
            advance()
            let inner = try parseExpression()
            try expect(")", closing: token)
            return inner
        case .identifier(let word, let escaped):
            if escaped {
                advance()
                return NSExpression(node: .keyPath(operand: nil, path: word))
            }
            return try parseWord(word, token: token)
        case .end:
            throw error("expected an expression")
        default:
            throw error("expected an expression, found “\(token.text)”")
        }
    }

    private mutating func parseWord(_ word: String, token: PredicateToken) throws(Failure) -> NSExpression {
        switch word.uppercased() {
        case "TRUE", "YES":
            advance()
            return NSExpression(node: .constant(true))
        case "FALSE", "NO":
            advance()
            return NSExpression(node: .constant(false))
        case "NULL", "NIL":
            advance()
            return NSExpression(node: .constant(nil))
        case "SELF":
            advance()
            return NSExpression(node: .evaluatedObject)
        case "ANYKEY":
            advance()
            return NSExpression(node: .anyKey)
        case "SUBQUERY":
            return try parseSubquery()
        case "TERNARY":
            return try parseTernary()
        case "CAST":
            return try parseCast()
        case "FUNCTION":
            throw error(
                "FUNCTION(…) calls an Objective-C method, which Linux does not have; use a built-in function such as lowercase:(name)"
            )
        case let upper where reservedPredicateWords.contains(upper):
            throw error("expected an expression, found the reserved word “\(word)” (write #\(word) to use it as a key)")
        default:
            break
        }
        if peek(1).isSymbol(":") || peek(1).isSymbol("(") { return try parseFunctionCall() }
        advance()
        return NSExpression(node: .keyPath(operand: nil, path: word))
    }

    /// `name:(args)`, `add:to:(a, b)`, `now()`.
    private mutating func parseFunctionCall() throws(Failure) -> NSExpression {
        var name = ""
        while case .identifier(let word, false) = current.kind, peek(1).isSymbol(":") {
            name += word + ":"
            advance()
            advance()
        }
        if name.isEmpty, case .identifier(let word, false) = current.kind {
            name = word
            advance()
        }
        let opener = current
        try expect("(")
        var arguments: [NSExpression] = []
        if !current.isSymbol(")") {
            arguments.append(try parseExpression())
            while current.isSymbol(",") {
                advance()
                arguments.append(try parseExpression())
            }
        }
        try expect(")", closing: opener)
        return NSExpression(node: .function(name: name, arguments: arguments))
    }

    private mutating func parseSubquery() throws(Failure) -> NSExpression {
        advance()
        let opener = current
        try expect("(")
        let collection = try parseExpression()
        try expect(",")
        guard case .variable(let variable) = current.kind else {
            throw error("SUBQUERY's second argument must be its $variable, such as $item")
        }
        advance()
        try expect(",")
        let predicate = try parseOr()
        try expect(")", closing: opener)
        return NSExpression(node: .subquery(collection: collection, variable: variable, predicate: predicate))
    }

    private mutating func parseTernary() throws(Failure) -> NSExpression {
        advance()
        let opener = current
        try expect("(")
        let predicate = try parseOr()
        try expect(",")
        let whenTrue = try parseExpression()
        try expect(",")
        let whenFalse = try parseExpression()
        try expect(")", closing: opener)
        return NSExpression(node: .conditional(predicate: predicate, whenTrue: whenTrue, whenFalse: whenFalse))
    }

    private mutating func parseCast() throws(Failure) -> NSExpression {
        advance()
        let opener = current
        try expect("(")
        let value = try parseExpression()
        try expect(",")
        let typeToken = current
        let typeExpression = try parseExpression()
        guard case .constant(let typeName as String) = typeExpression.node else {
            throw error("CAST's second argument must be a class name such as \"NSDate\"", at: typeToken)
        }
        try expect(")", closing: opener)
        guard case .constant(let constant) = value.node else {
            return NSExpression(node: .function(name: "castObject:toType:", arguments: [value, typeExpression]))
        }
        guard let cast = ExpressionFunctions.cast(constant, to: typeName) else {
            throw error(
                "cannot CAST \(constant.map { "\($0)" } ?? "nil") to \(typeName) (supported: NSDate, NSNumber, NSString, NSDecimalNumber, NSUUID, NSURL, NSData)",
                at: typeToken)
        }
        return NSExpression(node: .constant(cast))
    }

    // MARK: Arguments

    private mutating func argumentExpression(_ specifier: String, token: PredicateToken) throws(Failure) -> NSExpression
    {
        guard argumentIndex < arguments.count else {
            throw error(
                "the format needs argument #\(argumentIndex + 1) for %\(specifier), but only \(arguments.count) argument\(arguments.count == 1 ? " was" : "s were") given",
                at: token)
        }
        let argument = unwrapped(arguments[argumentIndex])
        argumentIndex += 1
        let describedType = argument.map { "\(type(of: $0))" } ?? "nil"
        switch specifier {
        case "@":
            return NSExpression(node: .constant(argument))
        case "K":
            guard let key = argument as? String, !key.isEmpty else {
                throw error("%K needs a key (a String) as argument #\(argumentIndex), got \(describedType)", at: token)
            }
            return NSExpression(node: .keyPath(operand: nil, path: key))
        case "f", "lf", "g", "lg", "e", "le", "Lf":
            guard let argument, let number = NumericValue(argument) else {
                throw error(
                    "%\(specifier) needs a number as argument #\(argumentIndex), got \(describedType)", at: token)
            }
            return NSExpression(node: .constant(number.doubleValue))
        default:
            guard let argument, let number = NumericValue(argument) else {
                throw error(
                    "%\(specifier) needs an integer as argument #\(argumentIndex), got \(describedType)", at: token)
            }
            if case .unsigned(let value) = number { return NSExpression(node: .constant(value)) }
            guard let integer = number.exactInteger, let value = Int(exactly: integer) else {
                throw error("%\(specifier) needs an integer as argument #\(argumentIndex), got \(argument)", at: token)
            }
            return NSExpression(node: .constant(value))
        }
    }
}
