import Foundation
@testable import OpenCoreData
import StoreTestSupport
import Testing

/// Contexts on a store: saving, fetching, deleting with rules, undoing, refreshing, IDs, notifications, merging,
/// parent contexts and merge policies.
@Suite(.serialized) struct ManagedObjectContextTests {
    /// People and teams in a new store (SQLite's in memory when `folder` is nil).
    static func peopleContainer(folder: URL? = nil, store: TestStore = .sqlite) throws -> NSPersistentContainer {
        try loadedContainer("People", model: PeopleModel.make(), in: folder, store: store)
    }

    static func person(_ name: String, age: Int = 30, in context: NSManagedObjectContext) -> NSManagedObject {
        let object = NSEntityDescription.insertNewObject(forEntityName: "Person", into: context)
        object.setValue(name, forKey: "name")
        object.setValue(age, forKey: "age")
        return object
    }

    static func team(_ name: String, in context: NSManagedObjectContext) -> NSManagedObject {
        let object = NSEntityDescription.insertNewObject(forEntityName: "Team", into: context)
        object.setValue(name, forKey: "name")
        return object
    }

    static func people(_ context: NSManagedObjectContext, _ format: String? = nil, _ args: Any...) throws -> [String] {
        let request = NSFetchRequest<NSManagedObject>(entityName: "Person")
        if let format { request.predicate = NSPredicate(format: format, argumentArray: args) }
        request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
        return names(try context.fetch(request))
    }

