import Foundation

/// SQLite's SQL (3.35 or later: several `ON CONFLICT` clauses, `RETURNING`; JSON1).
package struct SQLiteDialect: SQLDialect {
    package init() {}

    package func quoted(_ identifier: String) -> String {
        guard identifier.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + identifier + "\"" }
        return "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    package func statementText(_ text: String) -> String { text }

    package func typeName(for type: StorageType) -> String { type.rawValue }

    package func autoincrementPrimaryKey(_ column: String) -> String {
        "\(quoted(column)) INTEGER PRIMARY KEY AUTOINCREMENT"
    }

    package func booleanLiteral(_ value: Bool) -> String { value ? "1" : "0" }

    package func condition(ofBoolean value: String) -> String { value }

    package func boolean(ofCondition condition: String) -> String { condition }

    package func functionName(_ function: StoreFunction) -> String { "osd_" + function.rawValue }

    package func upsertClause(conflictTargets: [[String]], updating columns: [String]) -> String {
        let assignments = columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return conflictTargets.map { " ON CONFLICT (\($0.joined(separator: ", "))) DO UPDATE SET \(assignments)" }
            .joined()
    }

    package func returningClause(_ columns: [String]) -> String { " RETURNING " + columns.joined(separator: ", ") }

    package func insertOrReplace(into table: String, columns: [String]) -> String {
        "INSERT OR REPLACE INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders(columns.count)))"
    }

    package func jsonElements(of array: String, alias: String) -> String { "json_each(\(array)) AS \(alias)" }

    package func jsonElementValue(alias: String) -> String { "\(alias).value" }

    package func jsonScalar(_ value: String, as scalar: JSONScalar) -> String { value }

    package var floatArithmeticFunction: String? { nil }

    package func jsonArrayLength(_ array: String) -> String { "json_array_length(\(array))" }

    package func jsonElementKey(alias: String) -> String { "\(alias).key" }

    package func jsonMembers(of object: String, alias: String) -> String { jsonElements(of: object, alias: alias) }

    package func jsonMemberKey(alias: String) -> String { "\(alias).key" }

    /// json_each reads JSON's true and false as 1 and 0, and json_group_array writes a real with 15 digits: both are
    /// written back as the JSON they were.
    package func jsonElementAsJSON(alias: String) -> String {
        "CASE \(alias).type WHEN 'true' THEN json('true') WHEN 'false' THEN json('false') "
            + "WHEN 'real' THEN json(\(functionName(.jsonNumber))(\(alias).value)) ELSE \(alias).value END"
    }

    package func jsonGroupArray(_ element: String) -> String { "json_group_array(\(element))" }

    package func jsonExtract(_ json: String, path: String) -> String { "json_extract(\(json), \(path))" }

    package func jsonIsObject(_ json: String) -> String { "(json_type(\(json)) = 'object')" }

    package func castToText(_ value: String) -> String { "CAST(\(value) AS TEXT)" }

    package func nullSafeEquality(negated: Bool) -> String { negated ? "IS NOT" : "IS" }

    package var unlimitedRowCount: StoredValue { .integer(-1) }

    package func orderTerm(_ value: String, collation: String?, ascending: Bool) -> String {
        "\(value)\(collation.map { " COLLATE \($0)" } ?? "") \(ascending ? "ASC" : "DESC")"
    }

    package func columnCollation(_ collation: String) -> String { " COLLATE \(collation)" }

    package var writesSQLiteTriggers: Bool { true }
}

extension SQLDialect {
    /// The storage type's name: SQLite has no column types of its own for UUIDs or decimals.
    package func columnTypeName(for attribute: StoreAttribute) -> String { typeName(for: attribute.storageType) }

    /// `?, ?, ?` for `count` bound values.
    package func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
