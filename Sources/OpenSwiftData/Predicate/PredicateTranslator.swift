import Foundation
import SQLStore

/// A predicate expression node that has an SQL translation. Each family of Foundation's `PredicateExpressions`
/// gets its conformance in its own file (`SQL+Comparison.swift`, `SQL+Arithmetic.swift`, …), mirroring
/// Foundation's own layout.
protocol SQLTranslatable {
    func sql(_ translator: PredicateTranslator) throws(SwiftDataError) -> SQLExpression
    var isShortCircuiting: Bool { get }
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

/// The failures (see ``SQLExpression/failure``) one translation collects across the copies of its translator: one
/// list per node being translated, innermost last, of the failures its children reported.
final class FailureScopes {
    var scopes: [[SQLFragment]] = []
}

/// Translates a `#Predicate` over one model type into an SQL boolean expression over that model's table, through
/// the store layer's ``SQLExpressionBuilder``: this file and its siblings decide which Foundation expression becomes
/// which operation; the builder writes the SQL.
///
/// - Sub-expressions that do not depend on the model (captured values, `searchText.isEmpty`, `limit * 2`) are
///   evaluated once, here, with Foundation's own `evaluate`, and bound as parameters.
/// - Key paths on the model become columns; closures (`flatMap`, `contains(where:)`) bind their variable to the SQL
///   of the value they range over.
/// - Anything without a translation throws ``SwiftDataError/unsupportedPredicate(_:)`` naming the expression; a
///   predicate is never partly applied.
struct PredicateTranslator {
    let table: EntityTable
    /// Every table and relationship of the store, and the key paths of the models' properties.
    let schema: ModelMapping
    /// The predicate's own variable: the model row.
    let variable: PredicateExpressions.VariableID
    /// Writes the SQL (one per predicate: it counts the aliases subqueries use).
    let sql: SQLExpressionBuilder
    /// Variables of enclosed closures, bound to the SQL of the values they stand for.
    private(set) var bindings: [PredicateExpressions.VariableID: SQLExpression] = [:]
    /// Nesting depth of closures.
    private(set) var depth = 0
    private let failures = FailureScopes()

    init(table: EntityTable, schema: ModelMapping, variable: PredicateExpressions.VariableID) {
        self.table = table
        self.schema = schema
        self.variable = variable
        self.sql = SQLExpressionBuilder(dialect: schema.tables.dialect)
    }

    /// The model the predicate tests: the row of the statement's table.
    var modelReference: SQLExpression { sql.row(of: table) }

    /// The storage of a relationship property of `table`.
    func relationship(of table: EntityTable, propertyIndex: Int) -> RelationshipMapping? {
        schema.tables.relationship(of: table, propertyIndex: propertyIndex)
    }

    /// The SQL condition for a whole predicate.
    ///
    /// A row on which `Predicate.evaluate` would throw does not match: the condition is `NOT <failure> AND <test>`
    /// when some part of the predicate can throw.
    func condition(_ expression: any StandardPredicateExpression<Bool>) throws(SwiftDataError) -> SQLExpression {
        sql.excludingFailures(try translate(expression))
    }

    /// The translation of one sub-expression.
    ///
    /// Its ``SQLExpression/failure`` is its own and its children's (a node evaluates all its children), except for
    /// ``SQLShortCircuiting`` nodes, which combine their children's failures themselves.
    func translate(_ expression: Any) throws(SwiftDataError) -> SQLExpression {
        if let constant = constantValue(of: expression),
            let stored = try? StoredValueConversion.storedValue(for: constant)
        {
            return sql.value(stored)
        }
        guard let node = expression as? any SQLTranslatable else {
            throw .unsupportedPredicate("\(Self.name(of: expression)) has no SQL translation")
        }
        failures.scopes.append([])
        var translated: SQLExpression
        do {
            translated = try node.sql(self)
        } catch {
            failures.scopes.removeLast()
            throw error
        }
        let children = failures.scopes.removeLast()
        if !node.isShortCircuiting, !children.isEmpty {
            translated.failure = sql.anyFailure(children + [translated.failure])
        }
        if let failure = translated.failure, !failures.scopes.isEmpty {
            failures.scopes[failures.scopes.count - 1].append(failure)
        }
        return translated
    }

    /// The translation of a part of the predicate that is asked of rows of a subquery (a closure's body over a
    /// relationship's rows or a collection's elements): its failure comes with it, and is not counted as a failure of
    /// the node being translated, whose SQL cannot name those rows.
    func translateApart(_ expression: Any) throws(SwiftDataError) -> SQLExpression {
        failures.scopes.append([])
        defer { failures.scopes.removeLast() }
        return try translate(expression)
    }

    /// A filter's test as the store layer asks for it, on each element where the elements are read (see
    /// ``SQLFilter``): translated once now, with `variable` bound to `element`, so that a test without a translation
    /// is refused here. Each later translation differs only in the element's alias, so cannot fail; should one
    /// fail, the element does not pass.
    func filter(
        _ variable: PredicateExpressions.VariableID, test: Any, firstElement element: SQLExpression
    ) throws(SwiftDataError) -> SQLFilter {
        _ = try binding(variable, to: element).translateApart(test)
        let translator = self
        return { element in
            (try? translator.binding(variable, to: element).translateApart(test)) ?? translator.sql.constant(false)
        }
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
        return base.replacingOccurrences(of: "FoundationEssentials.", with: "").replacingOccurrences(
            of: "Foundation.", with: ""
        )
        .replacingOccurrences(of: "OpenSwiftData.", with: "")
    }
}
