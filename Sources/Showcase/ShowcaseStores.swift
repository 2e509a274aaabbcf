import Foundation
import OpenCoreData
import OpenSwiftData
import PostgreSQL

/// Where each app of the showcase keeps its data: a SQLite file in the data directory, or — with `--database` — a
/// schema of its own in one PostgreSQL database, so that several showcase processes serve the same data.
///
/// A SwiftData app's schema is its configuration's ``OpenSwiftData/PostgreSQLConfiguration/schemaName``
/// (``configured(_:for:)``), a Core Data app's its store description's `PostgreSQLSchemaOption`
/// (``description(for:)``), so its tables and its stored-schema record land in that schema. With `--database` every
/// app is on the database.
struct ShowcaseStores {
    /// An app's store, named as its file in the data directory and its schema in the database.
    enum App: String, CaseIterable {
        case shop, cart, books, places, people, inventory

        /// The SQLite file the app has always used in the data directory.
        var fileName: String {
            switch self {
            case .shop: "shop.store"
            case .cart: "Cart.sqlite"
            case .books: "books.store"
            case .places: "places.store"
            case .people: "people.store"
            case .inventory: "Inventory.sqlite"
            }
        }
    }

    private let dataDirectory: URL
    private let databaseURL: URL?

    /// The data directory's files, or the database's schemas — created here, so the first query of a server that is
    /// down fails now, naming its host and port.
    /// - Throws: ``ShowcaseStoreError`` when the database cannot be reached or its schemas cannot be created.
    init(dataDirectory: URL, databaseURL: URL?) throws(ShowcaseStoreError) {
        self.dataDirectory = dataDirectory
        self.databaseURL = databaseURL
        if let databaseURL { try Self.createSchemas(at: databaseURL) }
    }

    /// `configuration` (made for ``url(for:)``) with the app's schema when it names the database.
    func configured(_ configuration: ModelConfiguration, for app: App) -> ModelConfiguration {
        var configuration = configuration
        if databaseURL != nil { configuration.postgreSQL.schemaName = app.rawValue }
        return configuration
    }

    /// Where `app` keeps its data: `<data-dir>/<file>`, or — with `--database` — the database URL (its schema is set
    /// by ``configured(_:for:)``).
    func url(for app: App) -> URL {
        guard let databaseURL else { return dataDirectory.appendingPathComponent(app.fileName) }
        return databaseURL
    }

    /// The store description of a Core Data app (the Shop's Core Data cart, the Inventory): its file in the data
    /// directory, or — with `--database` — the database, in the app's schema.
    func description(for app: App) -> NSPersistentStoreDescription {
        let description = NSPersistentStoreDescription(url: url(for: app))
        if databaseURL != nil {
            description.setOption(app.rawValue as NSString, forKey: PostgreSQLSchemaOption)
        }
        return description
    }

    /// `CREATE SCHEMA IF NOT EXISTS` for every app, in one transaction under an advisory lock: two showcase processes
    /// starting at once would otherwise both try to create a schema, and one would fail on `pg_namespace`'s unique
    /// index.
    private static func createSchemas(at url: URL) throws(ShowcaseStoreError) {
        do {
            let connection = try PostgreSQLConnection(url: url.absoluteString)
            defer { connection.close() }
            try connection.transaction {
                // Any constant that is the showcase's own: "OSDS" in ASCII.
                try connection.execute("SELECT pg_advisory_xact_lock($1)", [.integer(0x4F53_4453)])
                for app in App.allCases {
                    try connection.execute("CREATE SCHEMA IF NOT EXISTS \(PostgreSQLConnection.quoted(app.rawValue))")
                }
            }
        } catch {
            throw ShowcaseStoreError(app: "PostgreSQL database", reason: "\(error)")
        }
    }
}
