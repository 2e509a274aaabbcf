import Foundation

/// Joins a model to its stores. Mirrors Core Data's `NSPersistentStoreCoordinator`.
///
/// **Provisional:** for now it only holds the model, which is what a context needs to find the entity of a
/// class (`Cart(context:)`). Adding stores, and everything that reads and writes them, comes with the store
/// layer (see <doc:Guide>, *Still to come*).
open class NSPersistentStoreCoordinator: NSObject {
    /// The model of the coordinator's stores. Mirrors `managedObjectModel`.
    public let managedObjectModel: NSManagedObjectModel

    /// Mirrors `init(managedObjectModel:)`.
    public init(managedObjectModel model: NSManagedObjectModel) {
        self.managedObjectModel = model
        super.init()
    }
}
