import PostgreSQL

/// The `osd_` SQL functions the shared SQL calls (``StoreFunction``), created in the store's schema as SQL
/// functions where SQL can give Swift's meaning, and the trigger functions the schema's triggers run.
///
/// SQLite's store registers Swift closures instead; a PostgreSQL server cannot run Swift, so:
/// - `osd_contains`, `osd_starts_with`, `osd_ends_with` without options compare code points (`strpos`,
///   `starts_with`): Swift compares `Character`s, which differs only for a match that starts or ends inside a
///   combining sequence.
/// - With options (`[c]`, `[d]`) they fold with `lower()` (case only: the server has no Unicode diacritic folding
///   without the `unaccent` extension), as does `osd_equals`; `osd_localized_standard_contains` folds case.
/// - `osd_character_count` is `char_length` (code points, not grapheme clusters).
/// - `osd_float_divide` is IEEE division (±Infinity for a zero divisor, NULL for NaN), which PostgreSQL's `/`
///   refuses.
/// - `osd_case_insensitive_compare` and `osd_localized_compare` compare `lower()`ed text by code point.
/// - `osd_json_number` writes a double as PostgreSQL writes it (shortest exact, as Swift does since PostgreSQL 12).
/// - `osd_canonical_json` normalises through `jsonb` (keys sorted by length then bytes — not Swift's order).
/// - `osd_regex_contains` uses PostgreSQL's regular expressions (`~`), not Swift's `Regex`.
enum PostgreSQLFunctions {
    static let statements: [String] = [
        """
        CREATE OR REPLACE FUNCTION osd_contains(a text, b text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT strpos(a, b) > 0 $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_contains(a text, b text, options bigint) RETURNS boolean LANGUAGE sql
        IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN options & 1 = 1 THEN strpos(lower(a), lower(b)) > 0
        ELSE strpos(a, b) > 0 END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_starts_with(a text, b text) RETURNS boolean LANGUAGE sql IMMUTABLE
        PARALLEL SAFE AS $$ SELECT starts_with(a, b) $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_starts_with(a text, b text, options bigint) RETURNS boolean LANGUAGE sql
        IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN options & 1 = 1 THEN starts_with(lower(a), lower(b))
        ELSE starts_with(a, b) END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_ends_with(a text, b text) RETURNS boolean LANGUAGE sql IMMUTABLE
        PARALLEL SAFE AS $$ SELECT char_length(b) <= char_length(a) AND right(a, char_length(b)) = b $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_ends_with(a text, b text, options bigint) RETURNS boolean LANGUAGE sql
        IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN options & 1 = 1 THEN osd_ends_with(lower(a), lower(b))
        ELSE osd_ends_with(a, b) END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_equals(a text, b text, options bigint) RETURNS boolean LANGUAGE sql
        IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN options & 1 = 1 THEN lower(a) = lower(b) ELSE a = b END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_localized_standard_contains(a text, b text) RETURNS boolean LANGUAGE sql
        IMMUTABLE PARALLEL SAFE AS $$ SELECT strpos(lower(a), lower(b)) > 0 $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_character_count(a text) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT char_length(a)::bigint $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_case_insensitive_compare(a text, b text) RETURNS bigint LANGUAGE sql
        IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN lower(a) COLLATE "C" < lower(b) COLLATE "C" THEN -1
        WHEN lower(a) = lower(b) THEN 0 ELSE 1 END::bigint $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_localized_compare(a text, b text) RETURNS bigint LANGUAGE sql
        IMMUTABLE PARALLEL SAFE AS $$ SELECT osd_case_insensitive_compare(a, b) $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_float_divide(a double precision, b double precision) RETURNS double precision
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN b = 0 THEN (CASE WHEN a > 0 THEN
        CASE WHEN b::text LIKE '-%' THEN '-Infinity'::float8 ELSE 'Infinity'::float8 END WHEN a < 0 THEN
        CASE WHEN b::text LIKE '-%' THEN 'Infinity'::float8 ELSE '-Infinity'::float8 END ELSE NULL END)
        WHEN a = 'NaN'::float8 OR b = 'NaN'::float8 THEN NULL ELSE a / b END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_json_number(a double precision) RETURNS text LANGUAGE sql IMMUTABLE
        PARALLEL SAFE AS $$ SELECT CASE WHEN a IN ('Infinity'::float8, '-Infinity'::float8, 'NaN'::float8)
        THEN NULL ELSE a::text END $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_canonical_json(a text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT (a::jsonb)::text $$
        """,
        """
        CREATE OR REPLACE FUNCTION osd_regex_contains(a text, pattern text) RETURNS boolean LANGUAGE sql
        IMMUTABLE PARALLEL SAFE AS $$ SELECT a ~ pattern $$
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

    /// Creates (or replaces) every function in the schema first on the connection's `search_path`.
    static func create(on connection: PostgreSQLConnection) throws {
        for statement in statements { try connection.execute(script: statement) }
    }
}
