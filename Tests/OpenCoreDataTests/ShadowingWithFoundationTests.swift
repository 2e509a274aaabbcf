// This file imports Foundation beside OpenCoreData, as Xcode's Core Data files do, and names `NSPredicate`,
// `NSCompoundPredicate` and `NSSortDescriptor` in type positions: they are Foundation's own classes, which
// OpenCoreData extends, so nothing is ambiguous.
import Foundation
import OpenCoreData
import Testing

private struct Filter {
    var predicate: NSPredicate
    var order: [NSSortDescriptor]
    var compound: NSCompoundPredicate?
}

private func make(_ name: String) -> NSPredicate {
    NSPredicate(format: "name CONTAINS %@", name)
}

private func sortedByName() -> [NSSortDescriptor] {
    [NSSortDescriptor(key: "name", ascending: true)]
}

@Suite struct ShadowingWithFoundationTests {
    @Test func typesNamedBesideFoundation() {
        let both: NSPredicate = NSCompoundPredicate(andPredicateWithSubpredicates: [
            make("a"), NSPredicate(value: true),
        ])
        var filter = Filter(predicate: both, order: sortedByName(), compound: both as? NSCompoundPredicate)
        filter.order.append(NSSortDescriptor(key: "age", ascending: false, selector: Selector("compare:")))
        let rows: [[String: Any]] = [
            ["name": "banana", "age": 1], ["name": "apple", "age": 2], ["name": "kiwi", "age": 3],
        ]
        let matching = rows.filter { filter.predicate.evaluate(with: $0) }.sorted(using: filter.order)
        #expect(matching.compactMap { $0["name"] as? String } == ["apple", "banana"])
        #expect(filter.compound?.subpredicates.count == 2)
        #expect(filter.predicate.formatString == #"name CONTAINS "a" AND TRUEPREDICATE"#)
    }
}
