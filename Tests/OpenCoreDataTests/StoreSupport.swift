import Foundation
import OpenCoreData
import StoreTestSupport
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

/// A container of `model` whose store is `store`'s `name` in `folder` (``TestStore/description(_:in:)``: for SQLite
/// `<folder>/<name>.sqlite`, in memory when `folder` is nil), loaded; the load's error fails the test.
func loadedContainer(_ name: String, model: NSManagedObjectModel, in folder: URL?, store: TestStore = .sqlite) throws
    -> NSPersistentContainer
{
    let container = NSPersistentContainer(name: name, managedObjectModel: model)
    container.persistentStoreDescriptions = [try store.description(name, in: folder)]
    var failure: Error?
    container.loadPersistentStores { _, error in failure = error }
    if let failure { throw failure }
    return container
}

/// The names of `objects`' `key` values, as strings.
func names(_ objects: [NSManagedObject], _ key: String = "name") -> [String] {
    objects.map { $0.value(forKey: key) as? String ?? "nil" }
}
