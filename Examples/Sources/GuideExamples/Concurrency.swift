import Foundation
import OpenSwiftData

@Model final class Reading {
    var sensor: String
    var celsius: Double

    init(sensor: String, celsius: Double) {
        self.sensor = sensor
        self.celsius = celsius
    }
}

/// An actor with a context of its own: it imports in the background and hands back identifiers, which are
/// `Sendable` (models and contexts are not).
@ModelActor
actor ReadingImporter {
    func importReadings(_ values: [Double], from sensor: String) throws -> [PersistentIdentifier] {
        let readings = values.map { Reading(sensor: sensor, celsius: $0) }
        for reading in readings { modelContext.insert(reading) }
        try modelContext.save()
        return readings.map(\.persistentModelID)
    }

    func warmest() throws -> Double? {
        var descriptor = FetchDescriptor<Reading>(sortBy: [SortDescriptor(\.celsius, order: .reverse)])
        descriptor.fetchLimit = 1
        return try modelContext.fetch(descriptor).first?.celsius
    }
}

/// Two actors import at once into one store file; the main actor reads the rows by the identifiers they return.
func concurrencyExample() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guide-example-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let container = try ModelContainer(
        for: Reading.self, configurations: ModelConfiguration(url: folder.appendingPathComponent("sensors.store")))

    let kitchen = ReadingImporter(modelContainer: container)
    let garden = ReadingImporter(modelContainer: container)
    async let fromKitchen = kitchen.importReadings([21.5, 22.0, 22.5], from: "kitchen")
    async let fromGarden = garden.importReadings([14.0, 31.25], from: "garden")
    let identifiers = try await fromKitchen + fromGarden
    try check(identifiers.count == 5, "expected 5 identifiers, got \(identifiers.count)")

    let context = ModelContext(container)
    let sensors = identifiers.compactMap { (context.model(for: $0) as? Reading)?.sensor }
    try check(sensors.filter { $0 == "garden" }.count == 2, "the garden's readings by identifier: \(sensors)")
    let warmest = try await kitchen.warmest()
    try check(warmest == 31.25, "the kitchen's actor sees the garden's save: \(String(describing: warmest))")
}
