import Synchronization

/// Whether a view must run its body again: set by Observation's change handler, which may run on any thread,
/// and read and cleared by the render pass.
///
/// Each body run starts a new generation; a change handler left over from an earlier run (armed by values that run
/// read, such as a view model the view no longer uses) carries an old generation and is ignored.
final class InvalidationFlag: Sendable {
    private let isSet = Atomic<Bool>(true)
    private let generation = Atomic<Int>(0)

    /// Starts a body run: clears the mark and returns the run's generation for its change handler.
    func beginGeneration() -> Int {
        isSet.store(false, ordering: .releasing)
        return generation.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
    }

    /// Marks the view as needing a new body, if `generation` is still the current run's.
    func invalidate(generation expected: Int) {
        if generation.load(ordering: .acquiring) == expected { isSet.store(true, ordering: .releasing) }
    }

    /// Whether the mark is set.
    var isInvalidated: Bool {
        isSet.load(ordering: .acquiring)
    }
}
