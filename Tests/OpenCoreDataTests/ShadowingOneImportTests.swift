// The one-line pattern for a file that names `NSComparisonPredicate` or `NSExpression` in type positions (Linux
// Foundation has deprecated stubs of those two, so beside `import Foundation` the names are ambiguous): import
// Core Data's module alone — OpenCoreData re-exports Foundation.
#if canImport(CoreData)
import CoreData
#else
import OpenCoreData
#endif
import Testing

private func keyOf(_ predicate: NSPredicate) -> String? {
    let comparison: NSComparisonPredicate? = predicate as? NSComparisonPredicate
    let left: NSExpression? = comparison?.leftExpression
    return left?.keyPath
}

@Suite struct ShadowingOneImportTests {
    @Test func comparisonAndExpressionTypesNamed() {
        let predicate: NSPredicate = NSPredicate(format: "quantity >= %d", 3)
        #expect(keyOf(predicate) == "quantity")
        let type: NSComparisonPredicate.Operator? = (predicate as? NSComparisonPredicate)?.predicateOperatorType
        #expect(type == .greaterThanOrEqualTo)
        let expressionType: NSExpression.ExpressionType = NSExpression(forKeyPath: "a").expressionType
        #expect(expressionType == .keyPath)
        let date: Date = Date(timeIntervalSinceReferenceDate: 0)
        let order: [NSSortDescriptor] = [NSSortDescriptor(key: "date", ascending: true)]
        #expect(order.first?.key == "date" && date.timeIntervalSinceReferenceDate == 0)
    }
}
