// swift-tools-version: 6.0
import CompilerPluginSupport
import Foundation
import PackageDescription

// MARK: - SwiftSyntax for the macro plugins: the swift-syntax package, or the toolchain's own (decided here only)

/// Where the macro targets get SwiftSyntax from.
///
/// - `package`: the `swift-syntax` package, as every macro package does. SwiftPM refuses `unsafeFlags` in a
///   package that is depended on by version or URL ("the target … contains unsafe build flags"), so this is the only
///   way a package that depends on OpenSwiftData by `.package(url:from:)` builds.
/// - `toolchain`: the SwiftSyntax modules the toolchain ships in `<toolchain>/usr/lib/swift/host`, through
///   `unsafeFlags` (allowed in a root package and a path dependency). Needs no network, so it is what this repository
///   builds with (its CI machine can fetch no outside package).
///
/// SwiftPM checks a version/URL dependency out under `…/.build/checkouts/<name>` (Xcode: `…/SourcePackages/
/// checkouts/<name>`), so a package directory there means `package`; anything else (the root package, a path
/// dependency such as `Examples/`) means `toolchain`. `OPENSWIFTDATA_SWIFT_SYNTAX=package|toolchain` overrides the
/// guess (for example a path dependency on a machine without this toolchain's host libraries).
enum SwiftSyntaxSource: String {
    case package, toolchain

    static let current: SwiftSyntaxSource = {
        if let forced = ProcessInfo.processInfo.environment["OPENSWIFTDATA_SWIFT_SYNTAX"],
            let source = SwiftSyntaxSource(rawValue: forced.lowercased())
        {
            return source
        }
        let directory = Context.packageDirectory
        let checkedOut = ["/.build/checkouts/", "/SourcePackages/checkouts/"].contains { directory.contains($0) }
        return checkedOut ? .package : .toolchain
    }()
}

/// The swift-syntax release that matches the toolchain (603 for Swift 6.3), for `SwiftSyntaxSource.package`.
let swiftSyntaxVersion: Version = "603.0.0"

/// `<toolchain>/usr/lib/swift/host`: the SwiftSyntax modules and shared libraries the running toolchain ships.
///
/// The manifest runs linked against `<toolchain>/usr/lib/swift/pm/ManifestAPI/libPackageDescription.so`, so the
/// mapped library tells which toolchain is building; `swiftc` on `PATH` is the fallback. The macro plugin must use
/// these exact modules (their ABI names are the toolchain's `Compiler…` ones).
let toolchainHostLibraries: String = {
    let fileManager = FileManager.default
    func hostFolder(fromLibDirectory swiftLib: URL) -> String? {
        let host = swiftLib.appendingPathComponent("host")
        return fileManager.fileExists(atPath: host.appendingPathComponent("SwiftSyntax.swiftmodule").path)
            ? host.path : nil
    }
    if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) {
        for line in maps.split(separator: "\n") where line.hasSuffix("libPackageDescription.so") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            // <toolchain>/usr/lib/swift/pm/ManifestAPI/libPackageDescription.so → <toolchain>/usr/lib/swift
            let swiftLib = URL(fileURLWithPath: String(line[slash...]))
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            if let host = hostFolder(fromLibDirectory: swiftLib) { return host }
        }
    }
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let swiftc = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
        guard fileManager.isExecutableFile(atPath: swiftc.path) else { continue }
        // <toolchain>/usr/bin/swiftc → <toolchain>/usr/lib/swift
        let swiftLib = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift")
        if let host = hostFolder(fromLibDirectory: swiftLib) { return host }
    }
    return "/opt/swift/usr/lib/swift/host"
}()

/// The SwiftSyntax modules the macro targets import (the package names its message-handling product with `_`).
let swiftSyntaxLibraries = [
    "SwiftSyntax", "SwiftSyntaxMacros", "SwiftSyntaxBuilder", "SwiftDiagnostics", "SwiftParser",
    "SwiftOperators", "SwiftBasicFormat", "SwiftSyntaxMacroExpansion", "SwiftCompilerPluginMessageHandling",
    "SwiftParserDiagnostics",
]
let swiftSyntaxPackageDependencies: [Package.Dependency] =
    SwiftSyntaxSource.current == .package
    ? [.package(url: "https://github.com/swiftlang/swift-syntax.git", from: swiftSyntaxVersion)] : []
