import Foundation
import SQLite
import Synchronization

/// SQL functions and collations that give string predicates and sorts Swift's meaning, registered on every
/// connection (with the JSON canonical form and floating-point division predicates compare with).
///
/// SQLite's own `instr`, `LIKE` and `length` work on bytes, code points or ASCII case, while `#Predicate` evaluates
/// `contains`, `starts(with:)` and `count` on `Character`s (grapheme clusters, canonical equivalence). These
/// functions run the very Foundation code `Predicate.evaluate` runs, so SQL and in-memory results agree row for
/// row. Strings are stored in normalization form C, so `=` and `<` on them already agree with Swift's `==` and `<`.
enum StringFunctions {
    static let contains = "osd_contains"
    static let startsWith = "osd_starts_with"
    static let characterCount = "osd_character_count"
    static let localizedStandardContains = "osd_localized_standard_contains"
    static let caseInsensitiveCompare = "osd_case_insensitive_compare"
    static let localizedCompare = "osd_localized_compare"
    static let canonicalJSON = "osd_canonical_json"
    static let floatDivide = "osd_float_divide"
    static let regexContains = "osd_regex_contains"
    static let jsonNumber = "osd_json_number"

    static func register(on connection: SQLiteConnection) throws(SQLiteError) {
        try connection.createFunction(contains, argumentCount: 2) { arguments in
            if arguments.isNull(at: 0) || arguments.isNull(at: 1) { return .null }
            if let answer = ASCIIText.contains(arguments) { return .integer(answer ? 1 : 0) }
            return try boolean(arguments) { text, other in
                try PredicateExpressions.build_contains(PredicateExpressions.Value(text), PredicateExpressions.Value(other))
                    .evaluate(PredicateBindings())
            }
        }
        try connection.createFunction(startsWith, argumentCount: 2) { arguments in
            if arguments.isNull(at: 0) || arguments.isNull(at: 1) { return .null }
            if let answer = ASCIIText.startsWith(arguments) { return .integer(answer ? 1 : 0) }
            return try boolean(arguments) { text, prefix in
                try PredicateExpressions.build_starts(PredicateExpressions.Value(text), with: PredicateExpressions.Value(prefix))
                    .evaluate(PredicateBindings())
            }
        }
        try connection.createFunction(characterCount, argumentCount: 1) { arguments in
            arguments.isNull(at: 0) ? .null : .integer(Int64(arguments.text(at: 0).count))
        }
        try connection.createFunction(localizedStandardContains, argumentCount: 2) { arguments in
            try boolean(arguments) { text, other in text.localizedStandardContains(other) }
        }
        try connection.createFunction(caseInsensitiveCompare, argumentCount: 2) { arguments in
            try comparison(arguments) { $0.caseInsensitiveCompare($1) }
        }
        try connection.createFunction(localizedCompare, argumentCount: 2) { arguments in
            try comparison(arguments) { $0.localizedCompare($1) }
        }
        try connection.createFunction(canonicalJSON, argumentCount: 1) { arguments in
            let value = arguments.value(at: 0)
            guard case .text(let json) = value else { return value }
            return .text(canonicalizeJSON(json))
        }
        try connection.createFunction(floatDivide, argumentCount: 2) { arguments in
            guard let dividend = real(arguments.value(at: 0)), let divisor = real(arguments.value(at: 1)) else { return .null }
            let quotient = dividend / divisor
            return quotient.isNaN ? .null : .real(quotient)
        }
        try connection.createFunction(regexContains, argumentCount: 2) { arguments in
            if arguments.isNull(at: 0) || arguments.isNull(at: 1) { return .null }
            guard let regex = RegexFunctions.compiled(arguments.text(at: 1)) else {
                throw SwiftDataError.unsupportedPredicate("Swift cannot compile the regex /\(arguments.text(at: 1))/")
            }
            return .integer(arguments.text(at: 0).contains(regex) ? 1 : 0)
        }
        try connection.createFunction(jsonNumber, argumentCount: 1) { arguments in
            guard let number = real(arguments.value(at: 0)), number.isFinite else { return .null }
            return .text("\(number)")
        }
        for order in StringOrder.allCases {
            try connection.createCollation(order.collation, order.compare)
        }
        try connection.createCollation(DecimalCollation.name, DecimalCollation.compare)
    }

    /// JSON text (a collection or `Codable` value stored as JSON) in the form two equal Swift values share: its
    /// strings in normalization form C — Swift compares strings by canonical equivalence, but the encoder writes
    /// them as given — and negative zero written as zero (Swift's `-0.0 == 0.0`; the encoder writes `-0`).
    ///
    /// Normalizing the whole text is normalizing each string in it: JSON's own characters are ASCII starters that
    /// compose with nothing, so no composition or reordering crosses a string's quotes.
    static func canonicalizeJSON(_ json: String) -> String {
        let text = json.canonicalForm
        guard text.utf8.contains(UInt8(ascii: "-")) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var inString = false, escaped = false
        var remaining = text.utf8[...]
        while let byte = remaining.first {
            if inString {
                // Inside a string nothing changes; a backslash escapes the next byte, a quote ends it.
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                bytes.append(byte)
                remaining = remaining.dropFirst()
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            guard byte == UInt8(ascii: "-") else {
                bytes.append(byte)
                remaining = remaining.dropFirst()
                continue
            }
            // A negative number: drop the sign when its digits before any exponent are all zeros.
            let number = remaining.dropFirst().prefix { isNumberByte($0) }
            let mantissa = number.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
            let isZero = mantissa.contains(UInt8(ascii: "0"))
                && mantissa.allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") }
            if !isZero { bytes.append(byte) }
            bytes.append(contentsOf: number)
            remaining = remaining.dropFirst(1 + number.count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"),
            UInt8(ascii: "-"):
            true
        default: false
        }
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

/// Regexes compiled from their patterns, kept for the statements that match many rows against one.
enum RegexFunctions {
    private struct Cache: @unchecked Sendable {
        var regexes: [String: Regex<AnyRegexOutput>] = [:]
    }

    private static let cache = Mutex(Cache())
    /// Patterns kept at most; the cache starts over beyond (patterns come from predicates, a few at a time).
    private static let capacity = 64

    /// `pattern` compiled as `PredicateExpressions.PredicateRegex` compiles a decoded one; nil when it is not a regex.
    static func compiled(_ pattern: String) -> Regex<AnyRegexOutput>? {
        if let known = cache.withLock({ $0.regexes[pattern] }) { return known }
        guard let regex = try? Regex<AnyRegexOutput>(pattern) else { return nil }
        cache.withLock { cache in
            if cache.regexes.count >= capacity { cache.regexes.removeAll() }
            cache.regexes[pattern] = regex
        }
        return regex
    }
}
