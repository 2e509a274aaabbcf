// This file imports only OpenSwiftData (and Testing), as a model file or view model written for SwiftData imports
// only SwiftData: Date, #Predicate, @Observable and the `SwiftData.` spellings must come with it.
import OpenSwiftData
import Testing

@Model
final class ExportedNote {
    var title: String
    var written: Date

    init(title: String, written: Date) {
        self.title = title
        self.written = written
    }
}

@Observable
final class ExportedNotesViewModel {
    var notes: [ExportedNote] = []

    func load(from context: SwiftData.ModelContext, since day: Date) throws {
        let descriptor = SwiftData.FetchDescriptor<ExportedNote>(
            predicate: #Predicate { $0.written >= day }, sortBy: [SortDescriptor(\.written)]
        )
        notes = try context.fetch(descriptor)
    }
}

/// Set from an observation's `onChange`, which runs synchronously inside the mutation on this thread.
private final class ChangeFlag: @unchecked Sendable {
    private(set) var isSet = false
    func set() { isSet = true }
}

@Suite struct ModuleExportsTests {
    @Test func importingOpenSwiftDataAloneGivesFoundationObservationAndTheSwiftDataSpellings() throws {
        let schema = SwiftData.Schema([ExportedNote.self])
        let container = try SwiftData.ModelContainer(
            for: schema, configurations: [SwiftData.ModelConfiguration(isStoredInMemoryOnly: true)]
        )
        let context = SwiftData.ModelContext(container)
        let start = Date(timeIntervalSinceReferenceDate: 0)
        context.insert(ExportedNote(title: "old", written: start))
        context.insert(ExportedNote(title: "new", written: start.addingTimeInterval(86_400)))
        try context.save()

        let viewModel = ExportedNotesViewModel()
        let observedChange = ChangeFlag()
        withObservationTracking {
            _ = viewModel.notes
        } onChange: {
            observedChange.set()
        }
        try viewModel.load(from: context, since: start.addingTimeInterval(3_600))

        #expect(viewModel.notes.map(\.title) == ["new"])
        #expect(observedChange.isSet)
        #expect(schema.entities.map(\.name) == ["ExportedNote"])
        let identifier: SwiftData.PersistentIdentifier = viewModel.notes[0].persistentModelID
        #expect(identifier.entityName == "ExportedNote")
    }
}
