import Foundation
import OpenCoreData

/// A random corpus of `PeopleModel` objects — people in teams with friends, every optional sometimes nil — and
/// the same data as plain dictionaries, so predicates can be evaluated on both and compared (and, once there is
/// a store, saved and fetched with SQL).
struct RandomPeopleCorpus {
    /// Strings that exercise case, accents (precomposed and decomposed), quotes, escapes, wildcards and Korean.
    static let strings = [
        "", "a", "A", "Ann", "ann", "ANN", "Bob", "bobby", "Émile", "émile", "emile", "e\u{301}mile", "Zoë", "zoe",
        "O'Brien", "say \"hi\"", "back\\slash", "two\nlines", "café", "CAFÉ", "사업일", "x*y", "what?", "%@", "red",
        "Red", "green", "blue", "Blue Team", "alpha beta", "beta",
    ]
    static let teamNames = ["Red", "Blue", "green", "Émile's"]
    static let ages: [Int64] = [-5, 0, 1, 2, 7, 18, 30, 41, 64, 99, 1_000, Int64(Int32.max)]
    static let heights: [Int16] = [0, 1, 150, 170, 199, -1, Int16.max]
    static let scores: [Double] = [0, -0.0, 0.5, 1, 1.5, 2.25, -3.75, 10, 99.9, 1e9, -1e-9]

    let people: People
    let persons: [NSManagedObject]
    let teams: [NSManagedObject]

    init(seed: UInt64, count: Int) {
        var random = SeededRandom(seed: seed)
        let people = People()
        let teams = Self.teamNames.map { people.makeTeam($0) }
        var persons: [NSManagedObject] = []
        // Person is unique by (name, nickname): a pair drawn twice is drawn again, so that no seed makes a corpus
        // the store must refuse (a nil nickname, as SQL's NULL, is never a duplicate).
        var pairs: Set<[String]> = []
        for _ in 0..<count {
            let person = people.makePerson([:])
            var name = random.pick(Self.strings)
            var nickname = random.chance(0.7) ? random.pick(Self.strings) : nil
            while let drawn = nickname, pairs.contains([name, drawn]) {
                name = random.pick(Self.strings)
                nickname = random.chance(0.7) ? random.pick(Self.strings) : nil
            }
            if let nickname { pairs.insert([name, nickname]) }
            person.setValue(name, forKey: "name")
            if let nickname { person.setValue(nickname, forKey: "nickname") }
            person.setValue(random.pick(Self.ages), forKey: "age")
            person.setValue(random.pick(Self.heights), forKey: "height")
            person.setValue(random.pick(Self.scores), forKey: "score")
            if random.chance(0.6) { person.setValue(Float(random.pick(Self.scores)), forKey: "rating") }
            if random.chance(0.6) { person.setValue(Decimal(random.int(-20...20)) / 4, forKey: "balance") }
            person.setValue(random.chance(0.5), forKey: "isMember")
            if random.chance(0.7) {
                person.setValue(
                    Date(timeIntervalSinceReferenceDate: Double(random.int(-3...3)) * 86_400), forKey: "birthday")
            }
            if random.chance(0.6) {
                person.setValue(
                    (0..<random.int(0...3)).map { _ in random.pick(["red", "Red", "blue", "x", ""]) }, forKey: "tags")
            }
            if random.chance(0.8) { person.setValue(random.pick(teams), forKey: "team") }
            persons.append(person)
        }
        for person in persons where random.chance(0.75) {
            person.setValue((0..<random.int(0...4)).map { _ in random.pick(persons) }, forKey: "friends")
        }
        self.people = people
        self.persons = persons
        self.teams = teams
    }

    /// `object` as nested dictionaries (relationships to depth `depth`), the form `evaluate(with:)` also reads.
    static func dictionary(of object: NSManagedObject, depth: Int = 2) -> [String: Any] {
        var result: [String: Any] = [:]
        for property in object.entity.properties {
            let key = property.name
            if let relationship = property as? NSRelationshipDescription {
                guard depth > 0 else { continue }
                if relationship.isToMany {
                    let related =
                        (object.value(forKey: key) as? NSSet)?.allObjects.compactMap { $0 as? NSManagedObject } ?? []
                    let ordered = object.objectIDs(forRelationshipNamed: key).compactMap { id in
                        related.first { $0.objectID == id }
                    }
                    result[key] = ordered.map { dictionary(of: $0, depth: depth - 1) }
                } else if let related = object.value(forKey: key) as? NSManagedObject {
                    result[key] = dictionary(of: related, depth: depth - 1)
                }
            } else if let value = object.value(forKey: key) {
                result[key] = value
            }
        }
        return result
    }
}
