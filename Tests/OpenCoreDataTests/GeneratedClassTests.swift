import Foundation
import OpenCoreData
import Testing

/// The class files Xcode generates compile (GeneratedClasses/) and behave as Core Data's.
@Suite struct GeneratedClassTests {
    @Test func cartFromTheTutorial() throws {
        let context = context(for: try fixtureModel("Cart"))
        let cart = Cart(context: context)
        #expect(cart.entity.name == "Cart")
        #expect(cart.id == 0)
        #expect(cart.price == 0)
        #expect(cart.title == nil)
        cart.id = 42
        cart.title = "Essence Mascara Lash Princess"
        cart.price = 9.99
        #expect(cart.id == 42)
        #expect(cart.title == "Essence Mascara Lash Princess")
        #expect(cart.price == 9.99)
        #expect(cart.value(forKey: "id") as? Int64 == 42)
        #expect(cart.value(forKey: "id") as? Int == 42)
        #expect(cart.isInserted)
        #expect(context.insertedObjects.contains(cart))
        let request: NSFetchRequest<Cart> = Cart.fetchRequest()
        #expect(request.entityName == "Cart")
    }

    @Test func orderedRelationshipAccessors() throws {
        let context = context(for: try fixtureModel("Library"))
        let author = Author(context: context)
        let first = Book(context: context)
        let second = Book(context: context)
        let third = Book(context: context)
        first.title = "One"
        second.title = "Two"
        third.title = "Three"
        author.addToBooks(first)
        author.addToBooks(second)
        #expect(author.books?.array as? [Book] == [first, second])
        #expect(first.author === author)
        author.insertIntoBooks(third, at: 0)
        #expect(author.books?.array as? [Book] == [third, first, second])
        author.removeFromBooks(at: 1)
        #expect(author.books?.array as? [Book] == [third, second])
        #expect(first.author == nil)
        author.replaceBooks(at: 0, with: first)
        #expect(author.books?.array as? [Book] == [first, second])
        #expect(third.author == nil)
        author.removeFromBooks(NSOrderedSet(array: [first, second]))
        #expect(author.books?.count == 0)
        #expect(second.author == nil)
    }
}
