/// The module-qualified spellings of code written for SwiftData: `SwiftData.Schema([...])` (as Apple's Backyard
/// Birds writes it), `SwiftData.ModelContainer`, `SwiftData.PersistentIdentifier`… name OpenSwiftData's types, so
/// such a file compiles with `import OpenSwiftData` in place of `import SwiftData`. Not in SwiftData, where
/// `SwiftData` is the module itself; it holds nothing but these names.
///
/// `SwiftData.SortDescriptor` and `SwiftData.Predicate` are Foundation's, as they are in SwiftData (which
/// re-exports Foundation).
public enum SwiftData {
    /// OpenSwiftData's `Schema`, for code that writes SwiftData's `SwiftData.Schema`.
    public typealias Schema = OpenSwiftData.Schema
    /// OpenSwiftData's `ModelContainer`, for code that writes SwiftData's `SwiftData.ModelContainer`.
    public typealias ModelContainer = OpenSwiftData.ModelContainer
    /// OpenSwiftData's `ModelContext`, for code that writes SwiftData's `SwiftData.ModelContext`.
    public typealias ModelContext = OpenSwiftData.ModelContext
    /// OpenSwiftData's `ModelConfiguration`, for code that writes SwiftData's `SwiftData.ModelConfiguration`.
    public typealias ModelConfiguration = OpenSwiftData.ModelConfiguration
    /// OpenSwiftData's `PersistentModel`, for code that writes SwiftData's `SwiftData.PersistentModel`.
    public typealias PersistentModel = OpenSwiftData.PersistentModel
    /// OpenSwiftData's `PersistentIdentifier`, for code that writes SwiftData's
    /// `SwiftData.PersistentIdentifier`.
    public typealias PersistentIdentifier = OpenSwiftData.PersistentIdentifier
    /// OpenSwiftData's `FetchDescriptor`, for code that writes SwiftData's `SwiftData.FetchDescriptor`.
    public typealias FetchDescriptor<T: PersistentModel> = OpenSwiftData.FetchDescriptor<T>
    /// OpenSwiftData's `FetchResultsCollection`, for code that writes SwiftData's
    /// `SwiftData.FetchResultsCollection`.
    public typealias FetchResultsCollection<Element: PersistentModel> = OpenSwiftData.FetchResultsCollection<Element>
    /// OpenSwiftData's `ResultsObserver`, for code that writes SwiftData's `SwiftData.ResultsObserver`.
    public typealias ResultsObserver<Element: PersistentModel, SectionTitle: Hashable> =
        OpenSwiftData.ResultsObserver<Element, SectionTitle>
    /// OpenSwiftData's `SwiftDataError`, for code that writes SwiftData's `SwiftData.SwiftDataError`.
    public typealias SwiftDataError = OpenSwiftData.SwiftDataError
    /// OpenSwiftData's `VersionedSchema`, for code that writes SwiftData's `SwiftData.VersionedSchema`.
    public typealias VersionedSchema = OpenSwiftData.VersionedSchema
    /// OpenSwiftData's `SchemaMigrationPlan`, for code that writes SwiftData's
    /// `SwiftData.SchemaMigrationPlan`.
    public typealias SchemaMigrationPlan = OpenSwiftData.SchemaMigrationPlan
    /// OpenSwiftData's `MigrationStage`, for code that writes SwiftData's `SwiftData.MigrationStage`.
    public typealias MigrationStage = OpenSwiftData.MigrationStage
    /// OpenSwiftData's `ModelActor`, for code that writes SwiftData's `SwiftData.ModelActor`.
    public typealias ModelActor = OpenSwiftData.ModelActor
    /// OpenSwiftData's `ModelExecutor`, for code that writes SwiftData's `SwiftData.ModelExecutor`.
    public typealias ModelExecutor = OpenSwiftData.ModelExecutor
    /// OpenSwiftData's `DefaultSerialModelExecutor`, for code that writes SwiftData's
    /// `SwiftData.DefaultSerialModelExecutor`.
    public typealias DefaultSerialModelExecutor = OpenSwiftData.DefaultSerialModelExecutor
    /// Foundation's `SortDescriptor`, as `SwiftData.SortDescriptor` is in SwiftData.
    public typealias SortDescriptor<Compared> = Foundation.SortDescriptor<Compared>
    /// Foundation's `Predicate`, as `SwiftData.Predicate` is in SwiftData.
    public typealias Predicate<each Input> = Foundation.Predicate<repeat each Input>
}
