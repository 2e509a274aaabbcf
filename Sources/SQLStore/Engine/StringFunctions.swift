import Foundation
import SQLite
import Synchronization

/// The SQL functions and collations registered on every connection of a store (``StoreFunction``, ``StringOrder``,
/// ``DecimalCollation``), which give string tests and sorts Foundation's meaning, with the JSON canonical form and
/// floating-point division predicates compare with.
///
/// SQLite's own `instr`, `LIKE` and `length` work on bytes, code points or ASCII case, while Swift evaluates
/// `contains`, `starts(with:)` and `count` on `Character`s (grapheme clusters, canonical equivalence). These
/// functions run the very Foundation code `Predicate.evaluate` runs, so SQL and in-memory results agree row for
/// row. Strings are stored in normalization form C, so `=` and `<` on them already agree with Swift's `==` and `<`.
/// The three-argument forms of `contains`, `starts_with`, `ends_with` and `equals` take ``StringMatchOptions`` and
/// match as Foundation's `range(of:options:)` and `compare(_:options:)` do.
package enum StringFunctions {
    /// Registers every function and collation on `connection`.
    package static func register(on connection: SQLiteConnection, dialect: any SQLDialect = SQLiteDialect())
        throws(StoreError)
    {
        do {
            try registerFunctions(on: connection, dialect)
        } catch {
            throw StoreError(error)
        }
    }

    private static func registerFunctions(on connection: SQLiteConnection, _ dialect: any SQLDialect)
        throws(SQLiteError)
    {
        func name(_ function: StoreFunction) -> String { dialect.functionName(function) }
        try connection.createFunction(name(.contains), argumentCount: 2) { arguments in
            if arguments.isNull(at: 0) || arguments.isNull(at: 1) { return .null }
            if let answer = ASCIIText.contains(arguments) { return .integer(answer ? 1 : 0) }
            return try boolean(arguments) { text, other in
                try PredicateExpressions.build_contains(
                    PredicateExpressions.Value(text), PredicateExpressions.Value(other)
                )
                .evaluate(PredicateBindings())
            }
        }
        try connection.createFunction(name(.startsWith), argumentCount: 2) { arguments in
            if arguments.isNull(at: 0) || arguments.isNull(at: 1) { return .null }
            if let answer = ASCIIText.startsWith(arguments) { return .integer(answer ? 1 : 0) }
            return try boolean(arguments) { text, prefix in
                try PredicateExpressions.build_starts(
                    PredicateExpressions.Value(text), with: PredicateExpressions.Value(prefix)
                )
                .evaluate(PredicateBindings())
            }
        }
        try connection.createFunction(name(.endsWith), argumentCount: 2) { arguments in
            try boolean(arguments) { text, suffix in text.reversed().starts(with: suffix.reversed()) }
        }
        for function in [StoreFunction.contains, .startsWith, .endsWith, .equals] {
            try connection.createFunction(name(function), argumentCount: 3) { arguments in
                let options = compareOptions(arguments.value(at: 2))
                return try boolean(arguments) { text, other in
                    switch function {
                    case .contains: other.isEmpty || text.range(of: other, options: options) != nil
                    case .startsWith: other.isEmpty || text.range(of: other, options: options.union(.anchored)) != nil
                    case .endsWith:
                        other.isEmpty || text.range(of: other, options: options.union([.anchored, .backwards])) != nil
                    default: text.compare(other, options: options) == .orderedSame
                    }
                }
            }
        }
        try connection.createFunction(name(.characterCount), argumentCount: 1) { arguments in
            arguments.isNull(at: 0) ? .null : .integer(Int64(arguments.text(at: 0).count))
        }
        try connection.createFunction(name(.localizedStandardContains), argumentCount: 2) { arguments in
            try boolean(arguments) { text, other in text.localizedStandardContains(other) }
        }
        try connection.createFunction(name(.caseInsensitiveCompare), argumentCount: 2) { arguments in
            try comparison(arguments) { $0.caseInsensitiveCompare($1) }
        }
        try connection.createFunction(name(.localizedCompare), argumentCount: 2) { arguments in
            try comparison(arguments) { $0.localizedCompare($1) }
        }
        try connection.createFunction(name(.canonicalJSON), argumentCount: 1) { arguments in
            let value = arguments.value(at: 0)
            guard case .text(let json) = value else { return value }
            return .text(CanonicalJSON.canonicalize(json))
        }
        try connection.createFunction(name(.floatDivide), argumentCount: 2) { arguments in
            guard let dividend = real(arguments.value(at: 0)), let divisor = real(arguments.value(at: 1)) else {
                return .null
            }
            let quotient = dividend / divisor
            return quotient.isNaN ? .null : .real(quotient)
        }
        try connection.createFunction(name(.regexContains), argumentCount: 2) { arguments in
            if arguments.isNull(at: 0) || arguments.isNull(at: 1) { return .null }
            guard let regex = RegexFunctions.compiled(arguments.text(at: 1)) else {
                throw FunctionError(message: "Swift cannot compile the regex /\(arguments.text(at: 1))/")
            }
            return .integer(arguments.text(at: 0).contains(regex) ? 1 : 0)
        }
        try connection.createFunction(name(.jsonNumber), argumentCount: 1) { arguments in
            guard let number = real(arguments.value(at: 0)), number.isFinite else { return .null }
            return .text("\(number)")
        }
        for order in StringOrder.allCases {
            try connection.createCollation(order.collation, order.compare)
        }
        try connection.createCollation(DecimalCollation.name, DecimalCollation.compare)
    }

    /// Foundation's options for ``StringMatchOptions`` bound as an integer.
    private static func compareOptions(_ value: SQLiteValue) -> String.CompareOptions {
        guard case .integer(let raw) = value else { return [] }
        let options = StringMatchOptions(rawValue: Int(raw))
        var result: String.CompareOptions = []
        if options.contains(.caseInsensitive) { result.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { result.insert(.diacriticInsensitive) }
        return result
    }

    /// A number argument as a Double; nil for NULL (SQL's NaN) and anything else.
    private static func real(_ value: SQLiteValue) -> Double? {
        switch value {
        case .real(let real): real
        case .integer(let integer): Double(integer)
        default: nil
        }
    }

    private static func boolean(
        _ arguments: SQLiteFunctionArguments, _ test: (String, String) throws -> Bool
    ) throws -> SQLiteValue {
        if arguments.isNull(at: 0) || arguments.isNull(at: 1) { return .null }
        return .integer(try test(arguments.text(at: 0), arguments.text(at: 1)) ? 1 : 0)
    }

    private static func comparison(
        _ arguments: SQLiteFunctionArguments, _ compare: (String, String) throws -> ComparisonResult
    ) throws -> SQLiteValue {
        if arguments.isNull(at: 0) || arguments.isNull(at: 1) { return .null }
        return .integer(Int64(try compare(arguments.text(at: 0), arguments.text(at: 1)).rawValue))
    }
}

/// The byte-level answer to `contains` and `starts(with:)` when it is certainly the `Character`-level one: both
/// strings ASCII without a carriage return. (In ASCII every byte is a `Character`, except that "\r\n" is one.)
/// Nil otherwise: the caller asks Foundation.
enum ASCIIText {
    static func contains(_ arguments: SQLiteFunctionArguments) -> Bool? {
        arguments.withUTF8(at: 0) { text in
            arguments.withUTF8(at: 1) { needle in
                guard isPlain(text), isPlain(needle) else { return nil }
                return search(needle, in: text)
            }
        }
    }

    static func startsWith(_ arguments: SQLiteFunctionArguments) -> Bool? {
        arguments.withUTF8(at: 0) { text in
            arguments.withUTF8(at: 1) { prefix in
                guard isPlain(text), isPlain(prefix) else { return nil }
                return text.count >= prefix.count && text.prefix(prefix.count).elementsEqual(prefix)
            }
        }
    }

    /// ASCII, and no carriage return.
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte >= 0x80 || byte == 0x0D { return false }
        return true
    }

    private static func search(_ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= text.count else { return false }
        let last = text.count - needle.count
        var index = 0
        while index <= last {
            if text[index] == first {
                var matched = 1
                while matched < needle.count && text[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}

/// Why a registered function refused its arguments: SQLite fails the statement with this message.
private struct FunctionError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Regexes compiled from their patterns, kept for the statements that match many rows against one.
package enum RegexFunctions {
    private struct Cache: @unchecked Sendable {
        var regexes: [String: Regex<AnyRegexOutput>] = [:]
    }

    private static let cache = Mutex(Cache())
    /// Patterns kept at most; the cache starts over beyond (patterns come from predicates, a few at a time).
    private static let capacity = 64

    /// `pattern` compiled as `PredicateExpressions.PredicateRegex` compiles a decoded one; nil when it is not a regex.
    package static func compiled(_ pattern: String) -> Regex<AnyRegexOutput>? {
        if let known = cache.withLock({ $0.regexes[pattern] }) { return known }
        guard let regex = try? Regex<AnyRegexOutput>(pattern) else { return nil }
        cache.withLock { cache in
            if cache.regexes.count >= capacity { cache.regexes.removeAll() }
            cache.regexes[pattern] = regex
        }
        return regex
    }
}
