import Foundation
import OpenSwiftData

@Model final class Order {
    var table: Int
    var isServed: Bool

    init(table: Int, isServed: Bool = false) {
        self.table = table
        self.isServed = isServed
    }
}

/// A `ResultsObserver` keeps the open orders current: a save on the main thread is answered before `save()`
/// returns, and `revision` counts the refreshes (so a value derived from `results` can be cached until it changes).
@MainActor
func liveResultsExample() throws {
    let container = try ModelContainer(for: Order.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let kitchen = ModelContext(container)
    let openOrders = try ResultsObserver(
        filterBy: #Predicate<Order> { !$0.isServed }, sortBy: [SortDescriptor(\.table)],
        modelContext: ModelContext(container))
    try check(openOrders.results.isEmpty, "no orders yet")

    kitchen.insert(Order(table: 4))
    kitchen.insert(Order(table: 2))
    try kitchen.save()
    try check(openOrders.results.map(\.table) == [2, 4], "open orders: \(openOrders.results.map(\.table))")
    let revision = openOrders.revision

    let served = try kitchen.fetch(FetchDescriptor<Order>(predicate: #Predicate { $0.table == 2 }))
    served.first?.isServed = true
    try kitchen.save()
    try check(openOrders.results.map(\.table) == [4], "after serving table 2: \(openOrders.results.map(\.table))")
    try check(openOrders.revision == revision + 1, "one save, one refresh: \(openOrders.revision - revision)")
}
