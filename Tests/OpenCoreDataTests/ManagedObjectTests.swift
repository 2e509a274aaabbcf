@testable import OpenCoreData
import Testing

/// A class of its own for the Ledger entity, with a life-cycle override.
final class Ledger: NSManagedObject {
    var awakenings = 0

    override func awakeFromInsert() {
        super.awakeFromInsert()
        awakenings += 1
        setPrimitiveValue(Date(timeIntervalSinceReferenceDate: 1), forKey: "openedAt")
    }
}

extension Ledger {
    @OpenCoreData.NSManaged var openedAt: Date?
    @OpenCoreData.NSManaged var total: Int
    @OpenCoreData.NSManaged var owner: String
    @OpenCoreData.NSManaged var notInTheModel: String?
}

private func ledgerModel() -> NSManagedObjectModel {
    let ledger = NSEntityDescription()
    ledger.name = "Ledger"
    ledger.managedObjectClassName = "Ledger"
    ledger.properties = [
        PeopleModel.attribute("openedAt", .dateAttributeType),
        PeopleModel.attribute("total", .integer64AttributeType, optional: false, defaultValue: 0),
        PeopleModel.attribute("owner", .stringAttributeType, optional: false),
    ]
    let model = NSManagedObjectModel()
    model.entities = [ledger]
    return model
}

/// Managed objects: key-value coding, change tracking, identity, life cycle and validation.
@Suite struct ManagedObjectTests {
    @Test func entitiesWithoutAClassWorkThroughKeys() throws {
        let people = People()
        let kim = NSManagedObject(entity: people.person, insertInto: people.context)
        #expect(kim.entity === people.person)
        #expect(kim.managedObjectContext === people.context)
        #expect(kim.value(forKey: "age") as? Int64 == 0)
        kim.setValue("Kim", forKey: "name")
        kim.setValue(41, forKey: "age")
        kim.setValue(Int16(180), forKey: "height")
        kim.setValue(NSNumber(value: 2.5), forKey: "score")
        kim.setValue(true, forKey: "isMember")
        kim.setValue(3.25, forKey: "rating")
        kim.setValue(7, forKey: "balance")
        #expect(kim.value(forKey: "name") as? String == "Kim")
        #expect(kim.value(forKey: "age") as? Int == 41)
        #expect(kim.value(forKey: "age") as? Int64 == 41)
        #expect(kim.value(forKey: "age") as? Double == 41)
        #expect(kim.value(forKey: "age") is NSNumber)
        #expect(kim.value(forKey: "height") as? Int16 == 180)
        #expect(kim.value(forKey: "score") as? Double == 2.5)
        #expect(kim.value(forKey: "isMember") as? Bool == true)
        #expect(kim.value(forKey: "rating") as? Float == 3.25)
        #expect(kim.value(forKey: "balance") as? Decimal == 7)
        kim.setValue(nil, forKey: "rating")
        #expect(kim.value(forKey: "rating") == nil)
        kim.setValue(NSNull(), forKey: "name")
        #expect(kim.value(forKey: "name") == nil)
        #expect(kim.primitiveValue(forKey: "age") as? Int64 == 41)
        #expect(kim.dictionaryWithValues(forKeys: ["age", "nickname"])["nickname"] is NSNull)
        #expect(kim.keyValueCodingErrors.isEmpty)
    }

