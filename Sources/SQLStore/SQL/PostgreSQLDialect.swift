// # Strings on PostgreSQL: a design note (issue 17)
//
// On SQLite the store registers Swift functions on every connection (``StoreFunction``, ``StringFunctions``), so a
// predicate's string operations mean in SQL exactly what they mean in Swift: `contains`/`hasPrefix`/`hasSuffix` on
// `Character`s, case- and diacritic-insensitive matching (`StringMatchOptions`), `localizedStandardContains`,
// `caseInsensitiveCompare`/`localizedCompare` and the `osd_localizedStandard` collation, regex matching, Swift's
// float division and JSON numbers. A PostgreSQL server cannot run Swift. Some have exact equals written in SQL
// (`osd_starts_with` is `starts_with`, `osd_contains` without options is `strpos(a, b) > 0` — on code points, which
// differs from `Character`s only for combining sequences; `osd_float_divide` is a `CASE` over IEEE division;
// `osd_character_count` is close to `char_length`); the store would create those as SQL functions under the same
// `osd_` names, so the builder's SQL stays the same. The rest — case/diacritic folding, localized comparison and
// ordering, `localizedStandardContains`, Swift regexes — have three options:
//
// 1. Shadow columns normalised on write, computed in Swift: for each text attribute a predicate folds, the store
//    also writes `lower(folded(text))` with Foundation's own folding (`.caseInsensitive`, `.diacriticInsensitive`,
//    the locale's rules) into a hidden column, and a folded predicate compares folded values (`strpos` on the shadow
//    column, the bound argument folded the same way in Swift). Exact Swift semantics for matching, indexable, costs
//    one column per folded attribute and a migration when folding is first used. Ordering by a localized
//    comparison stores a sort key (ICU's collation key as computed by Foundation) the same way.
// 2. ICU collations (`CREATE COLLATION … (provider = icu, locale = 'und-u-ks-level1', deterministic = false)`):
//    case/accent-insensitive equality and localized ordering inside the server. But nondeterministic collations do
//    not support `LIKE`/`strpos` (no substring matching in PostgreSQL 15), ICU's rules are the server's ICU version
//    rather than Foundation's, and it depends on the server being built with ICU.
// 3. The `unaccent` extension with `lower()`: diacritic folding by a rules file, not Unicode's; needs an extension
//    the server may not allow (`CREATE EXTENSION` needs privileges); does not cover localized ordering.
//
// Built (2026-12-02): none of the three as such — server functions in SQL and PL/pgSQL that spell Swift's rules
// (`Character` boundaries, NFD-based diacritic folding, ICU lower, `ß` → `ss`; PostgreSQLFunctions.swift in the
// store), with (2)'s deterministic ICU collations for the Foundation sort orders. `localizedStandardContains` costs
// 17–34 µs a row on non-ASCII text (BENCHMARKS.md); (1) remains the way to make folded matching indexable.

import Foundation

