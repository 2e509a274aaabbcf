import Foundation
@testable import OpenCoreData
import StoreTestSupport
import Testing

/// `relationshipKeyPathsForPrefetching`: the listed to-many relationships are read for all fetched objects in one
/// statement per key path instead of one per object, and the objects and relationships are the same either way.
@Suite(.serialized) struct RelationshipPrefetchingTests {
    static let teamCount = 5
    static let membersPerTeam = 3

    /// Five teams of three members; each member is friends with the next two people (wrapping around), so
    /// every person is a member of a team (and `members.friends` meets no one new).
    static func makeStore(in folder: TemporaryFolder, _ store: TestStore) throws {
        let context = try loadedContainer("Prefetch", model: PeopleModel.make(), in: folder.url, store: store)
            .viewContext
        var people: [NSManagedObject] = []
        for teamIndex in 0..<teamCount {
            let team = NSEntityDescription.insertNewObject(forEntityName: "Team", into: context)
            team.setValue("Team \(teamIndex)", forKey: "name")
            for memberIndex in 0..<membersPerTeam {
                let person = NSEntityDescription.insertNewObject(forEntityName: "Person", into: context)
                person.setValue("Person \(teamIndex)-\(memberIndex)", forKey: "name")
                person.setValue(team, forKey: "team")
                people.append(person)
            }
        }
        for (index, person) in people.enumerated() {
            person.setValue(
                NSSet(array: [people[(index + 1) % people.count], people[(index + 2) % people.count]]),
                forKey: "friends")
        }
        try context.save()
    }

    /// What a fetch of the teams (sorted by name) read: per team its name, its members' names, and each member's
    /// friends' names, sorted; and how many statements the fetch ran — in a coordinator of its own, so no object
    /// is registered before.
    static func fetchTeams(in folder: TemporaryFolder, _ store: TestStore, prefetching keyPaths: [String]?) throws
        -> (teams: [String], statements: Int)
    {
        let container = try loadedContainer("Prefetch", model: PeopleModel.make(), in: folder.url, store: store)
        let context = container.viewContext
        let store = try #require(container.persistentStoreCoordinator.persistentStores.first)
        let request = NSFetchRequest<NSManagedObject>(entityName: "Team")
        request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
        request.relationshipKeyPathsForPrefetching = keyPaths
        let before = store.readStatementCount
        let teams = try context.fetch(request)
        let statements = store.readStatementCount - before
        let described = teams.map { team in
            let members = ((team.value(forKey: "members") as? NSSet)?.allObjects as? [NSManagedObject] ?? []).sorted {
                names([$0])[0] < names([$1])[0]
            }
            let memberText = members.map { member in
                let friends = names((member.value(forKey: "friends") as? NSSet)?.allObjects as? [NSManagedObject] ?? [])
                    .sorted()
                return "\(names([member])[0]) (\(friends.joined(separator: ", ")))"
            }
            return "\(names([team])[0]): \(memberText.joined(separator: "; "))"
        }
        return (described, statements)
    }

    @Test(arguments: TestStore.tested) func prefetchedRelationshipsAreReadInOneStatementPerKeyPath(store: TestStore)
        throws
    {
        let folder = TemporaryFolder()
        try Self.makeStore(in: folder, store)
        let people = Self.teamCount * Self.membersPerTeam

        let plain = try Self.fetchTeams(in: folder, store, prefetching: nil)
        #expect(plain.teams.count == Self.teamCount)
        #expect(
            plain.teams.first
                == "Team 0: Person 0-0 (Person 0-1, Person 0-2); Person 0-1 (Person 0-2, Person 1-0); Person 0-2 (Person 1-0, Person 1-1)"
        )
        #expect(
            plain.teams.last
                == "Team 4: Person 4-0 (Person 4-1, Person 4-2); Person 4-1 (Person 0-0, Person 4-2); Person 4-2 (Person 0-0, Person 0-1)"
        )
        // The teams; each team's member keys; the members' rows (one statement); each member's friend keys.
        #expect(plain.statements == 1 + Self.teamCount + 1 + people)

        let members = try Self.fetchTeams(in: folder, store, prefetching: ["members"])
        #expect(members.teams == plain.teams)
        // The teams; every team's members with their rows; each member's friend keys.
        #expect(members.statements == 1 + 1 + people)

        let friends = try Self.fetchTeams(in: folder, store, prefetching: ["members", "members.friends"])
        #expect(friends.teams == plain.teams)
        // The teams; their members; the members' friends (a join table).
        #expect(friends.statements == 3)

        let unknown = try Self.fetchTeams(in: folder, store, prefetching: ["nothing", "name", "members.nothing"])
        #expect(unknown.teams == plain.teams && unknown.statements == members.statements)
    }

    /// PostgreSQL binds at most 65,535 parameters a statement: the related rows of more owners than that are read in
    /// several statements (SQLite's store reads 500 owners a statement), and every owner's rows are there.
    @Test(arguments: TestStore.tested) func theRelatedRowsOfMoreOwnersThanAStatementBindsAreAllRead(store: TestStore)
        throws
    {
        let folder = TemporaryFolder()
        try Self.makeStore(in: folder, store)
        let container = try loadedContainer("Prefetch", model: PeopleModel.make(), in: folder.url, store: store)
        let engine = try #require(container.persistentStoreCoordinator.persistentStores.first).engine
        let team = try #require(engine.mapping.table(named: "Team"))
        let members = try #require(
            engine.mapping.relationships(of: team).values.first { $0.relationship.name == "members" })
        // The five teams' keys (1 to 5 in a new store) among 70,000 owners.
        var rowsByOwner: [Int64: Int] = [:]
        try engine.fetchRelated(members, owners: Array(1...70_000)) { owner, _ in rowsByOwner[owner, default: 0] += 1 }
        #expect(rowsByOwner == [1: 3, 2: 3, 3: 3, 4: 3, 5: 3])
    }
}
