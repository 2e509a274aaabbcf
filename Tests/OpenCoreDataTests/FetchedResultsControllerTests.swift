import Foundation
@testable import OpenCoreData
import StoreTestSupport
import Testing

/// Records every delegate call as a line: `will`, `section insert 1 B`, `insert nil→[0, 2] Cy`, `did`.
final class RecordingResultsDelegate: NSFetchedResultsControllerDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var controllers: [NSFetchedResultsController<NSFetchRequestResult>] = []

    var lines: [String] { lock.withLock { recorded } }

    /// Takes the lines recorded so far.
    func take() -> [String] {
        lock.withLock {
            defer { recorded = [] }
            return recorded
        }
    }

    private func record(_ line: String) { lock.withLock { recorded.append(line) } }

    private static func path(_ indexPath: IndexPath?) -> String {
        indexPath.map { "[\($0.section), \($0.row)]" } ?? "nil"
    }

    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        controllers.append(controller)
        record("will")
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?,
        for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        let name = (anObject as? NSManagedObject)?.value(forKey: "name") as? String ?? "?"
        record("\(Self.kind(type)) \(Self.path(indexPath))→\(Self.path(newIndexPath)) \(name)")
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChange sectionInfo: NSFetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType
    ) {
        record("section \(Self.kind(type)) \(sectionIndex) \(sectionInfo.name)")
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        record("did")
    }

    static func kind(_ type: NSFetchedResultsChangeType) -> String {
        switch type {
        case .insert: "insert"
        case .delete: "delete"
        case .move: "move"
        case .update: "update"
        }
    }
}

/// `NSFetchedResultsController`: sections, index paths, and the delegate's exact changes after changes in its
/// context, saves of other contexts and commits of another coordinator (as another process's would be).
@Suite(.serialized) struct FetchedResultsControllerTests {
    static func person(_ name: String, nickname: String?, age: Int = 30, in context: NSManagedObjectContext)
        -> NSManagedObject
    {
        let object = NSEntityDescription.insertNewObject(forEntityName: "Person", into: context)
        object.setValue(name, forKey: "name")
        object.setValue(nickname, forKey: "nickname")
        object.setValue(age, forKey: "age")
        return object
    }

