import OpenCoreData

/// A model built in code, of entities without classes of their own: people in teams, with friends.
///
/// Person: name String, nickname String?, age Integer 64, height Integer 16, score Double, rating Float?,
/// balance Decimal?, isMember Boolean, birthday Date?, photo Binary?, identifier UUID?, homepage URI?,
/// tags Transformable [String]?; team → Team (to-one, inverse members), friends → Person (to-many, no inverse).
/// Team: name String, members → Person (to-many, inverse team).
enum PeopleModel {
    static func attribute(_ name: String, _ type: NSAttributeType, optional: Bool = true, defaultValue: Any? = nil)
        -> NSAttributeDescription
    {
        let attribute = NSAttributeDescription()
        attribute.name = name
        attribute.attributeType = type
        attribute.isOptional = optional
        attribute.defaultValue = defaultValue
        return attribute
    }

    static func make() -> NSManagedObjectModel {
        let person = NSEntityDescription()
        person.name = "Person"
        let team = NSEntityDescription()
        team.name = "Team"

        let teamRelationship = NSRelationshipDescription()
        teamRelationship.name = "team"
        teamRelationship.destinationEntity = team
        let members = NSRelationshipDescription()
        members.name = "members"
        members.destinationEntity = person
        members.maxCount = 0
        members.deleteRule = .cascadeDeleteRule
        teamRelationship.inverseRelationship = members
        members.inverseRelationship = teamRelationship
        let friends = NSRelationshipDescription()
        friends.name = "friends"
        friends.destinationEntity = person
        friends.maxCount = 0

        let tags = attribute("tags", .transformableAttributeType)
        tags.attributeValueClassName = "[String]"
        person.properties = [
            attribute("name", .stringAttributeType, optional: false, defaultValue: ""),
            attribute("nickname", .stringAttributeType),
            attribute("age", .integer64AttributeType, optional: false, defaultValue: 0),
            attribute("height", .integer16AttributeType, optional: false, defaultValue: 0),
            attribute("score", .doubleAttributeType, optional: false, defaultValue: 0.0),
            attribute("rating", .floatAttributeType),
            attribute("balance", .decimalAttributeType),
            attribute("isMember", .booleanAttributeType, optional: false, defaultValue: false),
            attribute("birthday", .dateAttributeType),
            attribute("photo", .binaryDataAttributeType),
            attribute("identifier", .UUIDAttributeType),
            attribute("homepage", .URIAttributeType),
            tags,
            teamRelationship,
            friends,
        ]
        person.uniquenessConstraints = [["name", "nickname"]]
        team.properties = [attribute("name", .stringAttributeType, optional: false, defaultValue: ""), members]

        let model = NSManagedObjectModel()
        model.entities = [person, team]
        return model
    }
}

/// A small context of people and teams to evaluate predicates on.
struct People {
    let model = PeopleModel.make()
    let context: NSManagedObjectContext
    let person: NSEntityDescription
    let team: NSEntityDescription

    init() {
        context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        person = model.entitiesByName["Person"]!
        team = model.entitiesByName["Team"]!
    }

    func makePerson(_ values: [String: Any?]) -> NSManagedObject {
        let object = NSManagedObject(entity: person, insertInto: context)
        for (key, value) in values { object.setValue(value ?? nil, forKey: key) }
        return object
    }

    func makeTeam(_ name: String, members: [NSManagedObject] = []) -> NSManagedObject {
        let object = NSManagedObject(entity: team, insertInto: context)
        object.setValue(name, forKey: "name")
        object.setValue(NSSet(array: members), forKey: "members")
        return object
    }
}
