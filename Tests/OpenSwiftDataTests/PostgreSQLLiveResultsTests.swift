import Foundation
import OpenSwiftData
import StoreTestSupport
import Testing

/// Live results across servers on the PostgreSQL store: two containers on one schema stand for two app servers; a
/// save through one reaches the other's observers through `LISTEN`/`NOTIFY`, with no polling (every observer here
/// has `pollingInterval: nil`). Each test awaits the observer's own update stream until it shows the commit — no
/// sleeps; the time limit only ends a run that would otherwise hang.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct PostgreSQLLiveResultsTests {
    init() throws {
        _ = try TestServer.url.get()
    }

    @Test func aSaveInOneContainerReachesAnotherContainersResultsObserver() async throws {
        let location = try TestStore.postgreSQL.location()
        let writer = ModelContext(try location.container(Tag.self))
        let reader = try location.container(Tag.self)
        let observer = try ResultsObserver(
            FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.name)]), in: reader.mainContext, pollingInterval: nil)
        #expect(observer.results.isEmpty)
        var updates = observer.updates().makeAsyncIterator()

        writer.insert(Tag(name: "swift", uses: 1))
        try writer.save()
        while observer.results.map(\.name) != ["swift"] {
            guard await updates.next() != nil else { break }
        }
        #expect(observer.results.map(\.name) == ["swift"])

        let stored = try #require(try writer.fetch(FetchDescriptor<Tag>()).first)
        writer.delete(stored)
        try writer.save()
        while !observer.results.isEmpty {
            guard await updates.next() != nil else { break }
        }
        #expect(observer.results.isEmpty)
    }

    @Test func aSaveInOneContainerReachesAnotherContainersHistoryObserver() async throws {
        let location = try TestStore.postgreSQL.location()
        let writer = ModelContext(try location.container(Tag.self))
        let reader = try location.container(Tag.self)
        let observer = try HistoryObserver(modelContext: reader.mainContext, pollingInterval: nil)
        #expect(observer.transactions.isEmpty)
        var updates = observer.updates().makeAsyncIterator()

        writer.author = "other server"
        writer.insert(Tag(name: "swift", uses: 1))
        try writer.save()
        while observer.transactions.isEmpty {
            guard await updates.next() != nil else { break }
        }
        #expect(observer.transactions.map(\.author) == ["other server"])
        #expect(observer.transactions.first?.changes.count == 1)
    }

    /// The listener's connection is ended by the server (`pg_terminate_backend`, as a restart or a failover would):
    /// it connects again and re-reads, so a commit made while it was away still reaches the observer.
    @Test func aCommitMadeWhileTheListenerIsDisconnectedIsNotLost() async throws {
        let location = try TestStore.postgreSQL.location()
        let writer = ModelContext(try location.container(Tag.self))
        let reader = try location.container(Tag.self)
        let observer = try ResultsObserver(FetchDescriptor<Tag>(), in: reader.mainContext, pollingInterval: nil)
        var updates = observer.updates().makeAsyncIterator()

        #expect(try terminateOtherSessions() > 0)
        writer.insert(Tag(name: "while away", uses: 1))
        try writer.save()
        while observer.results.map(\.name) != ["while away"] {
            guard await updates.next() != nil else { break }
        }
        #expect(observer.results.map(\.name) == ["while away"])
        #expect(observer.lastError == nil)
    }
}

/// Ends every other session on the test server's database (`pg_terminate_backend`, waiting up to 10 s for each to
/// end), as a server restart does; returns how many were ended. The tests run one at a time, so these are this
/// test's connections (and idle ones of earlier tests' containers).
func terminateOtherSessions() throws -> Int64 {
    let connection = try TestServer.connect()
    defer { connection.close() }
    let result = try connection.execute(
        "SELECT count(*) FROM (SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
            + "WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend') "
            + "AS ended")
    return result.integer(row: 0, column: 0) ?? 0
}
