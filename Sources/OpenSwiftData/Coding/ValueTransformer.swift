#if !canImport(ObjectiveC)
import Foundation

/// A transformer's registered name. Mirrors Foundation's `NSValueTransformerName`, which Linux's Foundation lacks.
public struct NSValueTransformerName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The name `rawValue`. Mirrors Foundation's `NSValueTransformerName.init(_:)`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Converts a value to another and, when it allows, back. Mirrors Foundation's `ValueTransformer`, which Linux's
/// Foundation lacks; OpenSwiftData declares it on Linux only (on Apple platforms Foundation's is used), so
/// transformers written for Core Data or SwiftData compile unchanged.
///
/// For `@Attribute(.transformable(by:))`, ``transformedValue(_:)`` turns the property's value into the `Data` that is
/// stored, and ``reverseTransformedValue(_:)`` turns stored `Data` back into the value. Subclass it and override
/// those (and the two class methods); the base class passes values through unchanged.
open class ValueTransformer {
    nonisolated(unsafe) private static var registry: [NSValueTransformerName: ValueTransformer] = [:]
    private static let registryLock = NSLock()

    /// A transformer. Mirrors Foundation's `ValueTransformer.init()`; `required`, as `.transformable(by:)` makes
    /// its transformer type's instance with it.
    public required init() {}

    /// The class of the values ``transformedValue(_:)`` returns. Mirrors `ValueTransformer.transformedValueClass()`;
    /// the base class answers `AnyObject`'s stand-in, `ValueTransformer.self` being no value class — override it.
    open class func transformedValueClass() -> AnyClass { ValueTransformer.self }

    /// Whether ``reverseTransformedValue(_:)`` is supported. Mirrors `ValueTransformer.allowsReverseTransformation()`;
    /// true by default, as Foundation's.
    open class func allowsReverseTransformation() -> Bool { true }

    /// The transformed value of `value`. Mirrors `ValueTransformer.transformedValue(_:)`; the base class returns
    /// `value`.
    open func transformedValue(_ value: Any?) -> Any? { value }

    /// The value `value` was transformed from. Mirrors `ValueTransformer.reverseTransformedValue(_:)`; the base
    /// class returns `value` when ``allowsReverseTransformation()`` is true, else nil.
    open func reverseTransformedValue(_ value: Any?) -> Any? {
        Self.allowsReverseTransformation() ? value : nil
    }

    /// Registers `transformer` under `name` (nil removes the registration). Mirrors
    /// `ValueTransformer.setValueTransformer(_:forName:)`.
    open class func setValueTransformer(_ transformer: ValueTransformer?, forName name: NSValueTransformerName) {
        registryLock.withLock { registry[name] = transformer }
    }

    /// The names of the registered transformers. Mirrors `ValueTransformer.valueTransformerNames()`.
    open class func valueTransformerNames() -> [NSValueTransformerName] {
        registryLock.withLock { Array(registry.keys) }
    }

    static func registered(forName name: NSValueTransformerName) -> ValueTransformer? {
        registryLock.withLock { registry[name] }
    }
}

/// Lets `init?(forName:)` return the registered instance (a class's own initializer cannot replace `self`; a
/// protocol extension's can).
public protocol _ValueTransformerLookup {}

extension ValueTransformer: _ValueTransformerLookup {}

extension _ValueTransformerLookup where Self: ValueTransformer {
    /// The transformer registered under `name`, or nil. Mirrors `ValueTransformer.init?(forName:)`.
    public init?(forName name: NSValueTransformerName) {
        guard let transformer = ValueTransformer.registered(forName: name) as? Self else { return nil }
        self = transformer
    }
}
#endif
