import Foundation

/// A value behind a lock, for the few process-wide tables (live models, managed object classes).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A weak reference, for tables that must not keep their entries alive.
struct WeakReference<Object: AnyObject> {
    weak var object: Object?
}
