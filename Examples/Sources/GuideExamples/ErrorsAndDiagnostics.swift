import Foundation
import OpenSwiftData

@Model final class Team {
    var name: String
    @Relationship(deleteRule: .deny, inverse: \Player.team) var players: [Player] = []
    init(name: String) { self.name = name }
}

@Model final class Player {
    var name: String
    var team: Team?
    init(name: String, team: Team? = nil) {
        self.name = name
        self.team = team
    }
}

/// Errors say what happened and leave the store as it was: a `.deny` delete rule refuses a save, and a file that is
/// not a store is refused without being touched.
func errorsAndDiagnosticsExample() throws {
    let container = try ModelContainer(
        for: Team.self, Player.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let context = ModelContext(container)
    let team = Team(name: "Otters")
    context.insert(team)
    context.insert(Player(name: "Kim", team: team))
    try context.save()

    context.delete(team)
    do {
        try context.save()
        throw ExampleFailure(description: "a team with players was deleted")
    } catch SwiftDataError.deleteDenied(let entityName, let relationship, let count) {
        try check(entityName == "Team" && relationship == "players" && count == 1, "\(entityName).\(relationship)")
    }
    context.rollback()
    try check(try context.fetchCount(FetchDescriptor<Team>()) == 1, "the refused save changed the store")

    try withTemporaryFolder { folder in
        let notes = folder.appendingPathComponent("notes.txt")
        let text = Data("not a database".utf8)
        try text.write(to: notes)
        do {
            _ = try ModelContainer(for: Team.self, Player.self, configurations: ModelConfiguration(url: notes))
            throw ExampleFailure(description: "a text file opened as a store")
        } catch SwiftDataError.storeNotADatabase(let url, _) {
            try check(url.lastPathComponent == "notes.txt", "the error names \(url)")
        }
        try check(try Data(contentsOf: notes) == text, "the refused file was changed")
    }

    // What cannot be thrown (a failed autosave, say) goes to the diagnostics handler: standard error by default.
    let previous = OpenSwiftDataDiagnostics.handler
    OpenSwiftDataDiagnostics.handler = { diagnostic in print("logged: \(diagnostic)") }
    OpenSwiftDataDiagnostics.handler = previous
}
