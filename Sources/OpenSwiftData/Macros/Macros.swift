import Observation

/// The registrar `@Model` gives each class, named here so model files need not import Observation.
public typealias ObservationRegistrar = Observation.ObservationRegistrar

/// A model's observation registrar, held by reference. `ObservationRegistrar` is resilient (its size is known only at
/// run time), so a model that stored an optional one inline would test, copy and destroy it through its value
/// witnesses — on every property read and write and in every deinit, ≈ 300 instructions each time; an optional
/// reference to this class is a pointer to test. Used by the code `@Model` generates.
public final class _ModelObservation: Sendable {
    /// The registrar the model's `access` and `withMutation` call.
    public let registrar = ObservationRegistrar()

    /// A new registrar, with no observer.
    public init() {}
}

/// The observation in `storage`, created there on first use. Called by the `access(keyPath:)` `@Model` generates: a
/// model's registrar (three allocations) is made by its first property read, so a fetched model nobody reads costs
/// none, and `withMutation` skips the registrar while there is none (nothing can observe a model nothing has read).
/// Like the rest of a model, not safe to call from two threads at once.
@inlinable
public func _modelObservation(_ storage: inout _ModelObservation?) -> _ModelObservation {
    if let observation = storage { return observation }
    let observation = _ModelObservation()
    storage = observation
    return observation
}

/// Makes a class persistent and observable. Mirrors SwiftData's `@Model`.
///
/// Every stored `var` that is not `@Transient` becomes a column of the model's table, in declaration order;
/// computed properties, `static` properties and `@Transient` ones are not stored. The class gains conformance to
/// ``PersistentModel`` and `Observable`. Write the class as for SwiftData:
///
/// ```swift
/// @Model final class CartItem {
///     @Attribute(.unique) var productID: Int
///     var title: String
///     var price: Double
///     init(productID: Int, title: String, price: Double) { … }
/// }
/// ```
///
/// Supported property types are listed in ``ColumnValue``; in addition `RawRepresentable` types are stored as their
/// raw value and any other `Codable` type as JSON text. A type that is none of these fails to compile.
@attached(
    member, conformances: PersistentModel,
    names: named(_$observationRegistrar), named(_$persistentState), named(access), named(withMutation),
    named(schemaMetadata), named(_$entityMetadata), named(init), named(_$encode), named(_$load), arbitrary
)
@attached(memberAttribute)
@attached(extension, conformances: PersistentModel)
public macro Model() = #externalMacro(module: "OpenSwiftDataMacros", type: "ModelMacro")

/// Added by `@Model` to each persisted property; not for direct use.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro _PersistedProperty() = #externalMacro(module: "OpenSwiftDataMacros", type: "PersistedPropertyMacro")

/// Customises how a property is stored. Mirrors SwiftData's `@Attribute(_:originalName:hashModifier:)`.
///
/// - `.unique`: at most one row has each value; inserting a model with an existing value updates that row
///   (see ``ModelContext/save()``).
/// - `originalName`: the property's name in an older version of the schema, for migration.
@attached(peer)
public macro Attribute(
    _ options: Schema.Attribute.Option..., originalName: String? = nil, hashModifier: String? = nil
) = #externalMacro(module: "OpenSwiftDataMacros", type: "MarkerPeerMacro")

/// Customises a relationship. Mirrors SwiftData's
/// `@Relationship(_:deleteRule:minimumModelCount:maximumModelCount:originalName:inverse:hashModifier:)`.
///
/// A property whose type is a `@Model` class (`Author?`, `Author`) or an array of one (`[Book]`) is a relationship
/// with or without this attribute; the attribute sets its delete rule (`.nullify` by default), its inverse (inferred
/// when the destination has exactly one relationship back), and count limits checked at save.
@attached(peer)
public macro Relationship(
    _ options: Schema.Relationship.Option..., deleteRule: Schema.Relationship.DeleteRule = .nullify,
    minimumModelCount: Int? = 0, maximumModelCount: Int? = 0, originalName: String? = nil,
    inverse: AnyKeyPath? = nil, hashModifier: String? = nil
) = #externalMacro(module: "OpenSwiftDataMacros", type: "MarkerPeerMacro")

/// Keeps a property out of the store. Mirrors SwiftData's `@Transient`. The property needs a default value.
@attached(peer)
public macro Transient() = #externalMacro(module: "OpenSwiftDataMacros", type: "MarkerPeerMacro")

/// Declares that rows are unique on each group of key paths. Mirrors SwiftData's `#Unique`.
///
/// `#Unique<Place>([\.name], [\.latitude, \.longitude])` declares two constraints: one on `name`, one on the pair.
/// Inserting a model that matches an existing row on any group updates that row (see ``ModelContext/save()``).
@freestanding(declaration)
public macro Unique<T>(_ constraints: [PartialKeyPath<T>]...) =
    #externalMacro(module: "OpenSwiftDataMacros", type: "MarkerDeclarationMacro")

/// Declares SQLite indexes on single key paths or groups of them. Mirrors SwiftData's `#Index`.
@freestanding(declaration)
public macro Index<T>(_ indices: [PartialKeyPath<T>]...) =
    #externalMacro(module: "OpenSwiftDataMacros", type: "MarkerDeclarationMacro")
