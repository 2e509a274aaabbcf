@testable import OpenCoreData
import Testing

/// `NSSortDescriptor(key:ascending:)` and its selectors, sorting managed objects and dictionaries in memory.
@Suite struct SortDescriptorTests {
    @Test func sortsByKeyAndBreaksTies() {
        let people = People()
        let rows: [(String, Int, String?)] = [("bob", 30, "B"), ("Ann", 30, nil), ("cid", 20, "a"), ("ann", 40, "c")]
        let objects = rows.map { people.makePerson(["name": $0.0, "age": $0.1, "nickname": $0.2]) }
        func names(_ descriptors: [NSSortDescriptor]) -> [String] {
            objects.sorted(using: descriptors).compactMap { $0.value(forKey: "name") as? String }
        }
        #expect(names([NSSortDescriptor(key: "name", ascending: true)]) == ["Ann", "ann", "bob", "cid"])
        #expect(names([NSSortDescriptor(key: "name", ascending: false)]) == ["cid", "bob", "ann", "Ann"])
        #expect(
            names([NSSortDescriptor(key: "age", ascending: true), NSSortDescriptor(key: "name", ascending: false)]) == [
                "cid", "bob", "Ann", "ann",
            ])
        // nil sorts first ascending, as a store's ORDER BY does.
        #expect(names([NSSortDescriptor(key: "nickname", ascending: true)]) == ["Ann", "bob", "cid", "ann"])
        // Equal keys keep their order.
        #expect(names([NSSortDescriptor(key: "age", ascending: true)]) == ["cid", "bob", "Ann", "ann"])
        #expect(names([]) == ["bob", "Ann", "cid", "ann"])
        // Foundation's NSArray sorting calls the same comparison.
        let viaArray = NSArray(array: objects).sortedArray(using: [NSSortDescriptor(key: "name", ascending: false)])
        #expect(
            viaArray.compactMap { ($0 as? NSManagedObject)?.value(forKey: "name") as? String } == [
                "cid", "bob", "ann", "Ann",
            ])
    }

    @Test func selectors() {
        let rows: [[String: Any]] = [
            ["name": "file10"], ["name": "File2"], ["name": "file1"], ["name": "élan"], ["name": "Zoo"],
        ]
        func names(_ selector: String?) -> [String] {
            let descriptor =
                selector.map { NSSortDescriptor(key: "name", ascending: true, selector: Selector($0)) }
                ?? NSSortDescriptor(key: "name", ascending: true)
            return rows.sorted(using: [descriptor]).compactMap { $0["name"] as? String }
        }
        #expect(names(nil) == ["File2", "Zoo", "file1", "file10", "élan"])
        #expect(names("compare:") == names(nil))
        // Each selector sorts as Foundation's method of that name does (Linux Foundation's case-insensitive
        // comparison puts the accented é before f).
        let plain = rows.compactMap { $0["name"] as? String }
        #expect(names("caseInsensitiveCompare:") == plain.sorted { $0.caseInsensitiveCompare($1) == .orderedAscending })
        #expect(
            names("caseInsensitiveCompare:").filter { $0.hasPrefix("f") || $0.hasPrefix("F") } == [
                "file1", "file10", "File2",
            ])
        #expect(names("localizedStandardCompare:") == ["élan", "file1", "File2", "file10", "Zoo"])
        #expect(names("localizedCaseInsensitiveCompare:").first == "élan")
        #expect(names("localizedCompare:").last == "Zoo")
        // A selector Linux cannot call sorts as compare:.
        #expect(names("reverseCompare:") == names(nil))
    }

    @Test func descriptorValues() {
        let descriptor = NSSortDescriptor(
            key: "owner.name", ascending: false, selector: Selector("localizedStandardCompare:"))
        #expect(descriptor.key == "owner.name")
        #expect(!descriptor.ascending)
        #expect(descriptor.selector == Selector("localizedStandardCompare:"))
        #expect(NSStringFromSelector(descriptor.selector ?? "compare:") == "localizedStandardCompare:")
        let reversed = descriptor.reversedSortDescriptor as? NSSortDescriptor
        #expect(reversed?.ascending == true)
        #expect(reversed?.key == "owner.name")
        #expect(descriptor.compare(["owner": ["name": "a2"]], to: ["owner": ["name": "a10"]]) == .orderedDescending)
        #expect(NSSortDescriptor(key: "age", ascending: true) == NSSortDescriptor(key: "age", ascending: true))
        #expect(NSSortDescriptor(key: "age", ascending: true) != NSSortDescriptor(key: "age", ascending: false))
        #expect(descriptor.description == "(owner.name, descending localizedStandardCompare:)")
        // Foundation's own key-path descriptors still work beside them.
        #expect(NSSortDescriptor(keyPath: \String.count, ascending: true).key == nil)
    }

    @Test func fetchRequestHoldsItsValues() {
        let request = NSFetchRequest<NSFetchRequestResult>(entityName: "Product")
        #expect(request.entityName == "Product")
        #expect(request.requestType == .fetchRequestType)
        #expect(request.fetchLimit == 0 && request.fetchOffset == 0 && request.fetchBatchSize == 0)
        #expect(request.resultType == .managedObjectResultType)
        #expect(request.includesPendingChanges && request.includesSubentities && request.returnsObjectsAsFaults)
        request.predicate = NSPredicate(format: "name CONTAINS %@", "pen")
        request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
        request.fetchLimit = 10
        request.fetchOffset = 5
        request.fetchBatchSize = 20
        request.resultType = .dictionaryResultType
        request.propertiesToFetch = ["name", PeopleModel.attribute("quantity", .stringAttributeType)]
        request.includesPendingChanges = false
        request.relationshipKeyPathsForPrefetching = ["owner"]
        #expect(request.propertyNamesToFetch == ["name", "quantity"])
        #expect(
            request.description
                == #"<NSFetchRequest: entity: Product; predicate: (name CONTAINS "pen"); sortDescriptors: ((name, ascending)); limit: 10; offset: 5>"#
        )
        let copy = request.copy() as? NSFetchRequest<NSFetchRequestResult>
        #expect(
            copy?.fetchLimit == 10 && copy?.predicate == request.predicate
                && copy?.relationshipKeyPathsForPrefetching == ["owner"])
        #expect(NSFetchRequestResultType.countResultType.rawValue == 4)
        #expect(NSFetchRequestResultType.managedObjectIDResultType.rawValue == 1)
        // The generated `Cart.fetchRequest()` is chosen by the type, as in Core Data.
        let typed: NSFetchRequest<Cart> = Cart.fetchRequest()
        #expect(typed.entityName == "Cart")
        let entity = NSEntityDescription()
        entity.name = "Cart"
        let byEntity = NSFetchRequest<Cart>()
        byEntity.entity = entity
        #expect(byEntity.entityName == "Cart")
    }
}