/// PostgreSQL 15's SQL: `$n` placeholders, `bigint`/`double precision`/`text`/`bytea` (and `uuid`, `numeric` for
/// UUIDs and decimals: ``columnTypeName(for:)``), identity keys, a single
/// `ON CONFLICT (…) DO UPDATE`, `RETURNING`, and `jsonb` for the JSON-array requirements (stored JSON is `text`,
/// cast to `jsonb` where it is read).
///
/// The store functions (``StoreFunction``) keep their `osd_` names: a PostgreSQL store creates those it can
/// express in SQL, see the design note at the top of this file.
package struct PostgreSQLDialect: SQLDialect {
    package init() {}

    package func quoted(_ identifier: String) -> String {
        guard identifier.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + identifier + "\"" }
        return "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The fragment's `?` markers as `$1, $2…`, in order (`$n::text` before ` IS NULL` and ` IS NOT NULL`); a `?`
    /// inside a quoted identifier or a string literal stays as it is.
    package func statementText(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "?")) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var number = 0
        var quote: Character?
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "\"" || character == "'" {
                quote = character
                result.append(character)
            } else if character == "?" {
                number += 1
                result += "$\(number)"
                // Text is bound without a type (so it fits `uuid` and `numeric` columns); `? IS [NOT] NULL` gives it
                // none to infer, so it is cast (any bound value casts to text).
                let rest = text[text.index(after: index)...]
                if rest.hasPrefix(" IS NULL") || rest.hasPrefix(" IS NOT NULL") { result += "::text" }
            } else {
                result.append(character)
            }
        }
        return result
    }

    package func typeName(for type: StorageType) -> String {
        switch type {
        case .integer: "bigint"
        case .real: "double precision"
        case .text: "text"
        case .blob: "bytea"
        }
    }

    /// `uuid` for a `UUID` attribute and `numeric` for a `Decimal` one (stored as themselves, not inside a
    /// `RawRepresentable` or JSON); otherwise ``typeName(for:)`` of its storage type. Values are bound as text either
    /// way (a parameter of unknown type, which the server reads as the column's type) and read back as the SQLite
    /// store's text: a UUID in `uuidString`'s upper case, a decimal in `numeric`'s digits, which keep the text's.
    package func columnTypeName(for attribute: StoreAttribute) -> String {
        Self.nativeTypeName(of: attribute) ?? typeName(for: attribute.storageType)
    }

    /// The PostgreSQL type of an attribute whose values have one other than their storage type's (`uuid`,
    /// `numeric`); nil for the others.
    package static func nativeTypeName(of attribute: StoreAttribute) -> String? {
        guard attribute.storageType == .text, attribute.representation == "scalar", !attribute.storesExternally
        else { return nil }
        var name = Substring(attribute.valueTypeName)
        if name.hasPrefix("Swift.Optional<"), name.hasSuffix(">") { name = name.dropFirst(15).dropLast() }
        switch name.split(separator: ".").last {
        case "UUID" where name.hasPrefix("Foundation"): return "uuid"
        case "Decimal" where name.hasPrefix("Foundation"): return "numeric"
        default: return nil
        }
    }

    /// An identity column: the sequence behind it never hands out a key twice, even after the row is deleted (as
    /// SQLite's `AUTOINCREMENT`). `BY DEFAULT` lets a migration copy rows with their keys; whoever does must then
    /// move the sequence past them (`setval`).
    package func autoincrementPrimaryKey(_ column: String) -> String {
        "\(quoted(column)) bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"
    }

    package func booleanLiteral(_ value: Bool) -> String { value ? "TRUE" : "FALSE" }

    /// A `Bool` is a `bigint` column here too (the same stored values, one migration path): a condition tests it.
    package func condition(ofBoolean value: String) -> String { "(\(value) <> 0)" }

    /// `boolean` casts to `integer` (1, 0, NULL), which compares with the `bigint` a `Bool` is stored as.
    package func boolean(ofCondition condition: String) -> String { "CAST(\(condition) AS integer)" }

    package func functionName(_ function: StoreFunction) -> String { "osd_" + function.rawValue }

    /// PostgreSQL takes one `ON CONFLICT` clause per `INSERT`: the first group's. A row meeting an existing one on
    /// another group fails with SQLSTATE 23505, so the store looks those rows up first
    /// (``FetchRequest/Rows/unique(group:values:)``) when a table has more than one group.
    package func upsertClause(conflictTargets: [[String]], updating columns: [String]) -> String {
        guard let target = conflictTargets.first else { return "" }
        let assignments = columns.map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ", ")
        return " ON CONFLICT (\(target.joined(separator: ", "))) DO UPDATE SET \(assignments)"
    }

    package func returningClause(_ columns: [String]) -> String { " RETURNING " + columns.joined(separator: ", ") }

    /// PostgreSQL has no `INSERT OR REPLACE`, and its `ON CONFLICT` needs the key: here every column but the last,
    /// which is the shape of the one caller (a join table's row: its source and target are the primary key, its
    /// order is replaced). A table of one column conflicts on it and changes nothing.
    package func insertOrReplace(into table: String, columns: [String]) -> String {
        let insert = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders(columns.count)))"
        guard columns.count > 1 else { return insert + " ON CONFLICT (\(columns.joined(separator: ", "))) DO NOTHING" }
        let key = columns.dropLast(), replaced = columns.suffix(1)
        return insert + " ON CONFLICT (\(key.joined(separator: ", "))) DO UPDATE SET "
            + replaced.map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ", ")
    }

    /// The elements of a JSON array with their positions: `jsonb_array_elements(…) WITH ORDINALITY`. (An object's
    /// members need `jsonb_each`; the array form is what the JSON-array predicates use.)
    package func jsonElements(of array: String, alias: String) -> String {
        "jsonb_array_elements((\(array))::jsonb) WITH ORDINALITY AS \(alias)(value, ordinality)"
    }

    /// The element as SQL text (a JSON string unquoted, a number or Boolean as its JSON text), as SQLite's
    /// `json_each.value` gives a string; a comparison with a number casts it.
    package func jsonElementValue(alias: String) -> String { "(\(alias).value #>> '{}')" }

    /// PostgreSQL's `double precision` `+`, `-`, `*` fail on overflow and underflow (SQLSTATE 22003).
    package var floatArithmeticFunction: String? { "osd_float_arithmetic" }

    /// `#>>` gives text: numbers are cast to `bigint` or `double precision`, JSON's `true`/`false` to 1/0, and
    /// text compares by code point (`COLLATE "C"`), as Swift's `<` on NFC text.
    package func jsonScalar(_ value: String, as scalar: JSONScalar) -> String {
        switch scalar {
        case .integer: "CAST(\(value) AS bigint)"
        case .real: "CAST(\(value) AS double precision)"
        case .text: "(\(value) COLLATE \"C\")"
        case .boolean: "CAST(CAST(\(value) AS boolean) AS integer)"
        }
    }

    package func jsonArrayLength(_ array: String) -> String { "jsonb_array_length((\(array))::jsonb)" }

    /// The element's index from 0, as SQLite's `json_each.key` for an array.
    package func jsonElementKey(alias: String) -> String { "(\(alias).ordinality - 1)" }

    /// `jsonb_each`: the members' keys and values (`jsonb_array_elements` refuses an object).
    package func jsonMembers(of object: String, alias: String) -> String {
        "jsonb_each((\(object))::jsonb) AS \(alias)(key, value)"
    }

    package func jsonMemberKey(alias: String) -> String { "\(alias).key" }

    /// The element is already JSON (`jsonb`): true and false stay Booleans, and a number keeps the digits it was
    /// written with (jsonb stores numbers as `numeric`).
    package func jsonElementAsJSON(alias: String) -> String { "\(alias).value" }

    /// `jsonb_agg` gives NULL for no rows where SQLite's `json_group_array` gives `[]`: both give `[]` here, as text.
    package func jsonGroupArray(_ element: String) -> String { "COALESCE(jsonb_agg(\(element)), '[]'::jsonb)::text" }

    /// SQLite's JSON path `$."a"."b"` is also SQL/JSON path syntax (`jsonpath`); the value comes back as text, as
    /// ``jsonElementValue(alias:)``.
    package func jsonExtract(_ json: String, path: String) -> String {
        "(jsonb_path_query_first((\(json))::jsonb, (\(path))::jsonpath) #>> '{}')"
    }

    package func jsonIsObject(_ json: String) -> String { "(jsonb_typeof((\(json))::jsonb) = 'object')" }

    package func castToText(_ value: String) -> String { "CAST(\(value) AS text)" }

    package func nullSafeEquality(negated: Bool) -> String { negated ? "IS DISTINCT FROM" : "IS NOT DISTINCT FROM" }

    /// `LIMIT NULL` is no limit (`LIMIT -1` is an error).
    package var unlimitedRowCount: StoredValue { .null }

    /// Strings in code-point order (`COLLATE "C"`, whatever the database's locale) for Swift's `<`; the store's
    /// Foundation orders (``StringOrder``) in the ICU collations of the same names the store creates
    /// (``icuCollations``); NULL first ascending and last descending, as SQLite orders it.
    package func orderTerm(_ value: String, collation: String?, ascending: Bool) -> String {
        var collate = ""
        if let collation, let order = StringOrder.allCases.first(where: { $0.collation == collation }) {
            collate = Self.icuCollations[order] == nil ? " COLLATE \"C\"" : " COLLATE \(quoted(collation))"
        }
        return "\(value)\(collate) \(ascending ? "ASC NULLS FIRST" : "DESC NULLS LAST")"
    }

    /// The ICU locale of each Foundation string order a PostgreSQL store creates a collation for (named
    /// ``StringOrder/collation``, deterministic: ties are broken by code point): `localizedStandardCompare` is ICU's
    /// root order with numbers compared as numbers ("file9" before "file10"); `localizedCompare` the root order;
    /// the case-insensitive orders the root order at secondary strength. `.codePoint` and `.lexical` are `"C"`.
    package static let icuCollations: [StringOrder: String] = [
        .localizedStandard: "und-u-kn", .localized: "und", .caseInsensitive: "und-u-ks-level2",
        .localizedCaseInsensitive: "und-u-ks-level2",
    ]

    /// None: the store's SQLite collations (`osd_decimal`) are Swift code; a column keeps the database's.
    package func columnCollation(_ collation: String) -> String { "" }

    package var writesSQLiteTriggers: Bool { false }
}
