import Foundation

/// Types an `@NSManaged` property may have without being optional: each has a value to read when the object
/// has none (Core Data reads 0 for a scalar without a value). Not for direct use.
public protocol _ManagedDefaultValue {
    static var _managedDefault: Self { get }
}

extension Int: _ManagedDefaultValue { public static var _managedDefault: Int { 0 } }
extension Int16: _ManagedDefaultValue { public static var _managedDefault: Int16 { 0 } }
extension Int32: _ManagedDefaultValue { public static var _managedDefault: Int32 { 0 } }
extension Int64: _ManagedDefaultValue { public static var _managedDefault: Int64 { 0 } }
extension Double: _ManagedDefaultValue { public static var _managedDefault: Double { 0 } }
extension Float: _ManagedDefaultValue { public static var _managedDefault: Float { 0 } }
extension Bool: _ManagedDefaultValue { public static var _managedDefault: Bool { false } }
extension Decimal: _ManagedDefaultValue { public static var _managedDefault: Decimal { 0 } }
extension String: _ManagedDefaultValue { public static var _managedDefault: String { "" } }
extension Data: _ManagedDefaultValue { public static var _managedDefault: Data { Data() } }
extension Date: _ManagedDefaultValue {
    /// 2001-01-01 00:00:00 UTC, the date whose stored value is 0.
    public static var _managedDefault: Date { Date(timeIntervalSinceReferenceDate: 0) }
}
extension UUID: _ManagedDefaultValue {
    /// The UUID of all zeros.
    public static var _managedDefault: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}
extension Set: _ManagedDefaultValue { public static var _managedDefault: Set { [] } }
extension Array: _ManagedDefaultValue { public static var _managedDefault: Array { [] } }
extension Dictionary: _ManagedDefaultValue { public static var _managedDefault: Dictionary { [:] } }

/// What `@NSManaged` properties expand to (`get { self._managedValue(forKey: "title") }`). Not for direct use:
/// call `value(forKey:)` and `setValue(_:forKey:)`.
extension NSManagedObject {
    /// An optional property: the value, or nil when there is none or it is not a `Value`.
    public func _managedValue<Value>(forKey key: String) -> Value? {
        guard let stored = managedStoredValue(forKey: key) else { return nil }
        return ManagedValue.cast(stored, to: Value.self)
    }

    /// A non-optional property: the value, or the type's zero value when there is none (as Core Data reads 0
    /// for a scalar without a value).
    public func _managedValue<Value: _ManagedDefaultValue>(forKey key: String) -> Value {
        guard let stored = managedStoredValue(forKey: key) else { return .`_managedDefault` }
        return ManagedValue.cast(stored, to: Value.self) ?? ._managedDefault
    }

    /// Any other non-optional type has no value to read when the object has none, so it does not compile; this
    /// declaration only gives the compiler's error a message.
    @available(
        *, unavailable,
        message:
            "make this @OpenCoreData.NSManaged property optional: only numbers, Bool, String, Date, Data, UUID, Decimal and collections have a value to read when the object has none"
    )
    public func _managedValue<Value>(forKey key: String) -> Value {
        // Unreachable: an unavailable function cannot be called.
        fatalError("unavailable")
    }

    /// Any property's setter.
    public func _setManagedValue<Value>(_ value: Value, forKey key: String) {
        setValue(value, forKey: key)
    }

    /// The stored value of an `@NSManaged` property; an unknown key is recorded, as `value(forKey:)` does.
    private func managedStoredValue(forKey key: String) -> Any? {
        guard entity.property(named: key) != nil else {
            report(.unknownKey(entityName: entity.name ?? "?", key: key))
            return nil
        }
        return values[key]
    }
}
