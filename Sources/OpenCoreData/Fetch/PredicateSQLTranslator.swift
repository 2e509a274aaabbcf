import Foundation
import SQLStore

/// Translates an `NSPredicate` tree to SQL through the store layer's shared expression builder (the one
/// OpenSwiftData's `#Predicate` translator uses), with Core Data's in-memory meaning — so a fetch's SQL selects
/// exactly the objects `evaluate(with:)` accepts (the differential test checks this):
///
/// - nil equals only nil (`IS`); an ordering or a string operator with nil is false; `!=` is `NOT ==`;
/// - values of different kinds (a number and a string) are neither equal nor ordered;
/// - `CONTAINS`, `BEGINSWITH`, `ENDSWITH` search with Foundation's `range(of:options:)`, `[c]` and `[d]`
///   included, and an empty string is found nowhere;
/// - `ANY`/`ALL`/`NONE` over a to-many key path test its non-nil values (`EXISTS` / `NOT EXISTS` subqueries);
///   `@count` of a to-many relationship is a count subquery; key paths through to-one relationships read the
///   related row.
///
/// What it does not translate (``Untranslatable``: `LIKE`, `MATCHES`, `SUBQUERY`, functions other than
/// arithmetic, collection operators other than `@count`, transformable and decimal comparisons, `[d]` orderings)
/// the fetch evaluates in memory on the entity's rows instead, with the same result.
struct PredicateSQLTranslator {
    struct Untranslatable: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// What an operand is, for choosing SQL that means what Core Data means.
    enum Kind: Equatable {
        case number, string, date, data, uuid, url, decimal, other
    }

    /// A translated operand.
    enum Operand {
        /// A value known now.
        case constant(Any?)
        /// A scalar value in SQL, of a kind.
        case value(SQLExpression, Kind)
        /// A row of a table (the statement's own, or a to-one relationship's target): its key in SQL.
        case row(SQLExpression, EntityTable)
        /// A to-many relationship of a row, and the key path after it.
        case toMany(SQLExpression, RelationshipMapping, rest: [String])
    }

    let mapping: SchemaMapping
    let table: EntityTable
    let storeIdentifier: String
    let sql: SQLExpressionBuilder

    init(mapping: SchemaMapping, table: EntityTable, storeIdentifier: String) {
        self.mapping = mapping
        self.table = table
        self.storeIdentifier = storeIdentifier
        self.sql = SQLExpressionBuilder(dialect: mapping.dialect)
    }

    // MARK: Predicates

    func condition(_ predicate: NSPredicate) throws -> SQLExpression {
        if let error = predicate.formatError { throw CoreDataError.invalidPredicateFormat(error) }
        switch predicate {
        case let compound as NSCompoundPredicate:
            let parts = try compound.subpredicates.map { try condition($0) }
            switch compound.compoundPredicateType {
            case .and: return parts.dropFirst().reduce(parts.first ?? sql.constant(true)) { sql.and($0, $1) }
            case .or: return parts.dropFirst().reduce(parts.first ?? sql.constant(false)) { sql.or($0, $1) }
            case .not: return parts.first.map { sql.not($0) } ?? sql.constant(true)
            @unknown default: throw Untranslatable("an unknown compound")
            }
        case let comparison as NSComparisonPredicate:
            return try self.comparison(comparison)
        default:
            // TRUEPREDICATE and FALSEPREDICATE are Foundation's value predicates.
            guard type(of: predicate) == NSPredicate.self else { throw Untranslatable("a block predicate") }
            return sql.constant(predicate.evaluate(with: nil))
        }
    }

