import Foundation

/// The functions a function expression may name (Core Data's names), evaluated in memory. A function given
/// values it cannot use (a string to `add:to:`, a division by an integer zero) gives nil, so the comparison
/// around it is false.
enum ExpressionFunctions {
    static let names: Set<String> = [
        "add:to:", "from:subtract:", "multiply:by:", "divide:by:", "modulus:by:", "raise:toPower:",
        "sum:", "count:", "min:", "max:", "average:", "median:", "abs:", "sqrt:", "exp:", "ln:", "log:",
        "floor:", "ceiling:", "trunc:", "lowercase:", "uppercase:", "now", "noindex:", "castObject:toType:",
    ]

    static func evaluate(_ name: String, _ arguments: [Any?]) throws(PredicateEvaluationError) -> Any? {
        func number(_ index: Int) -> NumericValue? {
            index < arguments.count ? arguments[index].flatMap { unwrapped($0) }.flatMap(NumericValue.init) : nil
        }
        func values() -> [Any] {
            arguments.flatMap { argument -> [Any] in
                guard let value = unwrapped(argument) else { return [] }
                return KeyValueCoding.elements(of: value) ?? [value]
            }
        }
        switch name {
        case "add:to:", "from:subtract:", "multiply:by:", "divide:by:", "modulus:by:", "raise:toPower:":
            guard arguments.count == 2, let a = number(0), let b = number(1) else { return nil }
            return arithmetic(name, a, b)
        case "sum:": return try? sum(values())
        case "average:": return try? average(values())
        case "count:": return values().count
        case "min:": return try? extreme(values(), wanting: .orderedAscending)
        case "max:": return try? extreme(values(), wanting: .orderedDescending)
        case "median:":
            let sorted = values().compactMap(NumericValue.init).map(\.doubleValue).filter { !$0.isNaN }.sorted()
            guard !sorted.isEmpty else { return nil }
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        case "abs:":
            guard let a = number(0) else { return nil }
            if a.isIntegral, let v = a.exactInteger { return v == .min ? Double(v).magnitude : abs(v) }
            if case .decimal(let v) = a { return v < 0 ? -v : v }
            return abs(a.doubleValue)
        case "sqrt:", "exp:", "ln:", "log:":
            guard let a = number(0) else { return nil }
            let x = a.doubleValue
            switch name {
            case "sqrt:": return x.squareRoot()
            case "exp:": return Foundation.exp(x)
            case "ln:": return Foundation.log(x)
            default: return Foundation.log10(x)
            }
        case "floor:", "ceiling:", "trunc:":
            guard let a = number(0) else { return nil }
            if a.isIntegral { return a.swiftValue }
            let rule: FloatingPointRoundingRule = name == "floor:" ? .down : (name == "ceiling:" ? .up : .towardZero)
            return a.doubleValue.rounded(rule)
        case "lowercase:", "uppercase:":
            guard let string = arguments.first.flatMap({ unwrapped($0) }) as? String else { return nil }
            return name == "lowercase:" ? string.lowercased() : string.uppercased()
        case "now":
            return Date()
        case "noindex:":
            return arguments.first.flatMap { unwrapped($0) }
        case "castObject:toType:":
            guard arguments.count == 2, let type = arguments[1].flatMap({ unwrapped($0) }) as? String else {
                return nil
            }
            return cast(arguments[0].flatMap { unwrapped($0) }, to: type)
        default:
            throw .failed(
                "the function “\(name)” is not supported (supported: \(names.sorted().joined(separator: ", ")))")
        }
    }

    /// Integer arithmetic stays integer while it does not overflow (then it is done in `Double`), decimal stays
    /// decimal, anything with a floating-point operand is `Double`; `divide:by:` is always a `Double` (or
    /// `Decimal`) division.
    static func arithmetic(_ name: String, _ a: NumericValue, _ b: NumericValue) -> Any? {
        if case .unsigned = a { return doubleArithmetic(name, a.doubleValue, b.doubleValue) }
        if case .unsigned = b { return doubleArithmetic(name, a.doubleValue, b.doubleValue) }
        let anyDecimal: Bool = {
            if case .decimal = a { return true }
            if case .decimal = b { return true }
            return false
        }()
        if anyDecimal && !isFloating(a) && !isFloating(b) {
            return decimalArithmetic(name, a.decimalValue, b.decimalValue)
        }
        if a.isIntegral && b.isIntegral, let x = a.exactInteger, let y = b.exactInteger {
            switch name {
            case "add:to:":
                let (r, overflow) = x.addingReportingOverflow(y)
                return overflow ? Double(x) + Double(y) : r
            case "from:subtract:":
                let (r, overflow) = x.subtractingReportingOverflow(y)
                return overflow ? Double(x) - Double(y) : r
            case "multiply:by:":
                let (r, overflow) = x.multipliedReportingOverflow(by: y)
                return overflow ? Double(x) * Double(y) : r
            case "modulus:by:":
                guard y != 0 else { return nil }
                let (r, overflow) = x.remainderReportingOverflow(dividingBy: y)
                return overflow ? Int64(0) : r
            default:
                break
            }
        }
        return doubleArithmetic(name, a.doubleValue, b.doubleValue)
    }

