// swift-tools-version: 6.0
import PackageDescription

// A package outside OpenSwiftData that depends on it by path, as a user's package would (by URL and version), so
// the examples see only the public API: `make examples` (run by `make test`) builds and runs them.
let package = Package(
    name: "OpenSwiftDataExamples",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "OpenSwiftData", path: "..")],
    targets: [
        .executableTarget(
            name: "SwiftDataExample",
            dependencies: [.product(name: "OpenSwiftData", package: "OpenSwiftData")]
        ),
        .executableTarget(
            name: "GuideExamples",
            dependencies: [.product(name: "OpenSwiftData", package: "OpenSwiftData")]
        ),
        .executableTarget(
            name: "CoreDataExample",
            dependencies: [.product(name: "OpenCoreData", package: "OpenSwiftData")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
