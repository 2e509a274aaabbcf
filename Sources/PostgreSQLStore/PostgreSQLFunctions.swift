import Foundation
import PostgreSQL
import SQLStore

/// The `osd_` SQL functions the shared SQL calls (``StoreFunction``), created in the store's schema as SQL
/// functions that give Swift's meaning, and the trigger functions the schema's triggers run.
///
/// SQLite's store registers Swift closures instead; a PostgreSQL server cannot run Swift, so the functions spell
/// Swift's string semantics in SQL and PL/pgSQL (text is stored in normalization form C by both stores, so code
/// points compare as Swift's canonical equivalence does):
/// - `osd_is_boundary(text, position)`: whether a `Character` (extended grapheme cluster) boundary lies before the
///   character at `position`, by Unicode's rules for what the stores hold: CR LF, combining marks, ZWJ sequences,
///   variation selectors, emoji modifiers, regional-indicator pairs (flags), Hangul jamo. `osd_matches` (behind
///   `osd_contains`), `osd_starts_with` and `osd_ends_with` accept a match only between boundaries, as Swift
///   compares `Character`s (`osd_find` finds the first such match); `osd_character_count` counts boundaries
///   (`String.count`). ASCII text without a carriage return skips the boundary checks. Foundation's searches
///   (`range(of:options:)`: the three-argument forms, `localizedStandardContains`) match scalars, not
///   `Character`s ("👨‍👩‍👧" contains "👨"), and find nothing for an empty string in `localizedStandardContains`.
/// - `osd_fold(text, options)`: `[d]` (`.diacriticInsensitive`) removes combining marks after canonical
///   decomposition and recomposes (so Hangul stays whole), and emoji modifiers and variation selectors, as
///   Foundation does; `[c]` (`.caseInsensitive`) lowers with ICU's root locale (whatever the database's
///   `LC_CTYPE`) and folds `ß` to `ss` and final sigma to sigma, as Unicode's full case folding does. ASCII text is lowered in SQL directly. The three-argument forms, `osd_equals` and
///   `osd_localized_standard_contains` (both folds) match folded text.
/// - `osd_case_insensitive_compare` orders text as Foundation's `caseInsensitiveCompare` on Linux does, quirks
///   included (``caseInsensitiveCompare`` says how: "Å" before "c"; in code point order whatever the database's
///   collation); `osd_localized_compare` by ICU's root collation (the server's ICU, not Foundation's). Both are `STRICT`: NULL on either side answers
///   NULL, as SQLite's functions do, so a nil property is in no ordering.
/// - `osd_float_divide` is IEEE division (±Infinity for a zero divisor, NULL for NaN), which PostgreSQL's `/`
///   refuses.
/// - `osd_json_number` writes a double as PostgreSQL writes it (shortest exact, as Swift does since PostgreSQL 12).
/// - `osd_canonical_json` is ``CanonicalJSON`` in SQL: the text in NFC, a negative zero number written as zero (a
///   `-0` directly after `[`, `,` or `:` and before `,`, `]`, `}`); the text otherwise as written (the encoder sorts
///   keys). On an integer or a real it is the value itself, as SQLite's function passes non-text through.
/// - `osd_regex_contains` uses PostgreSQL's regular expressions (`~`), not Swift's `Regex`, with `(?p)` so that `.`
///   does not match a newline, as in Swift (it still matches a code point, not a `Character`).
///
/// The ICU collation `"und-x-icu"` must exist: PostgreSQL built with ICU, as Debian's is.
enum PostgreSQLFunctions {
    static let statements: [String] = [
        """
        CREATE OR REPLACE FUNCTION osd_is_boundary(t text, p integer) RETURNS boolean LANGUAGE plpgsql IMMUTABLE
        PARALLEL SAFE AS $$
        DECLARE
            c integer;
            b integer;
            run integer := 0;
            i integer;
        BEGIN
            IF p <= 1 OR p > char_length(t) THEN RETURN true; END IF;
            c := ascii(substr(t, p, 1));
            b := ascii(substr(t, p - 1, 1));
            IF b = 13 THEN RETURN c <> 10; END IF;
            IF b = 10 OR c IN (10, 13) THEN RETURN true; END IF;
            IF c = 8205 OR c BETWEEN 768 AND 879 OR c BETWEEN 1155 AND 1161 OR c BETWEEN 1425 AND 1469
                OR c BETWEEN 6832 AND 6911 OR c BETWEEN 7616 AND 7679 OR c BETWEEN 8400 AND 8432
                OR c BETWEEN 65024 AND 65039 OR c BETWEEN 65056 AND 65071 OR c BETWEEN 127995 AND 127999
                OR c BETWEEN 917504 AND 917631 OR c BETWEEN 917760 AND 917999 THEN
                RETURN false;
            END IF;
            IF b = 8205 THEN RETURN false; END IF;
            IF c BETWEEN 127462 AND 127487 AND b BETWEEN 127462 AND 127487 THEN
                i := p - 1;
                WHILE i >= 1 AND ascii(substr(t, i, 1)) BETWEEN 127462 AND 127487 LOOP
                    run := run + 1;
                    i := i - 1;
                END LOOP;
                RETURN run % 2 = 0;
            END IF;
            IF b BETWEEN 4352 AND 4447 OR b BETWEEN 43360 AND 43388 THEN
                RETURN NOT (c BETWEEN 4352 AND 4519 OR c BETWEEN 43360 AND 43388 OR c BETWEEN 55216 AND 55238
                    OR c BETWEEN 44032 AND 55203);
            END IF;
            IF b BETWEEN 4448 AND 4519 OR b BETWEEN 55216 AND 55238
                OR (b BETWEEN 44032 AND 55203 AND (b - 44032) % 28 = 0) THEN
                RETURN NOT (c BETWEEN 4448 AND 4607 OR c BETWEEN 55216 AND 55291);
            END IF;
            IF b BETWEEN 4520 AND 4607 OR b BETWEEN 55243 AND 55291 OR b BETWEEN 44032 AND 55203 THEN
                RETURN NOT (c BETWEEN 4520 AND 4607 OR c BETWEEN 55243 AND 55291);
            END IF;
            RETURN true;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_find(a text, b text) RETURNS integer LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
        AS $$
        DECLARE
            length integer := char_length(b);
            start integer := 0;
            found integer;
        BEGIN
            IF length = 0 THEN RETURN 1; END IF;
            LOOP
                found := strpos(CASE WHEN start = 0 THEN a ELSE substr(a, start + 1) END, b);
                IF found = 0 THEN RETURN 0; END IF;
                found := start + found;
                IF osd_is_boundary(a, found) AND osd_is_boundary(a, found + length) THEN RETURN found; END IF;
                start := found;
            END LOOP;
        END $$
        """,
        #"""
        CREATE OR REPLACE FUNCTION osd_fold(a text, options bigint) RETURNS text LANGUAGE plpgsql IMMUTABLE
        PARALLEL SAFE AS $$
        DECLARE
            t text := a;
        BEGIN
            IF octet_length(t) = char_length(t) THEN
                RETURN CASE WHEN options & 1 = 1 THEN lower(t COLLATE "C") ELSE t END;
            END IF;
            IF options & 2 = 2
                AND t ~ '[\u00c0-\u1fff\u2100-\u214f\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f\U0001f3fb-\U0001f3ff]' THEN
                t := normalize(regexp_replace(normalize(t, NFD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff'
                    || '\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f\U0001f3fb-\U0001f3ff]', '', 'g'), NFC);
            END IF;
            IF options & 1 = 1 THEN
                t := replace(replace(lower(t COLLATE "und-x-icu"), 'ß', 'ss'), 'ς', 'σ');
            END IF;
            RETURN t;
        END $$
        """#,
        #"""
        CREATE OR REPLACE FUNCTION osd_matches(a text, b text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
        AS $$
        BEGIN
            IF strpos(a, b) = 0 THEN RETURN false; END IF;
            IF octet_length(a) = char_length(a) AND strpos(a, E'\r') = 0 THEN RETURN true; END IF;
            RETURN osd_find(a, b) > 0;
        END $$
        """#,
        """
        CREATE OR REPLACE FUNCTION osd_contains(a text, b text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT osd_matches(a, b) $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_contains(a text, b text, options bigint) RETURNS boolean LANGUAGE plpgsql
        IMMUTABLE PARALLEL SAFE AS $$ BEGIN RETURN b = '' OR strpos(osd_fold(a, options), osd_fold(b, options)) > 0;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_starts_with(a text, b text) RETURNS boolean LANGUAGE sql IMMUTABLE
        PARALLEL SAFE AS $$ SELECT starts_with(a, b) AND osd_is_boundary(a, char_length(b) + 1) $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_starts_with(a text, b text, options bigint) RETURNS boolean LANGUAGE plpgsql
        IMMUTABLE PARALLEL SAFE AS $$ BEGIN RETURN starts_with(osd_fold(a, options), osd_fold(b, options)); END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_ends_with(a text, b text) RETURNS boolean LANGUAGE sql IMMUTABLE
        PARALLEL SAFE AS $$ SELECT char_length(b) <= char_length(a) AND right(a, char_length(b)) = b
            AND osd_is_boundary(a, char_length(a) - char_length(b) + 1) $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_ends_with(a text, b text, options bigint) RETURNS boolean LANGUAGE plpgsql
        IMMUTABLE PARALLEL SAFE AS $$
        DECLARE
            fa text := osd_fold(a, options);
            fb text := osd_fold(b, options);
        BEGIN
            RETURN char_length(fb) <= char_length(fa) AND right(fa, char_length(fb)) = fb;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_equals(a text, b text, options bigint) RETURNS boolean LANGUAGE plpgsql
        IMMUTABLE PARALLEL SAFE AS $$ BEGIN RETURN osd_fold(a, options) = osd_fold(b, options); END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_localized_standard_contains(a text, b text) RETURNS boolean LANGUAGE plpgsql
        IMMUTABLE PARALLEL SAFE AS $$ BEGIN RETURN b <> '' AND strpos(osd_fold(a, 3), osd_fold(b, 3)) > 0; END $$
        """,
        #"""
        CREATE OR REPLACE FUNCTION osd_character_count(a text) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT CASE WHEN octet_length(a) = char_length(a) AND strpos(a, E'\r') = 0 THEN char_length(a)::bigint
            ELSE (SELECT count(*) FROM generate_series(1, char_length(a)) AS p WHERE osd_is_boundary(a, p)) END $$
        """#,
        utf16Units,
        scalarAt,
        caseInsensitiveCompare,
        """
        CREATE OR REPLACE FUNCTION osd_localized_compare(a text, b text) RETURNS bigint LANGUAGE sql
        IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT CASE WHEN a COLLATE "und-x-icu" < b COLLATE "und-x-icu" THEN -1
            WHEN a = b THEN 0 ELSE 1 END::bigint $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_float_divide(a double precision, b double precision) RETURNS double precision
        LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
        BEGIN
            IF a IS NULL OR b IS NULL OR a = 'NaN'::float8 OR b = 'NaN'::float8 THEN RETURN NULL; END IF;
            IF b = 0 THEN
                IF a = 0 THEN RETURN NULL; END IF;
                RETURN CASE WHEN (a > 0) = (b::text NOT LIKE '-%') THEN 'Infinity'::float8 ELSE '-Infinity'::float8 END;
            END IF;
            RETURN osd_not_nan(a / b);
        EXCEPTION WHEN numeric_value_out_of_range THEN
            RETURN osd_out_of_range(a::numeric / b::numeric);
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_not_nan(a double precision) RETURNS double precision LANGUAGE sql IMMUTABLE
        PARALLEL SAFE AS $$ SELECT CASE WHEN a = 'NaN'::float8 THEN NULL ELSE a END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_out_of_range(exact numeric) RETURNS double precision LANGUAGE sql IMMUTABLE
        PARALLEL SAFE AS $$ SELECT CASE WHEN abs(exact) < 1 THEN 0::float8 WHEN exact > 0 THEN 'Infinity'::float8
            ELSE '-Infinity'::float8 END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_float_arithmetic(a double precision, op text, b double precision)
        RETURNS double precision LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
        BEGIN
            RETURN osd_not_nan(CASE op WHEN '+' THEN a + b WHEN '-' THEN a - b ELSE a * b END);
        EXCEPTION WHEN numeric_value_out_of_range THEN
            RETURN osd_out_of_range(CASE op WHEN '+' THEN a::numeric + b::numeric WHEN '-' THEN a::numeric - b::numeric
                ELSE a::numeric * b::numeric END);
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_json_number(a double precision) RETURNS text LANGUAGE sql IMMUTABLE
        PARALLEL SAFE AS $$ SELECT CASE WHEN a IN ('Infinity'::float8, '-Infinity'::float8, 'NaN'::float8)
        THEN NULL ELSE a::text END $$
        """,
        #"""
            CREATE OR REPLACE FUNCTION osd_canonical_json(a text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
            AS $$ SELECT regexp_replace(normalize(a, NFC),
        '(^|[\[,:])-(0+(\.0+)?([eE][+-]?[0-9]+)?)(?=[,\]}]|$)', '\1\2', 'g') $$
        """#,
        """
        CREATE OR REPLACE FUNCTION osd_canonical_json(a bigint) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT a $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_canonical_json(a double precision) RETURNS double precision LANGUAGE sql
        IMMUTABLE PARALLEL SAFE AS $$ SELECT a $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_regex_contains(a text, pattern text) RETURNS boolean LANGUAGE sql
        IMMUTABLE PARALLEL SAFE AS $$ SELECT a ~ (CASE WHEN pattern ~ '^\\(\\?[a-z]+\\)'
            THEN '(?p' || substr(pattern, 3) ELSE '(?p)' || pattern END) $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_clear_reference() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            EXECUTE format('UPDATE %I SET %I = NULL WHERE %I = $1', TG_ARGV[0], TG_ARGV[1], TG_ARGV[1]) USING OLD."Z_PK";
            RETURN NULL;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_delete_join_rows() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            EXECUTE format('DELETE FROM %I WHERE %I = $1', TG_ARGV[0], TG_ARGV[1]) USING OLD."Z_PK";
            RETURN NULL;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_delete_external_data() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            old_reference bigint := (to_jsonb(OLD) ->> TG_ARGV[0])::bigint;
        BEGIN
            IF TG_OP = 'DELETE' OR old_reference IS DISTINCT FROM (to_jsonb(NEW) ->> TG_ARGV[0])::bigint THEN
                DELETE FROM "Z_EXTERNALDATA" WHERE "Z_PK" = old_reference;
            END IF;
            RETURN NULL;
        END $$
        """,
    ]

    /// Makes the schema's functions and collations this build's, at every open (inside the opening transaction,
    /// under its advisory lock), so a store made by an older build gets the current bodies and signatures.
    ///
    /// One catalog read decides: when the metadata's `functions` record is ``version`` and every function of
    /// ``statements`` has its body in the schema (a `pg_proc` row of its name and `prosrc`), nothing is written.
    /// Otherwise every `osd_` function that is not a trigger function is dropped (`CREATE OR REPLACE` cannot change a return type or an argument's
    /// name, and a dropped overload would otherwise stay), the collations are dropped, and all are created again;
    /// trigger functions are replaced in place (their triggers depend on them; their signature never changes). The
    /// statements run in the caller's transaction, so a failure leaves the old functions.
    /// - Throws: ``PostgreSQLError`` when a statement fails (for example a server without ICU).
    static func ensureCurrent(on connection: PostgreSQLConnection, schema: String) throws {
        let dialect = PostgreSQLDialect()
        let metadata = dialect.quoted(StoredSchema.metadataTable)
        let recorded = try connection.execute(
            "SELECT \"value\" FROM \(metadata) WHERE \"key\" = $1", [.text(versionKey)])
        let installed = try connection.execute(
            "SELECT p.proname::text, p.prosrc, p.prorettype = 'trigger'::regtype, "
                + "pg_get_function_identity_arguments(p.oid) FROM pg_proc p JOIN pg_namespace n "
                + "ON n.oid = p.pronamespace WHERE n.nspname = $1 AND p.proname LIKE 'osd\\_%'", [.text(schema)])
        var bodies = Set<String>()
        var droppable: [String] = []
        for row in 0..<installed.rowCount {
            guard let name = installed.text(row: row, column: 0) else { continue }
            bodies.insert(name + "\u{0}" + (installed.text(row: row, column: 1) ?? ""))
            if installed.integer(row: row, column: 2) == 0 {
                droppable.append("\(dialect.quoted(name))(\(installed.text(row: row, column: 3) ?? ""))")
            }
        }
        let isCurrent =
            recorded.rowCount > 0 && recorded.text(row: 0, column: 0) == version
            && statements.allSatisfy { statement in nameAndBody(of: statement).map(bodies.contains) ?? false }
        if isCurrent { return }
        let qualifiedSchema = dialect.quoted(schema)
        for function in droppable { try connection.execute(script: "DROP FUNCTION \(qualifiedSchema).\(function)") }
        for statement in statements { try connection.execute(script: statement) }
        for (order, locale) in PostgreSQLDialect.icuCollations.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let name = "\(qualifiedSchema).\(dialect.quoted(order.collation))"
            try connection.execute(script: "DROP COLLATION IF EXISTS \(name)")
            try connection.execute(
                script: "CREATE COLLATION \(name) (provider = icu, locale = '\(locale)', deterministic = true)")
        }
        try connection.execute(
            "INSERT INTO \(metadata) (\"key\", \"value\") VALUES ($1, $2) "
                + "ON CONFLICT (\"key\") DO UPDATE SET \"value\" = EXCLUDED.\"value\"",
            [.text(versionKey), .text(version)])
    }

    /// The metadata key of the functions' version.
    static let versionKey = "functions"

    /// A digest of every statement and collation this build creates (64-bit FNV-1a, as hex): a change of any
    /// signature, body or locale changes it, and the next open re-creates them.
    static let version: String = {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let collations = PostgreSQLDialect.icuCollations.sorted(by: { $0.key.rawValue < $1.key.rawValue })
            .map { "\($0.key.collation)=\($0.value)" }
        for byte in (statements + collations).joined(separator: "\u{0}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }()

    /// A statement's function name and the text between its first and last `$$` (which PostgreSQL keeps as
    /// `pg_proc.prosrc`), joined by NUL, as the catalog read above joins them.
    static func nameAndBody(of statement: String) -> String? {
        guard let function = statement.range(of: "FUNCTION "),
            let parenthesis = statement[function.upperBound...].firstIndex(of: "("),
            let open = statement.range(of: "$$"), let close = statement.range(of: "$$", options: .backwards),
            open.upperBound <= close.lowerBound
        else { return nil }
        return String(statement[function.upperBound..<parenthesis]) + "\u{0}"
            + String(statement[open.upperBound..<close.lowerBound])
    }
}
