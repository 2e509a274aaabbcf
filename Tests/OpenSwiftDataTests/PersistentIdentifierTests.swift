import Foundation
import OpenSwiftData
import Testing

/// `PersistentIdentifier.id` and `fetchIdentifiers(_:batchSize:)`, with SwiftData's signatures.
@Suite struct PersistentIdentifierTests {
    @Test func idIsEqualExactlyForEqualIdentifiersAndSurvivesCoding() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        let a = Tag(name: "a"), b = Tag(name: "b")
        context.insert(a)
        context.insert(b)
        let temporaryID: PersistentIdentifier.ID = a.persistentModelID.id
        try context.save()
        let first = a.persistentModelID, second = b.persistentModelID
        #expect(first.id == first.id)
        #expect(first.id != second.id)
        #expect(first.id != temporaryID)
        let decoded = try JSONDecoder().decode(PersistentIdentifier.self, from: JSONEncoder().encode(first))
        #expect(decoded.id == first.id)
        let reencoded = try JSONDecoder().decode(PersistentIdentifier.ID.self, from: JSONEncoder().encode(first.id))
        #expect(reencoded == first.id)
        // Identifiable: identifiers can be keyed by their id.
        let byID = Dictionary(uniqueKeysWithValues: [first, second].map { ($0.id, $0) })
        #expect(byID[second.id] == second)
    }

    @Test func fetchIdentifiersWithABatchSizeListsWhatTheFetchWould() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        for index in 0..<25 { context.insert(Tag(name: "tag \(index)", uses: index % 4)) }
        try context.save()
        let descriptor = FetchDescriptor<Tag>(
            predicate: #Predicate { $0.uses > 0 },
            sortBy: [SortDescriptor(\.uses, order: .reverse), SortDescriptor(\.name)]
        )
        let batched = try context.fetchIdentifiers(descriptor, batchSize: 4)
        let expected = try context.fetch(descriptor).map(\.persistentModelID)
        #expect(expected.count == 18)
        #expect(Array(batched) == expected)
        #expect(batched.count == expected.count)
        #expect(try context.fetchIdentifiers(descriptor) == expected)
    }
}
