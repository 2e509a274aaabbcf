import Foundation

/// A number of any of the kinds Core Data's values come in (Swift integers, floating-point numbers, `Bool`,
/// `Decimal`, `NSNumber`), so values of different Swift types compare and convert as `NSNumber`s do.
enum NumericValue: Equatable {
    case integer(Int64)
    /// An unsigned integer above `Int64.max`.
    case unsigned(UInt64)
    case floating(Double)
    case decimal(Decimal)
    case boolean(Bool)

    /// The number `value` holds, or nil when it is not a number. An `NSNumber` is read by its stored type
    /// (`objCType`), so `NSNumber(value: 2.5)` is floating and `NSNumber(value: 3)` an integer.
    init?(_ value: Any) {
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            self.init(number: number)
            return
        }
        switch value {
        case let v as Int: self = .integer(Int64(v))
        case let v as Int64: self = .integer(v)
        case let v as Int32: self = .integer(Int64(v))
        case let v as Int16: self = .integer(Int64(v))
        case let v as Int8: self = .integer(Int64(v))
        case let v as UInt: self = Self.unsignedValue(UInt64(v))
        case let v as UInt64: self = Self.unsignedValue(v)
        case let v as UInt32: self = .integer(Int64(v))
        case let v as UInt16: self = .integer(Int64(v))
        case let v as UInt8: self = .integer(Int64(v))
        case let v as Double: self = .floating(v)
        case let v as Float: self = .floating(Double(v))
        case let v as Bool: self = .boolean(v)
        case let v as Decimal: self = .decimal(v)
        default: return nil
        }
    }

    private init(number: NSNumber) {
        if let decimal = number as? NSDecimalNumber {
            self = .decimal(decimal.decimalValue)
            return
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"): self = .floating(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"): self = Self.unsignedValue(number.uint64Value)
        case UInt8(ascii: "B"): self = .boolean(number.boolValue)
        default: self = .integer(number.int64Value)
        }
    }

    private static func unsignedValue(_ value: UInt64) -> NumericValue {
        value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsigned(value)
    }

    var doubleValue: Double {
        switch self {
        case .integer(let v): Double(v)
        case .unsigned(let v): Double(v)
        case .floating(let v): v
        case .decimal(let v): NSDecimalNumber(decimal: v).doubleValue
        case .boolean(let v): v ? 1 : 0
        }
    }

    /// The value as an `Int64` when it is a whole number in range (`2.0` is 2, `2.5` is nil).
    var exactInteger: Int64? {
        switch self {
        case .integer(let v): return v
        case .unsigned: return nil
        case .boolean(let v): return v ? 1 : 0
        case .floating(let v): return Int64(exactly: v)
        case .decimal(let v):
            var rounded = Decimal()
            var copy = v
            NSDecimalRound(&rounded, &copy, 0, .plain)
            guard rounded == v else { return nil }
            return Int64(exactly: NSDecimalNumber(decimal: v).doubleValue).flatMap { candidate in
                Decimal(candidate) == v ? candidate : nil
            }
        }
    }

    var isIntegral: Bool {
        switch self {
        case .integer, .unsigned, .boolean: true
        case .floating, .decimal: false
        }
    }

    var decimalValue: Decimal {
        switch self {
        case .integer(let v): Decimal(v)
        case .unsigned(let v): Decimal(v)
        case .floating(let v): Decimal(v)
        case .decimal(let v): v
        case .boolean(let v): v ? 1 : 0
        }
    }

    /// The order of two numbers, exact across kinds (`Int64.max` and `Double(Int64.max)` are not equal); nil when
    /// either is NaN.
    static func compare(_ a: NumericValue, _ b: NumericValue) -> ComparisonResult? {
        switch (a, b) {
        case (.decimal, _), (_, .decimal):
            let (x, y) = (a.decimalValue, b.decimalValue)
            if case .floating(let v) = a, v.isNaN { return nil }
            if case .floating(let v) = b, v.isNaN { return nil }
            return x < y ? .orderedAscending : (x == y ? .orderedSame : .orderedDescending)
        case (.unsigned(let x), .unsigned(let y)):
            return x < y ? .orderedAscending : (x == y ? .orderedSame : .orderedDescending)
        case (.unsigned, .integer), (.unsigned, .boolean):
            return .orderedDescending
        case (.integer, .unsigned), (.boolean, .unsigned):
            return .orderedAscending
        case (.floating(let x), .floating(let y)):
            if x.isNaN || y.isNaN { return nil }
            return x < y ? .orderedAscending : (x == y ? .orderedSame : .orderedDescending)
        case (.floating(let x), _):
            guard let order = compareExactly(integerLike: b, with: x) else { return nil }
            return order.reversed
        case (_, .floating(let y)):
            return compareExactly(integerLike: a, with: y)
        default:
            let (x, y) = (a.exactInteger ?? 0, b.exactInteger ?? 0)
            return x < y ? .orderedAscending : (x == y ? .orderedSame : .orderedDescending)
        }
    }

    /// Compares an integer (or unsigned, or Bool) with a double without rounding the integer.
    private static func compareExactly(integerLike value: NumericValue, with double: Double) -> ComparisonResult? {
        if double.isNaN { return nil }
        if case .unsigned(let u) = value {
            if double >= 18_446_744_073_709_551_616.0 { return .orderedAscending }
            if double < 9_223_372_036_854_775_808.0 { return .orderedDescending }
            let truncated = UInt64(double)
            if u != truncated { return u < truncated ? .orderedAscending : .orderedDescending }
            return double > Double(truncated) ? .orderedAscending : .orderedSame
        }
        let integer = value.exactInteger ?? 0
        if double >= 9_223_372_036_854_775_808.0 { return .orderedAscending }
        if double < -9_223_372_036_854_775_808.0 { return .orderedDescending }
        let truncated = Int64(double.rounded(.towardZero))
        if integer != truncated { return integer < truncated ? .orderedAscending : .orderedDescending }
        let fraction = double - Double(truncated)
        return fraction > 0 ? .orderedAscending : (fraction < 0 ? .orderedDescending : .orderedSame)
    }

    /// The number as a Swift value of its own kind (`Int64`, `UInt64`, `Double`, `Decimal`, `Bool`).
    var swiftValue: Any {
        switch self {
        case .integer(let v): v
        case .unsigned(let v): v
        case .floating(let v): v
        case .decimal(let v): v
        case .boolean(let v): v
        }
    }

    /// The number as an `NSNumber`, the form Core Data's `value(forKey:)` returns numbers in.
    var number: NSNumber {
        switch self {
        case .integer(let v): NSNumber(value: v)
        case .unsigned(let v): NSNumber(value: v)
        case .floating(let v): NSNumber(value: v)
        case .decimal(let v): NSDecimalNumber(decimal: v)
        case .boolean(let v): NSNumber(value: v)
        }
    }
}

extension ComparisonResult {
    var reversed: ComparisonResult {
        switch self {
        case .orderedAscending: .orderedDescending
        case .orderedDescending: .orderedAscending
        case .orderedSame: .orderedSame
        }
    }
}