    private static func isFloating(_ number: NumericValue) -> Bool {
        if case .floating = number { return true }
        return false
    }

    private static func doubleArithmetic(_ name: String, _ x: Double, _ y: Double) -> Any? {
        switch name {
        case "add:to:": x + y
        case "from:subtract:": x - y
        case "multiply:by:": x * y
        case "divide:by:": x / y
        case "modulus:by:": y == 0 ? nil : x.truncatingRemainder(dividingBy: y)
        case "raise:toPower:": Foundation.pow(x, y)
        default: nil
        }
    }

    private static func decimalArithmetic(_ name: String, _ x: Decimal, _ y: Decimal) -> Any? {
        switch name {
        case "add:to:": return x + y
        case "from:subtract:": return x - y
        case "multiply:by:": return x * y
        case "divide:by:": return y == 0 ? nil : x / y
        case "modulus:by:":
            guard y != 0 else { return nil }
            let quotient = NSDecimalNumber(decimal: x / y).int64Value
            return x - Decimal(quotient) * y
        case "raise:toPower:":
            return Foundation.pow(NSDecimalNumber(decimal: x).doubleValue, NSDecimalNumber(decimal: y).doubleValue)
        default: return nil
        }
    }

    /// The sum of numbers (0 for none); nil when a value is not a number.
    static func sum(_ values: [Any]) throws -> Any? {
        var total: Any? = Int64(0)
        for value in values {
            guard let current = total.flatMap(NumericValue.init), let number = NumericValue(value) else { return nil }
            total = arithmetic("add:to:", current, number)
        }
        return total
    }

    /// The mean of numbers, as a `Double` (`Decimal` for decimals); nil for none or when a value is not a number.
    static func average(_ values: [Any]) throws -> Any? {
        guard !values.isEmpty, let total = try sum(values).flatMap(NumericValue.init) else { return nil }
        if case .decimal(let v) = total { return v / Decimal(values.count) }
        return total.doubleValue / Double(values.count)
    }

    /// The smallest (`.orderedAscending`) or largest value; nil for none or values that cannot be ordered.
    static func extreme(_ values: [Any], wanting order: ComparisonResult) throws -> Any? {
        var best: Any?
        for value in values {
            guard let current = best else {
                best = value
                continue
            }
            guard let comparison = ValueComparison.order(value, current) else { return nil }
            if comparison == order { best = value }
        }
        return best
    }

    /// `CAST(value, "NSDate")` and its siblings; nil when `value` cannot be read as `type`.
    static func cast(_ value: Any?, to type: String) -> Any? {
        guard let value = unwrapped(value) else { return nil }
        let number = NumericValue(value)
        let string = value as? String
        switch type {
        case "NSDate":
            if let date = value as? Date { return date }
            return number.map { Date(timeIntervalSinceReferenceDate: $0.doubleValue) }
        case "NSNumber":
            if let number { return number.swiftValue }
            if let date = value as? Date { return date.timeIntervalSinceReferenceDate }
            guard let string else { return nil }
            if let integer = Int(string) { return integer }
            return Double(string)
        case "NSString":
            return string ?? "\(value)"
        case "NSDecimalNumber":
            if let number { return number.decimalValue }
            return string.flatMap { Decimal(string: $0) }
        case "NSUUID":
            if let uuid = value as? UUID { return uuid }
            return string.flatMap(UUID.init(uuidString:))
        case "NSURL":
            if let url = value as? URL { return url }
            return string.flatMap { URL(string: $0) }
        case "NSData":
            if let data = value as? Data { return data }
            return string.flatMap { Data(base64Encoded: $0) }
        default:
            return nil
        }
    }
}
