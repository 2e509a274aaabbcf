import Foundation

/// Lets code that holds an `Any` see through an `Optional` inside it (`Any` holding `String?.none` is nil).
protocol AnyOptional {
    var wrappedAny: Any? { get }
}

extension Optional: AnyOptional {
    var wrappedAny: Any? {
        switch self {
        case .some(let wrapped): (wrapped as? AnyOptional).map(\.wrappedAny) ?? wrapped
        case .none: nil
        }
    }
}

/// `value` without any `Optional` wrapping, nil for `nil` and for `NSNull`.
func unwrapped(_ value: Any?) -> Any? {
    guard let value else { return nil }
    if let optional = value as? AnyOptional { return unwrapped(optional.wrappedAny) }
    if value is NSNull { return nil }
    return value
}

extension Equatable {
    /// `self == other` when `other` is of the same type.
    func isEqual(toAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