    private func comparison(_ predicate: NSComparisonPredicate) throws -> SQLExpression {
        let type = predicate.predicateOperatorType
        let options = predicate.options.subtracting(.normalized)
        let left = try operand(predicate.leftExpression, row: sql.row(of: table), table: table, alias: table.quotedName)
        let right = try operand(
            predicate.rightExpression, row: sql.row(of: table), table: table, alias: table.quotedName)
        switch predicate.comparisonPredicateModifier {
        case .direct:
            if case .toMany(let collection, let relationship, let rest) = left {
                guard rest.isEmpty, type == .contains, case .constant(let value) = right else {
                    throw Untranslatable("a to-many key path compared directly")
                }
                guard let key = key(of: value, in: relationship.destination) else { return sql.constant(false) }
                return sql.relatedContains(collection, relationship, sql.value(.integer(key)))
            }
            return try scalar(type, left, right, options)
        case .any, .all:
            guard case .toMany(let collection, let relationship, let rest) = left, !rest.isEmpty else {
                throw Untranslatable("ANY or ALL without a to-many key path")
            }
            let destination = relationship.destination
            let isAll = predicate.comparisonPredicateModifier == .all
            let body: (SQLExpression) throws -> SQLExpression = { row in
                guard case .reference(_, let alias) = row.kind else { throw Untranslatable("a related row") }
                let element = try self.path(rest[...], row: row, table: destination, alias: alias)
                guard case .value(let value, _) = element else {
                    throw Untranslatable("ANY or ALL over a nested collection or a row")
                }
                // A to-many key path gives its non-nil values only.
                let isNil = self.sql.equality(value, self.sql.nilLiteral, negated: false, optional: true)
                let test = try self.scalar(type, element, right, options)
                return isAll ? self.sql.or(isNil, test) : self.sql.and(self.sql.not(isNil), test)
            }
            return isAll
                ? try sql.relatedAll(collection, relationship, satisfy: body)
                : try sql.relatedAny(collection, relationship, where: body)
        @unknown default:
            throw Untranslatable("an unknown modifier")
        }
    }

    /// `left type right` on single values.
    private func scalar(
        _ type: NSComparisonPredicate.Operator, _ left: Operand, _ right: Operand,
        _ options: NSComparisonPredicate.Options
    ) throws -> SQLExpression {
        if case .constant(let a) = left, case .constant(let b) = right {
            return sql.constant(ValueComparison.holds(type, a, b, options: options, pattern: nil))
        }
        switch type {
        case .equalTo, .notEqualTo:
            return try equality(left, right, negated: type == .notEqualTo, options)
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            return try ordering(type, left, right, options)
        case .beginsWith, .endsWith, .contains:
            return try search(type, text: left, part: right, options)
        case .in:
            if case .constant(let container) = right {
                if let string = unwrapped(container) as? String {
                    return try search(.contains, text: .constant(string), part: left, options)
                }
                return try membership(left, container, options)
            }
            // `x IN name`: the text contains x.
            return try search(.contains, text: right, part: left, options)
        case .between:
            guard case .constant(let bounds) = right else {
                throw Untranslatable("BETWEEN bounds that are not constants")
            }
            guard let pair = unwrapped(bounds).flatMap(KeyValueCoding.elements(of:)), pair.count == 2 else {
                return sql.constant(false)
            }
            guard case .value(let value, let kind) = left, options.isEmpty || kind != .string else {
                throw Untranslatable("BETWEEN on this operand")
            }
            guard let lower = try bound(pair[0], kind), let upper = try bound(pair[1], kind) else {
                return sql.constant(false)
            }
            return sql.isInRange(value, from: lower, to: upper, closed: true)
        case .like, .matches, .customSelector:
            throw Untranslatable("LIKE and MATCHES are evaluated in memory")
        @unknown default:
            throw Untranslatable("an unknown operator")
        }
    }

    private func equality(_ left: Operand, _ right: Operand, negated: Bool, _ options: NSComparisonPredicate.Options)
        throws -> SQLExpression
    {
        switch (left, right) {
        case (.constant, .value), (.constant, .row):
            return try equality(right, left, negated: negated, options)
        case (.value(let value, let kind), .constant(let constant)):
            guard let constant = unwrapped(constant) else {
                return sql.equality(value, sql.nilLiteral, negated: negated, optional: true)
            }
            guard let stored = try storedConstant(constant, as: kind) else { return sql.constant(negated) }
            if kind == .string && !options.isEmpty {
                let equal = sql.matches(value, .equals, sql.value(stored), options: matchOptions(options))
                return negated ? sql.not(equal) : equal
            }
            return sql.equality(value, sql.value(stored), negated: negated, optional: true)
        case (.value(let a, let kindA), .value(let b, let kindB)):
            guard kindA == kindB, [.number, .string, .date, .uuid, .url].contains(kindA) else {
                throw Untranslatable("values of these kinds")
            }
            if kindA == .string && !options.isEmpty {
                let equal = sql.and(
                    sql.not(isNil(a)),
                    sql.and(sql.not(isNil(b)), sql.matches(a, .equals, b, options: matchOptions(options))))
                return negated ? sql.not(equal) : equal
            }
            return sql.equality(a, b, negated: negated, optional: true)
        case (.row(let key, let rowTable), .constant(let constant)):
            guard let constant = unwrapped(constant) else {
                return sql.equality(key, sql.nilLiteral, negated: negated, optional: true)
            }
            guard let primaryKey = self.key(of: constant, in: rowTable) else { return sql.constant(negated) }
            return sql.equality(key, sql.value(.integer(primaryKey)), negated: negated, optional: true)
        default:
            throw Untranslatable("comparing these operands")
        }
    }

