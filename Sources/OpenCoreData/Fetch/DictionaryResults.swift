import Foundation

/// The dictionaries of a `.dictionaryResultType` fetch, made from the objects it selected (already filtered,
/// ordered and paged): one per object, or — with `propertiesToGroupBy`, or aggregates in `propertiesToFetch` — one
/// per group of objects with equal group-by values, in order of each group's first object; `havingPredicate`
/// keeps the groups it accepts; `returnsDistinctResults` leaves out dictionaries equal to an earlier one. When
/// there are groups or distinct results, `fetchOffset` and `fetchLimit` apply to the dictionaries (as SQL's
/// `LIMIT` applies after `GROUP BY` and `DISTINCT`).
///
/// Aggregates (`count:`, `sum:`, `min:`, `max:`, `average:`, `median:` of a key path) read the key path on every
/// object of the group, nils left out: `count:` counts the values, `sum:` of none is 0, the others of none are left
/// out of the dictionary.
enum DictionaryResults {
    static let aggregates: Set<String> = ["count:", "sum:", "min:", "max:", "average:", "median:"]

    /// One column of the result.
    enum Column {
        case value(key: String, path: String)
        case expression(key: String, NSExpression, NSAttributeType)

        var key: String {
            switch self {
            case .value(let key, _), .expression(let key, _, _): key
            }
        }

        var isAggregate: Bool {
            guard case .expression(_, let expression, _) = self, expression.expressionType == .function else {
                return false
            }
            return DictionaryResults.aggregates.contains(expression.function)
        }
    }

    static func columns(_ properties: [Any]?, entity: NSEntityDescription) -> [Column] {
        guard let properties else { return [] }
        return properties.compactMap { property in
            if let description = property as? NSExpressionDescription {
                guard let expression = description.expression else { return nil }
                return .expression(key: description.name, expression, description.expressionResultType)
            }
            if let description = property as? NSPropertyDescription {
                return .value(key: description.name, path: description.name)
            }
            if let name = property as? String { return .value(key: name, path: name) }
            if let expression = property as? NSExpression, expression.expressionType == .keyPath {
                return .value(key: expression.keyPath, path: expression.keyPath)
            }
            return nil
        }
    }

    /// Whether the dictionaries are not one per object (so the offset and limit apply to them instead).
    static func combinesObjects<T>(_ request: NSFetchRequest<T>, entity: NSEntityDescription) -> Bool {
        request.returnsDistinctResults || !columns(request.propertiesToGroupBy, entity: entity).isEmpty
            || columns(request.propertiesToFetch, entity: entity).contains(where: \.isAggregate)
    }

    static func make<T>(_ objects: [NSManagedObject], request: NSFetchRequest<T>, entity: NSEntityDescription) throws
        -> [NSDictionary]
    {
        let groupBy = Self.columns(request.propertiesToGroupBy, entity: entity)
        let columns =
            request.propertiesToFetch == nil
            ? entity.attributes.map { Column.value(key: $0.name, path: $0.name) }
            : Self.columns(request.propertiesToFetch, entity: entity)
        var dictionaries: [[String: Any]]
        if !groupBy.isEmpty || columns.contains(where: \.isAggregate) {
            var order: [String] = []
            var groups: [String: [NSManagedObject]] = [:]
            for object in objects {
                let key = groupBy.map { identity(value(of: $0, on: object)) }.joined(separator: "\u{1}")
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(object)
            }
            // An aggregate over no rows is still one row, as SQL's `SELECT count(*)` is.
            if order.isEmpty && groupBy.isEmpty { order = [""] }
            dictionaries = order.map { key in row(columns, of: groups[key] ?? []) }
            if let having = request.havingPredicate {
                dictionaries = try dictionaries.filter { try having.checkedEvaluate(with: $0) }
            }
        } else {
            dictionaries = objects.map { row(columns, of: [$0]) }
        }
        if request.returnsDistinctResults {
            var seen = Set<String>()
            dictionaries = dictionaries.filter { dictionary in
                seen.insert(
                    dictionary.keys.sorted().map { "\($0)=\(identity(dictionary[$0]))" }.joined(separator: "\u{1}")
                ).inserted
            }
        }
        if combinesObjects(request, entity: entity) {
            if request.fetchOffset > 0 { dictionaries = Array(dictionaries.dropFirst(request.fetchOffset)) }
            if request.fetchLimit > 0 { dictionaries = Array(dictionaries.prefix(request.fetchLimit)) }
        }
        return dictionaries.map { NSDictionary(dictionary: $0) }
    }

    /// The dictionary of a group (the first object's values, and the aggregates over all of them).
    private static func row(_ columns: [Column], of objects: [NSManagedObject]) -> [String: Any] {
        var dictionary: [String: Any] = [:]
        for column in columns {
            let result: Any?
            switch column {
            case .value:
                result = objects.first.flatMap { value(of: column, on: $0) }
            case .expression(_, let expression, let type):
                if column.isAggregate {
                    let argument = expression.arguments?.first
                    let values = objects.flatMap { object -> [Any] in
                        guard let argument, let value = unwrapped(argument.expressionValue(with: object, context: nil))
                        else { return [] }
                        return KeyValueCoding.elements(of: value).map { $0 } ?? [value]
                    }
                    let computed = try? ExpressionFunctions.evaluate(expression.function, [values])
                    result = computed.flatMap { $0 }.map { converted($0, to: type) }
                } else {
                    result = objects.first.flatMap { expression.expressionValue(with: $0, context: nil) }.map {
                        converted($0, to: type)
                    }
                }
            }
            if let result = unwrapped(result) { dictionary[column.key] = result }
        }
        return dictionary
    }

    /// A column's value on one object, as Core Data puts it in a dictionary (related objects as their IDs).
    private static func value(of column: Column, on object: NSManagedObject) -> Any? {
        let value: Any?
        switch column {
        case .value(_, let path):
            if let property = object.entity.property(named: path) {
                value = object.publicValue(of: property)
            } else if path.contains(".") {
                value = object.value(forKeyPath: path)
            } else {
                value = nil
            }
        case .expression(_, let expression, let type):
            value = expression.expressionValue(with: object, context: nil).map { converted($0, to: type) }
        }
        if let related = value as? NSManagedObject { return related.objectID }
        return value
    }

    /// A text that equal values share (for grouping and distinct results).
    private static func identity(_ value: Any?) -> String {
        guard let value = unwrapped(value) else { return "nil" }
        if let number = NumericValue(value) {
            if let integer = number.exactInteger { return "n\(integer)" }
            return "n\(number.doubleValue)"
        }
        if let objectID = value as? NSManagedObjectID { return "o\(objectID.uriRepresentation().absoluteString)" }
        return "\(type(of: value)):\(value)"
    }

    /// `value` as `type` (numbers as `NSNumber`s of that type).
    private static func converted(_ value: Any, to type: NSAttributeType) -> Any {
        guard let number = NumericValue(value) else { return value }
        switch type {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType:
            if let integer = number.exactInteger ?? Int64(exactly: number.doubleValue.rounded(.towardZero)) {
                return NSNumber(value: integer)
            }
            return NSNumber(value: number.doubleValue)
        case .doubleAttributeType, .floatAttributeType:
            return NSNumber(value: number.doubleValue)
        case .decimalAttributeType:
            if case .decimal(let decimal) = number { return NSDecimalNumber(decimal: decimal) }
            return NSDecimalNumber(value: number.doubleValue)
        case .booleanAttributeType:
            return NSNumber(value: number.doubleValue != 0)
        default:
            return number.number
        }
    }
}
