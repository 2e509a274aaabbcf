import Foundation

/// Generates random predicate format strings, with their arguments, over `PeopleModel`'s Person: every operator,
/// option, modifier, `%` specifier and literal form of the syntax, key paths through `team` (to-one) and
/// `friends` (to-many), collection operators, `SUBQUERY`, arithmetic, functions and `$variables`.
///
/// Each case is reproducible from its seed alone. Meant to be shared: the store layer's differential test runs
/// the same cases through SQL and compares with `evaluate(with:)`; ``Options`` turn off families a translator
/// does not support yet. At most two relationship steps are generated, so the corpus's dictionary form (three
/// levels deep) holds every value a predicate reads.
struct RandomFormatPredicateGenerator {
    struct Options {
        /// The deepest a tree of AND/OR/NOT goes.
        var maxDepth = 3
        var regularExpressions = true
        var subqueries = true
        var arithmetic = true
        var functions = true
        var variables = true
        var collectionOperators = true
    }

    struct Generated {
        let format: String
        let arguments: [Any]
        /// Values for the `$variables` the format uses.
        let bindings: [String: Any]
    }

    private enum Kind: CaseIterable {
        case string, integer, floating, decimal, boolean, date
    }

    private var random: SeededRandom
    private let options: Options
    private var arguments: [Any] = []
    private var bindings: [String: Any] = [:]
    private var subqueryDepth = 0

    static func generate(seed: UInt64, options: Options = Options()) -> Generated {
        var generator = RandomFormatPredicateGenerator(random: SeededRandom(seed: seed), options: options)
        let format = generator.predicate(depth: generator.random.int(0...options.maxDepth)).text
        return Generated(format: format, arguments: generator.arguments, bindings: generator.bindings)
    }

    private init(random: SeededRandom, options: Options) {
        self.random = random
        self.options = options
    }

    // MARK: Predicates

    private mutating func keyword(_ word: String) -> String {
        switch random.int(0...5) {
        case 0: word.lowercased()
        case 1: word.prefix(1) + word.dropFirst().lowercased()
        default: word
        }
    }

    /// A predicate, and whether it is a compound (which must be parenthesised inside another).
    private mutating func predicate(depth: Int) -> (text: String, isCompound: Bool) {
        guard depth > 0, random.chance(0.7) else {
            if random.chance(0.03) { return (keyword(random.chance(0.5) ? "TRUEPREDICATE" : "FALSEPREDICATE"), false) }
            return (comparison(prefix: ""), false)
        }
        switch random.int(0...5) {
        case 0, 1:
            let glue = random.chance(0.7) ? " \(keyword("AND")) " : " && "
            return ((0..<random.int(2...3)).map { _ in operand(depth: depth - 1) }.joined(separator: glue), true)
        case 2, 3:
            let glue = random.chance(0.7) ? " \(keyword("OR")) " : " || "
            return ((0..<random.int(2...3)).map { _ in operand(depth: depth - 1) }.joined(separator: glue), true)
        default:
            let not = random.chance(0.7) ? "\(keyword("NOT")) " : "!"
            return (not + "(" + predicate(depth: depth - 1).text + ")", false)
        }
    }

    /// A sub-predicate of AND/OR: parenthesised when it is a compound itself (sometimes even when not).
    private mutating func operand(depth: Int) -> String {
        let inner = predicate(depth: depth)
        return inner.isCompound || random.chance(0.1) ? "(\(inner.text))" : inner.text
    }

    // MARK: Comparisons

    private static let attributes: [(String, Kind, optional: Bool)] = [
        ("name", .string, false), ("nickname", .string, true), ("age", .integer, false), ("height", .integer, false),
        ("score", .floating, false), ("rating", .floating, true), ("balance", .decimal, true),
        ("isMember", .boolean, false), ("birthday", .date, true),
    ]

