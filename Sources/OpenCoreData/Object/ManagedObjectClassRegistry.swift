import Foundation

/// The Swift class of each entity's objects, found by name.
///
/// Core Data finds a class from `managedObjectClassName` through the Objective-C runtime. Linux has none, so a
/// class is known once it has been named in a way Swift can see: `Cart(context:)`, `Cart.entity()`,
/// `NSFetchRequest<Cart>(…)`, ``NSManagedObject/registerManagedObjectClass()``, or a module-qualified class name
/// in the model (`"Shop.Cart"`), which the Swift runtime resolves. An entity whose class is not known makes plain
/// `NSManagedObject`s (their values are still there through `value(forKey:)`).
enum ManagedObjectClassRegistry {
    private static let classes = Locked<[String: NSManagedObject.Type]>([:])

    /// Remembers `objectClass` under its name.
    static func register(_ objectClass: NSManagedObject.Type) {
        guard objectClass != NSManagedObject.self else { return }
        let name = className(of: objectClass)
        let qualified = String(reflecting: objectClass)
        classes.withLock { table in
            table[name] = objectClass
            table[qualified] = objectClass
        }
    }

    /// The class for `entity`'s objects: its registered class, the class the Swift runtime finds for a qualified
    /// name, the superentity's class, or `NSManagedObject`.
    static func objectClass(for entity: NSEntityDescription) -> NSManagedObject.Type {
        var current: NSEntityDescription? = entity
        var steps = 0
        while let candidate = current, steps < 100 {
            if let found = knownClass(named: candidate.managedObjectClassName ?? "") { return found }
            current = candidate.superentity
            steps += 1
        }
        return NSManagedObject.self
    }

    private static func knownClass(named name: String) -> NSManagedObject.Type? {
        guard !name.isEmpty, name != "NSManagedObject" else { return nil }
        let trimmed = name.hasPrefix(".") ? String(name.dropFirst()) : name
        if let found = classes.withLock({ $0[trimmed] ?? $0[baseName(trimmed)] }) { return found }
        if trimmed.contains("."), let found = _typeByName(trimmed) as? NSManagedObject.Type {
            register(found)
            return found
        }
        return nil
    }

    /// A class's own name, without its module.
    static func className(of objectClass: AnyClass) -> String {
        String(describing: objectClass)
    }

    /// The last component of a class name (`"Shop.Cart"` and `".Cart"` are `"Cart"`).
    static func baseName(_ name: String?) -> String {
        guard let name else { return "" }
        return name.split(separator: ".").last.map(String.init) ?? name
    }
}
