import Foundation
import IdentifierTokens
import OpenSwiftData
import Testing

@Model
final class Note {
    var text: String
    init(text: String) { self.text = text }
}

@Model
final class Tag {
    var name: String
    init(name: String) { self.name = name }
}

@MainActor
@Suite("IdentifierToken: a saved model's identifier as an opaque URL token")
struct IdentifierTokenTests {
    private func container(_ url: URL) throws -> ModelContainer {
        try ModelContainer(for: Note.self, Tag.self, configurations: ModelConfiguration("tokens", url: url))
    }

    @Test("A token is URL-safe, the same for the same row, and names that row after the store is opened again")
    func roundTripAcrossReopening() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "IdentifierTokenTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("tokens.store")
        let token: String
        let identifier: PersistentIdentifier
        do {
            let context = ModelContext(try container(store))
            let note = Note(text: "first")
            context.insert(note)
            try context.save()
            identifier = note.persistentModelID
            token = IdentifierToken<Note>(identifier).token
            #expect(!token.isEmpty)
            #expect(token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            #expect(IdentifierToken<Note>(note.persistentModelID).token == token)
            #expect(IdentifierToken<Note>(identifier).description == token)
        }
        let parsed = try #require(IdentifierToken<Note>(token: token))
        #expect(parsed.persistentModelID == identifier)
        #expect(parsed == IdentifierToken<Note>(identifier))
        let context = ModelContext(try container(store))
        let again = try #require(context.model(for: parsed.persistentModelID) as? Note)
        #expect(again.text == "first")
    }

    @Test("Refused: another entity's row, an unsaved model's temporary identifier, and text that is not a token")
    func refusals() throws {
        let context = ModelContext(
            try ModelContainer(for: Note.self, Tag.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        )
        let tag = Tag(name: "swift")
        context.insert(tag)
        let unsaved = Note(text: "draft")
        context.insert(unsaved)
        let temporary = IdentifierToken<Note>(unsaved.persistentModelID).token
        #expect(unsaved.persistentModelID.isTemporary)
        #expect(IdentifierToken<Note>(token: temporary) == nil)
        try context.save()
        let tagToken = IdentifierToken<Tag>(tag.persistentModelID).token
        #expect(IdentifierToken<Tag>(token: tagToken) != nil)
        #expect(IdentifierToken<Note>(token: tagToken) == nil)
        let noteToken = IdentifierToken<Note>(unsaved.persistentModelID).token
        #expect(IdentifierToken<Note>(token: noteToken) != nil)
        #expect(noteToken != temporary)

        let json = Data(#"{"a":1}"#.utf8).base64EncodedString()
        for bad in [
            "", "garbage", "e30", "eyJ", json, "../../etc", "%00", "a b", "abc=", "abc+/",
            String(repeating: "A", count: 2000), noteToken + "x", "한국",
        ] {
            #expect(IdentifierToken<Note>(token: bad) == nil, "\(bad.prefix(40))")
        }
    }
}