    /// A comparison of a key path of the evaluated object (`prefix` "" ) or of a subquery variable (`"$f."`).
    private mutating func comparison(prefix: String) -> String {
        let roll = random.int(0...19)
        if prefix.isEmpty && subqueryDepth == 0 {
            switch roll {
            case 0: return toMany()
            case 1: if options.collectionOperators { return collectionOperator() }
            case 2: if options.subqueries { return subquery() }
            case 3: return "team.name" + " " + stringOperator() + " " + constant(.string)
            case 4: return "team " + random.pick(["==", "!="]) + " " + random.pick(["nil", "NULL"])
            case 5: if random.chance(0.5) { return tagsComparison() }
            default: break
            }
        }
        let (key, kind, optional) = random.pick(Self.attributes)
        let left = keyExpression(prefix: prefix, key: key)
        if optional && random.chance(0.15) {
            return left + " " + random.pick(["==", "!=", "=", "<>"]) + " " + random.pick(["nil", "NULL", "nil"])
        }
        return comparison(left: left, kind: kind)
    }

    private mutating func keyExpression(prefix: String, key: String) -> String {
        if !prefix.isEmpty { return prefix + key }
        switch random.int(0...9) {
        case 0:
            arguments.append(key)
            return "%K"
        case 1: return "SELF." + key
        default: return key
        }
    }

    private mutating func comparison(left: String, kind: Kind) -> String {
        switch kind {
        case .string:
            if options.functions && random.chance(0.1) {
                return "\(random.pick(["lowercase:", "uppercase:"]))(\(left)) \(stringOperator()) \(constant(.string))"
            }
            return "\(left) \(stringOperator()) \(constant(.string))"
        case .integer, .floating, .decimal:
            var expression = left
            if options.arithmetic && kind != .decimal && random.chance(0.25) {
                expression = arithmetic(left, kind: kind)
            }
            return "\(expression) \(orderOperator()) \(numericOperand(kind))"
        case .boolean:
            let right = random.pick(["TRUE", "FALSE", "YES", "NO", "1", "0", "%@"])
            if right == "%@" { arguments.append(random.chance(0.5)) }
            return "\(left) \(random.pick(["==", "!=", "="])) \(right)"
        case .date:
            return "\(left) \(orderOperator()) \(constant(.date))"
        }
    }

    private mutating func stringOperator() -> String {
        let base = random.pick(
            [
                "==", "!=", "<", "<=", ">", ">=", "=", "<>", "=<", "=>", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE",
                "IN", "BETWEEN",
            ]
                + (options.regularExpressions ? ["MATCHES"] : []))
        let word = base.first?.isLetter == true ? keyword(base) : base
        return word + random.pick(["", "", "", "[c]", "[d]", "[cd]", "[n]"])
    }

    private mutating func orderOperator() -> String {
        let symbol = random.pick(["==", "!=", "<", "<=", ">", ">=", "=", "<>", "=<", "=>", "IN", "BETWEEN"])
        return symbol.first?.isLetter == true ? keyword(symbol) : symbol
    }

    private mutating func numericOperand(_ kind: Kind) -> String {
        if options.variables && random.chance(0.1) {
            let name = random.pick(["MIN", "LIMIT", "N"])
            bindings[name] =
                random.chance(0.5) ? Int(random.pick(RandomPeopleCorpus.ages)) : random.pick(RandomPeopleCorpus.scores)
            return "$" + name
        }
        return constant(kind)
    }

    private mutating func arithmetic(_ left: String, kind: Kind) -> String {
        let small = random.int(-3...5)
        switch random.int(0...5) {
        case 0: return "\(left) + \(small)"
        case 1: return "\(left) - \(small)"
        case 2: return "\(left) * \(small)"
        case 3: return "\(left) / \(random.pick([2, 4, -1, 0.5]))"
        case 4: return "-\(left)"
        default: return "(\(left) + 1) * 2"
        }
    }

    private mutating func toMany() -> String {
        let modifier = keyword(random.pick(["ANY", "ALL", "NONE", "SOME"]))
        if random.chance(0.2) {
            return "\(modifier) friends.team.name \(stringOperator()) \(constant(.string))"
        }
        let (key, kind, _) = random.pick(Self.attributes.filter { $0.1 != .boolean })
        return "\(modifier) " + comparison(left: "friends.\(key)", kind: kind)
    }

