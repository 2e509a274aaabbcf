import Foundation
import SQLite

/// A translated predicate expression: SQL text with its bound arguments.
struct SQLExpression {
    enum Kind {
        /// `nil` in the predicate.
        case nilLiteral
        /// A value known at translation time (captured, literal, or computed from those), bound as the argument.
        case value(SQLiteValue)
        /// A stored attribute's column.
        case column(EntityTable.Column)
        /// A row of a table, whose primary key the SQL computes (the model itself, or a to-one relationship's
        /// target); `alias` names the row when it is in the FROM clause, so its columns can be read directly.
        case reference(EntityTable, alias: String?)
        /// The models a to-many relationship of the row whose key the SQL computes holds, kept by `filters`
        /// (`$0.books.filter { … }`), in order.
        case collection(RelationshipMapping, filters: [RelationshipFilter] = [])
        /// The `persistentModelID` of a row of a table: its primary key, which means nothing without the entity
        /// (see SQL+Identifiers.swift).
        case identifier(EntityTable)
        /// Anything else.
        case computed
    }

    var sql: String
    var arguments: [SQLiteValue]
    /// Whether the SQL can yield NULL. Boolean expressions the translator builds never do, so `NOT` is safe.
    var isNullable: Bool
    var kind: Kind
    /// When `Predicate.evaluate` throws evaluating this expression (a nil force-unwrap, an index out of range, a
    /// failed `as!`): a condition, never NULL, true on exactly the rows where it throws, provided the expression is
    /// evaluated at all. Nil when it never throws. See ``PredicateTranslator/condition(_:)``.
    var failure: SQLCondition? = nil
    /// The stored property the value is read from (`Ledger.lookup`), to name it in errors.
    var name: String? = nil
    /// Some of the elements of a JSON array (`filter`, a range subscript), which consumers read from the array with
    /// json_each; `sql` is then those elements as a JSON array SQLite rebuilt, for a consumer that needs the array.
    var elements: JSONElements? = nil

    static func computed(_ sql: String, _ arguments: [SQLiteValue], nullable: Bool = false) -> SQLExpression {
        SQLExpression(sql: sql, arguments: arguments, isNullable: nullable, kind: .computed)
    }

    static func bound(_ value: SQLiteValue) -> SQLExpression {
        if case .null = value { return SQLExpression(sql: "NULL", arguments: [], isNullable: true, kind: .nilLiteral) }
        // SQLite binds NaN as NULL: the value is NaN (not nil), and may be NULL in SQL.
        if case .real(let real) = value, real.isNaN {
            return SQLExpression(sql: "?", arguments: [value], isNullable: true, kind: .value(value))
        }
        return SQLExpression(sql: "?", arguments: [value], isNullable: false, kind: .value(value))
    }

    var isNilLiteral: Bool {
        if case .nilLiteral = kind { return true }
        return false
    }

    /// This expression as a boolean operand that is never NULL (NULL counts as false).
    var nonNullBoolean: String { isNullable ? "COALESCE(\(sql), 0)" : sql }

    /// A collection whose elements come in an order Swift does not share (`filter` over a `Set`, stored as an array
    /// in the order it was encoded): what depends on the order (`[0]`, `==`) has no translation.
    var hasUnknownOrder: Bool { elements.map { !$0.isOrdered } ?? false }

    /// A JSON array SQLite rebuilt: its values are exact, but its text is not written as the JSON encoder writes it,
    /// so it cannot be compared as text (`==`).
    var isRebuiltJSON: Bool { elements != nil }

    /// What this expression is, for an error message: the stored property it reads, or its Swift type.
    func described(as type: Any.Type) -> String { name ?? "a value of type \(type)" }
}

/// An SQL boolean condition (never NULL) with its arguments.
struct SQLCondition {
    var sql: String
    var arguments: [SQLiteValue]

    init(_ sql: String, _ arguments: [SQLiteValue]) {
        self.sql = sql
        self.arguments = arguments
    }

    /// Whichever of the conditions holds; nil when there are none.
    static func any(_ conditions: [SQLCondition?]) -> SQLCondition? {
        let present = conditions.compactMap { $0 }
        guard let first = present.first else { return nil }
        if present.count == 1 { return first }
        return SQLCondition("(" + present.map(\.sql).joined(separator: " OR ") + ")", present.flatMap(\.arguments))
    }

