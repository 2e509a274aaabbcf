import Foundation

/// Reads Foundation's own `predicateFormat` without the deprecation warning Linux Foundation attaches to it.
private protocol FoundationPredicateFormat {
    var predicateFormat: String { get }
}

extension NSPredicate: FoundationPredicateFormat {}

/// Prints predicate trees in format syntax: `predicateFormat` and `description`. What it prints,
/// `NSPredicate(format:)` reads back to an equal tree (for every constant that has a literal form: see the guide).
enum PredicateFormatter {
    static func format(_ predicate: NSPredicate) -> String {
        switch predicate {
        case let invalid as InvalidFormatPredicate:
            return invalid.error.format
        case let comparison as NSComparisonPredicate:
            return format(comparison)
        case let compound as NSCompoundPredicate:
            return format(compound)
        default:
            return (predicate as FoundationPredicateFormat).predicateFormat
        }
    }

    private static func format(_ comparison: NSComparisonPredicate) -> String {
        let modifier =
            switch comparison.comparisonPredicateModifier {
            case .direct: ""
            case .any: "ANY "
            case .all: "ALL "
            }
        let symbol =
            switch comparison.predicateOperatorType {
            case .lessThan: "<"
            case .lessThanOrEqualTo: "<="
            case .greaterThan: ">"
            case .greaterThanOrEqualTo: ">="
            case .equalTo: "=="
            case .notEqualTo: "!="
            case .matches: "MATCHES"
            case .like: "LIKE"
            case .beginsWith: "BEGINSWITH"
            case .endsWith: "ENDSWITH"
            case .in: "IN"
            case .contains: "CONTAINS"
            case .between: "BETWEEN"
            case .customSelector: "CUSTOMSELECTOR"
            }
        var options = ""
        if comparison.options.contains(.caseInsensitive) { options += "c" }
        if comparison.options.contains(.diacriticInsensitive) { options += "d" }
        if comparison.options.contains(.normalized) { options += "n" }
        if !options.isEmpty { options = "[\(options)]" }
        return
            "\(modifier)\(format(comparison.leftExpression)) \(symbol)\(options) \(format(comparison.rightExpression))"
    }

    private static func format(_ compound: NSCompoundPredicate) -> String {
        func child(_ predicate: NSPredicate) -> String {
            if let inner = predicate as? NSCompoundPredicate, inner.compoundPredicateType != .not {
                return "(\(format(inner)))"
            }
            return format(predicate)
        }
        switch compound.compoundPredicateType {
        case .not:
            return "NOT " + (compound.subpredicates.first.map(child) ?? "TRUEPREDICATE")
        case .and:
            return compound.subpredicates.isEmpty
                ? "TRUEPREDICATE" : compound.subpredicates.map(child).joined(separator: " AND ")
        case .or:
            return compound.subpredicates.isEmpty
                ? "FALSEPREDICATE" : compound.subpredicates.map(child).joined(separator: " OR ")
        }
    }

    private static let infixOperators: [String: String] = [
        "add:to:": "+", "from:subtract:": "-", "multiply:by:": "*", "divide:by:": "/", "raise:toPower:": "**",
    ]

    static func format(_ expression: NSExpression) -> String {
        switch expression.node {
        case .constant(let value):
            return constant(value)
        case .evaluatedObject:
            return "SELF"
        case .anyKey:
            return "ANYKEY"
        case .variable(let name):
            return "$" + name
        case .keyPath(let operand, let path):
            let key = path.split(separator: ".", omittingEmptySubsequences: false).map { escapedKey(String($0)) }
                .joined(separator: ".")
            guard let operand else { return key }
            if case .function(let name, let arguments) = operand.node, infixOperators[name] != nil, arguments.count == 2
            {
                return "(\(format(operand))).\(key)"
            }
            return "\(format(operand)).\(key)"
        case .function(let name, let arguments):
            if let symbol = infixOperators[name], arguments.count == 2 {
                return "\(operand(arguments[0])) \(symbol) \(operand(arguments[1]))"
            }
            if name == "castObject:toType:", arguments.count == 2 {
                return "CAST(\(format(arguments[0])), \(format(arguments[1])))"
            }
            return "\(name)(\(arguments.map(format).joined(separator: ", ")))"
        case .aggregate(let elements):
            return "{" + elements.map(format).joined(separator: ", ") + "}"
        case .subquery(let collection, let variable, let predicate):
            return "SUBQUERY(\(format(collection)), $\(variable), \(format(predicate)))"
        case .conditional(let predicate, let whenTrue, let whenFalse):
            return "TERNARY(\(format(predicate)), \(format(whenTrue)), \(format(whenFalse)))"
        case .invalid(let error):
            return error.format
        }
    }

    /// An arithmetic operand, parenthesised when it is arithmetic itself, so the tree reads back the same.
    private static func operand(_ expression: NSExpression) -> String {
        if case .function(let name, let arguments) = expression.node, infixOperators[name] != nil, arguments.count == 2
        {
            return "(\(format(expression)))"
        }
        return format(expression)
    }

    static func escapedKey(_ key: String) -> String {
        guard let first = key.first, first != "@" else { return key }
        let isWord = (first.isLetter || first == "_") && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        if isWord && reservedPredicateWords.contains(key.uppercased()) { return "#" + key }
        return key
    }

    static func constant(_ value: Any?) -> String {
        guard let value = unwrapped(value) else { return "nil" }
        if let number = NumericValue(value) {
            switch number {
            case .boolean(let flag): return flag ? "TRUE" : "FALSE"
            case .integer(let v): return String(v)
            case .unsigned(let v): return String(v)
            case .floating(let v):
                return v.isFinite ? "\(v)" : "CAST(\(quoted("\(v)")), \"NSNumber\")"
            case .decimal(let v): return "CAST(\(quoted("\(v)")), \"NSDecimalNumber\")"
            }
        }
        switch value {
        case let string as String: return quoted(string)
        case let date as Date: return "CAST(\(date.timeIntervalSinceReferenceDate), \"NSDate\")"
        case let uuid as UUID: return "CAST(\(quoted(uuid.uuidString)), \"NSUUID\")"
        case let url as URL: return "CAST(\(quoted(url.absoluteString)), \"NSURL\")"
        case let data as Data: return "CAST(\(quoted(data.base64EncodedString())), \"NSData\")"
        case let object as NSManagedObject: return object.objectID.description
        case let objectID as NSManagedObjectID: return objectID.description
        default: break
        }
        if let elements = KeyValueCoding.elements(of: value) {
            return "{" + elements.map(constant).joined(separator: ", ") + "}"
        }
        return quoted(String(describing: value))
    }

    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u" + String(format: "%04X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