    private mutating func tagsComparison() -> String {
        let tag = quoted(random.pick(["red", "Red", "blue", "x", "", "green"]))
        switch random.int(0...3) {
        case 0: return "tags CONTAINS\(random.pick(["", "[c]"])) \(tag)"
        case 1: return "\(tag) \(keyword("IN")) tags"
        case 2: return "\(keyword(random.pick(["ANY", "ALL", "NONE"]))) tags ==\(random.pick(["", "[c]"])) \(tag)"
        default: return "tags.@count \(orderOperator()) \(random.int(0...3))"
        }
    }

    private mutating func collectionOperator() -> String {
        switch random.int(0...5) {
        case 0: return "friends.@count \(orderOperator()) \(random.int(0...4))"
        case 1: return "friends.@sum.age \(orderOperator()) \(constant(.integer))"
        case 2: return "friends.@avg.score \(orderOperator()) \(constant(.floating))"
        case 3: return "friends.@max.height \(orderOperator()) \(constant(.integer))"
        case 4: return "friends.@min.name \(orderOperator()) \(constant(.string))"
        default: return "team.members.@count \(orderOperator()) \(random.int(0...6))"
        }
    }

    private mutating func subquery() -> String {
        subqueryDepth += 1
        defer { subqueryDepth -= 1 }
        var inner = comparison(prefix: "$f.")
        if random.chance(0.3) { inner += " \(keyword("AND")) " + comparison(prefix: "$f.") }
        if random.chance(0.15) { inner += " \(keyword("OR")) $f.team.name ==[c] " + constant(.string) }
        return "SUBQUERY(friends, $f, \(inner)).@count \(orderOperator()) \(random.int(0...3))"
    }

    // MARK: Constants, as literals or as arguments

    private mutating func quoted(_ string: String) -> String {
        let quote: Character = string.contains("'") || random.chance(0.5) ? "\"" : "'"
        var result = String(quote)
        for character in string {
            switch character {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case quote: result += "\\" + String(quote)
            default: result.append(character)
            }
        }
        return result + String(quote)
    }

    private mutating func constant(_ kind: Kind) -> String {
        switch kind {
        case .string:
            let value = random.pick(RandomPeopleCorpus.strings + RandomPeopleCorpus.teamNames)
            switch random.int(0...9) {
            case 0...2:
                arguments.append(value)
                return "%@"
            case 3:
                return "{"
                    + (0..<random.int(1...3)).map { _ in quoted(random.pick(RandomPeopleCorpus.strings)) }.joined(
                        separator: ", ") + "}"
            case 4:
                arguments.append((0..<random.int(0...3)).map { _ in random.pick(RandomPeopleCorpus.strings) })
                return "%@"
            default:
                return quoted(value)
            }
        case .integer:
            let value = random.pick(RandomPeopleCorpus.ages.map(Int.init) + [3, 5, 150, 170])
            switch random.int(0...9) {
            case 0:
                arguments.append(value)
                return random.pick(["%d", "%i", "%ld", "%lld"])
            case 1:
                arguments.append(NSNumber(value: value))
                return "%@"
            case 2:
                arguments.append(Int64(value))
                return "%@"
            case 3:
                return "{\(value), \(value + random.int(0...40))}"
            default:
                return "\(value)"
            }
        case .floating:
            let value = random.pick(RandomPeopleCorpus.scores + [0.25, 3, -1])
            switch random.int(0...6) {
            case 0:
                arguments.append(value)
                return random.pick(["%f", "%lf"])
            case 1:
                arguments.append(value)
                return "%@"
            case 2:
                return "{\(value), \(value + Double(random.int(0...20)))}"
            default:
                return "\(value)"
            }
        case .decimal:
            let value = Decimal(random.int(-20...20)) / 4
            switch random.int(0...2) {
            case 0:
                arguments.append(value)
                return "%@"
            case 1:
                return "CAST(\"\(value)\", \"NSDecimalNumber\")"
            default:
                return "\(NSDecimalNumber(decimal: value).doubleValue)"
            }
        case .boolean:
            return random.pick(["TRUE", "FALSE"])
        case .date:
            let seconds = Double(random.int(-4...4)) * 86_400
            if random.chance(0.5) {
                arguments.append(Date(timeIntervalSinceReferenceDate: seconds))
                return "%@"
            }
            return "CAST(\(seconds), 'NSDate')"
        }
    }
}
