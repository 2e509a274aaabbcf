import Foundation

/// What an example found that it did not expect; the run prints it and exits 1.
struct ExampleFailure: Error, CustomStringConvertible {
    let description: String
}

/// Throws ``ExampleFailure`` with `message` when `condition` is false.
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw ExampleFailure(description: message()) }
}

/// A new empty folder for one example's store files, removed by `body`'s caller when it returns.
func withTemporaryFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guide-example-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}
