import Dispatch
import Foundation
import Synchronization

/// Waiting for SIGINT or SIGTERM without being killed by them.
public enum TerminationSignal {
    /// Returns the first SIGINT or SIGTERM received after the call (their default action is turned off first).
    public static func wait() async -> Int32 {
        let signals = [SIGINT, SIGTERM]
        for number in signals { signal(number, SIG_IGN) }
        let sources = signals.map { DispatchSource.makeSignalSource(signal: $0, queue: .global()) }
        defer { sources.forEach { $0.cancel() } }
        return await withCheckedContinuation { continuation in
            let resumed = Mutex(false)
            for (source, number) in zip(sources, signals) {
                source.setEventHandler {
                    let first = resumed.withLock { done in
                        defer { done = true }
                        return !done
                    }
                    if first { continuation.resume(returning: number) }
                }
                source.resume()
            }
        }
    }
}
