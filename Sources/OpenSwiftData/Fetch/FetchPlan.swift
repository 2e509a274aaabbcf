import SQLStore

/// How a fetch runs: the store request, and which parts run in memory instead because they have no SQL translation: a sort
/// by a key path SQL cannot name (through a relationship, or a computed property) is always applied in memory
/// after the SQL filter; a predicate only when the context allows it.
struct FetchPlan<T: PersistentModel> {
    let query: FetchQuery
    /// The predicate is evaluated with `Predicate.evaluate` on every row instead of in SQL.
    let filtersInMemory: Bool
    /// The sort descriptors are applied in memory instead of in SQL.
    let sortsInMemory: Bool

    var isEntirelySQL: Bool { !filtersInMemory && !sortsInMemory }

    /// - Parameter inMemoryFallback: when false, an untranslatable predicate throws.
    /// - Parameter includeSubclasses: false to select only rows of exactly `T` in a hierarchy's table.
    init(
        table: EntityTable, schema: ModelMapping, descriptor: FetchDescriptor<T>, inMemoryFallback: Bool,
        includeSubclasses: Bool = true
    ) throws(SwiftDataError) {
        var predicate = descriptor.predicate
        var sortBy = descriptor.sortBy
        var filtersInMemory = false
        var sortsInMemory = false
        while true {
            do {
                query = try FetchQuery(
                    table: table, schema: schema, predicate: predicate, sortBy: sortBy,
                    includeSubclasses: includeSubclasses
                )
                break
            } catch .unsupportedPredicate where inMemoryFallback && predicate != nil {
                predicate = nil
                filtersInMemory = true
            } catch .unsupportedSortDescriptor where !sortBy.isEmpty {
                sortBy = []
                sortsInMemory = true
            }
        }
        self.filtersInMemory = filtersInMemory
        self.sortsInMemory = sortsInMemory
    }
}
