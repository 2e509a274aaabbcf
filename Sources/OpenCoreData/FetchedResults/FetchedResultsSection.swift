import Foundation

/// One section of a fetched results controller's results.
struct FetchedResultsSection: NSFetchedResultsSectionInfo {
    let name: String
    let indexTitle: String?
    let managedObjects: [NSManagedObject]

    var numberOfObjects: Int { managedObjects.count }
    var objects: [Any]? { managedObjects }
}
