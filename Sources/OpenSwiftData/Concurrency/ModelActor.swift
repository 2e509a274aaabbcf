/// Owns a model context for an actor. Mirrors SwiftData's `ModelExecutor`.
public protocol ModelExecutor: AnyObject, Sendable {
    /// The context; use it only from the actor that owns this executor.
    var modelContext: ModelContext { get }
}

/// The executor `@ModelActor` gives an actor: it holds the actor's context. Mirrors SwiftData's
/// `DefaultSerialModelExecutor`.
public final class DefaultSerialModelExecutor: ModelExecutor, @unchecked Sendable {
    // @unchecked: the context is reached only through `ModelActor.modelContext`, which is isolated to the owning
    // actor, so it is never used from two threads at once.

    /// The owning actor's context.
    public let modelContext: ModelContext

    /// An executor for `modelContext`.
    public init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }
}

/// An actor with a model context of its own, for work off the main actor. Mirrors SwiftData's `ModelActor`.
///
/// Declare one with `@ModelActor actor Importer { … }`; create it with `Importer(modelContainer:)`. Pass models
/// between actors by `PersistentIdentifier` (models and contexts are not `Sendable`), and read them on the other side
/// with `modelContext.model(for:)` or the ``subscript(_:as:)``.
public protocol ModelActor: Actor {
    /// The container the actor's context belongs to.
    nonisolated var modelContainer: ModelContainer { get }
    /// The executor holding the actor's context.
    nonisolated var modelExecutor: any ModelExecutor { get }
}

extension ModelActor {
    /// The actor's own context.
    public var modelContext: ModelContext { modelExecutor.modelContext }

    /// The model with `identifier` in the actor's context, if it exists and is a `T`. Mirrors SwiftData's
    /// `ModelActor` subscript.
    public subscript<T: PersistentModel>(identifier: PersistentIdentifier, as type: T.Type) -> T? {
        (try? modelContext.existingModel(for: identifier)) as? T
    }
}

/// Makes an actor a ``ModelActor`` with its own context: adds `modelContainer`, `modelExecutor` and
/// `init(modelContainer:)`. Mirrors SwiftData's `@ModelActor`.
@attached(member, names: named(modelExecutor), named(modelContainer), named(init))
@attached(extension, conformances: ModelActor)
public macro ModelActor() = #externalMacro(module: "OpenSwiftDataMacros", type: "ModelActorMacro")