    private func ordering(
        _ type: NSComparisonPredicate.Operator, _ left: Operand, _ right: Operand,
        _ options: NSComparisonPredicate.Options
    ) throws -> SQLExpression {
        let op: ComparisonOperator
        switch type {
        case .lessThan: op = .lessThan
        case .lessThanOrEqualTo: op = .lessThanOrEqual
        case .greaterThan: op = .greaterThan
        default: op = .greaterThanOrEqual
        }
        func mirrored(_ op: ComparisonOperator) -> ComparisonOperator {
            switch op {
            case .lessThan: .greaterThan
            case .lessThanOrEqual: .greaterThanOrEqual
            case .greaterThan: .lessThan
            case .greaterThanOrEqual: .lessThanOrEqual
            }
        }
        let value: SQLExpression, kind: Kind, other: SQLExpression, direction: ComparisonOperator
        switch (left, right) {
        case (.value(let v, let k), .constant(let c)), (.constant(let c), .value(let v, let k)):
            guard [.number, .string, .date].contains(k) else { throw Untranslatable("ordering values of this kind") }
            guard let c = unwrapped(c) else { return sql.constant(false) }
            guard let stored = try storedConstant(c, as: k) else { return sql.constant(false) }
            (value, kind, other) = (v, k, sql.value(stored))
            if case .constant = left { direction = mirrored(op) } else { direction = op }
        case (.value(let a, let kindA), .value(let b, let kindB)):
            guard kindA == kindB, [.number, .string, .date].contains(kindA) else {
                throw Untranslatable("ordering values of these kinds")
            }
            (value, kind, other, direction) = (a, kindA, b, op)
        default:
            throw Untranslatable("ordering these operands")
        }
        if kind == .string && !options.isEmpty {
            guard options == .caseInsensitive else { throw Untranslatable("ordering strings with [d]") }
            return sql.comparison(sql.compare(value, .caseInsensitive, other), direction, sql.value(.integer(0)))
        }
        return sql.comparison(value, direction, other)
    }

    /// `text BEGINSWITH/ENDSWITH/CONTAINS part`.
    private func search(
        _ type: NSComparisonPredicate.Operator, text: Operand, part: Operand, _ options: NSComparisonPredicate.Options
    ) throws -> SQLExpression {
        let match: StringMatch = type == .beginsWith ? .startsWith : (type == .endsWith ? .endsWith : .contains)
        func string(_ operand: Operand) throws -> SQLExpression? {
            switch operand {
            case .constant(let value):
                guard let string = unwrapped(value) as? String, !string.isEmpty else { return nil }
                return sql.value(.text(string.canonicalForm))
            case .value(let value, .string):
                return value
            case .value(_, .other), .value(_, .decimal), .toMany:
                throw Untranslatable("searching a collection or a decimal")
            case .value, .row:
                return nil
            }
        }
        guard let textSQL = try string(text), let partSQL = try string(part) else { return sql.constant(false) }
        let found = sql.matches(textSQL, match, partSQL, options: matchOptions(options), searchesByRange: true)
        if case .value = part {
            // An empty string is found nowhere.
            return sql.and(sql.not(sql.isEmptyText(partSQL)), found)
        }
        return found
    }

