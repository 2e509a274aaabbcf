import Foundation
@testable import OpenCoreData
import StoreTestSupport
import Testing

/// Dictionary fetches with `propertiesToGroupBy`, `NSExpressionDescription` aggregates, `havingPredicate` and
/// `returnsDistinctResults`, each checked against the same rows computed in Swift, on both stores.
@Suite(.serialized) struct GroupedDictionaryFetchTests {
    struct Row {
        let name: String
        let nickname: String?
        let age: Int
        let score: Double
    }

    static let rows: [Row] = {
        var generator = SystemRandomNumberGenerator()
        let nicknames: [String?] = ["ace", "bee", "cat", nil]
        return (0..<60).map { index in
            Row(
                name: "P\(index)", nickname: nicknames[Int.random(in: 0..<nicknames.count, using: &generator)],
                age: Int.random(in: 18...80, using: &generator),
                score: Double(Int.random(in: 0...1000, using: &generator)) / 10
            )
        }
    }()

    static func context(_ store: TestStore) throws -> NSManagedObjectContext {
        let context = try loadedContainer("People", model: PeopleModel.make(), in: nil, store: store).viewContext
        for row in rows {
            let object = ManagedObjectContextTests.person(row.name, age: row.age, in: context)
            object.setValue(row.nickname, forKey: "nickname")
            object.setValue(row.score, forKey: "score")
        }
        try context.save()
        return context
    }

    static func aggregate(_ function: String, _ keyPath: String, as name: String, _ type: NSAttributeType)
        -> NSExpressionDescription
    {
        let description = NSExpressionDescription()
        description.name = name
        description.expression = NSExpression(forFunction: function, arguments: [NSExpression(forKeyPath: keyPath)])
        description.expressionResultType = type
        return description
    }

    @Test(arguments: TestStore.tested) func groupsWithCountSumMinMaxAndAverageMatchSwift(store: TestStore) throws {
        let context = try Self.context(store)
        let request = NSFetchRequest<NSDictionary>(entityName: "Person")
        request.resultType = .dictionaryResultType
        request.propertiesToGroupBy = ["nickname"]
        request.propertiesToFetch = [
            "nickname",
            Self.aggregate("count:", "name", as: "people", .integer64AttributeType),
            Self.aggregate("sum:", "age", as: "totalAge", .integer64AttributeType),
            Self.aggregate("min:", "age", as: "youngest", .integer64AttributeType),
            Self.aggregate("max:", "age", as: "oldest", .integer64AttributeType),
            Self.aggregate("average:", "score", as: "meanScore", .doubleAttributeType),
        ]
        request.sortDescriptors = [NSSortDescriptor(key: "nickname", ascending: true)]
        let results = try context.fetch(request)

        let groups = Dictionary(grouping: Self.rows, by: \.nickname)
        // nil sorts first, then the names in order.
        let expectedOrder = groups.keys.sorted { ($0 ?? "") < ($1 ?? "") || ($0 == nil && $1 != nil) }
        #expect(results.map { $0["nickname"] as? String } == expectedOrder)
        for result in results {
            let members = groups[result["nickname"] as? String] ?? []
            #expect(result["people"] as? Int == members.count)
            #expect(result["totalAge"] as? Int == members.map(\.age).reduce(0, +))
            #expect(result["youngest"] as? Int == members.map(\.age).min())
            #expect(result["oldest"] as? Int == members.map(\.age).max())
            let mean = members.map(\.score).reduce(0, +) / Double(members.count)
            #expect(abs((result["meanScore"] as? Double ?? .nan) - mean) < 1e-9)
        }

        // havingPredicate keeps the groups it accepts; limit applies to the groups.
        request.havingPredicate = NSPredicate(format: "people > %d", 14)
        let having = try context.fetch(request).map { $0["nickname"] as? String }
        #expect(having == expectedOrder.filter { (groups[$0]?.count ?? 0) > 14 })
        request.havingPredicate = nil
        request.fetchLimit = 2
        #expect(try context.fetch(request).count == min(2, groups.count))
    }

    @Test(arguments: TestStore.tested) func anAggregateWithoutGroupsIsOneRowOverEveryObject(store: TestStore) throws {
        let context = try Self.context(store)
        let request = NSFetchRequest<NSDictionary>(entityName: "Person")
        request.resultType = .dictionaryResultType
        request.predicate = NSPredicate(format: "age >= %d", 50)
        request.propertiesToFetch = [
            Self.aggregate("count:", "age", as: "count", .integer64AttributeType),
            Self.aggregate("sum:", "score", as: "total", .doubleAttributeType),
        ]
        let results = try context.fetch(request)
        let selected = Self.rows.filter { $0.age >= 50 }
        #expect(results.count == 1)
        #expect(results.first?["count"] as? Int == selected.count)
        #expect(abs((results.first?["total"] as? Double ?? .nan) - selected.map(\.score).reduce(0, +)) < 1e-9)
    }

    @Test(arguments: TestStore.tested) func distinctResultsLeaveOutRepeatedDictionaries(store: TestStore) throws {
        let context = try Self.context(store)
        let request = NSFetchRequest<NSDictionary>(entityName: "Person")
        request.resultType = .dictionaryResultType
        request.propertiesToFetch = ["nickname"]
        request.returnsDistinctResults = true
        request.sortDescriptors = [NSSortDescriptor(key: "nickname", ascending: false)]
        let results = try context.fetch(request).map { $0["nickname"] as? String }
        var expected: [String?] = []
        for row in Self.rows.sorted(by: {
            ($0.nickname ?? "") > ($1.nickname ?? "") || ($0.nickname != nil && $1.nickname == nil)
        })
        where !expected.contains(row.nickname) {
            expected.append(row.nickname)
        }
        #expect(results == expected)

        request.returnsDistinctResults = false
        #expect(try context.fetch(request).count == Self.rows.count)
    }
}
