import Foundation
import OpenSwiftData
import StoreTestSupport
import Testing

/// Connection loss on the PostgreSQL store: the server ends the pooled connections' sessions
/// (`pg_terminate_backend`, see `terminateOtherSessions()`); a read then runs again on a new connection, and a save
/// whose transaction had not committed runs again once — each succeeds, and nothing is written twice.
@Suite(.serialized) struct PostgreSQLReconnectTests {
    init() throws {
        _ = try TestServer.url.get()
    }

    /// A new store holding one tag saved through the returned context, whose pooled connections the server has
    /// then ended.
    private func storeWithOneTagAndItsConnectionsLost(_ name: String, uses: Int) throws -> (
        ModelContainer, ModelContext
    ) {
        let container = try TestStore.postgreSQL.container(Tag.self)
        let context = ModelContext(container)
        context.insert(Tag(name: name, uses: uses))
        try context.save()
        #expect(try terminateOtherSessions() > 0)
        return (container, context)
    }

    @Test func aReadOnALostConnectionReconnectsAndSucceeds() throws {
        let (container, _) = try storeWithOneTagAndItsConnectionsLost("kept", uses: 3)
        let fresh = ModelContext(container)
        #expect(try fresh.fetch(FetchDescriptor<Tag>()).map(\.name) == ["kept"])
        #expect(try terminateOtherSessions() > 0)
        #expect(try fresh.fetchCount(FetchDescriptor<Tag>()) == 1)
    }

    @Test func aSaveOnALostConnectionIsRetriedOnceAndWritesOnce() throws {
        let (container, context) = try storeWithOneTagAndItsConnectionsLost("first", uses: 1)
        context.insert(Tag(name: "second", uses: 2))
        try context.save()
        let stored = try ModelContext(container).fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)]))
        #expect(stored.map(\.name) == ["first", "second"])
        #expect(stored.map(\.uses) == [1, 2])
    }
}
