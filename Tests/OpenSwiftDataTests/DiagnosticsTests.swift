import Foundation
import OpenSwiftData
import Synchronization
import Testing

/// What the library cannot throw goes to `OpenSwiftDataDiagnostics.handler`.
@Suite(.serialized) struct DiagnosticsTests {
    @MainActor
    @Test func aFailedAutosaveReachesTheHandlerWithItsError() async throws {
        let container = try ModelContainer(
            for: Tag.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, allowsSave: false)
        )
        let context = container.mainContext
        let previous = OpenSwiftDataDiagnostics.handler
        defer { OpenSwiftDataDiagnostics.handler = previous }
        let delivered = Mutex(false)
        // Waits for the report itself (the autosave runs after this job), so nothing depends on timing.
        let diagnostic = await withCheckedContinuation {
            (continuation: CheckedContinuation<OpenSwiftDataDiagnostics.Diagnostic, Never>) in
            OpenSwiftDataDiagnostics.handler = { diagnostic in
                guard diagnostic.kind == .autosaveFailed else { return }
                let first = delivered.withLock { wasDelivered in
                    defer { wasDelivered = true }
                    return !wasDelivered
                }
                if first { continuation.resume(returning: diagnostic) }
            }
            context.insert(Tag(name: "unsaveable"))
        }
        #expect(diagnostic.message.hasPrefix("autosave failed: "))
        #expect(diagnostic.description == "OpenSwiftData: \(diagnostic.message)")
        guard case .saveNotAllowed? = diagnostic.error else {
            Issue.record("expected saveNotAllowed, got \(String(describing: diagnostic.error))")
            return
        }
        #expect(context.hasChanges)
    }

    @Test func theHandlerCanBeReplacedAndRestored() {
        let previous = OpenSwiftDataDiagnostics.handler
        let seen = Mutex<[String]>([])
        OpenSwiftDataDiagnostics.handler = { diagnostic in seen.withLock { $0.append(diagnostic.message) } }
        OpenSwiftDataDiagnostics.handler(.init(kind: .readFailed, message: "a test line"))
        OpenSwiftDataDiagnostics.handler = previous
        #expect(seen.withLock { $0 } == ["a test line"])
    }
}
