import Foundation

/// The changes between two sectioned lists of objects, as a fetched results controller reports them: sections
/// inserted and deleted (by name), objects deleted, inserted, moved and updated.
///
/// An object that stays in a section of the same name is *moved* only when its order relative to the other objects
/// that stay there changed (the objects outside a longest increasing run of their new places); objects shifted by
/// others' inserts and deletes are not moved. An object in a section of another name is moved. An object that is
/// neither moved, inserted nor deleted is *updated* when its values changed.
struct FetchedResultsDiff {
    struct SectionChange {
        let index: Int
        let type: NSFetchedResultsChangeType
        /// In the old sections for a delete, the new ones for an insert.
        let section: FetchedResultsSection
    }

    struct ObjectChange {
        let object: NSManagedObject
        let type: NSFetchedResultsChangeType
        let indexPath: IndexPath?
        let newIndexPath: IndexPath?
    }

    var sections: [SectionChange] = []
    var objects: [ObjectChange] = []

    var isEmpty: Bool { sections.isEmpty && objects.isEmpty }

    /// - Parameter changed: whether an object in both lists changed its values.
    init(old: [FetchedResultsSection], new: [FetchedResultsSection], changed: (NSManagedObject) -> Bool) {
        let oldNames = Set(old.map(\.name))
        let newNames = Set(new.map(\.name))
        for (index, section) in old.enumerated().reversed() where !newNames.contains(section.name) {
            sections.append(SectionChange(index: index, type: .delete, section: section))
        }
        for (index, section) in new.enumerated() where !oldNames.contains(section.name) {
            sections.append(SectionChange(index: index, type: .insert, section: section))
        }

        func places(_ list: [FetchedResultsSection]) -> [ObjectIdentifier: (path: IndexPath, section: String)] {
            var result: [ObjectIdentifier: (path: IndexPath, section: String)] = [:]
            for (sectionIndex, section) in list.enumerated() {
                for (row, object) in section.managedObjects.enumerated() {
                    result[ObjectIdentifier(object)] = (IndexPath(indexes: [sectionIndex, row]), section.name)
                }
            }
            return result
        }
        let oldPlaces = places(old)
        let newPlaces = places(new)

        var deletes: [ObjectChange] = []
        for section in old {
            for object in section.managedObjects where newPlaces[ObjectIdentifier(object)] == nil {
                if let place = oldPlaces[ObjectIdentifier(object)] {
                    deletes.append(
                        ObjectChange(object: object, type: .delete, indexPath: place.path, newIndexPath: nil))
                }
            }
        }
        var inserts: [ObjectChange] = []
        var moves: [ObjectChange] = []
        var updates: [ObjectChange] = []
        for section in new {
            // The objects that stay in a section of this name, in their old order; those off the longest run whose
            // new places increase are the ones that moved.
            let staying = section.managedObjects
                .filter { oldPlaces[ObjectIdentifier($0)]?.section == section.name }
                .sorted {
                    (oldPlaces[ObjectIdentifier($0)]?.path ?? IndexPath())
                        < (oldPlaces[ObjectIdentifier($1)]?.path ?? IndexPath())
                }
            let kept = Self.longestIncreasingRun(staying.map { newPlaces[ObjectIdentifier($0)]?.path ?? IndexPath() })
            let unmoved = Set(kept.map { ObjectIdentifier(staying[$0]) })
            for object in section.managedObjects {
                let id = ObjectIdentifier(object)
                guard let newPlace = newPlaces[id] else { continue }
                guard let oldPlace = oldPlaces[id] else {
                    inserts.append(
                        ObjectChange(object: object, type: .insert, indexPath: nil, newIndexPath: newPlace.path))
                    continue
                }
                if !unmoved.contains(id) {
                    moves.append(
                        ObjectChange(object: object, type: .move, indexPath: oldPlace.path, newIndexPath: newPlace.path)
                    )
                } else if changed(object) {
                    updates.append(
                        ObjectChange(
                            object: object, type: .update, indexPath: oldPlace.path, newIndexPath: newPlace.path))
                }
            }
        }
        objects = deletes + inserts + moves + updates
    }

    /// The indexes of a longest strictly increasing subsequence of `values` (patience sorting, O(n log n)).
    static func longestIncreasingRun(_ values: [IndexPath]) -> [Int] {
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for index in values.indices {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < values[index] { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            run.append(cursor)
            cursor = previous[cursor]
        }
        return run.reversed()
    }
}
