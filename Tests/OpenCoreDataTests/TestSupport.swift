import Foundation
import OpenCoreData
import Testing

/// The test fixtures folder (copied into the test bundle's resources).
let fixtures: URL = Bundle.module.resourceURL!.appendingPathComponent("Fixtures", isDirectory: true)

/// A model read from a fixture `.xcdatamodeld`.
func fixtureModel(_ name: String) throws -> NSManagedObjectModel {
    try NSManagedObjectModel.load(contentsOf: fixtures.appendingPathComponent("\(name).xcdatamodeld"))
}

/// A context whose coordinator has `model` (the provisional, store-less context).
func context(for model: NSManagedObjectModel) -> NSManagedObjectContext {
    let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
    context.persistentStoreCoordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
    return context
}