    @Test(arguments: TestStore.tested) func saveWritesEveryKindOfValueAndRelationshipsAndAFreshContextReadsThemBack(
        store: TestStore
    ) throws {
        let folder = TemporaryFolder()
        let container = try Self.peopleContainer(folder: folder.url, store: store)
        let context = container.viewContext
        let ada = Self.person("Ada", age: 36, in: context)
        let date = Date(timeIntervalSinceReferenceDate: 123_456.5)
        let uuid = UUID()
        ada.setValue(Int16(170), forKey: "height")
        ada.setValue(2.5, forKey: "score")
        ada.setValue(Float(4.5), forKey: "rating")
        ada.setValue(Decimal(string: "12.34"), forKey: "balance")
        ada.setValue(true, forKey: "isMember")
        ada.setValue(date, forKey: "birthday")
        ada.setValue(Data([1, 2, 3]), forKey: "photo")
        ada.setValue(uuid, forKey: "identifier")
        ada.setValue(URL(string: "https://example.com/ada"), forKey: "homepage")
        ada.setValue(["red", "blue"], forKey: "tags")
        let grace = Self.person("Grace", in: context)
        let team = Self.team("Engines", in: context)
        ada.setValue(team, forKey: "team")
        grace.setValue(team, forKey: "team")
        ada.setValue(NSSet(array: [grace]), forKey: "friends")
        try context.save()
        #expect(!ada.objectID.isTemporaryID)

        let fresh = try loadedContainer("People", model: PeopleModel.make(), in: folder.url, store: store).viewContext
        let request = NSFetchRequest<NSManagedObject>(entityName: "Person")
        request.predicate = NSPredicate(format: "name == %@", "Ada")
        let read = try #require(try fresh.fetch(request).first)
        #expect(read.value(forKey: "age") as? Int == 36)
        #expect(read.value(forKey: "height") as? Int16 == 170)
        #expect(read.value(forKey: "score") as? Double == 2.5)
        #expect(read.value(forKey: "rating") as? Float == 4.5)
        #expect(read.value(forKey: "balance") as? Decimal == Decimal(string: "12.34"))
        #expect(read.value(forKey: "isMember") as? Bool == true)
        #expect(read.value(forKey: "birthday") as? Date == date)
        #expect(read.value(forKey: "photo") as? Data == Data([1, 2, 3]))
        #expect(read.value(forKey: "identifier") as? UUID == uuid)
        #expect(read.value(forKey: "homepage") as? URL == URL(string: "https://example.com/ada"))
        #expect(ManagedValue.cast(read.values["tags"], to: [String].self) == ["red", "blue"])
        let readTeam = try #require(read.value(forKey: "team") as? NSManagedObject)
        #expect(readTeam.value(forKey: "name") as? String == "Engines")
        #expect(((readTeam.value(forKey: "members") as? NSSet)?.count) == 2)
        let friends = (read.value(forKey: "friends") as? NSSet)?.allObjects as? [NSManagedObject] ?? []
        #expect(names(friends) == ["Grace"])
        // One object per row: Grace through friends is Grace through the team.
        #expect(
            friends.first.map { object in (readTeam.value(forKey: "members") as? NSSet)?.contains(object) ?? false }
                == true)
        #expect(!read.hasChanges && !fresh.hasChanges)
    }

    @Test(arguments: TestStore.tested) func fetchOptionsLimitOffsetSortResultTypesAndPendingChanges(store: TestStore)
        throws
    {
        let context = try Self.peopleContainer(store: store).viewContext
        for (name, age) in [("bob", 40), ("Alice", 30), ("carol", 20), ("Dave", 50)] {
            _ = Self.person(name, age: age, in: context)
        }
        try context.save()
        let request = NSFetchRequest<NSManagedObject>(entityName: "Person")
        request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
        #expect(names(try context.fetch(request)) == ["Alice", "Dave", "bob", "carol"])
        // The comparison selectors' orders are the SQLite store's Foundation collations, which the PostgreSQL
        // dialect has no server-side equal of yet (it orders by code point): issue 17's string semantics.
        if store == .sqlite {
            request.sortDescriptors = [
                NSSortDescriptor(key: "name", ascending: true, selector: Selector("caseInsensitiveCompare:"))
            ]
            #expect(names(try context.fetch(request)) == ["Alice", "bob", "carol", "Dave"])
            request.sortDescriptors = [
                NSSortDescriptor(key: "name", ascending: false, selector: Selector("localizedStandardCompare:"))
            ]
            #expect(names(try context.fetch(request)) == ["Dave", "carol", "bob", "Alice"])
        }
        request.sortDescriptors = [NSSortDescriptor(key: "age", ascending: true)]
        request.fetchOffset = 1
        request.fetchLimit = 2
        request.fetchBatchSize = 1
        #expect(names(try context.fetch(request)) == ["Alice", "bob"])
        #expect(try context.count(for: request) == 2)

        let ids = NSFetchRequest<NSManagedObjectID>(entityName: "Person")
        ids.resultType = .managedObjectIDResultType
        #expect(try context.fetch(ids).allSatisfy { !$0.isTemporaryID })
        let dictionaries = NSFetchRequest<NSDictionary>(entityName: "Person")
        dictionaries.resultType = .dictionaryResultType
        dictionaries.propertiesToFetch = ["name"]
        dictionaries.predicate = NSPredicate(format: "age > 35")
        dictionaries.sortDescriptors = [NSSortDescriptor(key: "age", ascending: true)]
        #expect(try context.fetch(dictionaries).map { $0["name"] as? String } == ["bob", "Dave"])
        #expect(try context.fetch(dictionaries).allSatisfy { $0.count == 1 })
        let count = NSFetchRequest<NSNumber>(entityName: "Person")
        count.resultType = .countResultType
        #expect(try context.fetch(count).first?.intValue == 4)

        // Pending changes: an unsaved insert, an unsaved change, an unsaved delete.
        _ = Self.person("Eve", age: 60, in: context)
        let all = NSFetchRequest<NSManagedObject>(entityName: "Person")
        all.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
        let bob = try #require(try context.fetch(all).first { $0.value(forKey: "name") as? String == "bob" })
        bob.setValue(5, forKey: "age")
        let carol = try #require(try context.fetch(all).first { $0.value(forKey: "name") as? String == "carol" })
        context.delete(carol)
        all.predicate = NSPredicate(format: "age >= 40")
        #expect(names(try context.fetch(all)) == ["Dave", "Eve"])
        #expect(try context.count(for: all) == 2)
        all.includesPendingChanges = false
        #expect(names(try context.fetch(all)) == ["Dave", "bob"])
    }

    @Test func aMalformedFormatFailsTheFetchNamingPositionAndToken() throws {
        let context = try Self.peopleContainer().viewContext
        let request = NSFetchRequest<NSManagedObject>(entityName: "Person")
        request.predicate = NSPredicate(format: "name == 'x' AND (age >")
        do {
            _ = try context.fetch(request)
            Issue.record("the fetch should have thrown")
        } catch CoreDataError.invalidPredicateFormat(let error) {
            #expect(error.position == 22)
            #expect("\(error)".contains("position 22"))
        }
        request.predicate = NSPredicate(format: "agee > 3")
        #expect(throws: CoreDataError.unknownKey(entityName: "Person", key: "agee")) { try context.fetch(request) }
    }

    @Test(arguments: TestStore.tested) func deleteRulesCascadeNullifyAndDeny(store: TestStore) throws {
        let context = try Self.peopleContainer(store: store).viewContext
        let team = Self.team("Red", in: context)
        let ann = Self.person("Ann", in: context), ben = Self.person("Ben", in: context)
        team.setValue(NSSet(array: [ann, ben]), forKey: "members")
        try context.save()
        // Team.members cascades: deleting the team deletes its members.
        context.delete(team)
        try context.save()
        #expect(try Self.people(context).isEmpty)
        #expect(try context.count(for: NSFetchRequest<NSManagedObject>(entityName: "Team")) == 0)
        #expect(team.managedObjectContext == nil && ann.managedObjectContext == nil)

        // Person.team nullifies: deleting a member takes it out of its team.
        let blue = Self.team("Blue", in: context)
        let cy = Self.person("Cy", in: context), di = Self.person("Di", in: context)
        blue.setValue(NSSet(array: [cy, di]), forKey: "members")
        try context.save()
        context.delete(cy)
        try context.save()
        #expect(names(((blue.value(forKey: "members") as? NSSet)?.allObjects as? [NSManagedObject]) ?? []) == ["Di"])
        let fresh = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        fresh.persistentStoreCoordinator = context.persistentStoreCoordinator
        let teams = try fresh.fetch(NSFetchRequest<NSManagedObject>(entityName: "Team"))
        #expect(((teams.first?.value(forKey: "members") as? NSSet)?.count) == 1)
    }

    @Test(arguments: TestStore.tested) func denyRefusesTheSaveAndNothingIsWritten(store: TestStore) throws {
        let model = PeopleModel.make()
        model.entitiesByName["Team"]?.relationshipsByName["members"]?.deleteRule = .denyDeleteRule
        let context = try loadedContainer("People", model: model, in: nil, store: store).viewContext
        let team = Self.team("Green", in: context)
        let eli = Self.person("Eli", in: context)
        eli.setValue(team, forKey: "team")
        try context.save()
        context.delete(team)
        #expect(
            throws: CoreDataError.validation(
                entityName: "Team", key: "members", problem: .deleteDenied(relatedObjects: 1))
        ) { try context.save() }
        context.rollback()
        #expect(!team.isDeleted)
        #expect(try context.count(for: NSFetchRequest<NSManagedObject>(entityName: "Team")) == 1)
    }

    @Test(arguments: TestStore.tested) func rollbackResetRefreshAndObjectsByID(store: TestStore) throws {
        let container = try Self.peopleContainer(store: store)
        let context = container.viewContext
        let fay = Self.person("Fay", age: 20, in: context)
        try context.save()
        fay.setValue(21, forKey: "age")
        let temp = Self.person("Gus", in: context)
        #expect(context.hasChanges)
        context.rollback()
        #expect(!context.hasChanges)
        #expect(fay.value(forKey: "age") as? Int == 20)
        #expect(temp.managedObjectContext == nil)
        #expect(try Self.people(context) == ["Fay"])

        // Another context changes the row; refresh reads it, keeping or dropping local changes.
        let other = container.newBackgroundContext()
        try other.performAndWait {
            let copy = try other.existingObject(with: fay.objectID)
            copy.setValue(22, forKey: "age")
            copy.setValue("Faye", forKey: "nickname")
            try other.save()
        }
        #expect(fay.value(forKey: "age") as? Int == 20)
        fay.setValue(99, forKey: "height")
        context.refresh(fay, mergeChanges: true)
        #expect(fay.value(forKey: "age") as? Int == 22)
        #expect(fay.value(forKey: "height") as? Int16 == 99)
        context.refresh(fay, mergeChanges: false)
        #expect(fay.value(forKey: "height") as? Int16 == 0)
        #expect(!fay.hasChanges)

        #expect(try context.existingObject(with: fay.objectID) === fay)
        context.reset()
        #expect(context.registeredObjects.isEmpty)
        let again = try context.existingObject(with: fay.objectID)
        #expect(again !== fay && again.value(forKey: "nickname") as? String == "Faye")
        #expect(context.object(with: fay.objectID) === again)
        let gone = NSManagedObjectID.permanent(
            for: fay.entity, storeIdentifier: fay.objectID.storeIdentifier ?? "", primaryKey: 9_999)
        #expect(throws: CoreDataError.objectNotFound(gone)) { try context.existingObject(with: gone) }
        #expect(context.object(with: gone).managedObjectContext == nil)
        #expect(
            container.persistentStoreCoordinator.managedObjectID(forURIRepresentation: fay.objectID.uriRepresentation())
                == fay.objectID)
    }

    @Test(arguments: TestStore.tested) func notificationsAndMergingASaveIntoAnotherContext(store: TestStore) throws {
        let container = try Self.peopleContainer(store: store)
        let main = container.viewContext
        let background = container.newBackgroundContext()
        let hal = Self.person("Hal", in: main)
        try main.save()
        let copy = try background.performAndWait { try background.existingObject(with: hal.objectID) }

        let savedBox = NotificationLog(), changedBox = NotificationLog()
        let center = NotificationCenter.default
        let didSave = center.addObserver(forName: .NSManagedObjectContextDidSave, object: main, queue: nil) {
            savedBox.append($0)
        }
        let didChange = center.addObserver(
            forName: .NSManagedObjectContextObjectsDidChange, object: background, queue: nil
        ) { changedBox.append($0) }
        var saved: [Notification] { savedBox.notifications }
        var changed: [Notification] { changedBox.notifications }
        defer {
            center.removeObserver(didSave)
            center.removeObserver(didChange)
        }
        hal.setValue(44, forKey: "age")
        let ivy = Self.person("Ivy", in: main)
        try main.save()
        #expect(saved.count == 1)
        let info = saved.first?.userInfo ?? [:]
        #expect((info[NSInsertedObjectsKey] as? Set<NSManagedObject>) == [ivy])
        #expect((info[NSUpdatedObjectsKey] as? Set<NSManagedObject>) == [hal])

        background.performAndWait { background.mergeChanges(fromContextDidSave: saved[0]) }
        #expect(copy.value(forKey: "age") as? Int == 44)
        #expect(changed.count == 1)
        #expect((changed.first?.userInfo?[NSRefreshedObjectsKey] as? Set<NSManagedObject>) == [copy])

        main.delete(hal)
        try main.save()
        background.performAndWait { background.mergeChanges(fromContextDidSave: saved[1]) }
        #expect(copy.managedObjectContext == nil)
        #expect(try background.performAndWait { try Self.people(background) } == ["Ivy"])
    }

    @Test(arguments: TestStore.tested) func aChildContextFetchesThroughItsParentAndSavesIntoIt(store: TestStore) throws
    {
        let container = try Self.peopleContainer(store: store)
        let parent = container.viewContext
        let jo = Self.person("Jo", age: 10, in: parent)
        try parent.save()
        let child = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        child.parent = parent
        #expect(child.persistentStoreCoordinator === container.persistentStoreCoordinator)
        try child.performAndWait {
            let childJo = try #require(try child.fetch(NSFetchRequest<NSManagedObject>(entityName: "Person")).first)
            #expect(childJo !== jo && childJo.objectID == jo.objectID)
            childJo.setValue(11, forKey: "age")
            _ = Self.person("Kai", in: child)
            #expect(try Self.people(child) == ["Jo", "Kai"])
            try child.save()
            #expect(!child.hasChanges)
        }
        // In the parent, unsaved; in the store, nothing yet.
        #expect(jo.value(forKey: "age") as? Int == 11)
        #expect(parent.hasChanges)
        #expect(try Self.people(parent) == ["Jo", "Kai"])
        let store = container.newBackgroundContext()
        #expect(try store.performAndWait { try Self.people(store) } == ["Jo"])
        try parent.save()
        #expect(try store.performAndWait { try Self.people(store) } == ["Jo", "Kai"])
    }

    /// A model of tags whose names are unique.
    static func tagModel() -> NSManagedObjectModel {
        let name = PeopleModel.attribute("name", .stringAttributeType, optional: false)
        let count = PeopleModel.attribute("count", .integer64AttributeType, optional: false, defaultValue: 0)
        let tag = NSEntityDescription()
        tag.name = "Tag"
        tag.properties = [name, count]
        tag.uniquenessConstraints = [["name"]]
        let model = NSManagedObjectModel()
        model.entities = [tag]
        return model
    }

    @Test(arguments: TestStore.tested) func mergePoliciesForUniquenessConstraints(store: TestStore) throws {
        let context = try loadedContainer("Tags", model: Self.tagModel(), in: nil, store: store).viewContext
        func tag(_ name: String, _ count: Int) -> NSManagedObject {
            let object = NSEntityDescription.insertNewObject(forEntityName: "Tag", into: context)
            object.setValue(name, forKey: "name")
            object.setValue(count, forKey: "count")
            return object
        }
        func counts() throws -> [Int] {
            let request = NSFetchRequest<NSManagedObject>(entityName: "Tag")
            request.includesPendingChanges = false
            return try context.fetch(request).map { $0.value(forKey: "count") as? Int ?? -1 }
        }
        _ = tag("swift", 1)
        try context.save()
        // The error policy (the default): the save fails, naming the conflict, and writes nothing.
        let second = tag("swift", 2)
        let third = tag("other", 3)
        #expect(throws: CoreDataError.constraintConflict(entityName: "Tag", keys: ["name"], values: ["'swift'"])) {
            try context.save()
        }
        #expect(try counts() == [1])
        #expect(second.isInserted && third.isInserted)
        // Object trump: the new values win.
        context.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
        try context.save()
        #expect(try counts() == [2, 3])
        // Store trump: the stored values win, and the object becomes the stored row.
        context.mergePolicy = NSMergePolicy.mergeByPropertyStoreTrump
        context.reset()
        let fourth = tag("swift", 4)
        try context.save()
        #expect(try counts() == [2, 3])
        #expect(fourth.value(forKey: "count") as? Int == 2)
        #expect(!fourth.objectID.isTemporaryID)
    }

    @Test(arguments: TestStore.tested) func batchDeleteInsertAndUpdateAndMergingRemoteChanges(store: TestStore) throws {
        let container = try Self.peopleContainer(store: store)
        let context = container.viewContext
        let insert = NSBatchInsertRequest(
            entityName: "Person",
            objects: [
                ["name": "Lu", "age": 1], ["name": "Mo", "age": 2], ["name": "Ned", "age": 3],
            ])
        insert.resultType = .objectIDs
        let inserted = try #require(
            (try context.execute(insert) as? NSBatchInsertResult)?.result as? [NSManagedObjectID])
        #expect(inserted.count == 3)
        let objects = try context.fetch(NSFetchRequest<NSManagedObject>(entityName: "Person"))
        #expect(objects.count == 3)

        let update = NSBatchUpdateRequest(entityName: "Person")
        update.predicate = NSPredicate(format: "age >= 2")
        update.propertiesToUpdate = ["age": 10]
        update.resultType = .updatedObjectIDsResultType
        let updated = try #require(
            (try context.execute(update) as? NSBatchUpdateResult)?.result as? [NSManagedObjectID])
        #expect(updated.count == 2)
        NSManagedObjectContext.mergeChanges(fromRemoteContextSave: [NSUpdatedObjectsKey: updated], into: [context])
        #expect(try Self.people(context, "age == 10") == ["Mo", "Ned"])
        #expect(objects.compactMap { $0.value(forKey: "age") as? Int }.sorted() == [1, 10, 10])

        let delete = NSBatchDeleteRequest(fetchRequest: NSFetchRequest<NSFetchRequestResult>(entityName: "Person"))
        delete.resultType = .resultTypeObjectIDs
        let deleted = try #require(
            (try context.execute(delete) as? NSBatchDeleteResult)?.result as? [NSManagedObjectID])
        #expect(Set(deleted) == Set(inserted))
        // Before the merge the context still has its objects; after it, none.
        #expect(context.registeredObjects.count == 3)
        NSManagedObjectContext.mergeChanges(fromRemoteContextSave: [NSDeletedObjectsKey: deleted], into: [context])
        #expect(context.registeredObjects.isEmpty)
        #expect(try Self.people(context).isEmpty)

        _ = Self.person("Oz", in: context)
        try context.save()
        let byIDs = NSBatchDeleteRequest(
            objectIDs: try context.fetch(
                NSFetchRequest<NSManagedObjectID>(entityName: "Person").withResultType(.managedObjectIDResultType)))
        byIDs.resultType = .resultTypeCount
        #expect((try context.execute(byIDs) as? NSBatchDeleteResult)?.result as? Int == 1)
        // A predicate SQL cannot say is evaluated on the rows.
        _ = Self.person("Pia", in: context)
        _ = Self.person("Quinn", in: context)
        try context.save()
        let like = NSFetchRequest<NSFetchRequestResult>(entityName: "Person")
        like.predicate = NSPredicate(format: "name LIKE 'P*'")
        let likeDelete = NSBatchDeleteRequest(fetchRequest: like)
        likeDelete.resultType = .resultTypeCount
        #expect((try context.execute(likeDelete) as? NSBatchDeleteResult)?.result as? Int == 1)
    }
}

/// Notifications an observer received (posted synchronously on the poster's thread).
final class NotificationLog: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [Notification] = []
    func append(_ notification: Notification) {
        lock.lock()
        received.append(notification)
        lock.unlock()
    }
    var notifications: [Notification] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }
}

extension NSFetchRequest {
    /// The request with `resultType` set, for one-line tests.
    func withResultType(_ type: NSFetchRequestResultType) -> NSFetchRequest {
        resultType = type
        return self
    }
}
