/// What a view's body sees while it runs: its identity, how many times it has run, and its objects.
@MainActor
public struct ViewContext {
    let node: ViewNode

    /// The view's identity.
    public var identity: ViewIdentity { node.identity }

    /// Which run of the body this is: 1 the first time, 2 the next, …
    public var evaluation: Int { node.evaluations }

    /// The object this view owns under `key` — SwiftUI's `@StateObject`: `make` runs only the first time (as
    /// `StateObject(wrappedValue:)`'s autoclosure does); every later body of the same identity gets the same object,
    /// until the view leaves the tree.
    /// - Parameters:
    ///   - key: Tells several owned objects apart; by default the type's name.
    ///   - make: Makes the object.
    public func stateObject<T: AnyObject>(_ key: String? = nil, _ make: () -> T) -> T {
        let key = key ?? Self.defaultKey(for: T.self)
        if let existing = node.stateObjects[key] as? T { return existing }
        let object = make()
        node.stateObjects[key] = object
        return object
    }

    /// Records `object`, made by the parent's body, as the one this view observes — SwiftUI's `@ObservedObject`.
    /// The view does not own it: when the parent's body runs again and makes a new one, this view gets the new one.
    /// - Parameters:
    ///   - object: The object the parent handed down.
    ///   - key: Tells several observed objects apart; by default the type's name.
    /// - Returns: `object`.
    @discardableResult
    public func observedObject<T: AnyObject>(_ object: T, key: String? = nil) -> T {
        node.observedObjects[key ?? Self.defaultKey(for: T.self)] = object
        return object
    }

    static func defaultKey<T>(for type: T.Type) -> String {
        String(reflecting: type)
    }
}
