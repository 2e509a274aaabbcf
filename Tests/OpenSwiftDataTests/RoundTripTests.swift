import Foundation
import OpenSwiftData
import Testing

@Suite struct RoundTripTests {
    @Test func insertSaveFetchInMemory() throws {
        let container = try ModelContainer(for: Sample.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        context.insert(Sample(text: "hello", integer: 42))
        #expect(context.hasChanges)
        try context.save()
        #expect(!context.hasChanges)
        let all = try context.fetch(FetchDescriptor<Sample>())
        #expect(all.count == 1)
        #expect(all.first?.text == "hello")
        #expect(all.first?.integer == 42)
    }
}
