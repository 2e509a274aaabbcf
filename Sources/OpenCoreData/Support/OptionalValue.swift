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
    // A check of the type first: casting a bridgeable value (a dictionary) to a protocol bridges it.
    if type(of: value) is AnyOptional.Type, let optional = value as? AnyOptional {
        return unwrapped(optional.wrappedAny)
    }
    if type(of: value) == NSNull.self { return nil }
    return value
}

/// `value` as an instance of the class `T`, without the cost of bridging: casting a Swift value (a dictionary, a
/// string) to a class converts it to its Foundation class first, which is slow for large values, so values that
/// are not class instances are answered nil at once.
@inline(__always)
func instance<T: AnyObject>(_ value: Any, of _: T.Type) -> T? {
    guard type(of: value) is AnyClass else { return nil }
    return value as? T
}

/// `x == y` when both are of one `Equatable` type (checked on the type, so Swift values are not bridged).
func equatableEqual(_ x: Any, _ y: Any) -> Bool {
    guard type(of: x) is any Equatable.Type, let x = x as? any Equatable else { return false }
    return x.isEqual(toAny: y)
}

extension Equatable {
    /// `self == other` when `other` is of the same type.
    func isEqual(toAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
