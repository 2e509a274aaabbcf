import Foundation

/// What happened to an object or a section of a fetched results controller. Mirrors Core Data's
/// `NSFetchedResultsChangeType` (and its raw values).
public enum NSFetchedResultsChangeType: UInt, Sendable {
    /// It is new: `newIndexPath` (or the section index) says where.
    case insert = 1
    /// It is gone: `indexPath` (or the section index) says where it was.
    case delete = 2
    /// It changed place (its sort key or section changed): from `indexPath` to `newIndexPath`.
    case move = 3
    /// Its values changed, in place: `indexPath` is where it was before the change, `newIndexPath` where it is now.
    case update = 4
}

/// A section of a fetched results controller. Mirrors Core Data's `NSFetchedResultsSectionInfo`.
public protocol NSFetchedResultsSectionInfo {
    /// The section's value of the controller's `sectionNameKeyPath`, as text ("" for nil). Mirrors `name`.
    var name: String { get }
    /// The title for an index of sections (see ``NSFetchedResultsController/sectionIndexTitle(forSectionName:)``).
    /// Mirrors `indexTitle`.
    var indexTitle: String? { get }
    /// How many objects it holds. Mirrors `numberOfObjects`.
    var numberOfObjects: Int { get }
    /// Its objects, in order. Mirrors `objects`.
    var objects: [Any]? { get }
}

/// Told of the changes of a fetched results controller's results. Every method is optional (each has a default
/// that does nothing). Mirrors Core Data's `NSFetchedResultsControllerDelegate`.
///
/// One change of the results is reported as: ``controllerWillChangeContent(_:)``, then each section inserted or
/// deleted, then each object deleted, inserted, moved or updated, then ``controllerDidChangeContent(_:)``. Index
/// paths of deletions and of the old place of a move or update are in the results as they were; those of
/// insertions and new places, in the results as they are now. The calls run on the controller's context's queue.
///
/// **Differs:** the `controller` these methods get is typed `NSFetchedResultsController<NSFetchRequestResult>` as
/// in Core Data, but a Swift generic class cannot be cast between its specialisations, so for a controller of
/// another result type (`NSFetchedResultsController<Cart>`) it is a second object that shares everything with it
/// (the same results, sections, delegate and request): compare controllers with
/// ``NSFetchedResultsController/isSameController(as:)``, not `===`.
public protocol NSFetchedResultsControllerDelegate: AnyObject {
    /// The results are about to change. Mirrors `controllerWillChangeContent(_:)`.
    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>)
    /// One object changed. Mirrors `controller(_:didChange:at:for:newIndexPath:)`.
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?,
        for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    )
    /// One section was inserted or deleted. Mirrors `controller(_:didChange:atSectionIndex:for:)`.
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChange sectionInfo: NSFetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType
    )
    /// The results changed. Mirrors `controllerDidChangeContent(_:)`.
    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>)
    /// The index title of a section (nil: the controller's default). Mirrors
    /// `controller(_:sectionIndexTitleForSectionName:)`.
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        sectionIndexTitleForSectionName sectionName: String
    ) -> String?
}

extension NSFetchedResultsControllerDelegate {
    public func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {}
    public func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?,
        for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {}
    public func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChange sectionInfo: NSFetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType
    ) {}
    public func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {}
    public func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        sectionIndexTitleForSectionName sectionName: String
    ) -> String? {
        nil
    }
}