    /// `left IN {…}`.
    private func membership(_ left: Operand, _ container: Any?, _ options: NSComparisonPredicate.Options) throws
        -> SQLExpression
    {
        guard let container = unwrapped(container) else { return sql.constant(false) }
        guard let elements = KeyValueCoding.elements(of: container) else {
            throw Untranslatable("IN a value that is not a collection")
        }
        switch left {
        case .value(let value, let kind):
            guard options.isEmpty || kind != .string else { throw Untranslatable("IN with string options") }
            var values: [StoredValue] = []
            for element in elements {
                guard let element = unwrapped(element) else {
                    values.append(.null)
                    continue
                }
                if let stored = try storedConstant(element, as: kind) { values.append(stored) }
            }
            return sql.isIn(value, values)
        case .row(let key, let rowTable):
            var values: [StoredValue] = []
            for element in elements {
                guard let element = unwrapped(element) else {
                    values.append(.null)
                    continue
                }
                if let primaryKey = self.key(of: element, in: rowTable) { values.append(.integer(primaryKey)) }
            }
            return sql.isIn(key, values)
        default:
            throw Untranslatable("IN on this operand")
        }
    }

    private func bound(_ value: Any?, _ kind: Kind) throws -> SQLExpression? {
        guard let value = unwrapped(value), let stored = try storedConstant(value, as: kind) else { return nil }
        return sql.value(stored)
    }

    private func isNil(_ value: SQLExpression) -> SQLExpression {
        sql.equality(value, sql.nilLiteral, negated: false, optional: true)
    }

