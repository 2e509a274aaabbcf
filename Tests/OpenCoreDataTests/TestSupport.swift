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

/// Linux Foundation marks `NSPredicate.predicateFormat` deprecated (its own predicates have no format); reading it
/// through a protocol calls the same dynamically dispatched property without the warning.
protocol PredicateFormatReading {
    var predicateFormat: String { get }
}

extension NSPredicate: PredicateFormatReading {}

/// `predicate.predicateFormat`, as a caller of Core Data's API reads it.
func predicateFormat(_ predicate: NSPredicate) -> String {
    (predicate as PredicateFormatReading).predicateFormat
}
