import Foundation
import OpenSwiftData

@Model final class Trail {
    var name: String
    var lengthInKilometers: Double
    var region: String?
    var isOpen: Bool

    init(name: String, lengthInKilometers: Double, region: String?, isOpen: Bool) {
        self.name = name
        self.lengthInKilometers = lengthInKilometers
        self.region = region
        self.isOpen = isOpen
    }
}

/// `#Predicate` with captured values, optionals and string matching, checked against `Predicate.evaluate`; sorting,
/// pages, counts and `enumerate`.
func fetchingAndPredicatesExample() throws {
    let container = try ModelContainer(for: Trail.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let context = ModelContext(container)
    let trails = [
        Trail(name: "Ridge Loop", lengthInKilometers: 12.5, region: "North", isOpen: true),
        Trail(name: "Río Verde", lengthInKilometers: 4.0, region: "South", isOpen: true),
        Trail(name: "rio grande walk", lengthInKilometers: 7.25, region: nil, isOpen: false),
        Trail(name: "Cedar Steps", lengthInKilometers: 2.0, region: "North", isOpen: true),
    ]
    for trail in trails { context.insert(trail) }
    try context.save()

    // Captured values are bound to the SQL; `?? ` gives optionals Swift's meaning.
    let shortest = 3.0
    let open = #Predicate<Trail> { $0.isOpen && $0.lengthInKilometers > shortest && ($0.region ?? "") == "North" }
    let openNorth = try context.fetch(FetchDescriptor(predicate: open))
    try check(openNorth.map(\.name) == ["Ridge Loop"], "open northern trails: \(openNorth.map(\.name))")

    // Case- and diacritic-insensitive matching, as Foundation does it: "Río" and "rio" both match "rio".
    let rio = #Predicate<Trail> { $0.name.localizedStandardContains("rio") }
    let rioTrails = try context.fetch(FetchDescriptor(predicate: rio, sortBy: [SortDescriptor(\.name)]))
    try check(rioTrails.map(\.name) == ["Río Verde", "rio grande walk"], "rio: \(rioTrails.map(\.name))")

    // The SQL answer is the answer Swift gives on the same models.
    let inSwift = try trails.filter { try rio.evaluate($0) }
    try check(Set(inSwift.map(\.name)) == Set(rioTrails.map(\.name)), "SQL and Predicate.evaluate disagree")

    // Pages: sorted, then offset and limit.
    var page = FetchDescriptor<Trail>(sortBy: [SortDescriptor(\.lengthInKilometers, order: .reverse)])
    page.fetchOffset = 1
    page.fetchLimit = 2
    let secondAndThird = try context.fetch(page).map(\.name)
    try check(secondAndThird == ["rio grande walk", "Río Verde"], "the page: \(secondAndThird)")

    try check(
        try context.fetchCount(FetchDescriptor(predicate: #Predicate<Trail> { $0.region == nil })) == 1,
        "one trail has no region")

    // `enumerate` reads in batches and releases each before the next.
    var total = 0.0
    try context.enumerate(FetchDescriptor<Trail>(), batchSize: 2) { total += $0.lengthInKilometers }
    try check(total == 25.75, "total length \(total)")
}