    @Test func unknownKeysAndWrongValuesAreReportedNotRaised() throws {
        let people = People()
        let kim = people.makePerson(["name": "Kim", "age": 3])
        #expect(kim.value(forKey: "agee") == nil)
        kim.setValue(5, forKey: "agee")
        kim.setValue("old", forKey: "age")
        kim.setValue(70_000, forKey: "height")
        kim.setValue(2.5, forKey: "age")
        kim.setValue(kim, forKey: "team")
        kim.setValue("friends", forKey: "friends")
        #expect(kim.value(forKey: "age") as? Int64 == 3)
        #expect(
            kim.keyValueCodingErrors == [
                .unknownKey(entityName: "Person", key: "agee"),
                .invalidValue(
                    entityName: "Person", key: "age", reason: "the value is a String, not a value of type Integer 64"),
                .invalidValue(
                    entityName: "Person", key: "height", reason: "the value 70000 is out of the range of Integer 16"),
                .invalidValue(
                    entityName: "Person", key: "age",
                    reason: "the value 2.5 is not a whole number in the range of Integer 64"),
                .invalidValue(entityName: "Person", key: "team", reason: "it leads to Team objects, not Person"),
                .invalidValue(
                    entityName: "Person", key: "friends",
                    reason: "a to-many relationship takes a set, ordered set or array of managed objects, not a String"),
            ])
        #expect(
            CoreDataError.unknownKey(entityName: "Person", key: "agee").description
                == "The entity Person has no property named “agee” (check the spelling against the model)")
        // Validation (what a save runs) throws the recorded problems.
        #expect(throws: CoreDataError.self) { try kim.validateForUpdate() }
        // The checked variants throw instead of recording.
        #expect(throws: CoreDataError.unknownKey(entityName: "Person", key: "nope")) {
            try kim.checkedValue(forKey: "nope")
        }
        #expect(throws: CoreDataError.self) { try kim.setCheckedValue("x", forKey: "age") }
        #expect(try kim.checkedValue(forKey: "age") as? Int == 3)
    }

    @Test func keyPathsThroughRelationships() {
        let people = People()
        let ann = people.makePerson(["name": "Ann", "age": 20])
        let bob = people.makePerson(["name": "Bob", "age": 30])
        let team = people.makeTeam("Red", members: [ann, bob])
        #expect(ann.value(forKeyPath: "team.name") as? String == "Red")
        #expect(
            (team.value(forKeyPath: "members.name") as? [Any])?.compactMap { $0 as? String }.sorted() == ["Ann", "Bob"])
        #expect(team.value(forKeyPath: "members.@count") as? Int == 2)
        #expect(team.value(forKeyPath: "members.@sum.age") as? Int64 == 50)
        ann.setValue("Blue", forKeyPath: "team.name")
        #expect(team.value(forKey: "name") as? String == "Blue")
        #expect(ann.value(forKeyPath: "team.nope") == nil)
        #expect(ann.keyValueCodingErrors.count == 1)
    }

    @Test func inversesStayInStep() throws {
        let people = People()
        let ann = people.makePerson(["name": "Ann"])
        let bob = people.makePerson(["name": "Bob"])
        let red = people.makeTeam("Red")
        let blue = people.makeTeam("Blue")
        ann.setValue(red, forKey: "team")
        #expect((red.value(forKey: "members") as? NSSet)?.contains(ann) == true)
        ann.setValue(blue, forKey: "team")
        #expect((red.value(forKey: "members") as? NSSet)?.count == 0)
        #expect((blue.value(forKey: "members") as? NSSet)?.contains(ann) == true)
        red.setValue([ann, bob], forKey: "members")
        #expect(ann.value(forKey: "team") as? NSManagedObject === red)
        #expect(bob.value(forKey: "team") as? NSManagedObject === red)
        #expect((blue.value(forKey: "members") as? NSSet)?.count == 0)
        red.setValue(Set([bob]), forKey: "members")
        #expect(ann.value(forKey: "team") == nil)
        ann.setValue([bob], forKey: "friends")
        #expect(ann.objectIDs(forRelationshipNamed: "friends") == [bob.objectID])
        // A primitive set leaves the other side alone, as in Core Data.
        bob.setPrimitiveValue(nil, forKey: "team")
        #expect((red.value(forKey: "members") as? NSSet)?.contains(bob) == true)
    }

    @Test func changeTracking() throws {
        let people = People()
        let kim = people.makePerson(["name": "Kim", "age": 30])
        #expect(kim.isInserted && kim.hasChanges && !kim.isUpdated && !kim.isDeleted)
        #expect(Set(kim.changedValues().keys) == ["name", "age", "height", "score", "isMember"])
        #expect(kim.committedValues(forKeys: nil).isEmpty)
        #expect(people.context.hasChanges)
        // What a save does to an object (the store layer's seam).
        kim.didCommit(
            permanentID: NSManagedObjectID.permanent(for: people.person, storeIdentifier: "STORE", primaryKey: 7))
        #expect(!kim.hasChanges && !kim.isInserted)
        #expect(kim.changedValues().isEmpty)
        #expect(!people.context.hasChanges)
        kim.setValue(31, forKey: "age")
        #expect(kim.isUpdated && kim.hasChanges)
        #expect(kim.changedValues().count == 1)
        #expect(kim.changedValues()["age"] as? Int == 31)
        #expect(kim.committedValues(forKeys: ["age"])["age"] as? Int == 30)
        #expect(kim.committedValues(forKeys: ["nickname"])["nickname"] is NSNull)
        #expect(people.context.updatedObjects == [kim])
        kim.setValue(30, forKey: "age")
        #expect(!kim.isUpdated)
        people.context.delete(kim)
        #expect(kim.isDeleted && kim.hasChanges)
        #expect(people.context.deletedObjects == [kim])
        people.context.insert(kim)
        #expect(!kim.isDeleted)
        kim.setValue(32, forKey: "age")
        kim.revertToCommittedValues()
        #expect(kim.value(forKey: "age") as? Int == 30)
        // An unsaved insert that is deleted simply leaves the context.
        let temporary = people.makePerson(["name": "Tmp"])
        people.context.delete(temporary)
        #expect(temporary.managedObjectContext == nil)
        #expect(!people.context.registeredObjects.contains(temporary))
    }

    @Test func objectIDs() throws {
        let people = People()
        let kim = people.makePerson(["name": "Kim"])
        let id = kim.objectID
        #expect(id.isTemporaryID)
        #expect(id.entity === people.person)
        #expect(id.uriRepresentation().absoluteString.hasPrefix("x-coredata:///Person/t"))
        #expect(people.context.registeredObject(for: id) === kim)
        let permanent = NSManagedObjectID.permanent(
            for: people.person, storeIdentifier: "8D6F1A5C-0000-4000-8000-000000000001", primaryKey: 42)
        #expect(!permanent.isTemporaryID)
        #expect(
            permanent.uriRepresentation().absoluteString
                == "x-coredata://8D6F1A5C-0000-4000-8000-000000000001/Person/p42")
        #expect(
            permanent
                == NSManagedObjectID.permanent(
                    for: people.person, storeIdentifier: "8D6F1A5C-0000-4000-8000-000000000001", primaryKey: 42))
        #expect(
            permanent
                != NSManagedObjectID.permanent(
                    for: people.team, storeIdentifier: "8D6F1A5C-0000-4000-8000-000000000001", primaryKey: 42))
        #expect(
            permanent.hash
                == NSManagedObjectID.permanent(
                    for: people.person, storeIdentifier: "8D6F1A5C-0000-4000-8000-000000000001", primaryKey: 42
                ).hash)
        #expect(people.makePerson([:]).objectID != id)
        kim.didCommit(permanentID: permanent)
        #expect(kim.objectID == permanent)
    }

    @Test func classesLifeCycleAndDefaults() throws {
        let context = context(for: ledgerModel())
        let ledger = Ledger(context: context)
        #expect(ledger.awakenings == 1)
        #expect(ledger.openedAt == Date(timeIntervalSinceReferenceDate: 1))
        #expect(ledger.total == 0)
        #expect(ledger.owner == "")
        ledger.total = 12
        #expect(ledger.value(forKey: "total") as? Int == 12)
        #expect(ledger.notInTheModel == nil)
        #expect(ledger.keyValueCodingErrors == [.unknownKey(entityName: "Ledger", key: "notInTheModel")])
        // A fetched object of the entity is made of the registered class.
        let entity = try #require(context.persistentStoreCoordinator?.managedObjectModel.entitiesByName["Ledger"])
        #expect(ManagedObjectClassRegistry.objectClass(for: entity) == Ledger.self)
        #expect(Ledger.entity() === entity)
        #expect(NSEntityDescription.insertNewObject(forEntityName: "Ledger", into: context) is Ledger)
        // Inserting later calls awakeFromInsert once.
        let detached = Ledger(entity: entity, insertInto: nil)
        #expect(detached.awakenings == 0)
        context.insert(detached)
        context.insert(detached)
        #expect(detached.awakenings == 1)
        #expect(detached.isInserted)
    }

    @Test func classWithoutAnEntityIsReported() {
        let context = context(for: PeopleModel.make())
        let orphan = Ledger(context: context)
        #expect(orphan.entity.name == "Ledger")
        // Its awakeFromInsert then sets a key the empty entity does not have: reported too, after the cause.
        #expect(
            orphan.keyValueCodingErrors == [
                .entityNotFound(className: "Ledger"), .unknownKey(entityName: "Ledger", key: "openedAt"),
            ])
        #expect(throws: CoreDataError.multipleValidationErrors(orphan.keyValueCodingErrors)) {
            try orphan.validateForInsert()
        }
        let unknown = NSEntityDescription.insertNewObject(forEntityName: "Nope", into: context)
        #expect(unknown.keyValueCodingErrors == [.entityNotFound(className: "Nope")])
    }

    @Test func validation() throws {
        let people = People()
        let ann = people.makePerson(["name": "Ann"])
        try ann.validateForInsert()
        ann.setValue(nil, forKey: "name")
        #expect(throws: CoreDataError.validation(entityName: "Person", key: "name", problem: .missingMandatoryProperty))
        {
            try ann.validateForInsert()
        }
        #expect(
            (CoreDataError.validation(entityName: "Person", key: "name", problem: .missingMandatoryProperty) as NSError)
                .code == NSValidationMissingMandatoryPropertyError)
        ann.setValue("Ann", forKey: "name")

        let friends = try #require(people.person.relationshipsByName["friends"])
        friends.minCount = 2
        friends.maxCount = 3
        ann.setValue([people.makePerson(["name": "B"])], forKey: "friends")
        #expect(
            throws: CoreDataError.validation(
                entityName: "Person", key: "friends", problem: .tooFewObjects(minimum: 2, actual: 1))
        ) {
            try ann.validateForUpdate()
        }
        ann.setValue((0..<4).map { people.makePerson(["name": "F\($0)"]) }, forKey: "friends")
        #expect(
            throws: CoreDataError.validation(
                entityName: "Person", key: "friends", problem: .tooManyObjects(maximum: 3, actual: 4))
        ) {
            try ann.validateForUpdate()
        }
        friends.deleteRule = .denyDeleteRule
        #expect(
            throws: CoreDataError.validation(
                entityName: "Person", key: "friends", problem: .deleteDenied(relatedObjects: 4))
        ) {
            try ann.validateForDelete()
        }
        friends.minCount = 0
        friends.maxCount = 0
        let age = try #require(people.person.attributesByName["age"])
        age.setValidationPredicates(
            [NSPredicate(format: "SELF >= 0")], withValidationWarnings: ["age must not be negative"])
        ann.setValue(-1, forKey: "age")
        ann.setValue(nil, forKey: "name")
        do {
            try ann.validateForUpdate()
            Issue.record("validation passed")
        } catch CoreDataError.multipleValidationErrors(let errors) {
            #expect(
                errors == [
                    .validation(entityName: "Person", key: "name", problem: .missingMandatoryProperty),
                    .validation(entityName: "Person", key: "age", problem: .predicateFailed("SELF >= 0")),
                ])
            #expect((CoreDataError.multipleValidationErrors(errors) as NSError).code == NSValidationMultipleErrorsError)
        }
    }

    @Test func transformableValuesAreCodable() throws {
        let people = People()
        let kim = people.makePerson(["tags": ["a", "b"]])
        #expect(kim.value(forKey: "tags") as? [String] == ["a", "b"])
        struct NotCodable {}
        kim.setValue(NotCodable(), forKey: "tags")
        #expect(kim.keyValueCodingErrors.count == 1)
        // A store hands transformable values back as JSON, which the reading type decodes.
        let json = try EncodedTransformableValue(encoding: ["x", "y"])
        #expect(ManagedValue.cast(json, to: [String].self) == ["x", "y"])
        #expect(ManagedValue.cast(json, to: Int.self) == nil)
    }
}