    private func matchOptions(_ options: NSComparisonPredicate.Options) -> StringMatchOptions {
        var result: StringMatchOptions = []
        if options.contains(.caseInsensitive) { result.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { result.insert(.diacriticInsensitive) }
        return result
    }

    // MARK: Constants

    /// A constant as the column value a value of `kind` would be stored as; nil when it is of another kind (so it
    /// equals nothing of this kind). Throws for a constant SQL could not compare exactly.
    private func storedConstant(_ value: Any, as kind: Kind) throws -> StoredValue? {
        switch kind {
        case .number:
            guard let number = NumericValue(value) else { return nil }
            switch number {
            case .boolean(let flag): return .integer(flag ? 1 : 0)
            case .integer(let integer): return .integer(integer)
            case .floating(let double):
                guard !double.isNaN else { throw Untranslatable("NaN") }
                return .real(double)
            case .unsigned, .decimal: throw Untranslatable("an unsigned or decimal constant")
            }
        case .string:
            guard let string = value as? String else { return nil }
            return .text(string.canonicalForm)
        case .date:
            guard let date = value as? Date else { return nil }
            return .real(date.timeIntervalSinceReferenceDate)
        case .uuid:
            guard let uuid = value as? UUID else { return nil }
            return .text(uuid.uuidString)
        case .url:
            guard let url = value as? URL else { return nil }
            return .text(url.absoluteString)
        case .data, .decimal, .other:
            throw Untranslatable("comparing binary, decimal or transformable values")
        }
    }

    /// The primary key of the stored row an object or object ID constant names, when it is a row of `table`.
    private func key(of value: Any?, in table: EntityTable) -> Int64? {
        let objectID: NSManagedObjectID?
        if let object = value as? NSManagedObject {
            objectID = object.objectID
        } else {
            objectID = value as? NSManagedObjectID
        }
        guard let objectID, objectID.entity.name == table.name, objectID.storeIdentifier == storeIdentifier else {
            return nil
        }
        return objectID.primaryKey
    }

    // MARK: Expressions

    private func operand(_ expression: NSExpression, row: SQLExpression, table: EntityTable, alias: String?) throws
        -> Operand
    {
        switch expression.node {
        case .constant(let value):
            return .constant(value)
        case .aggregate(let elements):
            var values: [Any?] = []
            for element in elements {
                guard case .constant(let value) = element.node else {
                    throw Untranslatable("an aggregate of non-constants")
                }
                values.append(value)
            }
            return .constant(values.map { $0 ?? NSNull() })
        case .evaluatedObject:
            return .row(row, table)
        case .keyPath(let operand, let path):
            if let operand {
                guard case .evaluatedObject = operand.node else {
                    throw Untranslatable("a key path of a variable or subquery")
                }
            }
            var components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if components.first == "SELF" || components.first == "self" { components.removeFirst() }
            guard !components.isEmpty else { return .row(row, table) }
            return try self.path(components[...], row: row, table: table, alias: alias)
        case .function(let name, let arguments):
            return try function(name, arguments, row: row, table: table, alias: alias)
        case .variable:
            throw Untranslatable("an unbound variable")
        case .subquery, .conditional, .anyKey:
            throw Untranslatable("SUBQUERY and TERNARY are evaluated in memory")
        case .invalid(let error):
            throw CoreDataError.invalidPredicateFormat(error)
        }
    }

    /// The value at a key path from a row of `table`.
    private func path(_ components: ArraySlice<String>, row: SQLExpression, table: EntityTable, alias: String?) throws
        -> Operand
    {
        guard let name = components.first else { return .row(row, table) }
        let rest = components.dropFirst()
        guard let propertyIndex = table.propertyIndex(named: name) else {
            if name.hasPrefix("@") { throw Untranslatable("a collection operator") }
            throw CoreDataError.unknownKey(entityName: table.name, key: name)
        }
        switch table.entity.properties[propertyIndex] {
        case .attribute(let attribute):
            guard rest.isEmpty, let column = table.column(named: name) else {
                throw Untranslatable("a key path through an attribute")
            }
            return .value(sql.value(of: column, row: row, table: table, alias: alias), Self.kind(of: attribute))
        case .relationship(let relationship):
            guard let mapping = mapping.relationship(of: table, propertyIndex: propertyIndex) else {
                throw Untranslatable("a relationship without storage")
            }
            if relationship.isToMany {
                let collection = sql.collection(mapping, of: row)
                if rest.first == "@count" {
                    guard rest.count == 1 else { throw Untranslatable("a key path after @count") }
                    return .value(sql.relatedCount(collection, mapping), .number)
                }
                return .toMany(collection, mapping, rest: Array(rest))
            }
            guard let column = table.column(named: name) else {
                throw Untranslatable("a to-one relationship without a column")
            }
            let reference = sql.reference(
                through: column, row: row, table: table, alias: alias, to: mapping.destination)
            if rest.isEmpty { return .row(reference, mapping.destination) }
            return try path(rest, row: reference, table: mapping.destination, alias: nil)
        }
    }

    private func function(
        _ name: String, _ arguments: [NSExpression], row: SQLExpression, table: EntityTable, alias: String?
    ) throws -> Operand {
        let arithmetic: ArithmeticOperator?
        switch name {
        case "add:to:": arithmetic = .add
        case "from:subtract:": arithmetic = .subtract
        case "multiply:by:": arithmetic = .multiply
        case "divide:by:": arithmetic = nil
        default: throw Untranslatable("the function \(name)")
        }
        guard arguments.count == 2 else { throw Untranslatable("\(name) with \(arguments.count) arguments") }
        var operands: [SQLExpression] = []
        var floating = name == "divide:by:"
        for argument in arguments {
            switch try operand(argument, row: row, table: table, alias: alias) {
            case .value(let value, .number):
                operands.append(value)
            case .constant(let value):
                guard let value = unwrapped(value), let number = NumericValue(value) else {
                    throw Untranslatable("arithmetic on a non-number")
                }
                switch number {
                case .integer(let integer): operands.append(sql.value(.integer(integer)))
                case .floating(let double):
                    floating = true
                    operands.append(sql.value(.real(double)))
                case .boolean, .unsigned, .decimal: throw Untranslatable("arithmetic on this constant")
                }
            default:
                throw Untranslatable("arithmetic on a non-number")
            }
        }
        _ = floating
        guard let arithmetic else { return .value(sql.floatDivision(operands[0], operands[1]), .number) }
        return .value(sql.arithmetic(operands[0], arithmetic, operands[1]), .number)
    }

    /// The kind of an attribute's values, from the model's type name recorded with it.
    static func kind(of attribute: StoreAttribute) -> Kind {
        switch attribute.valueTypeName {
        case "Integer 16", "Integer 32", "Integer 64", "Double", "Float", "Boolean": .number
        case "String": .string
        case "Date": .date
        case "Binary": .data
        case "UUID": .uuid
        case "URI": .url
        case "Decimal": .decimal
        default: .other
        }
    }
}
