import Foundation
import OpenSwiftData
import Observation
import Synchronization
import Testing

/// Values that stress storage: Korean text, empty strings, nil and non-nil optionals, dates, bytes.
private func sampleValues() -> [Sample] {
    [
        Sample(
            text: "사업일 — 우주", integer: Int.max, wide: Int64.min, real: -0.5, flag: true,
            date: Date(timeIntervalSince1970: 1_700_000_000.25), bytes: Data([0, 1, 2, 255]),
            identifier: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
            link: URL(
                string: "https://cdn.dummyjson.com/product-images/beauty/essence-mascara-lash-princess/thumbnail.webp")!,
            note: "non-nil 노트", count: 0, score: 4.94, seen: Date(timeIntervalSinceReferenceDate: -1),
            payload: Data(), tags: ["beauty", "마스카라", ""], priority: .high, shade: .green,
            size: Dimensions(width: 15.14, height: 13.08)
        ),
        Sample(text: "", integer: Int.min, real: 1e300, date: Date(timeIntervalSinceReferenceDate: 0)),
        Sample(text: "emoji 👨‍👩‍👧 and e\u{301}", integer: 7, note: "", count: -1, tags: []),
    ]
}

private func expectEqualValues(_ lhs: Sample, _ rhs: Sample, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(lhs.text == rhs.text, sourceLocation: sourceLocation)
    #expect(lhs.integer == rhs.integer, sourceLocation: sourceLocation)
    #expect(lhs.wide == rhs.wide, sourceLocation: sourceLocation)
    #expect(lhs.real == rhs.real, sourceLocation: sourceLocation)
    #expect(lhs.flag == rhs.flag, sourceLocation: sourceLocation)
    #expect(lhs.date == rhs.date, sourceLocation: sourceLocation)
    #expect(lhs.bytes == rhs.bytes, sourceLocation: sourceLocation)
    #expect(lhs.identifier == rhs.identifier, sourceLocation: sourceLocation)
    #expect(lhs.link == rhs.link, sourceLocation: sourceLocation)
    #expect(lhs.note == rhs.note, sourceLocation: sourceLocation)
    #expect(lhs.count == rhs.count, sourceLocation: sourceLocation)
    #expect(lhs.score == rhs.score, sourceLocation: sourceLocation)
    #expect(lhs.seen == rhs.seen, sourceLocation: sourceLocation)
    #expect(lhs.payload == rhs.payload, sourceLocation: sourceLocation)
    #expect(lhs.tags == rhs.tags, sourceLocation: sourceLocation)
    #expect(lhs.priority == rhs.priority, sourceLocation: sourceLocation)
    #expect(lhs.shade == rhs.shade, sourceLocation: sourceLocation)
    #expect(lhs.size == rhs.size, sourceLocation: sourceLocation)
}

@Suite struct RoundTripTests {
    @Test func inMemoryRoundTripKeepsEveryValue() throws {
        let container = try inMemoryContainer(Sample.self)
        let context = ModelContext(container)
        let originals = sampleValues()
        for sample in originals { context.insert(sample) }
        try context.save()

        // A second context has no registered instances, so every value comes from SQLite.
        let fetched = try ModelContext(container).fetch(FetchDescriptor<Sample>())
        #expect(fetched.count == originals.count)
        for (original, stored) in zip(originals, fetched) {
            #expect(original !== stored)
            expectEqualValues(original, stored)
        }
    }

    @Test func onDiskRoundTripSurvivesReopening() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("samples.store")
        let originals = sampleValues()
        do {
            let container = try ModelContainer(for: Sample.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            for sample in originals { context.insert(sample) }
            try context.save()
            _ = try context.fetch(FetchDescriptor<Sample>())  // through a read-only reader connection
        }
        #expect(FileManager.default.fileExists(atPath: url.path))
        // The writer closed last, so the WAL was folded into the file and its -wal and -shm files removed.
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: url.path + "-shm"))
        let reopened = try ModelContainer(for: Sample.self, configurations: ModelConfiguration(url: url))
        let fetched = try ModelContext(reopened).fetch(FetchDescriptor<Sample>())
        #expect(fetched.count == originals.count)
        for (original, stored) in zip(originals, fetched) {
            expectEqualValues(original, stored)
        }
    }

    @Test func canonicallyEquivalentTextIsEqualAfterStorage() throws {
        let context = ModelContext(try inMemoryContainer(Sample.self))
        let decomposed = "\u{1109}\u{1161}\u{110B}\u{1165}\u{11B8}\u{110B}\u{1175}\u{11AF}"  // 사업일 as jamo (NFD)
        context.insert(Sample(text: decomposed))
        try context.save()
        let stored = try ModelContext(context.container).fetch(FetchDescriptor<Sample>())
        #expect(stored.first?.text == "사업일")
    }

    @Test func transientAndComputedPropertiesAreNotColumns() throws {
        #expect(
            Sample.schemaMetadata.map(\.name) == [
                "text", "integer", "wide", "real", "flag", "date", "bytes", "identifier", "link", "note", "count",
                "score", "seen", "payload", "tags", "priority", "shade", "size", "ratings", "nicknames", "lookup",
            ])
        let context = ModelContext(try inMemoryContainer(Sample.self))
        let sample = Sample(text: "t", integer: 21)
        sample.scratch = 99
        context.insert(sample)
        try context.save()
        let fresh = try ModelContext(context.container).fetch(FetchDescriptor<Sample>())
        #expect(fresh.first?.scratch == 0)
        #expect(fresh.first?.computed == 42)
    }

    @Test func defaultValuesAndSynthesizedInitializer() throws {
        let context = ModelContext(try inMemoryContainer(Defaults.self))
        context.insert(Defaults())
        try context.save()
        let stored = try ModelContext(context.container).fetch(FetchDescriptor<Defaults>())
        #expect(stored.map(\.title) == ["untitled"])
        #expect(stored.map(\.rank) == [3])
    }

    @Test func oneInstancePerRowPerContext() throws {
        let context = ModelContext(try inMemoryContainer(Sample.self))
        let sample = Sample(text: "same")
        context.insert(sample)
        try context.save()
        let first = try context.fetch(FetchDescriptor<Sample>())
        let second = try context.fetch(FetchDescriptor<Sample>())
        #expect(first.first === sample)
        #expect(second.first === sample)
    }

    @Test func identifiersAreTemporaryThenPermanent() throws {
        let context = ModelContext(try inMemoryContainer(Sample.self))
        let sample = Sample(text: "id")
        context.insert(sample)
        let temporary = sample.persistentModelID
        #expect(temporary.isTemporary)
        try context.save()
        #expect(!sample.persistentModelID.isTemporary)
        #expect(sample.persistentModelID.entityName == "Sample")
        #expect(sample.persistentModelID != temporary)
        let data = try JSONEncoder().encode(sample.persistentModelID)
        #expect(try JSONDecoder().decode(PersistentIdentifier.self, from: data) == sample.persistentModelID)
    }

    @Test func modelsAreObservable() throws {
        let sample = Sample(text: "before")
        let changed = Mutex(false)
        withObservationTracking {
            _ = sample.text
        } onChange: {
            changed.withLock { $0 = true }
        }
        sample.text = "after"
        #expect(changed.withLock { $0 })
    }
}
