/// The module-qualified spellings of code written for SwiftData: `SwiftData.Schema([...])` (as Apple's Backyard
/// Birds writes it), `SwiftData.ModelContainer`, `SwiftData.PersistentIdentifier`… name OpenSwiftData's types, so
/// such a file compiles with `import OpenSwiftData` in place of `import SwiftData`. Not in SwiftData, where
/// `SwiftData` is the module itself; it holds nothing but these names.
///
/// `SwiftData.SortDescriptor` and `SwiftData.Predicate` are Foundation's, as they are in SwiftData (which
/// re-exports Foundation).
public enum SwiftData {
    public typealias Schema = OpenSwiftData.Schema
    public typealias ModelContainer = OpenSwiftData.ModelContainer
    public typealias ModelContext = OpenSwiftData.ModelContext
    public typealias ModelConfiguration = OpenSwiftData.ModelConfiguration
    public typealias PersistentModel = OpenSwiftData.PersistentModel
    public typealias PersistentIdentifier = OpenSwiftData.PersistentIdentifier
    public typealias FetchDescriptor<T: PersistentModel> = OpenSwiftData.FetchDescriptor<T>
    public typealias FetchResultsCollection<Element: PersistentModel> = OpenSwiftData.FetchResultsCollection<Element>
    public typealias ResultsObserver<Element: PersistentModel, SectionTitle: Hashable> =
        OpenSwiftData.ResultsObserver<Element, SectionTitle>
    public typealias SwiftDataError = OpenSwiftData.SwiftDataError
    public typealias VersionedSchema = OpenSwiftData.VersionedSchema
    public typealias SchemaMigrationPlan = OpenSwiftData.SchemaMigrationPlan
    public typealias MigrationStage = OpenSwiftData.MigrationStage
    public typealias ModelActor = OpenSwiftData.ModelActor
    public typealias ModelExecutor = OpenSwiftData.ModelExecutor
    public typealias DefaultSerialModelExecutor = OpenSwiftData.DefaultSerialModelExecutor
    public typealias SortDescriptor<Compared> = Foundation.SortDescriptor<Compared>
    public typealias Predicate<each Input> = Foundation.Predicate<repeat each Input>
}
