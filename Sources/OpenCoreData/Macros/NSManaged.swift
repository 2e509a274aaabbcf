/// A managed property: reads and writes the object's value for the property's name. Takes the place of Core
/// Data's `@NSManaged`, written with the module's name:
///
/// ```swift
/// @OpenCoreData.NSManaged public var title: String?
/// @OpenCoreData.NSManaged public var price: Double
/// ```
///
/// **Differs:** Core Data's class files write `@NSManaged`. Swift keeps that spelling for its built-in
/// Objective-C attribute — even when this macro is in scope, `@NSManaged` compiles and then fails to link on
/// Linux (no getter or setter is generated) — so on Linux the attribute is qualified with the module name. See
/// <doc:Guide>, *Class files*, for a file that serves both platforms.
///
/// The value is converted as `value(forKey:)` and `setValue(_:forKey:)` convert it, to and from the declared
/// type: `Int64`, `Int32`, `Int16`, `Int`, `Double`, `Float`, `Bool`, `Decimal`, `NSDecimalNumber`, `String`,
/// `Date`, `Data`, `UUID`, `URL`, a managed object class, `NSSet`, `NSOrderedSet`, `Set<Item>`, `[Item]`, and any
/// `Codable` type for a transformable attribute. A non-optional property of a scalar or value type reads its zero
/// value when the object has none (as Core Data reads 0 for a scalar); other non-optional types do not compile.
@attached(accessor, names: named(get), named(set))
public macro NSManaged() = #externalMacro(module: "OpenCoreDataMacros", type: "NSManagedMacro")

/// A relationship accessor of the kind Xcode generates — `addTo…(_:)`, `removeFrom…(_:)`, `removeFrom…(at:)`,
/// `insertInto…(_:at:)`, `replace…(at:with:)` — given its body:
///
/// ```swift
/// @NSManagedAccessor public func addToBooks(_ value: Book)
/// @NSManagedAccessor public func removeFromBooks(_ values: NSSet)
/// ```
///
/// **Differs:** Core Data's files write `@NSManaged` on these functions too; a Swift macro cannot be both a
/// property's accessors and a function's body, so functions have this macro. Their `@objc(…)` lines go inside
/// `#if canImport(ObjectiveC)`.
@attached(body)
public macro NSManagedAccessor() = #externalMacro(module: "OpenCoreDataMacros", type: "NSManagedAccessorMacro")
