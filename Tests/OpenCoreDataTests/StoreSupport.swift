import Foundation
import OpenCoreData
import Testing

/// A folder of its own for one test's store files, removed when the value goes.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "OpenCoreDataTests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A container of `model` whose store is `<folder>/<name>.sqlite` (in memory when `folder` is nil), loaded; the
/// load's error fails the test.
func loadedContainer(_ name: String, model: NSManagedObjectModel, in folder: URL?) throws -> NSPersistentContainer {
    let container = NSPersistentContainer(name: name, managedObjectModel: model)
    let url = folder?.appendingPathComponent("\(name).sqlite") ?? URL(fileURLWithPath: "/dev/null")
    container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
    var failure: Error?
    container.loadPersistentStores { _, error in failure = error }
    if let failure { throw failure }
    return container
}

/// The names of `objects`' `key` values, as strings.
func names(_ objects: [NSManagedObject], _ key: String = "name") -> [String] {
    objects.map { $0.value(forKey: key) as? String ?? "nil" }
}