    /// `guard AND self`: this condition, when `guard` holds.
    func when(_ guardSQL: String, _ guardArguments: [SQLiteValue]) -> SQLCondition {
        SQLCondition("(\(guardSQL) AND \(sql))", guardArguments + arguments)
    }
}

/// A node whose children may not all be evaluated (`&&`, `||`, `? :`, `??`, `flatMap`, closures): it sets its own
/// ``SQLExpression/failure`` from its children's, instead of the translator taking the union of them.
protocol SQLShortCircuiting: SQLTranslatable {}

extension SQLTranslatable {
    /// Whether the node is ``SQLShortCircuiting`` (asked through the witness table: a conformance lookup for each
    /// new expression type is slow).
    var isShortCircuiting: Bool { false }
}

extension SQLShortCircuiting {
    var isShortCircuiting: Bool { true }
}

/// A predicate expression node that has an SQL translation. Each family of Foundation's `PredicateExpressions`
/// gets its conformance in its own file (`SQL+Comparison.swift`, `SQL+Arithmetic.swift`, …), mirroring
/// Foundation's own layout.
protocol SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression
    var isShortCircuiting: Bool { get }
}

/// State one translation shares across the copies of its translator: the table aliases its SQL introduces, and
/// the failures (see ``SQLExpression/failure``) of the children of the nodes being translated.
final class TranslationState {
    var nextAlias = 0
    /// One list per node being translated, innermost last: the failures its children reported.
    var failureScopes: [[SQLCondition]] = []
}

/// Translates a `#Predicate` over one model type into an SQL boolean expression over that model's table.
///
/// - Sub-expressions that do not depend on the model (captured values, `searchText.isEmpty`, `limit * 2`) are
///   evaluated once, here, with Foundation's own `evaluate`, and bound as parameters.
/// - Key paths on the model become columns; closures (`flatMap`, `contains(where:)`) bind their variable to the SQL
///   of the value they range over.
/// - Anything without a translation throws ``SwiftDataError/unsupportedPredicate(_:)`` naming the expression; a
///   predicate is never partly applied.
struct PredicateTranslator {
    let table: EntityTable
    /// Every table and relationship of the store, to follow relationships.
    let schema: SchemaMapping
    /// The predicate's own variable: the model row.
    let variable: PredicateExpressions.VariableID
    /// Variables of enclosed closures, bound to the SQL of the values they stand for.
    private(set) var bindings: [PredicateExpressions.VariableID: SQLExpression] = [:]
    /// Nesting depth of closures, used to name `json_each` aliases uniquely.
    private(set) var depth = 0
    private let state = TranslationState()

    /// A table alias no other part of this predicate uses (subqueries over the statement's own table must not
    /// shadow it).
    func uniqueAlias(_ prefix: String) -> String {
        state.nextAlias += 1
        return "\(prefix)\(state.nextAlias)"
    }

    init(table: EntityTable, schema: SchemaMapping, variable: PredicateExpressions.VariableID) {
        self.table = table
        self.schema = schema
        self.variable = variable
    }

    /// The model the predicate tests: the row of the statement's table.
    var modelReference: SQLExpression {
        SQLExpression(sql: table.primaryKeySQL, arguments: [], isNullable: false, kind: .reference(table, alias: table.quotedName))
    }

    /// The mapping of a relationship property of `table`.
    func relationship(of table: EntityTable, propertyIndex: Int) -> RelationshipMapping? {
        schema.relationships[ObjectIdentifier(table.entity.modelType)]?[propertyIndex]
    }

    /// The SQL condition for a whole predicate.
    ///
    /// A row on which `Predicate.evaluate` would throw does not match: the condition is `NOT <failure> AND <test>`
    /// when some part of the predicate can throw.
    func condition(_ expression: any StandardPredicateExpression<Bool>) throws(SwiftDataError) -> SQLExpression {
        let translated = try translate(expression)
        guard let failure = translated.failure else { return .computed(translated.nonNullBoolean, translated.arguments) }
        return .computed("(NOT \(failure.sql) AND \(translated.nonNullBoolean))", failure.arguments + translated.arguments)
    }

