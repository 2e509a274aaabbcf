import Foundation

/// The measurements of one operation at one size.
struct CellResult: Codable {
    var operation: String
    var n: Int
    var runs: Int
    /// Seconds, one per measured run, in run order.
    var ours: [Double]
    var raw: [Double]
    var oursMedian: Double?
    var rawMedian: Double?
    /// Median absolute deviation over the median (0.05 = ±5%): how noisy each side's runs were.
    var oursSpread: Double?
    var rawSpread: Double?
    /// `oursMedian / rawMedian`.
    var ratio: Double?
    /// Rows the operation produced (fetched, counted, enumerated; for writes, rows in the store after).
    var rows: Int?
    /// Set when the cell failed: an error, or the two sides disagreeing.
    var problem: String?
}

/// Runs one cell: a warm-up run per side, then `runs` runs per side, alternating (ours first on even rounds, raw
/// first on odd ones), each set up outside the timed region. Every run's outcome must equal the first one's, and
/// its row count the operation's expectation; otherwise the cell reports the problem instead of times. `sides`
/// leaves a side out (PostgreSQL's ours, when OpenSwiftData's PostgreSQL store cannot open): its column stays empty.
func measure<StoreWorkload>(
    _ operation: Operation<StoreWorkload>, workload: StoreWorkload, runs: Int, sides: [Side] = Side.allCases
) -> CellResult {
    var cell = CellResult(operation: operation.name, n: workload.n, runs: runs, ours: [], raw: [])
    let expectedRows = operation.expectedRows(workload.n)
    var reference: (side: Side, outcome: Outcome)?
    let clock = ContinuousClock()

    func run(_ side: Side, recorded: Bool) throws {
        let prepared = try operation.prepare(side, workload)
        defer { prepared.cleanup() }
        let start = clock.now
        try prepared.timed()
        let elapsed = clock.now - start
        let outcome = try prepared.outcome()
        if let expectedRows, outcome.rows != expectedRows {
            throw BenchError("\(side.rawValue) produced \(outcome.rows) rows, expected \(expectedRows)")
        }
        if let reference, reference.outcome != outcome {
            throw BenchError(
                "results differ: \(reference.side.rawValue) gave \(reference.outcome), \(side.rawValue) gave \(outcome)"
            )
        }
        reference = reference ?? (side, outcome)
        guard recorded else { return }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        switch side {
        case .ours: cell.ours.append(seconds)
        case .raw: cell.raw.append(seconds)
        }
    }

    do {
        for side in Side.allCases where sides.contains(side) { try run(side, recorded: false) }
        for round in 0..<runs {
            let order: [Side] = round.isMultiple(of: 2) ? [.ours, .raw] : [.raw, .ours]
            for side in order where sides.contains(side) { try run(side, recorded: true) }
        }
    } catch {
        cell.problem = "\(error)"
        return cell
    }
    cell.rows = reference?.outcome.rows
    cell.oursMedian = median(cell.ours)
    cell.rawMedian = median(cell.raw)
    cell.oursSpread = relativeDeviation(cell.ours)
    cell.rawSpread = relativeDeviation(cell.raw)
    if let ours = cell.oursMedian, let raw = cell.rawMedian, raw > 0 { cell.ratio = ours / raw }
    return cell
}

func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

/// The median absolute deviation divided by the median.
func relativeDeviation(_ values: [Double]) -> Double? {
    guard let center = median(values), center > 0, let deviation = median(values.map { abs($0 - center) }) else {
        return nil
    }
    return deviation / center
}
