/// Keys gathered into runs of consecutive keys, ascending: how history records a batch delete of every row of a
/// table (both stores read the table's keys in order and gather them here).
package struct KeyRuns {
    private var closed: [ClosedRange<Int64>] = []
    private var open: ClosedRange<Int64>?

    package init() {}

    /// The one run of a table whose `count` keys lie from `least` to `greatest` with no gap; nil when there is a gap,
    /// and the keys must be read.
    package static func withoutGaps(count: Int64, least: Int64, greatest: Int64) -> [ClosedRange<Int64>]? {
        let span = greatest.subtractingReportingOverflow(least)
        return !span.overflow && span.partialValue == count - 1 ? [least...greatest] : nil
    }

    /// Adds `key`, greater than every key added before.
    package mutating func append(_ key: Int64) {
        if let run = open, run.upperBound &+ 1 == key {
            open = run.lowerBound...key
        } else {
            if let run = open { closed.append(run) }
            open = key...key
        }
    }

    /// Every run, ascending.
    package var runs: [ClosedRange<Int64>] { open.map { closed + [$0] } ?? closed }
}