    /// The translation of one sub-expression.
    ///
    /// Its ``SQLExpression/failure`` is its own and its children's (a node evaluates all its children), except for
    /// ``SQLShortCircuiting`` nodes, which combine their children's failures themselves.
    func translate(_ expression: Any) throws(SwiftDataError) -> SQLExpression {
        if let constant = constantValue(of: expression),
           let stored = try? SQLiteConversion.sqliteValue(for: constant) {
            return .bound(stored)
        }
        guard let node = expression as? any SQLTranslatable else {
            throw .unsupportedPredicate("\(Self.name(of: expression)) has no SQL translation")
        }
        state.failureScopes.append([])
        var translated: SQLExpression
        do {
            translated = try node.sql(self)
        } catch {
            state.failureScopes.removeLast()
            throw error
        }
        let children = state.failureScopes.removeLast()
        if !node.isShortCircuiting {
            translated.failure = SQLCondition.any(children + [translated.failure])
        }
        if let failure = translated.failure, !state.failureScopes.isEmpty {
            state.failureScopes[state.failureScopes.count - 1].append(failure)
        }
        return translated
    }

    /// The translation of a part of the predicate that is asked of rows of a subquery (a closure's body over a
    /// relationship's rows or a collection's elements): its failure comes with it, and is not counted as a failure of
    /// the node being translated, whose SQL cannot name those rows.
    func translateApart(_ expression: Any) throws(SwiftDataError) -> SQLExpression {
        state.failureScopes.append([])
        defer { state.failureScopes.removeLast() }
        return try translate(expression)
    }

    /// A translator for a closure's body, with its variable bound to `value`.
    func binding(_ variable: PredicateExpressions.VariableID, to value: SQLExpression) -> PredicateTranslator {
        var inner = self
        inner.bindings[variable] = value
        inner.depth += 1
        return inner
    }

    /// The value of an expression that names neither the model nor the variable of an enclosing closure, computed
    /// by Foundation's `evaluate`; nil when it names one, or cannot be evaluated.
    ///
    /// Which variables it names is read from the tree: evaluating it without them does not always fail, as an
    /// unbound variable of an optional type reads as nil (`$0 != nil` over a `[Int?]` would be the constant false).
    func constantValue(of expression: Any) -> Any? {
        guard let expression = expression as? any PredicateExpression, !namesVariable(expression) else { return nil }
        return try? Self.evaluateWithoutBindings(expression)
    }

    /// Whether `node`, or any node below it, is the model's variable or a bound closure variable. Variables of
    /// closures inside `node` are bound by `evaluate` itself.
    private func namesVariable(_ node: Any) -> Bool {
        if let variable = node as? any VariableExpression {
            return variable.variableKey == self.variable || bindings[variable.variableKey] != nil
        }
        // A captured value holds no variable (and may be a large collection, not worth walking).
        if node is any CapturedValueExpression { return false }
        return Mirror(reflecting: node).children.contains { namesVariable($0.value) }
    }

    private static func evaluateWithoutBindings<E: PredicateExpression>(_ expression: E) throws -> Any {
        try expression.evaluate(PredicateBindings())
    }

    /// A key path as Swift writes it, without the address Swift prints for a computed property
    /// (`\Sample.<computed 0x… (Int)>` becomes `\Sample.<computed Int>`).
    static func describe(_ keyPath: AnyKeyPath) -> String {
        String(describing: keyPath).replacingOccurrences(
            of: #"<computed 0x[0-9A-Fa-f]+ \((.*?)\)>"#, with: "<computed $1>", options: .regularExpression
        )
    }

    /// A readable name for an expression node: its type without generic arguments, e.g. `PredicateExpressions.Arithmetic`.
    static func name(of expression: Any) -> String {
        let full = String(reflecting: type(of: expression))
        let base = full.split(separator: "<", maxSplits: 1).first.map(String.init) ?? full
        return base.replacingOccurrences(of: "FoundationEssentials.", with: "").replacingOccurrences(of: "Foundation.", with: "")
            .replacingOccurrences(of: "OpenSwiftData.", with: "")
    }
}