    /// People sectioned by nickname, sorted by nickname then name.
    static func controller(_ context: NSManagedObjectContext, sectioned: Bool = true) -> NSFetchedResultsController<
        NSManagedObject
    > {
        let request = NSFetchRequest<NSManagedObject>(entityName: "Person")
        request.sortDescriptors = [
            NSSortDescriptor(key: "nickname", ascending: true), NSSortDescriptor(key: "name", ascending: true),
        ]
        return NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: sectioned ? "nickname" : nil,
            cacheName: "unused"
        )
    }

    static func layout(_ controller: NSFetchedResultsController<NSManagedObject>) -> [String] {
        (controller.sections ?? []).map { section in
            "\(section.name): "
                + ((section.objects as? [NSManagedObject]).map { names($0) } ?? []).joined(separator: ",")
        }
    }

    @Test func indexPathHasRowSectionAndItem() {
        var path = IndexPath(row: 4, section: 2)
        #expect(path.row == 4 && path.section == 2 && path.item == 4 && Array(path) == [2, 4])
        path.row = 7
        #expect(IndexPath(item: 7, section: 2) == path)
    }

    @Test(arguments: TestStore.tested) func performFetchMakesSectionsAndIndexPaths(store: TestStore) throws {
        let context = try loadedContainer("People", model: PeopleModel.make(), in: nil, store: store).viewContext
        for (name, nickname) in [("Ada", "a"), ("Alan", "a"), ("Grace", "g"), ("Guido", "g"), ("Bjarne", "b")] {
            _ = Self.person(name, nickname: nickname, in: context)
        }
        try context.save()
        let controller = Self.controller(context)
        #expect(controller.fetchedObjects == nil && controller.sections == nil)
        try controller.performFetch()
        #expect(Self.layout(controller) == ["a: Ada,Alan", "b: Bjarne", "g: Grace,Guido"])
        #expect(names(controller.fetchedObjects ?? []) == ["Ada", "Alan", "Bjarne", "Grace", "Guido"])
        #expect(controller.sections?.map(\.numberOfObjects) == [2, 1, 2])
        #expect(controller.sectionIndexTitles == ["A", "B", "G"])
        #expect(controller.section(forSectionIndexTitle: "G", at: 2) == 2)
        let guido = controller.object(at: IndexPath(row: 1, section: 2))
        #expect(guido.value(forKey: "name") as? String == "Guido")
        #expect(controller.indexPath(forObject: guido) == IndexPath(row: 1, section: 2))
        #expect(controller.cacheName == "unused" && controller.sectionNameKeyPath == "nickname")

        let unsectioned = Self.controller(context, sectioned: false)
        try unsectioned.performFetch()
        #expect(unsectioned.sections?.count == 1 && unsectioned.sections?.first?.name == "")
        #expect(unsectioned.indexPath(forObject: guido) == IndexPath(row: 4, section: 0))
    }

    /// Core Data raises for a path outside the results; here each such path gives an empty object of the
    /// entity, in no context, that is nowhere in the results — for both result types a controller can have.
    @Test func anIndexPathOutsideTheResultsGivesAnEmptyObjectInNoContext() throws {
        let context = try loadedContainer("People", model: PeopleModel.make(), in: nil).viewContext
        _ = Self.person("Ada", nickname: "a", in: context)
        try context.save()
        let controller = Self.controller(context)
        let beforeFetch = controller.object(at: IndexPath(row: 0, section: 0))
        #expect(beforeFetch.managedObjectContext == nil && beforeFetch.entity.name == "Person")
        try controller.performFetch()
        for path in [
            IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 1), IndexPath(row: -1, section: 0),
            IndexPath(indexes: [0]),
        ] {
            let object = controller.object(at: path)
            #expect(object.managedObjectContext == nil && object.entity.name == "Person")
            // The defaults.
            #expect(object.value(forKey: "name") as? String == "" && object.value(forKey: "nickname") == nil)
            #expect(controller.indexPath(forObject: object) == nil)
        }
        #expect(controller.object(at: IndexPath(row: 0, section: 0)).value(forKey: "name") as? String == "Ada")

        let request = NSFetchRequest<NSFetchRequestResult>(entityName: "Person")
        request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
        let untyped = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        try untyped.performFetch()
        let outside = untyped.object(at: IndexPath(row: 5, section: 0)) as? NSManagedObject
        #expect(outside?.managedObjectContext == nil && outside?.entity.name == "Person")
        #expect(
            (untyped.object(at: IndexPath(row: 0, section: 0)) as? NSManagedObject)?.value(forKey: "name") as? String
                == "Ada")
    }

    @Test(arguments: TestStore.tested) func delegateHearsExactlyTheInsertsDeletesMovesAndUpdatesOfItsContext(
        store: TestStore
    ) throws {
        let context = try loadedContainer("People", model: PeopleModel.make(), in: nil, store: store).viewContext
        let ada = Self.person("Ada", nickname: "a", in: context)
        let alan = Self.person("Alan", nickname: "a", in: context)
        let grace = Self.person("Grace", nickname: "g", in: context)
        _ = Self.person("Guido", nickname: "g", in: context)
        try context.save()
        let controller = Self.controller(context)
        let delegate = RecordingResultsDelegate()
        controller.delegate = delegate
        try controller.performFetch()

        // An insert into an existing section, reported at the end of the event.
        _ = Self.person("Alonzo", nickname: "a", in: context)
        #expect(delegate.lines.isEmpty)
        context.processPendingChanges()
        #expect(delegate.take() == ["will", "insert nil→[0, 2] Alonzo", "did"])
        #expect(controller.isSameController(as: delegate.controllers[0]))
        #expect(delegate.controllers[0].fetchedObjects?.count == 5)

        // A value that is not a sort key: an update in place.
        ada.setValue(99, forKey: "age")
        context.processPendingChanges()
        #expect(delegate.take() == ["will", "update [0, 0]→[0, 0] Ada", "did"])

        // A sort key: Ada goes after Alonzo; Alan and Alonzo shift but are not moved.
        ada.setValue("Azure", forKey: "name")
        context.processPendingChanges()
        #expect(delegate.take() == ["will", "move [0, 0]→[0, 2] Azure", "did"])
        #expect(Self.layout(controller) == ["a: Alan,Alonzo,Azure", "g: Grace,Guido"])

        // A new section, and a move into it.
        grace.setValue("b", forKey: "nickname")
        context.processPendingChanges()
        #expect(delegate.take() == ["will", "section insert 1 b", "move [1, 0]→[1, 0] Grace", "did"])
        #expect(Self.layout(controller) == ["a: Alan,Alonzo,Azure", "b: Grace", "g: Guido"])

        // The last object of a section deleted: the section goes too.
        context.delete(grace)
        context.processPendingChanges()
        #expect(delegate.take() == ["will", "section delete 1 b", "delete [1, 0]→nil Grace", "did"])

        // Saving changes nothing the results show; nothing is reported.
        try context.save()
        #expect(delegate.take().isEmpty)

        // Several changes in one event: one will/did pair around all of them.
        context.delete(alan)
        _ = Self.person("Gottlob", nickname: "g", in: context)
        context.processPendingChanges()
        #expect(delegate.take() == ["will", "delete [0, 0]→nil Alan", "insert nil→[1, 0] Gottlob", "did"])

        // Without a delegate, the results are left as they are.
        controller.delegate = nil
        _ = Self.person("Zuse", nickname: "z", in: context)
        context.processPendingChanges()
        #expect(names(controller.fetchedObjects ?? []) == ["Alonzo", "Azure", "Gottlob", "Guido"])
    }

    @Test(arguments: TestStore.tested) func savesOfAnotherContextOfTheCoordinatorReachTheDelegate(store: TestStore)
        throws
    {
        let container = try loadedContainer("People", model: PeopleModel.make(), in: nil, store: store)
        let context = container.viewContext
        _ = Self.person("Ada", nickname: "a", in: context)
        try context.save()
        let controller = Self.controller(context)
        let delegate = RecordingResultsDelegate()
        controller.delegate = delegate
        try controller.performFetch()

        let background = container.newBackgroundContext()
        try background.performAndWait {
            _ = Self.person("Grace", nickname: "g", in: background)
            let request = NSFetchRequest<NSManagedObject>(entityName: "Person")
            request.predicate = NSPredicate(format: "name == %@", "Ada")
            try background.fetch(request).first?.setValue(41, forKey: "age")
            try background.save()
        }
        // The merge runs on the context's queue; waiting for the queue waits for it.
        context.performAndWait {}
        #expect(
            delegate.take() == [
                "will", "section insert 1 g", "insert nil→[1, 0] Grace", "update [0, 0]→[0, 0] Ada", "did",
            ])
        #expect(controller.fetchedObjects?.first?.value(forKey: "age") as? Int == 41)

        try background.performAndWait {
            let request = NSFetchRequest<NSManagedObject>(entityName: "Person")
            request.predicate = NSPredicate(format: "name == %@", "Ada")
            for object in try background.fetch(request) { background.delete(object) }
            try background.save()
        }
        context.performAndWait {}
        #expect(delegate.take() == ["will", "section delete 0 a", "delete [0, 0]→nil Ada", "did"])
        #expect(Self.layout(controller) == ["g: Grace"])
    }

    @Test(arguments: TestStore.tested) func commitsOfAnotherCoordinatorAreFoundByTheStoreCheck(store: TestStore) throws
    {
        let folder = TemporaryFolder()
        let context = try loadedContainer("People", model: PeopleModel.make(), in: folder.url, store: store).viewContext
        _ = Self.person("Ada", nickname: "a", in: context)
        _ = Self.person("Alan", nickname: "a", in: context)
        try context.save()
        let controller = Self.controller(context)
        controller.storeCheckInterval = 0
        let delegate = RecordingResultsDelegate()
        controller.delegate = delegate
        try controller.performFetch()

        // Another coordinator on the file: what another process sees.
        let other = try loadedContainer("People", model: PeopleModel.make(), in: folder.url, store: store).viewContext
        let request = NSFetchRequest<NSManagedObject>(entityName: "Person")
        request.predicate = NSPredicate(format: "name == %@", "Ada")
        try other.fetch(request).first?.setValue("Bea", forKey: "name")
        _ = Self.person("Aaron", nickname: "a", in: other)
        try other.save()

        controller.checkForStoreChanges()
        #expect(delegate.take() == ["will", "insert nil→[0, 0] Aaron", "move [0, 0]→[0, 2] Bea", "did"])
        #expect(Self.layout(controller) == ["a: Aaron,Alan,Bea"])
        controller.checkForStoreChanges()
        #expect(delegate.take().isEmpty)
    }

    @Test func theStoreCheckTimerFindsAnotherCoordinatorsCommit() throws {
        let folder = TemporaryFolder()
        let context = try loadedContainer("People", model: PeopleModel.make(), in: folder.url).viewContext
        let controller = Self.controller(context)
        controller.storeCheckInterval = 0.05
        let delegate = RecordingResultsDelegate()
        controller.delegate = delegate
        try controller.performFetch()

        let other = try loadedContainer("People", model: PeopleModel.make(), in: folder.url).viewContext
        _ = Self.person("Ada", nickname: "a", in: other)
        try other.save()
        // Waits for the timer's refresh; the bound only stops a broken build from hanging, the assertion is on values.
        let deadline = Date().addingTimeInterval(60)
        while !delegate.lines.contains("did") && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        context.performAndWait {}
        #expect(delegate.lines == ["will", "section insert 0 a", "insert nil→[0, 0] Ada", "did"])
    }
}
