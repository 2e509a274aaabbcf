@testable import OpenCoreData
import Testing

/// Models built in code, and what `validate()` reports about inconsistent ones.
@Suite struct ModelTests {
    @Test func descriptionsInCode() throws {
        let model = PeopleModel.make()
        try model.validate()
        let person = try #require(model.entitiesByName["Person"])
        let team = try #require(model.entitiesByName["Team"])
        #expect(person.managedObjectModel === model)
        #expect(person.managedObjectClassName == "NSManagedObject")
        #expect(person.attributesByName.count == 13)
        #expect(person.relationshipsByName.keys.sorted() == ["friends", "team"])
        #expect(person.propertiesByName["age"]?.entity === person)
        let members = try #require(team.relationshipsByName["members"])
        #expect(members.isToMany)
        #expect(members.inverseRelationship === person.relationshipsByName["team"])
        #expect(team.relationships(forDestination: person) == [members])
        #expect(person.attributesByName["photo"]?.attributeValueClassName == "NSData")
        #expect(person.attributesByName["tags"]?.attributeValueClassName == "[String]")
        #expect(person.attributesByName["age"]?.type == .integer64)
        #expect(NSAttributeType(modelFileName: "Integer 16") == .integer16AttributeType)
        #expect(NSAttributeType.booleanAttributeType.rawValue == 800)
        #expect(NSDeleteRule.denyDeleteRule.rawValue == 3)
    }

    @Test func subentitiesInheritProperties() throws {
        let base = NSEntityDescription()
        base.name = "Media"
        base.isAbstract = true
        base.properties = [PeopleModel.attribute("title", .stringAttributeType)]
        let movie = NSEntityDescription()
        movie.name = "Movie"
        movie.properties = [PeopleModel.attribute("minutes", .integer32AttributeType)]
        base.subentities = [movie]
        #expect(movie.superentity === base)
        #expect(movie.properties.map(\.name) == ["title", "minutes"])
        #expect(movie.attributesByName["title"] != nil)
        #expect(movie.isKindOf(entity: base))
        #expect(!base.isKindOf(entity: movie))
        base.properties += [PeopleModel.attribute("year", .integer16AttributeType)]
        #expect(movie.properties.map(\.name) == ["title", "year", "minutes"])
        let model = NSManagedObjectModel()
        model.entities = [base, movie]
        try model.validate()
        #expect(base.subentitiesByName["Movie"] === movie)
    }

    private func problems(_ model: NSManagedObjectModel) -> [String] {
        do {
            try model.validate()
            return []
        } catch CoreDataError.invalidModel(let problems) {
            return problems
        } catch {
            return ["\(error)"]
        }
    }

    @Test func validationReportsEachProblem() {
        let cart = NSEntityDescription()
        cart.name = "Cart"
        let item = NSEntityDescription()
        item.name = "Item"
        let stray = NSEntityDescription()
        stray.name = "Stray"

        let items = NSRelationshipDescription()
        items.name = "items"
        items.maxCount = 0
        items.destinationEntity = item
        let cartOfItem = NSRelationshipDescription()
        cartOfItem.name = "cart"
        cartOfItem.destinationEntity = stray  // does not lead back to Cart
        items.inverseRelationship = cartOfItem
        let orphan = NSRelationshipDescription()
        orphan.name = "orphan"  // no destination
        let elsewhere = NSRelationshipDescription()
        elsewhere.name = "elsewhere"
        elsewhere.destinationEntity = stray  // not in the model
        let counts = NSRelationshipDescription()
        counts.name = "counts"
        counts.destinationEntity = item
        counts.maxCount = 2
        counts.minCount = 3

        let price = PeopleModel.attribute("price", .doubleAttributeType, defaultValue: "cheap")
        let untyped = PeopleModel.attribute("untyped", .undefinedAttributeType)
        cart.properties = [
            price, untyped, items, orphan, elsewhere, counts, PeopleModel.attribute("price", .stringAttributeType),
        ]
        cart.uniquenessConstraints = [["sku"]]
        cart.indexes = [NSFetchIndexDescription(name: "byNothing", elements: [])]
        item.properties = [cartOfItem]
        let model = NSManagedObjectModel()
        model.entities = [cart, item]
        #expect(
            problems(model) == [
                "Cart.price's default value is a String, not a value of type Double",
                "Cart.untyped has no attribute type (only a transient attribute may be Undefined)",
                "Cart.items's inverse Item.cart leads to Stray, not back to Cart",
                "Cart.orphan has no destination entity",
                "Cart.elsewhere's destination entity Stray is not in the model",
                "Cart.counts's minCount 3 is greater than its maxCount 2",
                "Cart has two properties named “price”",
                "Cart's uniqueness constraint names “sku”, which is not an attribute of Cart",
                "Cart's index byNothing has no elements",
                "Item.cart's destination entity Stray is not in the model",
            ])
    }

    @Test func validationOfNamesAndInverses() {
        let a = NSEntityDescription()
        a.name = "A"
        let b = NSEntityDescription()
        b.name = "A"
        let unnamed = NSEntityDescription()
        let toB = NSRelationshipDescription()
        toB.name = "b"
        toB.destinationEntity = a
        let back = NSRelationshipDescription()
        back.name = "back"
        back.destinationEntity = a
        let other = NSRelationshipDescription()
        other.name = "other"
        other.destinationEntity = a
        toB.inverseRelationship = back
        back.inverseRelationship = other  // not toB
        a.properties = [toB, back, other]
        let model = NSManagedObjectModel()
        model.entities = [a, b, unnamed]
        let found = problems(model)
        #expect(found.contains("two entities are named “A”"))
        #expect(found.contains("entity #3 has no name"))
        #expect(found.contains("A.b's inverse A.back has A.other as its inverse, not A.b"))
        let loop = NSEntityDescription()
        loop.name = "Loop"
        loop.subentities = [loop]
        let looped = NSManagedObjectModel()
        looped.entities = [loop]
        #expect(problems(looped) == ["Loop's superentities form a loop: Loop → Loop"])
        #expect(CoreDataError.invalidModel(["x", "y"]).description == "The managed object model is invalid: x; y")
    }

    @Test func mergingModels() throws {
        let merged = try #require(
            NSManagedObjectModel(byMerging: [try fixtureModel("Cart"), try fixtureModel("Inventory")]))
        #expect(merged.entities.compactMap(\.name) == ["Cart", "Product"])
        #expect(NSManagedObjectModel(byMerging: [try fixtureModel("Cart"), try fixtureModel("Cart")]) == nil)
    }
}