let swiftSyntaxDependencies: [Target.Dependency] =
    SwiftSyntaxSource.current == .package
    ? swiftSyntaxLibraries.map { library in
        let product = library == "SwiftCompilerPluginMessageHandling" ? "_\(library)" : library
        return .product(name: product, package: "swift-syntax")
    } : []
let swiftSyntaxSwiftSettings: [SwiftSetting] =
    SwiftSyntaxSource.current == .package ? [] : [.unsafeFlags(["-I", toolchainHostLibraries])]
let swiftSyntaxLinkerSettings: [LinkerSetting] =
    SwiftSyntaxSource.current == .package
    ? []
    : [.unsafeFlags(["-L", toolchainHostLibraries, "-Xlinker", "-rpath", "-Xlinker", toolchainHostLibraries])]
        + swiftSyntaxLibraries.map { .linkedLibrary($0) }

// MARK: - Package

let package = Package(
    name: "OpenSwiftData",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "OpenSwiftData", targets: ["OpenSwiftData"]),
        .library(name: "OpenCoreData", targets: ["OpenCoreData"]),
        .executable(name: "showcase", targets: ["showcase"]),
    ],
    dependencies: swiftSyntaxPackageDependencies,
    targets: [
        // C libraries from Debian packages.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CPostgreSQL", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

        // Storage: a thin Swift layer over the SQLite C API.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        // The store layer both object layers share: stored values, an API-neutral schema, tables, SQL built as
        // values behind a dialect, the SQLite executor and migrations. Knows nothing of SwiftData or Core Data.
        .target(name: "SQLStore", dependencies: ["SQLite"]),
        // Storage on a PostgreSQL server: a thin Swift layer over libpq, speaking the store's StoredValue (issue 17;
        // the store executor behind SQLStore's requests comes next).
        .target(name: "PostgreSQL", dependencies: ["CPostgreSQL", "SQLStore"]),
        // The store executor on a PostgreSQL server (issue 17): SQLStore's requests in PostgreSQL's dialect, over the
        // libpq wrapper, with a connection pool, advisory-locked migrations and retried serializable saves.
        .target(name: "PostgreSQLStore", dependencies: ["PostgreSQL", "SQLStore"]),

        // Foundation's UndoManager for Linux (whose Foundation has none), shared by both object layers.
        .target(name: "Undo"),

        // The SwiftData-compatible object layer and its macros.
        .macro(
            name: "OpenSwiftDataMacros",
            dependencies: swiftSyntaxDependencies,
            swiftSettings: swiftSyntaxSwiftSettings,
            linkerSettings: swiftSyntaxLinkerSettings
        ),
        .target(name: "OpenSwiftData", dependencies: ["SQLStore", "PostgreSQLStore", "Undo", "OpenSwiftDataMacros"]),

        // The Core Data-compatible object layer (models, managed objects, predicates) and its macros
        // (`@OpenCoreData.NSManaged`, `@NSManagedAccessor`).
        .macro(
            name: "OpenCoreDataMacros",
            dependencies: swiftSyntaxDependencies,
            swiftSettings: swiftSyntaxSwiftSettings,
            linkerSettings: swiftSyntaxLinkerSettings
        ),
        .target(name: "OpenCoreData", dependencies: ["SQLStore", "PostgreSQLStore", "Undo", "OpenCoreDataMacros"]),

        // HTTP server over libmicrohttpd, and an HTTP API client over URLSession.
        .target(name: "HTTP", dependencies: ["CMicroHTTPD"]),
        .target(name: "Networking"),

        // HTML escaping and the page layout the apps share.
        .target(name: "HTML"),

        // View state kept on the server per browser session: identity, owned and per-render objects.
        .target(name: "ViewState", dependencies: ["HTTP"]),

        // A saved model's PersistentIdentifier as an opaque URL token, for the apps' URLs and JSON.
        .target(name: "IdentifierTokens", dependencies: ["OpenSwiftData"]),

        // The apps.
        .target(
            name: "Shop",
            dependencies: ["OpenSwiftData", "OpenCoreData", "HTTP", "HTML", "Networking", "ViewState"],
            resources: [.copy("Resources/products.json"), .copy("Resources/Cart.xcdatamodeld")]
        ),
        .target(
            name: "BookStore",
            dependencies: ["OpenSwiftData", "HTTP", "HTML", "Networking"],
            resources: [.copy("Resources/kakao-books")]
        ),
        .target(name: "Places", dependencies: ["OpenSwiftData", "HTTP", "HTML", "IdentifierTokens"]),
        .target(name: "People", dependencies: ["OpenSwiftData", "HTTP", "HTML", "IdentifierTokens"]),
        .target(
            name: "Inventory",
            dependencies: ["OpenCoreData", "HTTP", "HTML"],
            resources: [.copy("Resources/Inventory.xcdatamodeld")]
        ),
        .target(
            name: "Showcase",
            dependencies: [
                "Shop", "BookStore", "Places", "People", "Inventory", "OpenSwiftData", "OpenCoreData", "HTTP", "HTML",
                "Networking", "PostgreSQL",
            ]),
        .executableTarget(name: "showcase", dependencies: ["Showcase"]),

        // A process that saves to a store over and over, for the tests of concurrent writers.
        .executableTarget(name: "concurrency-probe", dependencies: ["OpenSwiftData"], path: "Sources/ConcurrencyProbe"),

        // The fault-injection suite (`make reliability`; its short version runs in `make test`): kill -9 during saves,
        // concurrent writers, damaged files, a full disk, and the showcase's server under raw-socket abuse.
        .executableTarget(
            name: "reliability-probe", dependencies: ["OpenSwiftData", "CSQLite"], path: "Sources/ReliabilityProbe"),

        // OpenSwiftData against hand-written SQLite, operation by operation (`make benchmarks`).
        .executableTarget(
            name: "benchmarks", dependencies: ["OpenSwiftData", "CSQLite", "PostgreSQL", "SQLStore"],
            path: "Sources/Benchmarks"),

        // Tests.
        .testTarget(name: "SQLStoreTests", dependencies: ["SQLStore", "SQLite"]),
        // The test targets' shared support: the throwaway PostgreSQL server and the stores a suite runs against.
        .target(name: "StoreTestSupport", dependencies: ["PostgreSQL"], path: "Tests/StoreTestSupport"),
        .testTarget(
            name: "PostgreSQLTests", dependencies: ["PostgreSQL", "PostgreSQLStore", "SQLStore", "StoreTestSupport"]),
        .testTarget(
            name: "OpenSwiftDataTests",
            dependencies: [
                "OpenSwiftData", "SQLite", "PostgreSQL", "StoreTestSupport", "concurrency-probe", "reliability-probe",
            ]),
        .testTarget(
            name: "OpenSwiftDataMacrosTests",
            dependencies: ["OpenSwiftDataMacros"] + swiftSyntaxDependencies,
            swiftSettings: swiftSyntaxSwiftSettings,
            linkerSettings: swiftSyntaxLinkerSettings
        ),
        .testTarget(
            name: "OpenCoreDataTests", dependencies: ["OpenCoreData", "SQLStore", "PostgreSQL", "StoreTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "OpenCoreDataMacrosTests",
            dependencies: ["OpenCoreDataMacros"] + swiftSyntaxDependencies,
            swiftSettings: swiftSyntaxSwiftSettings,
            linkerSettings: swiftSyntaxLinkerSettings
        ),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP"]),
        .testTarget(name: "HTMLTests", dependencies: ["HTML"]),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking", "HTTP"]),
        .testTarget(
            name: "BookStoreTests", dependencies: ["BookStore", "OpenSwiftData", "SQLite", "HTTP", "Networking"]),
        .testTarget(name: "ShopTests", dependencies: ["Shop", "OpenSwiftData", "OpenCoreData", "ViewState"]),
        .testTarget(name: "ViewStateTests", dependencies: ["ViewState", "HTTP"]),
        .testTarget(name: "IdentifierTokensTests", dependencies: ["IdentifierTokens", "OpenSwiftData"]),
        .testTarget(
            name: "PlacesTests", dependencies: ["Places", "OpenSwiftData", "HTML", "HTTP", "IdentifierTokens"]),
        .testTarget(
            name: "PeopleTests", dependencies: ["People", "OpenSwiftData", "HTML", "HTTP", "IdentifierTokens"]),
        .testTarget(name: "InventoryTests", dependencies: ["Inventory", "OpenCoreData", "HTTP"]),
        .testTarget(
            name: "ShowcaseTests", dependencies: ["Showcase", "Shop", "Places", "People", "HTTP", "Networking"]),
    ],
    swiftLanguageModes: [.v6]
)
